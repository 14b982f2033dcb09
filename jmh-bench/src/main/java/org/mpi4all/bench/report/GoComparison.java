package org.mpi4all.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpi4all.bench.Measurement;

/**
 * The Go bindings against C, from the times {@code scripts/go-bench} took: one Markdown table row per benchmark
 * with the best time of each side and their ratio (on a shared machine the least disturbed run is the best
 * estimate of the work), and the same for the medians. The two sides alternated, so the ratios compare times
 * taken under the same load.
 *
 * <pre>
 * GoComparison TIMES-TSV        (lines: benchmark label, go or c, seconds; benchmarks in order of appearance)
 * </pre>
 */
public final class GoComparison {
    private GoComparison() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: GoComparison TIMES-TSV (scripts/go-bench's)");
            System.exit(2);
        }
        markdown(Files.readAllLines(Path.of(args[0]))).forEach(System.out::println);
    }

    static List<String> markdown(List<String> lines) {
        // benchmark -> side (go, c) -> times
        Map<String, Map<String, List<Double>>> times = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length != 3 || !(f[1].equals("go") || f[1].equals("c")) || !f[2].matches("[0-9]+(\\.[0-9]*)?([eE][-+]?[0-9]+)?")) {
                throw new IllegalArgumentException("a Go/C time is 'benchmark go|c seconds', tab-separated, not: " + line);
            }
            times.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).computeIfAbsent(f[1], k -> new ArrayList<>())
                    .add(Double.valueOf(f[2]));
        }
        List<String> table = new ArrayList<>(List.of(
                "| benchmark | Go best (s) | C best (s) | Go/C best | Go median (s) | C median (s) | Go/C median |",
                "|---|---|---|---|---|---|---|"));
        for (var benchmark : times.entrySet()) {
            List<Double> go = side(benchmark.getKey(), benchmark.getValue(), "go");
            List<Double> c = side(benchmark.getKey(), benchmark.getValue(), "c");
            double goBest = Collections.min(go);
            double cBest = Collections.min(c);
            double goMedian = Measurement.median(go);
            double cMedian = Measurement.median(c);
            table.add(String.format(Locale.ROOT, "| %s | %.3f | %.3f | **%.2f** | %.3f | %.3f | %.2f |", benchmark.getKey(),
                    goBest, cBest, goBest / cBest, goMedian, cMedian, goMedian / cMedian));
        }
        return table;
    }

    private static List<Double> side(String benchmark, Map<String, List<Double>> sides, String side) {
        List<Double> times = sides.get(side);
        if (times == null) {
            throw new IllegalArgumentException(benchmark + ": no " + side + " time to compare (only " + String.join(", ", sides.keySet()) + ")");
        }
        return times;
    }
}
