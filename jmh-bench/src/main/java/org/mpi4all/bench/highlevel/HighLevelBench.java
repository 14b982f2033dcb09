package org.mpi4all.bench.highlevel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.mpi4all.Communicator;
import org.mpi4all.Environment;
import org.mpi4all.ThreadLevel;
import org.mpi4all.bench.CallingThreadExecutor;
import org.mpi4all.bench.Measurement;
import org.mpi4all.bench.ResultFile;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs {@link LayersBenchmark}, {@link OneSidedBenchmark}, {@link NonblockingBenchmark} and {@link HeapAccessBenchmark} on
 * every rank of a 2-rank {@code mpirun},
 * the project's way of running JMH under MPI: no forks (the JVM that initialised MPI measures), single-shot
 * iterations of a fixed batch (every rank runs the same operations), a barrier before each iteration.
 *
 * <p>On a shared machine, interference only ever adds time. So the suite runs in rounds of short
 * iterations (about 2 ms each), the first round only warms up, and for each benchmark the report gives the
 * best iteration of all other rounds (and the median): the rounds interleave the benchmarks, so each
 * meets the same interference, and the shortest iteration estimates an operation's own cost. Rank 0 prints
 * the report as a Markdown table, with the bytes JMH's allocation profiler saw allocated per operation;
 * the other rank runs silently. With {@code --results DIR} every rank also appends the timed iterations of all
 * measured rounds to {@code DIR/rankN.tsv} ({@link Measurement} lines), which {@code scripts/bench-high-level}
 * gathers over several launches: a small message's time changes by up to two times from one launch to the next
 * (most likely with where the scheduler puts the two ranks), so one launch cannot judge a ratio.
 *
 * <pre>
 * scripts/mpi run openmpi -np 2 java --enable-native-access=ALL-UNNAMED \
 *     -cp jmh-bench/target/benchmarks.jar org.mpi4all.bench.highlevel.HighLevelBench [--quick] [--rounds N] [--only NAME[,NAME...]]
 *     [--bytes N] [--results DIR]
 * </pre>
 */
public final class HighLevelBench {
    private static final int[] SIZES = {8, 8192, 1 << 20};
    private static Environment environment;

    private HighLevelBench() {}

    static Communicator world() {
        return environment.world();
    }

    public static void main(String[] args) throws RunnerException {
        List<String> arguments = Arrays.asList(args);
        boolean quick = arguments.contains("--quick");
        int rounds = option(arguments, "--rounds").map(Integer::parseInt).orElse(quick ? 2 : 6);
        if (rounds < 2) {
            throw new IllegalArgumentException("--rounds " + rounds + ": at least 2, the first round only warms up");
        }
        // --only NAME[,NAME...] runs the benchmark classes whose names contain one of the NAMEs (OneSided ...), all
        // of them without it.
        List<String> only = List.of(option(arguments, "--only").orElse("").split(","));
        // --bytes N runs one message size instead of all three (scripts/jit-lottery repeats 8-byte runs).
        int[] sizes = option(arguments, "--bytes").map(bytes -> new int[] {Integer.parseInt(bytes)}).orElse(SIZES);
        // --results DIR: every rank appends its measured iterations to DIR/rankN.tsv (scripts/bench-high-level).
        Optional<Path> results = option(arguments, "--results").map(Path::of);
        // Every rank is a JMH run of its own: they must not wait for each other's lock.
        System.setProperty("jmh.ignoreLock", "true");
        // JMH runs the benchmarks in this thread, so MPI_THREAD_SINGLE serves, as in a program on one thread (and on
        // Open MPI 4.1 a higher level costs every blocking call a mutex, docs/benchmarks.md).
        CallingThreadExecutor.install();
        try (Environment env = Environment.init(args, ThreadLevel.SINGLE)) {
            environment = env;
            // On one rank the ping-pong is a blocking send to itself, which completes only where the library
            // sends to itself eagerly (Open MPI 4.1 at 8 bytes; not at 8 KiB, nor MPICH 4.0 at all): refuse
            // rather than hang.
            if (env.world().size() == 1 && (sizes.length != 1 || sizes[0] != 8)) {
                throw new IllegalArgumentException("one rank: only --bytes 8 runs (a send to itself of more may never"
                        + " complete); use two ranks for the other sizes, and on MPICH");
            }
            boolean reporting = env.world().rank() == 0;
            Map<Key, Samples> samples = new LinkedHashMap<>();
            for (int round = 0; round < rounds; round++) {
                for (int bytes : sizes) {
                    int batch = quick ? 50 : batchFor(bytes);
                    OptionsBuilder options = new OptionsBuilder();
                    for (Class<?> benchmark : List.of(LayersBenchmark.class, OneSidedBenchmark.class,
                            NonblockingBenchmark.class, HeapAccessBenchmark.class)) {
                        if (only.stream().anyMatch(benchmark.getSimpleName()::contains)) {
                            options.include(benchmark.getName());
                        }
                    }
                    options
                            .param("bytes", Integer.toString(bytes))
                            .forks(0)
                            .warmupIterations(round == 0 ? 10 : 2)
                            .measurementIterations(quick ? 2 : 10)
                            .warmupBatchSize(batch)
                            .measurementBatchSize(batch)
                            .operationsPerInvocation(batch)
                            .shouldFailOnError(true)
                            .verbosity(reporting ? VerboseMode.NORMAL : VerboseMode.SILENT)
                            .addProfiler(GCProfiler.class);
                    Collection<RunResult> runs = new Runner(options.build()).run();
                    if (round > 0) {
                        collect(runs, batch, samples);
                    }
                }
            }
            results.ifPresent(directory -> ResultFile.append(ResultFile.ofRank(directory, env.world().rank()),
                    samples.entrySet().stream().map(e -> e.getValue().measurement(e.getKey())).toList()));
            if (reporting) {
                System.out.println(report(samples, rounds, sizes));
            }
        }
    }

