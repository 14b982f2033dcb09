package org.mpi4all.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Markdown tables of {@code scripts/bench-npb}'s results, for the hand-written sections of docs/benchmarks.md and its
 * journal:
 * {@code NpbTables NPB-TSV} compares the backends' one-shot runs (each run, best and median by {@link NpbRuns},
 * every backend's median divided by the first backend's), {@code NpbTables --jmh NPB-JMH-TSV} shows the JMH view of each
 * kernel (mean and 99.9% confidence interval of the measured iterations, as JMH computes them) beside NPB's own
 * time of the same iterations. Backends, benchmarks and rank counts keep the order of their first appearance.
 */
public final class NpbTables {
    private NpbTables() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 1) {
            System.out.print(oneShot(NpbRuns.read(Path.of(args[0]))));
        } else if (args.length == 2 && args[0].equals("--jmh")) {
            System.out.print(jmh(Files.readAllLines(Path.of(args[1]))));
        } else {
            System.err.println("usage: NpbTables NPB-TSV | NpbTables --jmh NPB-JMH-TSV");
            System.exit(2);
        }
    }

    /** One row per (bench, class, ranks) that ran, per backend its runs in order, best and median ({@link NpbRuns}). */
    static String oneShot(NpbRuns npb) {
        List<String> backends = npb.runs().stream().map(NpbRuns.Run::backend).distinct().toList();
        StringBuilder md = new StringBuilder("| bench | ranks |");
        for (String backend : backends) {
            md.append(' ').append(backend).append(": runs (s) | best | median |");
        }
        for (String backend : backends.subList(1, backends.size())) {
            md.append(" median ÷ ").append(backends.getFirst()).append("'s, ").append(backend).append(" |");
        }
        md.append("\n|---|---|").append("---|---|---|".repeat(backends.size())).append("---|".repeat(backends.size() - 1)).append('\n');
        List<NpbRuns.Run> rows = npb.runs().stream()
                .filter(r -> r.backend().equals(backends.getFirst())).map(r -> new NpbRuns.Run("", r.bench(), r.npbClass(), r.ranks(), ""))
                .distinct().toList();
        for (NpbRuns.Run row : rows) {
            md.append("| ").append(row.bench()).append('.').append(row.npbClass()).append(" | ").append(row.ranks()).append(" |");
            for (String backend : backends) {
                md.append(' ').append(npb.of(backend, row.bench(), row.npbClass(), row.ranks()).stream().map(NpbRuns.Run::result)
                                .collect(Collectors.joining(", ")))
                        .append(" | ").append(npb.bestCell(backend, row.bench(), row.npbClass(), row.ranks()))
                        .append(" | ").append(npb.median(backend, row.bench(), row.npbClass(), row.ranks()).map(NpbTables::seconds).orElse("–"))
                        .append(" |");
            }
            Optional<Double> reference = npb.median(backends.getFirst(), row.bench(), row.npbClass(), row.ranks());
            for (String backend : backends.subList(1, backends.size())) {
                Optional<Double> median = npb.median(backend, row.bench(), row.npbClass(), row.ranks());
                md.append(' ').append(median.isPresent() && reference.isPresent()
                        ? String.format(Locale.ROOT, "×%.2f", median.get() / reference.get()) : "–").append(" |");
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

    private static String seconds(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.2f", value);
    }
}
