package org.mpi4all.bench.ffi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
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
 * once): loading libmpi and the auxiliary library, checking the library version, reading every constant. Its
 * downcall handles are created lazily, on a function's first call; {@link #mpiWithEveryHandle} shows what
 * creating all of them up front would cost instead. The first downcall handle a JVM creates also pays for
 * bootstrapping the FFM linker, which any FFM program pays once; {@link #mpiAfterFfmWarm} leaves it out.
 * No MPI job is needed (nothing here calls {@code MPI_Init}): {@code scripts/bench} runs {@link #main}.
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

    /** Creates and calls one downcall handle (to {@code strlen}), so that the FFM linker is bootstrapped. */
    @State(Scope.Benchmark)
    public static class FfmWarm {
        @Setup(Level.Trial)
        public void bootstrapLinker() throws Throwable {
            Linker linker = Linker.nativeLinker();
            MethodHandle strlen = linker.downcallHandle(linker.defaultLookup().find("strlen").orElseThrow(),
                    FunctionDescriptor.of(JAVA_LONG, ADDRESS));
            try (Arena arena = Arena.ofConfined()) {
                long length = (long) strlen.invokeExact(arena.allocateFrom("mpi4all"));
                if (length != 7) {
                    throw new AssertionError("strlen(\"mpi4all\") = " + length);
                }
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
    public int mpiWithEveryHandle() throws ClassNotFoundException {
        Class<?> mpi = Class.forName(MPI_CLASS);
        int handles = 0;
        for (Class<?> holder : mpi.getDeclaredClasses()) {
            Class.forName(holder.getName(), true, mpi.getClassLoader());
            handles++;
        }
        return handles;
    }

    /** Runs the benchmarks above and appends their forks' times to rank 0's result file: {@code [--quick] --results DIR}. */
    public static void main(String[] args) throws RunnerException {
        boolean quick = List.of(args).contains("--quick");
        int results = List.of(args).indexOf("--results");
        if (results < 0 || results + 1 >= args.length) {
            System.err.println("usage: ClassInitialisation [--quick] --results DIR");
            System.exit(2);
        }
        int forks = quick ? 2 : FORKS;
        Collection<RunResult> runs = new Runner(new OptionsBuilder()
                .include("^" + ClassInitialisation.class.getName() + "\\.")
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
