package org.mpi4all.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Markdown tables of {@code scripts/bench-npb}'s results, for the hand-written sections of docs/benchmarks.md and its
 * journal (and, the JMH view, for {@link Report}'s):
 * {@code NpbTables NPB-TSV} compares the backends' one-shot runs (each run, best and median by {@link NpbRuns},
 * every backend's median divided by the first backend's), {@code NpbTables --jmh NPB-JMH-TSV} shows the JMH view of each
 * kernel (mean and 99.9% confidence interval of the measured iterations, as JMH computes them) beside NPB's own
 * time of the same iterations ({@link NpbJmhRuns}). Backends, benchmarks and rank counts keep the order of their
 * first appearance.
 */
public final class NpbTables {
    private NpbTables() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 1) {
            System.out.print(oneShot(NpbRuns.read(Path.of(args[0]))));
        } else if (args.length == 2 && args[0].equals("--jmh")) {
            System.out.print(jmh(NpbJmhRuns.read(Path.of(args[1]))));
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

    /**
     * One row per (backend, bench, class, ranks): JMH's mean ± 99.9% error and min, NPB's mean and its time of each
     * of the same iterations, all with the decimals that give the row's JMH mean three significant digits (class S
     * takes milliseconds, class A seconds); a launch that recorded no time says why instead.
     */
    static String jmh(NpbJmhRuns runs) {
        StringBuilder md = new StringBuilder("| bench | ranks | backend | JMH: mean ± 99.9% CI (s) | JMH: min | NPB: mean"
                + " | NPB's time of the same iterations (s) |\n|---|---|---|---|---|---|---|\n");
        for (NpbJmhRuns.Run run : runs.runs()) {
            ListStatistics jmh = run.jmhStatistics();
            ListStatistics npb = run.npbStatistics();
            int decimals = decimals(jmh.getMean());
            String failures = String.join(", ", run.failures());
            // one measured iteration (the quick run) has a mean but no interval
            double error = jmh.getMeanErrorAt(0.999);
            String times = run.jmh().isEmpty() ? failures
                    : seconds(jmh.getMean(), decimals) + (Double.isNaN(error) ? "" : " ± " + seconds(error, decimals))
                            + (failures.isEmpty() ? "" : "; " + failures);
            md.append("| ").append(run.bench()).append('.').append(run.npbClass()).append(" | ").append(run.ranks())
                    .append(" | ").append(run.backend()).append(" | ").append(times)
                    .append(" | ").append(seconds(jmh.getMin(), decimals))
                    .append(" | ").append(seconds(npb.getMean(), decimals)).append(" | ")
                    .append(run.npb().isEmpty() ? "–"
                            : run.npb().stream().map(s -> seconds(s, decimals)).collect(Collectors.joining(", ")))
                    .append(" |\n");
        }
        return md.toString();
    }

    /** The decimals that show {@code mean} with three significant digits (two for a mean that is not a time). */
    private static int decimals(double mean) {
        if (!(mean > 0) || Double.isInfinite(mean)) {
            return 2;
        }
        return Math.clamp(2 - (int) Math.floor(Math.log10(mean)), 0, 6);
    }

    private static String seconds(double value, int decimals) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    private static String seconds(double value) {
        return seconds(value, 2);
    }
}
