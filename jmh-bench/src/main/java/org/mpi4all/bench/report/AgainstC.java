package org.mpi4all.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SortedSet;
import java.util.TreeSet;
import org.mpi4all.bench.PairedC;
import org.openjdk.jmh.util.ListStatistics;

/**
 * A contender against C over the launches of one run, and issue 14's goals for the generated layer against C: what
 * {@link QuickCheck} prints and {@link Report} tabulates. A comparison is either <em>paired</em>, the median over
 * the launches of each launch's own ratio (the contender's best iteration over the best of C's loop in the same
 * launch, {@link PairedC}: both drew that launch's placement of the ranks and the machine's speed), or
 * <em>apart</em>, the median of the contender's launches' bests over the median of C's own launches' bests.
 */
final class AgainstC {
    static final String C = "c";
    static final String SEGMENT = "mpi4all-segment";
    static final String HEAP = "mpi4all-heap";
    static final String ROUND_TRIP = "PingPong.roundTrip";
    static final String WINDOW = "Bandwidth.window";
    static final String ALLREDUCE = "Allreduce.sum";

    private static final int EIGHT_BYTES = 8;
    /** The message rate's goal holds from 1 to 64 B; these sizes are judged (missing if not run) in every run. */
    private static final List<Integer> SMALL_MESSAGES = List.of(8, 64);
    private static final int LARGEST_SMALL_MESSAGE = 64;
    /** The large windows' goal holds from 64 KiB up; these sizes are judged (missing if not run) in every run. */
    private static final List<Integer> LARGE_MESSAGES = List.of(1 << 16, 1 << 20, 1 << 22);
    private static final int SMALLEST_LARGE_MESSAGE = 1 << 16;

    private AgainstC() {}

    /** The range a ratio must fall in, {@code low} to {@code high} inclusive. */
    record Bound(double low, double high) {
        static Bound atMost(double high) {
            return new Bound(0, high);
        }

        static Bound atLeast(double low) {
            return new Bound(low, Double.POSITIVE_INFINITY);
        }

        boolean holds(double ratio) {
            return ratio >= low && ratio <= high;
        }

        @Override
        public String toString() {
            return low == 0 ? "<= " + format(high) : high == Double.POSITIVE_INFINITY ? ">= " + format(low)
                    : format(low) + "-" + format(high);
        }

        private static String format(double value) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
    }

    /**
     * One goal: the contender's benchmark at one size against C within {@code bound}; a {@code rate} goal is judged
     * on C's time over the contender's (a message rate), the others on the contender's time over C's.
     */
    record Goal(String contender, String what, String benchmark, int bytes, boolean rate, Bound bound) {
        String name() {
            return contender + ": " + what;
        }

        Comparison compare(Launches launches, boolean paired) {
            Comparison time = paired ? AgainstC.paired(launches, contender, benchmark, bytes)
                    : apart(launches, contender, benchmark, bytes);
            return rate ? time.inverse() : time;
        }
    }

    /**
     * Issue 14's goals in {@code launches}: the 8-byte round trip and the allreduce of one double of segments and
     * heap arrays, the message rate of segments at every size from 1 to 64 B and the time of a window at every size
     * from 64 KiB that the launches measured, always including the sizes the goals plan runs.
     */
    static List<Goal> goals(Launches launches) {
        List<Goal> goals = new ArrayList<>();
        for (String contender : List.of(SEGMENT, HEAP)) {
            goals.add(new Goal(contender, "8 B round trip", ROUND_TRIP, EIGHT_BYTES, false, Bound.atMost(1.10)));
            goals.add(new Goal(contender, "allreduce of one double", ALLREDUCE, EIGHT_BYTES, false, Bound.atMost(1.15)));
        }
        for (int bytes : windowSizes(launches, SMALL_MESSAGES, 1, LARGEST_SMALL_MESSAGE)) {
            goals.add(new Goal(SEGMENT, "message rate, window of " + Report.bytes(bytes) + " (of C's)", WINDOW, bytes,
                    true, Bound.atLeast(0.9)));
        }
        for (int bytes : windowSizes(launches, LARGE_MESSAGES, SMALLEST_LARGE_MESSAGE, Integer.MAX_VALUE)) {
            goals.add(new Goal(SEGMENT, "window of " + Report.bytes(bytes) + " (time)", WINDOW, bytes, false,
                    new Bound(0.95, 1.05)));
        }
        return goals;
    }

    private static SortedSet<Integer> windowSizes(Launches launches, List<Integer> always, int from, int to) {
        SortedSet<Integer> sizes = new TreeSet<>(always);
        launches.sizes(SEGMENT, WINDOW).stream().filter(bytes -> bytes >= from && bytes <= to).forEach(sizes::add);
        return sizes;
    }

    /** Whether C's loop ran inside some mpi4all launch ({@code scripts/bench --paired}). */
    static boolean paired(Launches launches) {
        return launches.has(PairedC.NAME_PREFIX + SEGMENT) || launches.has(PairedC.NAME_PREFIX + HEAP);
    }

    /**
     * A ratio's median over the launches (empty when the contender or C did not run), with the lowest and highest
     * launch's own ratio where each launch has one (paired; NaN apart), and what it was computed from: the spread of
     * the contender's figures and of C's (apart) or of the launches' ratios (paired).
     */
    record Comparison(OptionalDouble ratio, double lowest, double highest, String contender, String c) {
        Comparison(Optional<ListStatistics> contender, Optional<ListStatistics> c) {
            this(contender.isPresent() && c.isPresent()
                            ? OptionalDouble.of(Launches.median(contender.get()) / Launches.median(c.get()))
                            : OptionalDouble.empty(), Double.NaN, Double.NaN,
                    contender.map(Launches::spread).orElse("-"), c.map(Launches::spread).orElse("-"));
        }

        /** The same comparison read as a rate: C's time over the contender's. */
        Comparison inverse() {
            return new Comparison(ratio.isPresent() ? OptionalDouble.of(1 / ratio.getAsDouble()) : ratio,
                    1 / highest, 1 / lowest, contender, c);
        }
    }

    /** The contender's launches against C's own launches: the ratio of the medians of their best iterations. */
    static Comparison apart(Launches launches, String contender, String benchmark, int bytes) {
        return new Comparison(launches.bests(contender, benchmark, bytes), launches.bests(C, benchmark, bytes));
    }

    /** The contender against C's loop in the same launches: the median of each launch's own ratio of their bests. */
    static Comparison paired(Launches launches, String contender, String benchmark, int bytes) {
        String c = PairedC.NAME_PREFIX + contender;
        Optional<ListStatistics> ratios = launches.figures(launch -> {
            OptionalDouble mine = Launches.best(launch, contender, benchmark, bytes);
            OptionalDouble theirs = Launches.best(launch, c, benchmark, bytes);
            return mine.isPresent() && theirs.isPresent()
                    ? OptionalDouble.of(mine.getAsDouble() / theirs.getAsDouble()) : OptionalDouble.empty();
        });
        return ratios.map(r -> new Comparison(OptionalDouble.of(Launches.median(r)), r.getMin(), r.getMax(),
                        "ratios " + Launches.spread(r), "C in the same launches"))
                .orElseGet(() -> new Comparison(OptionalDouble.empty(), Double.NaN, Double.NaN, "-", "C in the same launches"));
    }
}
