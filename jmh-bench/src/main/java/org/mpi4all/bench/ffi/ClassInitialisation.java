package org.mpi4all.bench.ffi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpi4all.bench.Measurement;
import org.mpi4all.bench.ResultFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Class initialisation of the generated {@link org.mpi4all.ffi.Mpi} in a fresh JVM (each fork initialises it
 * once): loading and binding libmpi, reading the few constants its initialiser needs (not every family). Its
 * downcall handles are created lazily, on a function's first call; {@link #mpiWithEveryHandle} shows what
 * creating all of them up front would cost instead. The first downcall handle a JVM creates also pays for
 * bootstrapping the FFM linker, which any FFM program pays once; {@link #mpiAfterFfmWarm} leaves it out.
 * {@link #libmpiAfterFfmWarm} only loads the MPI library the way the bindings do ({@code dlopen} with
 * {@code RTLD_GLOBAL}), what any program using that MPI pays; the difference to {@link #mpiAfterFfmWarm} is
 * mpi4all's own share. No MPI job is needed (nothing here calls {@code MPI_Init}): {@code scripts/bench} runs
 * {@link #main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = ClassInitialisation.FORKS, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 0)
@org.openjdk.jmh.annotations.Measurement(iterations = 1)
public class ClassInitialisation {
    static final int FORKS = 20;
    private static final String MPI_CLASS = "org.mpi4all.ffi.Mpi";
    /** The MPI library the bindings load, given to the forks by {@link #main}. */
    private static final String LIBRARY_PROPERTY = "mpi4all.bench.library";
    private static final int RTLD_NOW_GLOBAL = 0x2 | 0x100;

    /**
     * Bootstraps the FFM linker by creating {@code dlopen}'s downcall handle and calling it on the C library
     * (already loaded: nothing new is loaded).
     */
    @State(Scope.Benchmark)
    public static class FfmWarm {
        MethodHandle dlopen;
        MemorySegment library;

        @Setup(Level.Trial)
        public void bootstrapLinker() throws Throwable {
            Linker linker = Linker.nativeLinker();
            dlopen = linker.downcallHandle(linker.defaultLookup().find("dlopen").orElseThrow(),
                    FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
            library = Arena.global().allocateFrom(System.getProperty(LIBRARY_PROPERTY, "libc.so.6"));
            MemorySegment libc = (MemorySegment) dlopen.invokeExact(Arena.global().allocateFrom("libc.so.6"), RTLD_NOW_GLOBAL);
            if (libc.equals(MemorySegment.NULL)) {
                throw new AssertionError("dlopen(libc.so.6) failed");
            }
        }
    }

    @Benchmark
    public Class<?> mpiColdJvm() throws ClassNotFoundException {
        return Class.forName(MPI_CLASS);
    }

    @Benchmark
    public Class<?> mpiAfterFfmWarm(FfmWarm warm) throws ClassNotFoundException {
        return Class.forName(MPI_CLASS);
    }

    @Benchmark
    public MemorySegment libmpiAfterFfmWarm(FfmWarm warm) throws Throwable {
        if (System.getProperty(LIBRARY_PROPERTY) == null) {
            throw new IllegalStateException("name the MPI library with -D" + LIBRARY_PROPERTY + " (ClassInitialisation --library)");
        }
        MemorySegment handle = (MemorySegment) warm.dlopen.invokeExact(warm.library, RTLD_NOW_GLOBAL);
        if (handle.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("dlopen failed for " + System.getProperty(LIBRARY_PROPERTY));
        }
        return handle;
    }

    @Benchmark
    public int mpiWithEveryHandle() throws ClassNotFoundException {
        Class<?> mpi = Class.forName(MPI_CLASS);
        int handles = 0;
        for (Class<?> holder : mpi.getDeclaredClasses()) {
            Class.forName(holder.getName(), true, mpi.getClassLoader());
            handles++;
        }
        return handles;
    }

    /**
     * Runs the benchmarks above and appends their forks' times to rank 0's result file:
     * {@code [--quick] --library LIBMPI --results DIR}.
     */
    public static void main(String[] args) throws RunnerException {
        List<String> options = List.of(args);
        int library = options.indexOf("--library");
        int results = options.indexOf("--results");
        if (library < 0 || library + 1 >= args.length || results < 0 || results + 1 >= args.length) {
            System.err.println("usage: ClassInitialisation [--quick] --library LIBMPI --results DIR");
            System.exit(2);
        }
        int forks = options.contains("--quick") ? 2 : FORKS;
        Collection<RunResult> runs = new Runner(new OptionsBuilder()
                .include("^" + ClassInitialisation.class.getName() + "\\.")
                // replaces the annotation's arguments: name both
                // the bindings get the same library: without a launcher they would pick the first usual name found
                .jvmArgsAppend("--enable-native-access=ALL-UNNAMED", "-D" + LIBRARY_PROPERTY + "=" + args[library + 1],
                        "-Dmpi4all.lib=" + args[library + 1])
                .forks(forks).shouldFailOnError(true).build()).run();
        List<Measurement> measurements = new ArrayList<>();
        for (RunResult run : runs) {
            List<Double> microseconds = run.getBenchmarkResults().stream()
                    .flatMap(result -> result.getIterationResults().stream())
                    .map(iteration -> iteration.getPrimaryResult().getScore() * 1000)
                    .toList();
            measurements.add(new Measurement("mpi4all", ResultFile.benchmarkName(run), 0, 1, 1, microseconds));
        }
        ResultFile.append(ResultFile.ofRank(Path.of(args[results + 1]), 0), measurements);
    }
}
