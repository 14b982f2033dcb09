package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HighLevelBoundTest {
    @TempDir
    Path directory;

    /** A result line of HighLevelBench: two iterations, {@code best} and a slower one. */
    private static String line(String contender, String benchmark, int bytes, double best) {
        return String.join("\t", contender, benchmark, Integer.toString(bytes), "1", "2000", (best * 1.5) + "," + best)
                + "\n";
    }

    /** A launch's rank0.tsv and its load.tsv ("before\tafter"). */
    private void launch(int n, String load, String... lines) throws IOException {
        Path launch = Files.createDirectories(directory.resolve("launch-" + n));
        Files.writeString(launch.resolve("rank0.tsv"), String.join("", lines));
        Files.writeString(launch.resolve("load.tsv"), "high-level\t" + load + "\n");
    }

    /** The line of one row, matched by its operation, buffer and size at its start. */
    private static String row(HighLevelBound bound, String operation, String buffer, int bytes) {
        return bound.lines().stream().filter(l -> l.matches(operation + " +" + buffer + " +" + bytes + " .*"))
                .findFirst().orElseThrow(() -> new AssertionError("no row " + operation + " " + buffer + " " + bytes
                        + " in\n" + String.join("\n", bound.lines())));
    }

    @Test
    void aRowIsJudgedOnTheMedianOfEachLaunchsOwnRatio() throws IOException {
        // Launch 2 drew the slow placement: both layers are slow in it, its ratio is not.
        launch(1, "1.2\t1.5",
                line("mpi4all-heap", "LayersBenchmark.pingPongGenerated", 8, 1.00),
                line("mpi4all-heap", "LayersBenchmark.pingPongHighLevel", 8, 1.02),
                line("mpi4all-segment", "OneSidedBenchmark.putFenceGenerated", 8, 0.50),
                line("mpi4all-segment", "OneSidedBenchmark.putFenceHighLevel", 8, 0.52),
                line("mpi4all-segment", "LayersBenchmark.pingPongGenerated", 1 << 20, 300),
                line("mpi4all-segment", "LayersBenchmark.pingPongHighLevel", 1 << 20, 303),
                line("mpi4all-heap", "LayersBenchmark.allreduceGenerated", 8, 0.40),
                line("mpi4all-heap", "LayersBenchmark.allreduceHighLevelInlineParams", 8, 0.60));
        launch(2, "1.5\t1.9",
                line("mpi4all-heap", "LayersBenchmark.pingPongGenerated", 8, 0.50),
                line("mpi4all-heap", "LayersBenchmark.pingPongHighLevel", 8, 0.49),
                line("mpi4all-segment", "OneSidedBenchmark.putFenceGenerated", 8, 1.00),
                line("mpi4all-segment", "OneSidedBenchmark.putFenceHighLevel", 8, 1.06),
                line("mpi4all-segment", "LayersBenchmark.pingPongGenerated", 1 << 20, 290));
        launch(3, "1.9\t2.0",
                line("mpi4all-heap", "LayersBenchmark.pingPongGenerated", 8, 1.00),
                line("mpi4all-heap", "LayersBenchmark.pingPongHighLevel", 8, 1.50),
                line("mpi4all-segment", "OneSidedBenchmark.putFenceGenerated", 8, 0.50),
                line("mpi4all-segment", "OneSidedBenchmark.putFenceHighLevel", 8, 0.55));

        HighLevelBound bound = HighLevelBound.of(directory);

        assertThat(bound.lines().getFirst()).startsWith("3 launch(es); a launch's ratio = its best iteration");
        // ratios 1.02, 0.98, 1.5: median 1.02; the times' medians are 1 (0.5, 1, 1) and 1.02 (0.49, 1.02, 1.5)
        assertThat(row(bound, "ping-pong", "array", 8))
                .matches("ping-pong +array +8 +1\\.020 +0\\.980 +1\\.500 +3/3 +within 5% +1 \\| 1\\.02");
        // ratios 1.04, 1.06, 1.1: median 1.06, over the bound although two launches' times are half the third's
        assertThat(row(bound, "put \\+ fence", "segment", 8))
                .matches("put \\+ fence +segment +8 +1\\.060 +1\\.040 +1\\.100 +3/3 +OVER 5% +0\\.5 \\| 0\\.55");
        // only launch 1 ran the high level at 1 MiB: one ratio, from one launch
        assertThat(row(bound, "ping-pong", "segment", 1 << 20))
                .matches("ping-pong +segment +1048576 +1\\.010 +1\\.010 +1\\.010 +1/3 +within 5% +295 \\| 303");
        // named parameters built in the call allocate by design: shown, not judged
        assertThat(row(bound, "allreduce, parameters in the call", "array", 8)).contains("1.500").contains("for information");
        // no launch ran the high level's allreduce without parameters in the call: no row for it
        assertThat(bound.lines()).noneMatch(l -> l.startsWith("allreduce "));
        assertThat(bound.lines()).contains("2 of 3 bounded rows within 5%",
                "load average (1 min) before→after each launch: 1.2→1.5, 1.5→1.9, 1.9→2.0");
    }

    @Test
    void aSingleLaunchIsReadFromTheDirectoryItself() throws IOException {
        Files.writeString(directory.resolve("rank0.tsv"),
                line("mpi4all-segment", "LayersBenchmark.allreduceGenerated", 8192, 4.0)
                        + line("mpi4all-segment", "LayersBenchmark.allreduceHighLevel", 8192, 4.1));

        HighLevelBound bound = HighLevelBound.of(directory);

        assertThat(row(bound, "allreduce", "segment", 8192))
                .matches("allreduce +segment +8192 +1\\.025 +1\\.025 +1\\.025 +1/1 +within 5% +4 \\| 4\\.1");
        assertThat(bound.lines()).contains("1 of 1 bounded rows within 5%");
    }

    @Test
    void aMissingResultsDirectoryIsRefused() {
        assertThatThrownBy(() -> HighLevelBound.of(directory.resolve("missing"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("missing is not a directory of results");
    }

    @Test
    void resultsWithoutBothLayersAreRefused() throws IOException {
        launch(1, "1.0\t1.0", line("mpi4all-heap", "HeapAccessBenchmark.critical", 8, 0.3),
                line("mpi4all-heap", "LayersBenchmark.pingPongGenerated", 8, 0.3));

        assertThatThrownBy(() -> HighLevelBound.of(directory)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no launch measured an operation on both layers");
    }
}
