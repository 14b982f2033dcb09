package org.mpi4all.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.util.ListStatistics;

/**
 * NPB's kernels under JMH as {@code scripts/bench-npb --jmh} records them: per launch of one (backend, bench, class,
 * ranks), two tab-separated lines {@code backend bench class ranks jmh|npb seconds,...} written by
 * {@code NpbKernels} (JMH's time of each measured iteration on rank 0, NPB's own time of the same iterations), or one
 * line {@code backend bench class ranks REASON} where the launch recorded no time ({@code failed-1},
 * {@code timeout}, ...: {@link NpbRunLabel}). Runs keep the order of their first line.
 */
record NpbJmhRuns(List<Run> runs) {

    /** The two views of one (backend, bench, class, ranks), each empty when its launch recorded none, and why not. */
    record Run(String backend, String bench, String npbClass, int ranks, List<Double> jmh, List<Double> npb, List<String> failures) {
        Run {
            jmh = List.copyOf(jmh);
            npb = List.copyOf(npb);
            failures = List.copyOf(failures);
        }

        /** JMH's statistics of the measured iterations (mean, 99.9% error, min: NaN where there are too few). */
        ListStatistics jmhStatistics() {
            return statistics(jmh);
        }

        /** The same statistics of NPB's own times of those iterations. */
        ListStatistics npbStatistics() {
            return statistics(npb);
        }

        private static ListStatistics statistics(List<Double> seconds) {
            ListStatistics statistics = new ListStatistics();
            seconds.forEach(statistics::addValue);
            return statistics;
        }
    }

    NpbJmhRuns {
        runs = List.copyOf(runs);
    }

    static NpbJmhRuns read(Path file) {
        try {
            return parse(file.toString(), Files.readAllLines(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The runs of {@code lines}, named {@code source} in an error. */
    static NpbJmhRuns parse(String source, List<String> lines) {
        Map<List<String>, Views> byRun = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length < 5 || f.length > 6 || !f[3].matches("[0-9]+") || f.length == 6 && !f[4].matches("jmh|npb")) {
                throw new IllegalArgumentException(source + ": an NPB-under-JMH line is 'backend bench class ranks jmh|npb"
                        + " seconds,...' or 'backend bench class ranks reason', tab-separated, not: " + line);
            }
            Views views = byRun.computeIfAbsent(List.of(f[0], f[1], f[2], f[3]), k -> new Views());
            if (f.length == 5) {
                views.failures.add(f[4]);
            } else {
                (f[4].equals("jmh") ? views.jmh : views.npb).addAll(Arrays.stream(f[5].split(",")).map(Double::valueOf).toList());
            }
        }
        return new NpbJmhRuns(byRun.entrySet().stream().map(e -> new Run(e.getKey().get(0), e.getKey().get(1), e.getKey().get(2),
                Integer.parseInt(e.getKey().get(3)), e.getValue().jmh, e.getValue().npb, e.getValue().failures)).toList());
    }

    /** What the lines of one run have given so far. */
    private static final class Views {
        final List<Double> jmh = new ArrayList<>();
        final List<Double> npb = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
    }
}
