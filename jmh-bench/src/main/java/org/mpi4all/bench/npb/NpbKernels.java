package org.mpi4all.bench.npb;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.mpi4all.npb.Benchmark;
import org.mpi4all.npb.Benchmarks;
import org.mpi4all.npb.NpbClass;
import org.mpi4all.npb.UsageException;
import org.mpi4all.bench.CallingThreadExecutor;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Backends;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs one NAS kernel's timed section under JMH ({@link NpbKernel}) on every rank of an {@code mpirun}, the way
 * {@code MpiBenchmarks} runs the MPI benchmarks: the backend is initialised once, in the JVM that measures
 * ({@code -f 0}) and in the thread that initialised it ({@link CallingThreadExecutor}), and every rank runs the same fixed numbers of single-shot warm-up and measured iterations, so
 * the ranks stay in step. Rank 0 prints JMH's report (mean and 99.9% confidence interval of the measured
 * iterations) and appends both views of every measured iteration to the results file.
 *
 * <pre>
 * scripts/mpi run openmpi -np 2 java --enable-native-access=ALL-UNNAMED -Djmh.ignoreLock=true \
 *     [-Dmpi4all.npb.backend=mpi4all|ompi-java] -cp benchmarks.jar[:MPI_API_JAR] org.mpi4all.bench.npb.NpbKernels \
 *     BENCH CLASS [--warmup N] [--iterations N] [--results FILE] [--label NAME]
 * </pre>
 *
 * The backend is npb's ({@code --backend} of npb.jar, default {@code mpi4all}); {@code ompi-java} needs Open MPI's
 * API on the class path: Open MPI's {@code mpi.jar} (with {@code -Djava.library.path}) or mpi4all-ompi-java's
 * jar. The results file gets two lines per run, {@code label bench class ranks view seconds,...} (label: the
 * backend's name unless {@code --label} names the run otherwise, e.g. which jar provided Open MPI's API): view
 * {@code jmh} is JMH's time of each measured iteration on rank 0, view {@code npb} NPB's own time of the same
 * iteration (on the slowest rank, as NPB reports it). Exit status 0 when every iteration verified, 1 when the
 * benchmark failed (an iteration that did not verify fails it), 2 for a command line that cannot run.
 */
public final class NpbKernels {
    public static final String BACKEND_PROPERTY = "mpi4all.npb.backend";

    private static Backend backend;
    /** The thread that initialised the backend ({@code MPI_Init}): the only one that may call MPI. */
    private static Thread backendThread;
    private static List<Double> npbSeconds = List.of();

    private NpbKernels() {}

    /** The backend this process initialised. */
    static synchronized Backend backend() {
        if (backend == null) {
            throw new IllegalStateException("the NPB kernels need their backend initialised first: run them with"
                    + " org.mpi4all.bench.npb.NpbKernels, not with JMH's own main");
        }
        if (Thread.currentThread() != backendThread) {
            throw new IllegalStateException("the backend was initialised by thread \"" + backendThread.getName()
                    + "\", and JMH runs the kernel in thread \"" + Thread.currentThread().getName()
                    + "\": run JMH with CallingThreadExecutor (NpbKernels installs it)");
        }
        return backend;
    }

    static synchronized void recordNpbSeconds(List<Double> seconds) {
        npbSeconds = List.copyOf(seconds);
    }

    public static void main(String[] args) {
        CallingThreadExecutor.install();
        Backend started = Backends.create(System.getProperty(BACKEND_PROPERTY, "mpi4all"));
        String[] programArgs = started.init(args);
        synchronized (NpbKernels.class) {
            backend = started;
            backendThread = Thread.currentThread();
        }
        int status;
        try {
            status = run(started, programArgs);
        } finally {
            started.close();
        }
        System.exit(status);
    }

