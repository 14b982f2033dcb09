package org.mpi4all.bench.highlevel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpi4all.Communicator;
import org.mpi4all.Environment;
import org.mpi4all.ThreadLevel;
import org.mpi4all.bench.Measurement;
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
 * the other rank runs silently.
 *
 * <pre>
 * scripts/mpi run openmpi -np 2 java --enable-native-access=ALL-UNNAMED \
 *     -cp jmh-bench/target/benchmarks.jar org.mpi4all.bench.highlevel.HighLevelBench [--quick] [--rounds N] [--only NAME[,NAME...]]
 *     [--bytes N]
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
        int rounds = arguments.contains("--rounds") ? Integer.parseInt(arguments.get(arguments.indexOf("--rounds") + 1))
                : quick ? 2 : 6;
        // --only NAME[,NAME...] runs the benchmark classes whose names contain one of the NAMEs (OneSided ...), all
        // of them without it.
        List<String> only = List.of(arguments.contains("--only") ? arguments.get(arguments.indexOf("--only") + 1)
                .split(",") : new String[] {""});
        // --bytes N runs one message size instead of all three (scripts/jit-lottery repeats 8-byte runs).
        int[] sizes = arguments.contains("--bytes")
                ? new int[] {Integer.parseInt(arguments.get(arguments.indexOf("--bytes") + 1))}
                : SIZES;
        // Every rank is a JMH run of its own: they must not wait for each other's lock.
        System.setProperty("jmh.ignoreLock", "true");
        // JMH calls the benchmarks from a worker thread, one call at a time.
        try (Environment env = Environment.init(args, ThreadLevel.SERIALIZED)) {
            environment = env;
            boolean reporting = env.world().rank() == 0;
            Map<String, Samples> samples = new TreeMap<>();
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
                    Collection<RunResult> results = new Runner(options.build()).run();
                    if (round > 0) {
                        collect(results, samples);
                    }
                }
            }
            if (reporting) {
                System.out.println(report(samples, rounds, sizes));
            }
        }
    }

    /** About 2 ms of operations per iteration on shared memory. */
    private static int batchFor(int bytes) {
        return bytes <= 64 ? 2_000 : bytes <= 16_384 ? 500 : 10;
    }

    /** The times (µs per operation) and allocations (bytes per operation) of one benchmark's iterations. */
    private record Samples(List<Double> micros, List<Double> allocated) {
        Samples() {
            this(new ArrayList<>(), new ArrayList<>());
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
    }

    private static void collect(Collection<RunResult> results, Map<String, Samples> samples) {
        for (RunResult result : results) {
            BenchmarkParams params = result.getParams();
            String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.', params.getBenchmark()
                    .lastIndexOf('.') - 1) + 1);
            String buffer = params.getParamsKeys().contains("buffer") ? params.getParam("buffer") : "array";
            String key = String.format("%08d %s %s", Integer.parseInt(params.getParam("bytes")), buffer, method);
            Samples s = samples.computeIfAbsent(key, k -> new Samples());
            for (var benchmark : result.getBenchmarkResults()) {
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
    private static String report(Map<String, Samples> samples, int rounds, int[] sizes) {
        StringBuilder table = new StringBuilder("\nBest (median) of " + (rounds - 1) + " rounds, µs per operation; bytes"
                + " allocated per operation\n\n| operation | buffer | bytes | generated | high level | high/generated"
                + " | allocated: generated / high level |\n|---|---|---|---|---|---|---|\n");
        for (int bytes : sizes) {
            for (String buffer : List.of("array", "segment")) {
                for (String benchmark : List.of("LayersBenchmark.pingPong", "LayersBenchmark.allreduce",
                        "OneSidedBenchmark.putFence", "NonblockingBenchmark.iallreduce",
                        "NonblockingBenchmark.exchange")) {
                    String operation = benchmark.substring(benchmark.indexOf('.') + 1);
                    Samples generated = samples.get(String.format("%08d %s %sGenerated", bytes, buffer, benchmark));
                    for (String variant : List.of("HighLevel", "HighLevelInlineParams")) {
                        Samples high = samples.get(String.format("%08d %s %s%s", bytes, buffer, benchmark, variant));
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
            for (String key : List.of("array HeapAccessBenchmark.critical", "array HeapAccessBenchmark.copy",
                    "segment LayersBenchmark.pingPongGenerated")) {
                Samples s = samples.get(String.format("%08d %s", bytes, key));
                table.append(s == null ? " | - " : String.format(" | %.3f (%.3f)", s.best(), s.median()));
            }
            table.append(" |\n");
        }
        return table.toString();
    }
}
