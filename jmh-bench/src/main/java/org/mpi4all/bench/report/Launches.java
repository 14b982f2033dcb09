package org.mpi4all.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.mpi4all.bench.Measurement;
import org.mpi4all.bench.ResultFile;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Rank 0's measurements from several launches of the same benchmarks ({@code scripts/bench --launches N}), and the
 * statistics over launches that the reports judge by. A small message's time changes by up to two times from one
 * launch to the next (the same jar's 8-byte round trip took 0.49 or 1.07 µs, most likely from where the scheduler
 * put the two ranks), so one launch cannot decide a number. A launch gives one figure (its best iteration of a benchmark, or
 * the ratio of two of its best iterations), and a report states the median of those figures over the launches,
 * beside their minimum and maximum. The statistics are JMH's {@link ListStatistics}.
 */
final class Launches {
    private static final String RANK_0 = "rank0.tsv";

    private final List<Path> directories;
    private final List<List<Measurement>> launches;

    private Launches(List<Path> directories) {
        this.directories = directories;
        this.launches = directories.stream().map(d -> ResultFile.read(d.resolve(RANK_0))).toList();
    }

    /**
     * The launches in {@code directory}: {@code launch-1/rank0.tsv}, {@code launch-2/rank0.tsv} ... in the order of
     * their numbers, or {@code rank0.tsv} itself for a single launch.
     */
    static Launches read(Path directory) {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException(directory + " is not a directory of results");
        }
        if (Files.exists(directory.resolve(RANK_0))) {
            return new Launches(List.of(directory));
        }
        try (Stream<Path> entries = Files.list(directory)) {
            List<Path> launches = entries.filter(p -> p.getFileName().toString().matches("launch-\\d+"))
                    .filter(p -> Files.exists(p.resolve(RANK_0)))
                    .sorted(Comparator.comparingInt(p -> Integer.parseInt(p.getFileName().toString().substring(7))))
                    .toList();
            if (launches.isEmpty()) {
                throw new IllegalArgumentException(directory + " has neither rank0.tsv nor launch-N/rank0.tsv");
            }
            return new Launches(launches);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory + ": " + e.getMessage(), e);
        }
    }

    /** How many launches there are. */
    int size() {
        return launches.size();
    }

    /**
     * The load average (1 min) before and after the contender in each launch that recorded it ({@code scripts/bench}'s
     * {@code load.tsv}), as "before→after".
     */
    List<String> loads(String contender) {
        List<String> loads = new ArrayList<>();
        for (Path directory : directories) {
            Path file = directory.resolve("load.tsv");
            if (!Files.exists(file)) {
                continue;
            }
            try {
                for (String line : Files.readAllLines(file)) {
                    String[] fields = line.split("\t");
                    if (fields.length == 3 && fields[0].equals(contender)) {
                        loads.add(fields[1] + "→" + fields[2]);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return loads;
    }

    /** Whether some launch has a measurement of {@code contender}. */
    boolean has(String contender) {
        return launches.stream().flatMap(List::stream).anyMatch(m -> m.contender().equals(contender));
    }

    /** The message sizes at which some launch measured the contender's benchmark. */
    SortedSet<Integer> sizes(String contender, String benchmark) {
        TreeSet<Integer> sizes = new TreeSet<>();
        launches.stream().flatMap(List::stream)
                .filter(m -> m.contender().equals(contender) && m.benchmark().equals(benchmark))
                .forEach(m -> sizes.add(m.bytes()));
        return sizes;
    }

    /** The first measurement of the contender's benchmark at that size in any launch (its window, its batch). */
    Optional<Measurement> any(String contender, String benchmark, int bytes) {
        return launches.stream().flatMap(List::stream).filter(matching(contender, benchmark, bytes)).findFirst();
    }

    /** The figure of each launch that has one, as statistics; empty when no launch has one. */
    Optional<ListStatistics> figures(Function<List<Measurement>, OptionalDouble> figureOfALaunch) {
        List<Double> figures = new ArrayList<>();
        for (List<Measurement> launch : launches) {
            figureOfALaunch.apply(launch).ifPresent(figures::add);
        }
        return statistics(figures);
    }

    /** Each launch's best iteration of the contender's benchmark at that size, over the launches that ran it. */
    Optional<ListStatistics> bests(String contender, String benchmark, int bytes) {
        return figures(launch -> best(launch, contender, benchmark, bytes));
    }

    /** The median over the launches of their best iterations; NaN when no launch ran it. */
    double medianBest(String contender, String benchmark, int bytes) {
        return bests(contender, benchmark, bytes).map(Launches::median).orElse(Double.NaN);
    }

    /** One launch's best iteration of the contender's benchmark at that size, empty if the launch did not run it. */
    static OptionalDouble best(List<Measurement> launch, String contender, String benchmark, int bytes) {
        return launch.stream().filter(matching(contender, benchmark, bytes)).mapToDouble(Measurement::best).min();
    }

    private static Predicate<Measurement> matching(String contender, String benchmark, int bytes) {
        return m -> m.contender().equals(contender) && m.benchmark().equals(benchmark) && m.bytes() == bytes;
    }

    /** Statistics of some values (runs, launches), empty when there are none. */
    static Optional<ListStatistics> statistics(List<Double> values) {
        ListStatistics statistics = new ListStatistics();
        values.forEach(statistics::addValue);
        return statistics.getN() == 0 ? Optional.empty() : Optional.of(statistics);
    }

    static double median(ListStatistics statistics) {
        return statistics.getPercentile(50);
    }

    /** "min / median / max", four significant digits each: {@code 0.27 / 0.505 / 1.1}. */
    static String spread(ListStatistics statistics) {
        return significant(statistics.getMin()) + " / " + significant(median(statistics)) + " / "
                + significant(statistics.getMax());
    }

    /** Four significant digits: 0.4912, 12.34, 3183. */
    static String significant(double value) {
        return new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
