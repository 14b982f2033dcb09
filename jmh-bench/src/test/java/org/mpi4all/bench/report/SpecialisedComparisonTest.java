package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecialisedComparisonTest {
    @TempDir
    Path results;

    /**
     * One launch of a jar on openmpi: the segment contender's round trip {@code ratio} times C's loop in the same
     * launch (whose round trip is {@code c} µs) and {@code MPI_Comm_rank} at {@code commRankNs}.
     */
    private void launch(String jar, int n, double c, double ratio, double commRankNs) throws IOException {
        Path launch = Files.createDirectories(results.resolve("openmpi").resolve(jar).resolve("launch-" + n));
        Files.writeString(launch.resolve("rank0.tsv"),
                line("c-in-mpi4all-segment", "PingPong.roundTrip", 8, c, c * 1.5)
                        + line("mpi4all-segment", "PingPong.roundTrip", 8, c * ratio, c * ratio * 1.5)
                        + line("mpi4all-segment", "BindingOverhead.commRankBinding", 0, commRankNs / 1000,
                                commRankNs / 500));
    }

    private static String line(String contender, String benchmark, int bytes, double best, double other) {
        return String.join("\t", contender, benchmark, Integer.toString(bytes), "1", "10", other + "," + best) + "\n";
    }

    @Test
    void judgesTheRoundTripOnEachLaunchsRatioToCAndCommRankOnTheBests() throws IOException {
        // Launches in the slow mode (C at 1.0 µs) and the fast one (0.3 µs): the ratios to C stay comparable.
        launch("neutral", 1, 0.3, 1.04, 8.0);
        launch("neutral", 2, 1.0, 1.05, 8.08);
        launch("neutral", 3, 0.3, 1.06, 8.2);
        launch("specialised", 1, 1.0, 1.04, 8.0);
        launch("specialised", 2, 0.3, 1.04, 8.0);
        launch("specialised", 3, 0.3, 1.05, 8.0);

        SpecialisedComparison comparison = SpecialisedComparison.of(results, List.of("openmpi"));

        assertThat(comparison.allWithin()).as(String.join("\n", comparison.lines())).isTrue();
        // round trip: median ratio 1.05 against 1.04; MPI_Comm_rank: median 8.08 ns against 8.0
        assertThat(comparison.lines()).anyMatch(l -> l.contains("mpi4all-segment: 8 B round trip")
                && l.contains("| 3 + 3 |") && l.contains("×1.010") && l.endsWith("| yes |"));
        assertThat(comparison.lines()).anyMatch(l -> l.contains("MPI_Comm_rank") && l.contains("8 / 8.08 / 8.2")
                && l.contains("×1.010") && l.endsWith("| yes |"));
    }

    @Test
    void aRatioBeyondTwoPercentEitherWayIsNotWithin() throws IOException {
        launch("neutral", 1, 0.3, 1.10, 8.0);
        launch("specialised", 1, 0.3, 1.05, 8.5);

        SpecialisedComparison comparison = SpecialisedComparison.of(results, List.of("openmpi"));

        assertThat(comparison.allWithin()).isFalse();
        assertThat(comparison.lines()).anyMatch(l -> l.contains("round trip") && l.contains("×1.048") && l.endsWith("| **no** |"));
        // the neutral jar 6% faster is as far from "the same" as 6% slower
        assertThat(comparison.lines()).anyMatch(l -> l.contains("MPI_Comm_rank") && l.contains("×0.941") && l.endsWith("| **no** |"));
    }

    @Test
    void aMissingMeasureIsNotMeasuredNeverWithin() throws IOException {
        launch("neutral", 1, 0.3, 1.0, 8.0);
        Path specialised = Files.createDirectories(results.resolve("openmpi/specialised/launch-1"));
        Files.writeString(specialised.resolve("rank0.tsv"), line("mpi4all-segment", "PingPong.roundTrip", 8, 0.3, 0.4));

        SpecialisedComparison comparison = SpecialisedComparison.of(results, List.of("openmpi"));

        assertThat(comparison.allWithin()).isFalse();
        assertThat(comparison.lines()).anyMatch(l -> l.contains("round trip") && l.endsWith("| - | within 2% | **not measured** |"));
    }

    /** Class initialisation of {@code Mpi} (FFM warm) in forks of a jar on openmpi, in ms. */
    private void startUp(String jar, double... forksMs) throws IOException {
        Path directory = Files.createDirectories(results.resolve("openmpi/class-init").resolve(jar));
        StringBuilder samples = new StringBuilder();
        for (double ms : forksMs) {
            samples.append(samples.isEmpty() ? "" : ",").append(ms * 1000);
        }
        Files.writeString(directory.resolve("rank0.tsv"),
                String.join("\t", "mpi4all", "ClassInitialisation.mpiColdJvm", "0", "1", "1", "70000,80000") + "\n"
                        + String.join("\t", "mpi4all", "ClassInitialisation.mpiAfterFfmWarm", "0", "1", "1", samples) + "\n");
    }

    @Test
    void startUpIsJudgedOnTheNeutralJarsMedianAndShownBesideTheSpecialisedOne() throws IOException {
        launch("neutral", 1, 0.3, 1.04, 8.0);
        launch("specialised", 1, 0.3, 1.04, 8.0);
        startUp("neutral", 20.0, 31.0, 25.0, 29.0, 40.0);
        startUp("specialised", 19.0, 22.0, 24.0);

        SpecialisedComparison comparison = SpecialisedComparison.of(results, List.of("openmpi"));

        assertThat(comparison.allWithin()).as(String.join("\n", comparison.lines())).isTrue();
        // median 29 of the neutral jar's five forks (not the cold JVM's 75) against the specialised jar's 22
        assertThat(comparison.lines()).anyMatch(l -> l.contains("class initialisation") && l.contains("| 5 + 3 |")
                && l.contains("| 20.0 / 29.0 / 40.0 | 19.0 / 22.0 / 24.0 |") && l.contains("×1.318")
                && l.contains("under 30 ms") && l.endsWith("| yes |"));
    }

    @Test
    void aNeutralStartUpMedianOf30MsOrMoreMissesTheBound() throws IOException {
        launch("neutral", 1, 0.3, 1.04, 8.0);
        launch("specialised", 1, 0.3, 1.04, 8.0);
        startUp("neutral", 29.0, 30.0, 31.0);

        SpecialisedComparison comparison = SpecialisedComparison.of(results, List.of("openmpi"));

        assertThat(comparison.allWithin()).isFalse();
        // no specialised forks: the ratio cannot be shown, the neutral jar's bound still is judged
        assertThat(comparison.lines()).anyMatch(l -> l.contains("class initialisation") && l.contains("| 3 + 0 |")
                && l.contains("| 29.0 / 30.0 / 31.0 | - | - |") && l.endsWith("| **no** |"));
    }

    @Test
    void anMpiWithoutBothJarsIsAClearError() throws IOException {
        launch("neutral", 1, 0.3, 1.0, 8.0);

        assertThatThrownBy(() -> SpecialisedComparison.of(results, List.of("openmpi")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("specialised/");
    }
}
