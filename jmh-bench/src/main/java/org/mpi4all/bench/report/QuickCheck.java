package org.mpi4all.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.mpi4all.bench.Measurement;
import org.mpi4all.bench.ResultFile;

/**
 * The performance goals of issue 14 checked against one run of {@code scripts/bench-quick}: each ratio with
 * pass or fail against its bound. Micro-benchmark times are the best iteration of rank 0 (as the report's), NPB
 * times the best of the repeated runs; a contender that did not run is reported as missing, never as passing.
 *
 * <pre>
 * QuickCheck RESULTS-DIR NPB-TSV MPI
 * </pre>
 * RESULTS-DIR holds {@code scripts/bench}'s {@code rank0.tsv}; NPB-TSV is {@code scripts/bench-npb}'s result
 * file, whose mpi4all backend on MPI is named {@code mpi4all-MPI}. Exits with 1 if a goal failed or could not
 * be checked.
 */
public final class QuickCheck {
    private static final int EIGHT_BYTES = 8;
    private static final List<Integer> SMALL_MESSAGES = List.of(8, 64);
    private static final List<Integer> LARGE_MESSAGES = List.of(1 << 16, 1 << 20, 1 << 22);
    private static final double CG_SPEEDUP_GOAL = 1.2;

    private final List<Measurement> measurements;
    private final NpbRuns npbRuns;
    private final List<String> lines = new ArrayList<>();
    private boolean allMet = true;

    private QuickCheck(List<Measurement> measurements, NpbRuns npbRuns) {
        this.measurements = measurements;
        this.npbRuns = npbRuns;
    }

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: QuickCheck RESULTS-DIR NPB-TSV MPI");
            System.exit(2);
        }
        QuickCheck check = of(Path.of(args[0]), Path.of(args[1]), args[2]);
        check.lines().forEach(System.out::println);
        System.exit(check.allMet() ? 0 : 1);
    }

    /** The goals checked against a micro-benchmark results directory and an NPB result file of mpi4all on {@code mpi}. */
    static QuickCheck of(Path resultsDirectory, Path npbResults, String mpi) {
        QuickCheck check = new QuickCheck(ResultFile.read(resultsDirectory.resolve("rank0.tsv")), NpbRuns.read(npbResults));
        check.run(mpi);
        return check;
    }

    /** The table: a header, then one line per goal (or comparison) with its ratio, bound and verdict. */
    List<String> lines() {
        return List.copyOf(lines);
    }

    /** Whether every goal was checked and met. */
    boolean allMet() {
        return allMet;
    }

    private void run(String mpi) {
        lines.add(String.format(Locale.ROOT, "%-62s %7s %10s  %s", "goal (ratio of best times, x = contender / C)", "ratio", "bound", "verdict"));
        for (String contender : List.of("mpi4all-segment", "mpi4all-heap")) {
            atMost(contender + ": 8 B round trip", timeRatio(contender, "PingPong.roundTrip", EIGHT_BYTES), 1.10);
            atMost(contender + ": allreduce of one double", timeRatio(contender, "Allreduce.sum", EIGHT_BYTES), 1.15);
        }
        for (int bytes : SMALL_MESSAGES) {
            // A message rate is the inverse of a window's time: rate ratio = C's time / the contender's.
            OptionalDouble time = timeRatio("mpi4all-segment", "Bandwidth.window", bytes);
            OptionalDouble rate = time.isPresent() ? OptionalDouble.of(1 / time.getAsDouble()) : OptionalDouble.empty();
            atLeast("mpi4all-segment: message rate, window of " + bytes + " B (of C's)", rate, 0.9);
        }
        for (int bytes : LARGE_MESSAGES) {
            OptionalDouble ratio = timeRatio("mpi4all-segment", "Bandwidth.window", bytes);
            within("mpi4all-segment: window of " + size(bytes) + " (time)", ratio, 0.95, 1.05);
        }
        for (String contender : List.of("ompi-java-array", "ompi-java-direct")) {
            timeRatio(contender, "PingPong.roundTrip", EIGHT_BYTES).ifPresent(ratio -> lines.add(String.format(Locale.ROOT,
                    "%-62s %7s %10s  %s", contender + ": 8 B round trip", formatRatio(ratio), "-", "for comparison")));
        }
        OptionalDouble cg = cgSpeedup("mpi4all-" + mpi);
        atLeast("CG.A on 2 ranks: Open MPI Java's time / mpi4all-" + mpi + "'s", cg, CG_SPEEDUP_GOAL);
    }

    /** The contender's best time divided by C's, for one benchmark and size. */
    private OptionalDouble timeRatio(String contender, String benchmark, int bytes) {
        Optional<Double> mine = best(contender, benchmark, bytes);
        Optional<Double> c = best("c", benchmark, bytes);
        return mine.isPresent() && c.isPresent() ? OptionalDouble.of(mine.get() / c.get()) : OptionalDouble.empty();
    }

    private Optional<Double> best(String contender, String benchmark, int bytes) {
        return measurements.stream()
                .filter(m -> m.contender().equals(contender) && m.benchmark().equals(benchmark) && m.bytes() == bytes)
                .map(Measurement::best).min(Double::compare);
    }

    /** Open MPI Java's best CG.A time on 2 ranks over the backend's. */
    private OptionalDouble cgSpeedup(String backend) {
        OptionalDouble reference = bestCg("ompi-java");
        OptionalDouble mine = bestCg(backend);
        return reference.isPresent() && mine.isPresent() ? OptionalDouble.of(reference.getAsDouble() / mine.getAsDouble())
                : OptionalDouble.empty();
    }

    private OptionalDouble bestCg(String backend) {
        return npbRuns.best(backend, "CG", "A", 2).map(OptionalDouble::of).orElseGet(OptionalDouble::empty);
    }

    private void atMost(String goal, OptionalDouble ratio, double bound) {
        verdict(goal, ratio, "<= " + format(bound), ratio.isPresent() && ratio.getAsDouble() <= bound);
    }

    private void atLeast(String goal, OptionalDouble ratio, double bound) {
        verdict(goal, ratio, ">= " + format(bound), ratio.isPresent() && ratio.getAsDouble() >= bound);
    }

    private void within(String goal, OptionalDouble ratio, double low, double high) {
        double value = ratio.orElse(Double.NaN);
        verdict(goal, ratio, format(low) + "-" + format(high), ratio.isPresent() && value >= low && value <= high);
    }

    private void verdict(String goal, OptionalDouble ratio, String bound, boolean met) {
        allMet &= met;
        String verdict = ratio.isEmpty() ? "MISSING (the contender or C did not run)" : met ? "pass" : "FAIL";
        lines.add(String.format(Locale.ROOT, "%-62s %7s %10s  %s", goal,
                ratio.isPresent() ? formatRatio(ratio.getAsDouble()) : "-", bound, verdict));
    }

    /** Three decimals, so that a ratio just over its bound does not print as the bound. */
    private static String formatRatio(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    private static String size(int bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MiB" : (bytes >> 10) + " KiB";
    }
}
