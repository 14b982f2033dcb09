package org.mpi4all.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Markdown tables of {@code scripts/bench-npb}'s results, for the hand-written sections of docs/benchmarks.md:
 * {@code NpbTables NPB-TSV} compares the backends' one-shot runs (best and median of each, every backend's
 * median divided by the first backend's), {@code NpbTables --jmh NPB-JMH-TSV} shows the JMH view of each
 * kernel (mean and 99.9% confidence interval of the measured iterations, as JMH computes them) beside NPB's own
 * time of the same iterations. Backends, benchmarks and rank counts keep the order of their first appearance.
 */
public final class NpbTables {
    private NpbTables() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 1) {
            System.out.print(oneShot(Files.readAllLines(Path.of(args[0]))));
        } else if (args.length == 2 && args[0].equals("--jmh")) {
            System.out.print(jmh(Files.readAllLines(Path.of(args[1]))));
        } else {
            System.err.println("usage: NpbTables NPB-TSV | NpbTables --jmh NPB-JMH-TSV");
            System.exit(2);
        }
    }

    /** Lines "backend bench class ranks seconds|reason": one row per (bench, class, ranks), per backend its runs. */
    static String oneShot(List<String> lines) {
        Map<String, Map<String, List<String>>> rows = new LinkedHashMap<>();
        List<String> backends = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            if (!backends.contains(f[0])) {
                backends.add(f[0]);
            }
            rows.computeIfAbsent(f[1] + "." + f[2] + " | " + f[3], k -> new LinkedHashMap<>())
                    .computeIfAbsent(f[0], k -> new ArrayList<>()).add(f[4]);
        }
        StringBuilder md = new StringBuilder("| bench | ranks |");
        for (String backend : backends) {
            md.append(' ').append(backend).append(": runs (s) | best | median |");
        }
        for (String backend : backends.subList(1, backends.size())) {
            md.append(" median ÷ ").append(backends.getFirst()).append("'s, ").append(backend).append(" |");
        }
        md.append("\n|---|---|").append("---|---|---|".repeat(backends.size())).append("---|".repeat(backends.size() - 1)).append('\n');
        for (var row : rows.entrySet()) {
            md.append("| ").append(row.getKey()).append(" |");
            for (String backend : backends) {
                List<String> runs = row.getValue().getOrDefault(backend, List.of());
                ListStatistics times = times(runs);
                md.append(' ').append(String.join(", ", runs)).append(" | ")
                        .append(times.getN() == 0 ? "–" : seconds(times.getMin())).append(" | ")
                        .append(times.getN() == 0 ? "–" : seconds(times.getPercentile(50))).append(" |");
            }
            ListStatistics reference = times(row.getValue().getOrDefault(backends.getFirst(), List.of()));
            for (String backend : backends.subList(1, backends.size())) {
                ListStatistics times = times(row.getValue().getOrDefault(backend, List.of()));
                md.append(' ').append(times.getN() == 0 || reference.getN() == 0 ? "–"
                        : String.format(Locale.ROOT, "×%.2f", times.getPercentile(50) / reference.getPercentile(50))).append(" |");
            }
            md.append('\n');
        }
        return md.toString();
    }

    /** Lines "backend bench class ranks jmh|npb seconds,...": one row per (backend, bench, class, ranks). */
    static String jmh(List<String> lines) {
        Map<String, Map<String, List<Double>>> rows = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            rows.computeIfAbsent(String.join(" | ", f[1] + "." + f[2], f[3], f[0]), k -> new LinkedHashMap<>())
                    .put(f[4], Arrays.stream(f[5].split(",")).map(Double::valueOf).toList());
        }
        StringBuilder md = new StringBuilder("| bench | ranks | backend | JMH: mean ± 99.9% CI (s) | JMH: min | NPB's time of the same iterations (s) |\n"
                + "|---|---|---|---|---|---|\n");
        for (var row : rows.entrySet()) {
            ListStatistics jmh = new ListStatistics();
            row.getValue().getOrDefault("jmh", List.of()).forEach(jmh::addValue);
            List<Double> npb = row.getValue().getOrDefault("npb", List.of());
            md.append("| ").append(row.getKey()).append(" | ")
                    .append(seconds(jmh.getMean())).append(" ± ").append(seconds(jmh.getMeanErrorAt(0.999)))
                    .append(" | ").append(seconds(jmh.getMin())).append(" | ")
                    .append(npb.stream().map(NpbTables::seconds).collect(Collectors.joining(", "))).append(" |\n");
        }
        return md.toString();
    }

    private static ListStatistics times(List<String> runs) {
        ListStatistics statistics = new ListStatistics();
        runs.stream().filter(r -> r.matches("[0-9.]+")).mapToDouble(Double::parseDouble).forEach(statistics::addValue);
        return statistics;
    }

    private static String seconds(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.2f", value);
    }
}
