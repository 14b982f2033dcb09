package org.mpi4all.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.mpi4all.bench.Measurement;
import org.mpi4all.bench.ResultFile;

/**
 * What the checked mode of the generated layer costs, from the runs of {@code scripts/bench-checked}: per
 * benchmark, the best and the median iteration of all runs of each mode on rank 0, and the checked mode's
 * cost relative to the unchecked one, as a Markdown table.
 *
 * <pre>
 * CheckedCost RESULTS-DIR MPI ROUNDS
 * </pre>
 * RESULTS-DIR holds {@code checked/rank0.tsv} and {@code unchecked/rank0.tsv}.
 */
public final class CheckedCost {
    private CheckedCost() {}

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: CheckedCost RESULTS-DIR MPI ROUNDS");
            System.exit(2);
        }
        Path results = Path.of(args[0]);
        System.out.println(args[1] + ", " + args[2] + " rounds of each mode, 8 bytes, us per operation over all timed"
                + " iterations on rank 0:");
        markdown(results.resolve("unchecked/rank0.tsv"), results.resolve("checked/rank0.tsv")).forEach(System.out::println);
    }

    /** The table's lines, one row per benchmark the unchecked runs hold. */
    static List<String> markdown(Path unchecked, Path checked) {
        Map<String, List<Double>> off = iterations(unchecked);
        Map<String, List<Double>> on = iterations(checked);
        List<String> lines = new ArrayList<>();
        lines.add("| benchmark | unchecked best | checked best | cost (best) | unchecked median | checked median | cost (median) |");
        lines.add("|---|---|---|---|---|---|---|");
        off.forEach((benchmark, offTimes) -> {
            List<Double> onTimes = on.get(benchmark);
            if (onTimes == null) {
                throw new IllegalArgumentException(checked + " has no " + benchmark + ", which " + unchecked + " has");
            }
            double offBest = best(offTimes);
            double onBest = best(onTimes);
            double offMedian = Measurement.median(offTimes);
            double onMedian = Measurement.median(onTimes);
            lines.add(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %+.1f%% | %.3f | %.3f | %+.1f%% |", benchmark,
                    offBest, onBest, 100 * (onBest - offBest) / offBest, offMedian, onMedian,
                    100 * (onMedian - offMedian) / offMedian));
        });
        return lines;
    }

    /** Every timed iteration of each benchmark, over all runs and sizes in the file, by benchmark name. */
    private static Map<String, List<Double>> iterations(Path file) {
        Map<String, List<Double>> times = new TreeMap<>();
        for (Measurement m : ResultFile.read(file)) {
            times.merge(m.benchmark(), m.microseconds(), (a, b) -> Stream.concat(a.stream(), b.stream()).toList());
        }
        return times;
    }

    private static double best(List<Double> times) {
        return times.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }
}