    /** The value after {@code name} in the arguments, if {@code name} is there. */
    private static Optional<String> option(List<String> arguments, String name) {
        int at = arguments.indexOf(name);
        if (at < 0) {
            return Optional.empty();
        }
        if (at + 1 >= arguments.size()) {
            throw new IllegalArgumentException(name + " needs a value");
        }
        return Optional.of(arguments.get(at + 1));
    }

    /** About 2 ms of operations per iteration on shared memory. */
    private static int batchFor(int bytes) {
        return bytes <= 64 ? 2_000 : bytes <= 16_384 ? 500 : 10;
    }

    /**
     * One benchmark method at one size and kind of buffer. In the results file, {@code buffer} is the contender:
     * {@code mpi4all-heap} for heap arrays, {@code mpi4all-segment} for off-heap segments, as in the other suites.
     */
    private record Key(int bytes, String buffer, String benchmark) {
        String contender() {
            return buffer.equals("segment") ? "mpi4all-segment" : "mpi4all-heap";
        }
    }

    /** The times (µs per operation) and allocations (bytes per operation) of one benchmark's iterations. */
    private record Samples(int batch, List<Double> micros, List<Double> allocated) {
        Samples(int batch) {
            this(batch, new ArrayList<>(), new ArrayList<>());
        }

        double best() {
            return micros.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        }

        double median() {
            return micros.isEmpty() ? Double.NaN : Measurement.median(micros);
        }

        double allocatedPerOperation() {
            return allocated.isEmpty() ? Double.NaN : Measurement.median(allocated);
        }

        Measurement measurement(Key key) {
            return new Measurement(key.contender(), key.benchmark(), key.bytes(), 1, batch, micros);
        }
    }

    private static void collect(Collection<RunResult> runs, int batch, Map<Key, Samples> samples) {
        for (RunResult run : runs) {
            BenchmarkParams params = run.getParams();
            String buffer = params.getParamsKeys().contains("buffer") ? params.getParam("buffer") : "array";
            Key key = new Key(Integer.parseInt(params.getParam("bytes")), buffer, ResultFile.benchmarkName(run));
            Samples s = samples.computeIfAbsent(key, k -> new Samples(batch));
            for (var benchmark : run.getBenchmarkResults()) {
                for (IterationResult iteration : benchmark.getIterationResults()) {
                    s.micros().add(iteration.getPrimaryResult().getScore());
                    Result<?> allocation = iteration.getSecondaryResults().get("gc.alloc.rate.norm");
                    if (allocation != null) {
                        s.allocated().add(allocation.getScore());
                    }
                }
            }
        }
    }

    /** A Markdown table: per size and buffer, the generated layer against the high level, and the heap access policies. */
    private static String report(Map<Key, Samples> samples, int rounds, int[] sizes) {
        StringBuilder table = new StringBuilder("\nBest (median) of " + (rounds - 1) + " rounds, µs per operation; bytes"
                + " allocated per operation\n\n| operation | buffer | bytes | generated | high level | high/generated"
                + " | allocated: generated / high level |\n|---|---|---|---|---|---|---|\n");
        for (int bytes : sizes) {
            for (String buffer : List.of("array", "segment")) {
                for (String benchmark : List.of("LayersBenchmark.pingPong", "LayersBenchmark.allreduce",
                        "OneSidedBenchmark.putFence", "NonblockingBenchmark.iallreduce",
                        "NonblockingBenchmark.exchange")) {
                    String operation = benchmark.substring(benchmark.indexOf('.') + 1);
                    Samples generated = samples.get(new Key(bytes, buffer, benchmark + "Generated"));
                    for (String variant : List.of("HighLevel", "HighLevelInlineParams")) {
                        Samples high = samples.get(new Key(bytes, buffer, benchmark + variant));
                        if (generated != null && high != null) {
                            table.append(String.format("| %s | %s | %d | %.3f (%.3f) | %.3f (%.3f) | %.3f | %.0f / %.0f |%n",
                                    operation + (variant.endsWith("Params") ? ", parameters in the call" : ""), buffer, bytes,
                                    generated.best(), generated.median(), high.best(), high.median(),
                                    high.best() / generated.best(), generated.allocatedPerOperation(),
                                    high.allocatedPerOperation()));
                        }
                    }
                }
            }
        }
        table.append("\nHeap array ping-pong, µs per round trip, best (median)\n\n| bytes | critical (in place) | copy"
                + " through native memory | off-heap segment |\n|---|---|---|---|\n");
        for (int bytes : sizes) {
            table.append("| ").append(bytes);
            for (Key key : List.of(new Key(bytes, "array", "HeapAccessBenchmark.critical"),
                    new Key(bytes, "array", "HeapAccessBenchmark.copy"),
                    new Key(bytes, "segment", "LayersBenchmark.pingPongGenerated"))) {
                Samples s = samples.get(key);
                table.append(s == null ? " | - " : String.format(" | %.3f (%.3f)", s.best(), s.median()));
            }
            table.append(" |\n");
        }
        return table.toString();
    }
}
