package org.mpi4all.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.mpi4all.bench.PairedC;
import org.mpi4all.bench.report.AgainstC.Bound;
import org.mpi4all.bench.report.AgainstC.Comparison;
import org.mpi4all.bench.report.AgainstC.Goal;
import org.openjdk.jmh.util.ListStatistics;

/**
 * The performance goals of issue 14 checked against one run of {@code scripts/bench-quick}: each ratio with
 * pass or fail against its bound. The script launches every contender several times, interleaved, because where
 * the scheduler puts two ranks changes a small message's time by two times from one launch to the next; so a
 * contender's figure for a benchmark is, per launch, the best iteration of rank 0 (as the report's), and a goal
 * is judged on the median of those per-launch figures (C's median against the contender's), shown with their
 * minimum and maximum. When C's loop also ran inside each mpi4all launch ({@code scripts/bench --paired},
 * {@link PairedC}), a goal is judged on the median over the launches of each launch's own ratio (the contender's
 * best over C's best in that launch: both drew the same placement and the same machine speed), and the ratios
 * against C's own launches are shown for comparison. NPB times are the median of the repeated runs. A contender
 * that did not run is reported as missing, never as passing.
 *
 * <pre>
 * QuickCheck RESULTS-DIR NPB-TSV MPI
 * </pre>
 * RESULTS-DIR holds {@code scripts/bench}'s {@code rank0.tsv}, or one {@code launch-N/rank0.tsv} per launch;
 * NPB-TSV is {@code scripts/bench-npb}'s result file, whose mpi4all backend on MPI is named {@code mpi4all-MPI}.
 * Exits with 1 if a goal failed or could not be checked.
 */
public final class QuickCheck {
    private static final double CG_SPEEDUP_GOAL = 1.2;
    private static final String ROW = "%-66s %7s %10s  %-8s %s";
    private static final String FOR_COMPARISON = "for comparison";

    private final Launches launches;
    private final NpbRuns npbRuns;
    private final List<String> lines = new ArrayList<>();
    private boolean allMet = true;

    private QuickCheck(Launches launches, NpbRuns npbRuns) {
        this.launches = launches;
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
        QuickCheck check = new QuickCheck(Launches.read(resultsDirectory), NpbRuns.read(npbResults));
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
        lines.add(launches.size() + " launch(es) per contender; a launch's figure is its best iteration; ratio ="
                + " contender's median / C's median; per-launch µs shown as min / median / max");
        boolean paired = AgainstC.paired(launches);
        if (paired) {
            lines.add("paired: C's loop ran in each mpi4all launch (scripts/bench --paired); a paired ratio is the median"
                    + " over the launches of each launch's contender / C; it decides, the standalone C is for comparison");
        }
        lines.add(String.format(Locale.ROOT, ROW, "goal (x = contender / C)", "ratio", "bound", "verdict",
                "contender µs | C µs (paired: the launches' ratios; CG: s, mpi4all | Open MPI Java)"));
        List<Goal> goals = AgainstC.goals(launches);
        if (paired) {
            microGoals(goals, true, true);
        }
        microGoals(goals, false, !paired);
        for (String contender : List.of("ompi-java-array", "ompi-java-direct")) {
            Comparison comparison = AgainstC.apart(launches, contender, AgainstC.ROUND_TRIP, 8);
            if (comparison.ratio().isPresent()) {
                row(contender + ": 8 B round trip", comparison, "-", FOR_COMPARISON);
            }
        }
        judge(true, "CG.A on 2 ranks (s): Open MPI Java / mpi4all-" + mpi, cgSpeedup("mpi4all-" + mpi),
                Bound.atLeast(CG_SPEEDUP_GOAL));
    }

    /** The micro-benchmark goals against C in the same launches ({@code paired}) or against C's own launches. */
    private void microGoals(List<Goal> goals, boolean paired, boolean judged) {
        for (Goal goal : goals) {
            judge(judged, goal.name() + (paired ? ", paired" : ""), goal.compare(launches, paired), goal.bound());
        }
    }

    /**
     * Open MPI Java's median CG.A time on 2 ranks over the backend's (a speed-up: the backend is the contender, Open
     * MPI Java stands where C does).
     */
    private Comparison cgSpeedup(String backend) {
        Optional<ListStatistics> mine = Launches.statistics(npbRuns.times(backend, "CG", "A", 2));
        Optional<ListStatistics> reference = Launches.statistics(npbRuns.times("ompi-java", "CG", "A", 2));
        return new Comparison(mine, reference).inverse();
    }

    /** A goal's row: judged against its bound, or only shown ({@code judged} false). */
    private void judge(boolean judged, String goal, Comparison comparison, Bound bound) {
        if (!judged) {
            if (comparison.ratio().isPresent()) {
                row(goal, comparison, bound.toString(), FOR_COMPARISON);
            }
            return;
        }
        boolean met = comparison.ratio().isPresent() && bound.holds(comparison.ratio().getAsDouble());
        allMet &= met;
        row(goal, comparison, bound.toString(),
                comparison.ratio().isEmpty() ? "MISSING (the contender or C did not run)" : met ? "pass" : "FAIL");
    }

    private void row(String goal, Comparison comparison, String bound, String verdict) {
        OptionalDouble ratio = comparison.ratio();
        lines.add(String.format(Locale.ROOT, ROW, goal, ratio.isPresent() ? formatRatio(ratio.getAsDouble()) : "-",
                bound, verdict, comparison.contender() + " | " + comparison.c()));
    }

    /** Three decimals, so that a ratio just over its bound does not print as the bound. */
    private static String formatRatio(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
