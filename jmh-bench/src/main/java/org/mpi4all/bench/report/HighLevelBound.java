package org.mpi4all.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SortedSet;
import java.util.TreeSet;
import org.mpi4all.bench.Measurement;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Issue 16's bound, the high level within 5% of the generated layer it is built on (send/recv and allreduce with
 * heap arrays and segments, put + fence), judged over the launches of {@code scripts/bench-high-level}. Both layers
 * run in every launch ({@code HighLevelBench}, interleaved within it), so they share the launch's placement of the
 * ranks: a launch's figure is its own ratio, the high level's best iteration over the generated layer's, and a row
 * is judged on the median of those ratios over the launches (minimum and maximum beside it). Printed, never
 * asserted: on a shared machine a row can fail from interference alone.
 *
 * <pre>
 * HighLevelBound RESULTS-DIR
 * </pre>
 * RESULTS-DIR holds {@code HighLevelBench --results}'s {@code rank0.tsv}, or one {@code launch-N/rank0.tsv} per
 * launch: contender {@code mpi4all-heap} for heap arrays and {@code mpi4all-segment} for off-heap segments,
 * benchmark {@code LayersBenchmark.pingPongGenerated}, {@code LayersBenchmark.pingPongHighLevel} ...
 */
public final class HighLevelBound {
    /** The bound: the high level's time at most 5% above the generated layer's. */
    static final double BOUND = 1.05;
    private static final List<String> BUFFERS = List.of("mpi4all-heap", "mpi4all-segment");
    private static final List<Pair> PAIRS = List.of(
            new Pair("ping-pong", "LayersBenchmark.pingPong", "HighLevel", true),
            new Pair("allreduce", "LayersBenchmark.allreduce", "HighLevel", true),
            new Pair("allreduce, parameters in the call", "LayersBenchmark.allreduce", "HighLevelInlineParams", false),
            new Pair("put + fence", "OneSidedBenchmark.putFence", "HighLevel", true));
    private static final String ROW = "%-34s %-8s %8s  %7s %7s %7s %8s  %-16s %s";

    /**
     * An operation measured on both layers: its benchmark methods are {@code stem + "Generated"} and {@code stem +
     * highLevel}; {@code bounded} is false where the high level does more than the generated layer by design (named
     * parameters built in the call allocate), printed for information.
     */
    private record Pair(String operation, String stem, String highLevel, boolean bounded) {
        String generated() {
            return stem + "Generated";
        }

        String high() {
            return stem + highLevel;
        }
    }

    private final Launches launches;
    private final List<String> lines = new ArrayList<>();

    private HighLevelBound(Launches launches) {
        this.launches = launches;
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: HighLevelBound RESULTS-DIR");
            System.exit(2);
        }
        of(Path.of(args[0])).lines().forEach(System.out::println);
    }

    /** The rows of the launches in {@code resultsDirectory}. */
    static HighLevelBound of(Path resultsDirectory) {
        HighLevelBound bound = new HighLevelBound(Launches.read(resultsDirectory));
        bound.run();
        return bound;
    }

    /** A header, one line per operation, buffer and size that some launch measured on both layers, a summary. */
    List<String> lines() {
        return List.copyOf(lines);
    }

    private void run() {
        lines.add(launches.size() + " launch(es); a launch's ratio = its best iteration of the high level / of the"
                + " generated layer; a row is judged on the median ratio over the launches (bound: <= "
                + format(BOUND) + ")");
        lines.add(String.format(Locale.ROOT, ROW, "operation", "buffer", "bytes", "median", "min", "max", "launches",
                "verdict", "µs, median of the launches' bests: generated | high level"));
        int bounded = 0;
        int within = 0;
        for (int bytes : sizes()) {
            for (String buffer : BUFFERS) {
                for (Pair pair : PAIRS) {
                    Optional<ListStatistics> ratios = launches.figures(launch -> ratio(launch, buffer, pair, bytes));
                    if (ratios.isEmpty()) {
                        continue;
                    }
                    double median = Launches.median(ratios.get());
                    String verdict = "for information";
                    if (pair.bounded()) {
                        bounded++;
                        boolean met = median <= BOUND;
                        within += met ? 1 : 0;
                        verdict = met ? "within 5%" : "OVER 5%";
                    }
                    lines.add(String.format(Locale.ROOT, ROW, pair.operation(), buffer.equals("mpi4all-heap")
                                    ? "array" : "segment", bytes, ratio(median), ratio(ratios.get().getMin()),
                            ratio(ratios.get().getMax()), ratios.get().getN() + "/" + launches.size(), verdict,
                            micros(buffer, pair.generated(), bytes) + " | " + micros(buffer, pair.high(), bytes)));
                }
            }
        }
        if (bounded == 0) {
            throw new IllegalArgumentException("no launch measured an operation on both layers (HighLevelBench's"
                    + " LayersBenchmark or OneSidedBenchmark)");
        }
        lines.add(within + " of " + bounded + " bounded rows within 5%");
        List<String> loads = launches.loads("high-level");
        if (!loads.isEmpty()) {
            lines.add("load average (1 min) before→after each launch: " + String.join(", ", loads));
        }
    }

    /** The sizes at which any buffer's generated side of any pair was measured. */
    private SortedSet<Integer> sizes() {
        TreeSet<Integer> sizes = new TreeSet<>();
        for (String buffer : BUFFERS) {
            for (Pair pair : PAIRS) {
                sizes.addAll(launches.sizes(buffer, pair.generated()));
            }
        }
        return sizes;
    }

    /** One launch's ratio of the high level's best iteration to the generated layer's, if it ran both. */
    private static OptionalDouble ratio(List<Measurement> launch, String buffer, Pair pair, int bytes) {
        OptionalDouble generated = Launches.best(launch, buffer, pair.generated(), bytes);
        OptionalDouble high = Launches.best(launch, buffer, pair.high(), bytes);
        return generated.isPresent() && high.isPresent()
                ? OptionalDouble.of(high.getAsDouble() / generated.getAsDouble()) : OptionalDouble.empty();
    }

    private String micros(String buffer, String benchmark, int bytes) {
        return launches.bests(buffer, benchmark, bytes).map(s -> Launches.significant(Launches.median(s))).orElse("-");
    }

    /** Three decimals, so that a ratio just over the bound does not print as the bound. */
    private static String ratio(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