    private static int run(Backend backend, String[] args) {
        boolean reporter = backend.world().rank() == 0;
        Command command;
        try {
            command = Command.parse(args);
            command.checkRanks(backend.world().size());
        } catch (IllegalArgumentException e) {
            if (reporter) {
                System.err.println("NpbKernels: " + e.getMessage());
            }
            return 2;
        }
        var options = new OptionsBuilder()
                .include("^" + NpbKernel.class.getName().replace(".", "\\.") + "\\.timedSection$")
                .param("bench", command.benchmark().name())
                .param("npbClass", command.npbClass().name())
                .forks(0)
                .warmupIterations(command.warmup())
                .measurementIterations(command.iterations())
                .shouldFailOnError(true)
                .build();
        PrintStream out = reporter ? System.out : new PrintStream(OutputStream.nullOutputStream());
        RunResult result;
        try {
            result = new Runner(options, OutputFormatFactory.createFormatInstance(out, reporter ? VerboseMode.NORMAL : VerboseMode.SILENT))
                    .runSingle();
        } catch (RunnerException e) {
            if (reporter) {
                System.err.println("NpbKernels: " + command.benchmark().name() + " class " + command.npbClass()
                        + " failed: " + e.getMessage());
            }
            return 1;
        }
        if (!reporter) {
            return 0;
        }
        List<Double> jmhSeconds = new ArrayList<>();
        for (IterationResult iteration : result.getBenchmarkResults().iterator().next().getIterationResults()) {
            jmhSeconds.add(iteration.getPrimaryResult().getScore());
        }
        Result<?> primary = result.getPrimaryResult();
        System.out.printf(Locale.ROOT, "NpbKernels: %s.%s on %d ranks (%s): %.3f ± %.3f s (99.9%%), %d iterations%n",
                command.benchmark().name(), command.npbClass(), backend.world().size(), backend.description(),
                primary.getScore(), primary.getScoreError(), jmhSeconds.size());
        if (command.results() != null) {
            String label = command.label() == null ? backend.name() : command.label();
            String run = String.join("\t", label, command.benchmark().name(), command.npbClass().name(),
                    Integer.toString(backend.world().size()));
            append(command.results(), List.of(run + "\tjmh\t" + joined(jmhSeconds),
                    run + "\tnpb\t" + joined(npbSeconds.subList(command.warmup(), npbSeconds.size()))));
        }
        return 0;
    }

    private static String joined(List<Double> seconds) {
        return seconds.stream().map(s -> String.format(Locale.ROOT, "%.6f", s)).collect(Collectors.joining(","));
    }

    private static void append(Path file, List<String> lines) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Files.write(file, lines, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
        }
    }

    /** The command line: BENCH CLASS [--warmup N] [--iterations N] [--results FILE] [--label NAME]. */
    record Command(Benchmark benchmark, NpbClass npbClass, int warmup, int iterations, Path results, String label) {
        static final String USAGE = "usage: NpbKernels BENCH CLASS [--warmup N] [--iterations N] [--results FILE] [--label NAME]";

        static Command parse(String[] args) {
            if (args.length < 2) {
                throw new IllegalArgumentException(USAGE);
            }
            Benchmark benchmark;
            NpbClass npbClass;
            try {
                benchmark = Benchmarks.find(args[0]);
                npbClass = NpbClass.parse(args[1]);
            } catch (UsageException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            int warmup = 2;
            int iterations = 5;
            Path results = null;
            String label = null;
            for (int i = 2; i < args.length; i++) {
                String option = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(option + " needs a value (" + USAGE + ")");
                }
                String value = args[++i];
                switch (option) {
                    case "--warmup" -> warmup = count(option, value, 0);
                    case "--iterations" -> iterations = count(option, value, 1);
                    case "--results" -> results = Path.of(value);
                    case "--label" -> label = value;
                    default -> throw new IllegalArgumentException("unknown option '" + option + "' (" + USAGE + ")");
                }
            }
            return new Command(benchmark, npbClass, warmup, iterations, results, label);
        }

        private static int count(String option, String value, int least) {
            try {
                int count = Integer.parseInt(value);
                if (count >= least) {
                    return count;
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw new IllegalArgumentException(option + " needs a whole number of at least " + least + ", not '" + value + "'");
        }

        void checkRanks(int ranks) {
            if (!benchmark.processRule().accepts(ranks)) {
                throw new IllegalArgumentException(benchmark.name() + " needs " + benchmark.processRule().description()
                        + ", not " + ranks);
            }
            if (ranks > benchmark.maxProcesses(npbClass)) {
                throw new IllegalArgumentException(benchmark.name() + " class " + npbClass + " runs on at most "
                        + benchmark.maxProcesses(npbClass) + " processes, not " + ranks);
            }
        }
    }
}
