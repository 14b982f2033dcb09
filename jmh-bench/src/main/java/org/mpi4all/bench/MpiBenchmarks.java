package org.mpi4all.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the MPI benchmarks with JMH on every rank of an {@code mpirun} (or of MPJ Express' starter): initialises
 * the contender's library once, runs every step of the {@link BenchPlan} as its own JMH run in this JVM, and
 * finalises. {@code scripts/bench} launches it; by hand:
 *
 * <pre>
 * scripts/mpi run openmpi -np 2 java --enable-native-access=ALL-UNNAMED -Djmh.ignoreLock=true \
 *     -Dmpi4all.bench.contender=mpi4all-segment -cp benchmarks.jar org.mpi4all.bench.MpiBenchmarks \
 *     [--quick | --goals] [--families ping-pong,allreduce] [--bytes N] [--results DIR] [--paired-c LIBRARY [--c-first]]
 * </pre>
 * With {@code --paired-c}, C's loop of each step runs right after the contender's, in the same launch ({@link PairedC}),
 * or right before it with {@code --c-first} ({@code scripts/bench --paired} alternates the order from launch to launch).
 *
 * <p>Why this shape: JMH's own forks would be new processes outside the MPI job, so the JVM that initialised
 * MPI measures ({@code -f 0}); JMH's time-based modes would end an iteration at a different operation on each
 * rank and leave a peer waiting forever, so every step runs in single-shot mode with a batch size and fixed
 * iteration counts from the plan, identical on every rank ({@code -opi} equals the batch, so scores are per
 * operation). JMH runs each benchmark in the thread that initialised MPI ({@link CallingThreadExecutor}), so every
 * contender initialises at {@code MPI_THREAD_SINGLE}, as C does. Rank 0 prints JMH's report, the other ranks run silently; every rank appends its iterations to
 * its own {@link ResultFile} in the results directory. The contender comes from a system property because MPJ Express' starter puts its own arguments
 * first and only the library can strip them.
 */
public final class MpiBenchmarks {
    public static final String CONTENDER_PROPERTY = "mpi4all.bench.contender";

    private MpiBenchmarks() {}

    public static void main(String[] args) throws RunnerException {
        CallingThreadExecutor.install();
        String contender = System.getProperty(CONTENDER_PROPERTY);
        if (contender == null) {
            fail("name the contender with -D" + CONTENDER_PROPERTY + "=NAME (one of " + String.join(", ", Messagings.names()) + ")");
        }
        Messaging library = Messagings.create(contender);
        String[] options = library.init(args);
        Messagings.started(contender);
        int status = 0;
        try {
            run(contender, library, options);
        } catch (IllegalArgumentException e) {
            if (library.rank() == 0) {
                System.err.println("MpiBenchmarks: " + e.getMessage());
            }
            status = 2;
        } finally {
            library.finish();
        }
        System.exit(status);
    }

    private static void run(String contender, Messaging library, String[] options) throws RunnerException {
        BenchPlan plan = BenchPlan.FULL;
        List<BenchPlan.Family> families = new ArrayList<>(Arrays.asList(BenchPlan.Family.values()));
        Path resultsDirectory = null;
        int onlyBytes = -1;
        Path pairedLibrary = null;
        boolean cFirst = false;
        for (int i = 0; i < options.length; i++) {
            switch (options[i]) {
                case "--quick", "--goals" -> plan = BenchPlan.fromOption(options[i]);
                case "--families" -> families = Arrays.stream(value(options, ++i).split(",")).map(BenchPlan.Family::of).toList();
                case "--results" -> resultsDirectory = Path.of(value(options, ++i));
                case "--bytes" -> onlyBytes = Integer.parseInt(value(options, ++i));
                case "--paired-c" -> pairedLibrary = Path.of(value(options, ++i));
                case "--c-first" -> cFirst = true;
                default -> throw new IllegalArgumentException("unknown option '" + options[i] + "' (--quick, --goals,"
                        + " --families F,..., --bytes N (sized families only), --results DIR, --paired-c LIBRARY, --c-first)");
            }
        }
        if (pairedLibrary != null && resultsDirectory == null) {
            throw new IllegalArgumentException("--paired-c needs --results: C's lines go to the results files");
        }
        if (cFirst && pairedLibrary == null) {
            throw new IllegalArgumentException("--c-first orders C's loop with --paired-c, which is missing");
        }
        PairedC pairedC = pairedLibrary == null ? null : PairedC.load(pairedLibrary, contender);
        boolean reporter = library.rank() == 0;
        Path results = resultsDirectory == null ? null : ResultFile.ofRank(resultsDirectory, library.rank());
        for (BenchPlan.Family family : families) {
            String notRun = family.whyNotRun(contender, library);
            if (notRun != null) {
                if (reporter) {
                    System.out.println("# " + family.label() + " is not run for " + contender + ": " + notRun);
                }
                continue;
            }
            for (BenchPlan.Step step : plan.steps(family)) {
                if (onlyBytes >= 0 && family.hasBytes() && step.bytes() != onlyBytes) {
                    continue;
                }
                boolean paired = pairedC != null && PairedC.measures(family);
                if (paired && cFirst) {
                    pairedC.measure(plan, step, results);
                }
                Collection<RunResult> runs = new Runner(options(contender, plan, step), output(reporter)).run();
                if (results != null) {
                    ResultFile.append(results, measurements(contender, step, runs));
                }
                if (paired && !cFirst) {
                    pairedC.measure(plan, step, results);
                }
            }
        }
    }

    private static org.openjdk.jmh.runner.options.Options options(String contender, BenchPlan plan, BenchPlan.Step step) {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(step.family().benchmark().getName()) + "\\.")
                .param("messaging", contender)
                .forks(0)
                .warmupIterations(plan.warmupIterations())
                .measurementIterations(plan.measurementIterations())
                .warmupBatchSize(plan.warmupBatch(step))
                .measurementBatchSize(step.batch())
                .operationsPerInvocation(step.batch())
                .shouldFailOnError(true);
        if (step.family().hasBytes()) {
            options.param("bytes", Integer.toString(step.bytes()));
        }
        if (step.family() == BenchPlan.Family.BANDWIDTH) {
            options.param("window", Integer.toString(step.window()));
        }
        return options.build();
    }

    private static OutputFormat output(boolean reporter) {
        return reporter
                ? OutputFormatFactory.createFormatInstance(System.out, VerboseMode.NORMAL)
                : OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT);
    }

    private static List<Measurement> measurements(String contender, BenchPlan.Step step, Collection<RunResult> runs) {
        List<Measurement> measurements = new ArrayList<>();
        for (RunResult run : runs) {
            String name = ResultFile.benchmarkName(run);
            List<Double> times = new ArrayList<>();
            for (BenchmarkResult result : run.getBenchmarkResults()) {
                for (IterationResult iteration : result.getIterationResults()) {
                    times.add(iteration.getPrimaryResult().getScore());
                }
            }
            measurements.add(new Measurement(contender, name, step.bytes(), step.window(), step.batch(), times));
        }
        return measurements;
    }

    private static String value(String[] options, int index) {
        if (index >= options.length) {
            throw new IllegalArgumentException(options[index - 1] + " needs a value");
        }
        return options[index];
    }

    private static void fail(String message) {
        System.err.println("MpiBenchmarks: " + message);
        System.exit(2);
    }
}
