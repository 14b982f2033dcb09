package org.mpi4all.bench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.mpi4all.bench.report.AgainstC.Comparison;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Issue 13's bound on the one jar for every MPI: the implementation-neutral {@code benchmarks.jar} within 2% of one
 * specialised at build time ({@code -Pgenerate -Dmpi=MPI}) for the 8-byte round trip and {@code MPI_Comm_rank}, from
 * the launches of {@code scripts/bench-specialised}, which alternate the two jars on one MPI. The round trip of a
 * launch is judged against C's loop in the same launch ({@code scripts/bench --paired}), since where the scheduler
 * puts two ranks moves a small message's time by up to two times between launches and C's loop shares the
 * placement; a jar's figure is the median over its launches of those ratios, and the verdict is the ratio of the
 * two jars' figures. {@code MPI_Comm_rank} (no message, one rank's own call) is compared on the median of the
 * launches' best iterations.
 *
 * <pre>
 * SpecialisedComparison RESULTS-DIR MPI...
 * </pre>
 * RESULTS-DIR holds, per MPI, {@code MPI/neutral/launch-N/rank0.tsv} and {@code MPI/specialised/launch-N/rank0.tsv}.
 * Prints a Markdown table; exits with 1 if a ratio is beyond the bound or could not be computed.
 */
public final class SpecialisedComparison {
    /** Issue 13: the neutral jar within 2% of a specialised one. */
    static final double BOUND = 1.02;
    static final String NEUTRAL = "neutral";
    static final String SPECIALISED = "specialised";
    private static final String COMM_RANK = "BindingOverhead.commRankBinding";
    private static final int EIGHT_BYTES = 8;

    private final List<String> lines = new ArrayList<>();
    private boolean allWithin = true;

    private SpecialisedComparison() {}

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: SpecialisedComparison RESULTS-DIR MPI...");
            System.exit(2);
        }
        SpecialisedComparison comparison = of(Path.of(args[0]), List.of(args).subList(1, args.length));
        comparison.lines().forEach(System.out::println);
        System.exit(comparison.allWithin() ? 0 : 1);
    }

    /** The comparison of the launches under {@code results} for each of {@code mpis}. */
    static SpecialisedComparison of(Path results, List<String> mpis) {
        SpecialisedComparison comparison = new SpecialisedComparison();
        comparison.lines.add("| MPI | measure | launches | neutral | specialised | neutral ÷ specialised | within 2% |");
        comparison.lines.add("|---|---|---|---|---|---|---|");
        for (String mpi : mpis) {
            Path directory = results.resolve(mpi);
            if (!Files.isDirectory(directory.resolve(NEUTRAL)) || !Files.isDirectory(directory.resolve(SPECIALISED))) {
                throw new IllegalArgumentException(directory + " needs both " + NEUTRAL + "/ and " + SPECIALISED
                        + "/ (scripts/bench-specialised writes them)");
            }
            comparison.compare(mpi, Launches.read(directory.resolve(NEUTRAL)), Launches.read(directory.resolve(SPECIALISED)));
        }
        return comparison;
    }

    /** The table: a header, then one row per MPI, contender and measure. */
    List<String> lines() {
        return List.copyOf(lines);
    }

    /** Whether every ratio was computed and is within the bound. */
    boolean allWithin() {
        return allWithin;
    }

    private void compare(String mpi, Launches neutral, Launches specialised) {
        String launches = neutral.size() + " + " + specialised.size();
        for (String contender : List.of(AgainstC.SEGMENT, AgainstC.HEAP)) {
            if (!neutral.has(contender) && !specialised.has(contender)) {
                continue;
            }
            Comparison mine = AgainstC.paired(neutral, contender, AgainstC.ROUND_TRIP, EIGHT_BYTES);
            Comparison theirs = AgainstC.paired(specialised, contender, AgainstC.ROUND_TRIP, EIGHT_BYTES);
            row(mpi, contender + ": 8 B round trip ÷ C's loop in the same launch", launches,
                    mine.ratio(), mine.contender(), theirs.ratio(), theirs.contender());
        }
        Optional<ListStatistics> mine = neutral.bests(AgainstC.SEGMENT, COMM_RANK, 0);
        Optional<ListStatistics> theirs = specialised.bests(AgainstC.SEGMENT, COMM_RANK, 0);
        row(mpi, "`MPI_Comm_rank` through `Mpi`, ns, launches' bests min / median / max", launches,
                mine.map(s -> OptionalDouble.of(Launches.median(s))).orElse(OptionalDouble.empty()),
                mine.map(SpecialisedComparison::nanoseconds).orElse("-"),
                theirs.map(s -> OptionalDouble.of(Launches.median(s))).orElse(OptionalDouble.empty()),
                theirs.map(SpecialisedComparison::nanoseconds).orElse("-"));
    }

    private void row(String mpi, String measure, String launches, OptionalDouble neutral, String neutralShown,
            OptionalDouble specialised, String specialisedShown) {
        String ratio;
        String verdict;
        if (neutral.isPresent() && specialised.isPresent()) {
            double r = neutral.getAsDouble() / specialised.getAsDouble();
            ratio = String.format(Locale.ROOT, "×%.3f", r);
            boolean within = r <= BOUND && r >= 1 / BOUND;
            verdict = within ? "yes" : "**no**";
            allWithin &= within;
        } else {
            ratio = "-";
            verdict = "**not measured**";
            allWithin = false;
        }
        lines.add("| " + String.join(" | ", mpi, measure, launches, neutralShown, specialisedShown, ratio, verdict) + " |");
    }

    /** A launch's bests (µs per call) as "min / median / max" in nanoseconds. */
    private static String nanoseconds(ListStatistics bests) {
        return Launches.significant(bests.getMin() * 1000) + " / " + Launches.significant(Launches.median(bests) * 1000)
                + " / " + Launches.significant(bests.getMax() * 1000);
    }
}
