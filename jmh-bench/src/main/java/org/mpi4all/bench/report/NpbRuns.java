package org.mpi4all.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.mpi4all.bench.Measurement;

/**
 * NPB runs as {@code scripts/bench-npb} and {@code scripts/bench-fortran} write them, one tab-separated line per
 * run: backend, bench, class, ranks, and seconds, or why the run has no time ({@code unsupported-ranks},
 * {@code failed-1}, ...). The statistics over the repeats of one (backend, bench, class, ranks) are here.
 */
record NpbRuns(List<Run> runs) {

    /** One line of a result file. */
    record Run(String backend, String bench, String npbClass, int ranks, String result) {
        boolean timed() {
            return result.matches("[0-9]+(\\.[0-9]*)?");
        }

        double seconds() {
            return Double.parseDouble(result);
        }
    }

    NpbRuns {
        runs = List.copyOf(runs);
    }

    static NpbRuns read(Path file) {
        try {
            return new NpbRuns(Files.readAllLines(file).stream().filter(line -> !line.isBlank()).map(line -> parse(file, line)).toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static Run parse(Path file, String line) {
        String[] f = line.split("\t");
        if (f.length != 5 || !f[3].matches("[0-9]+")) {
            throw new IllegalArgumentException(file + ": an NPB result line is 'backend bench class ranks seconds',"
                    + " tab-separated, not: " + line);
        }
        return new Run(f[0], f[1], f[2], Integer.parseInt(f[3]), f[4]);
    }

    /** The backends present, those of {@code order} first in that order, then the others alphabetically. */
    List<String> backends(List<String> order) {
        Comparator<String> byOrder = Comparator.comparingInt(b -> order.contains(b) ? order.indexOf(b) : order.size());
        return runs.stream().map(Run::backend).distinct().sorted(byOrder.thenComparing(Comparator.naturalOrder())).toList();
    }

    List<String> benches() {
        return runs.stream().map(Run::bench).distinct().sorted().toList();
    }

    List<String> classes() {
        return runs.stream().map(Run::npbClass).distinct().sorted().toList();
    }

    List<Integer> ranks() {
        return runs.stream().map(Run::ranks).distinct().sorted().toList();
    }

    /** The largest number of runs of one (backend, bench, class, ranks). */
    int repeats() {
        return runs.stream().collect(Collectors.groupingBy(r -> List.of(r.backend(), r.bench(), r.npbClass(), r.ranks()),
                Collectors.counting())).values().stream().mapToInt(Long::intValue).max().orElse(0);
    }

    /** Every run of one (backend, bench, class, ranks), in the order they ran. */
    List<Run> of(String backend, String bench, String npbClass, int ranks) {
        return runs.stream().filter(r -> r.backend().equals(backend) && r.bench().equals(bench)
                && r.npbClass().equals(npbClass) && r.ranks() == ranks).toList();
    }

    /** The times of the runs that produced one, sorted. */
    List<Double> times(String backend, String bench, String npbClass, int ranks) {
        return of(backend, bench, npbClass, ranks).stream().filter(Run::timed).map(Run::seconds).sorted().toList();
    }

    /** The shortest of the runs that produced a time. */
    Optional<Double> best(String backend, String bench, String npbClass, int ranks) {
        List<Double> times = times(backend, bench, npbClass, ranks);
        return times.isEmpty() ? Optional.empty() : Optional.of(times.getFirst());
    }

    /** The median of the runs that produced a time. */
    Optional<Double> median(String backend, String bench, String npbClass, int ranks) {
        List<Double> times = times(backend, bench, npbClass, ranks);
        return times.isEmpty() ? Optional.empty() : Optional.of(Measurement.median(times));
    }

    /** The runs that produced no time, as "failed-1" or "unverified ×2", or empty when every run has one. */
    String failures(String backend, String bench, String npbClass, int ranks) {
        return of(backend, bench, npbClass, ranks).stream().filter(r -> !r.timed())
                .collect(Collectors.groupingBy(Run::result, LinkedHashMap::new, Collectors.counting()))
                .entrySet().stream().map(e -> e.getValue() == 1 ? e.getKey() : e.getKey() + " ×" + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /** The best time with two decimals, or why there is none (the first run's reason), or "–" when nothing ran. */
    String bestCell(String backend, String bench, String npbClass, int ranks) {
        Optional<Double> best = best(backend, bench, npbClass, ranks);
        if (best.isPresent()) {
            return String.format(Locale.ROOT, "%.2f", best.get());
        }
        List<Run> runs = of(backend, bench, npbClass, ranks);
        return runs.isEmpty() ? "–" : runs.getFirst().result();
    }
}
