package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuickCheckTest {
    @TempDir
    Path directory;

    /** Result lines where mpi4all takes {@code factor} times C's time in every micro-benchmark. */
    private void microResults(double factor) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (String contender : List.of("c", "mpi4all-segment", "mpi4all-heap")) {
            double scale = contender.equals("c") ? 1 : factor;
            lines.append(line(contender, "PingPong.roundTrip", 8, 1, 0.30 * scale, 0.50 * scale));
            lines.append(line(contender, "Allreduce.sum", 8, 1, 0.20 * scale, 0.40 * scale));
            if (!contender.equals("mpi4all-heap")) {
                for (int bytes : List.of(8, 64, 1 << 16, 1 << 20, 1 << 22)) {
                    lines.append(line(contender, "Bandwidth.window", bytes, 64, bytes * 0.001 * scale, bytes * 0.002 * scale));
                }
            }
        }
        Files.writeString(directory.resolve("rank0.tsv"), lines);
    }

    private static String line(String contender, String benchmark, int bytes, int window, double best, double other) {
        return String.join("\t", contender, benchmark, Integer.toString(bytes), Integer.toString(window), "10",
                other + "," + best + "," + other) + "\n";
    }

    private Path npb(String... lines) throws IOException {
        return Files.writeString(directory.resolve("npb.tsv"), String.join("\n", lines) + "\n");
    }

    @Test
    void goalsMetWhenEveryRatioIsWithinItsBound() throws IOException {
        microResults(1.02);
        Path npb = npb("ompi-java\tCG\tA\t2\t0.60", "ompi-java\tCG\tA\t2\t0.48", "mpi4all-openmpi\tCG\tA\t2\t0.38",
                "mpi4all-openmpi\tCG\tA\t2\t0.45");

        QuickCheck check = QuickCheck.of(directory, npb, "openmpi");

        assertThat(check.allMet()).as(String.join("\n", check.lines())).isTrue();
        // median of 0.48 and 0.60 over median of 0.38 and 0.45: 0.54 / 0.415
        assertThat(check.lines()).anyMatch(line -> line.startsWith("CG.A on 2 ranks") && line.contains("1.301")
                && line.contains("pass") && line.endsWith("0.38 / 0.415 / 0.45 | 0.48 / 0.54 / 0.6"));
        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-heap: 8 B round trip") && line.contains("1.02"));
    }

    @Test
    void aRatioBeyondItsBoundFails() throws IOException {
        microResults(1.25);
        Path npb = npb("ompi-java\tCG\tA\t2\t0.42", "mpi4all-openmpi\tCG\tA\t2\t0.71");

        QuickCheck check = QuickCheck.of(directory, npb, "openmpi");

        assertThat(check.allMet()).isFalse();
        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-segment: 8 B round trip") && line.contains("1.25")
                && line.contains(" FAIL "));
        // a rate ratio is the inverse of the time ratio: 1 / 1.25
        assertThat(check.lines()).anyMatch(line -> line.contains("message rate, window of 8 B") && line.contains("0.80")
                && line.contains(" FAIL "));
        assertThat(check.lines()).anyMatch(line -> line.startsWith("CG.A on 2 ranks") && line.contains("0.59") && line.contains(" FAIL "));
    }

    /** One launch's rank0.tsv in launch-N, with the round trip's iterations of C and of mpi4all. */
    private void launch(int n, double cRoundTrip, double mpi4allRoundTrip) throws IOException {
        Path launch = Files.createDirectories(directory.resolve("launch-" + n));
        Files.writeString(launch.resolve("rank0.tsv"),
                line("c", "PingPong.roundTrip", 8, 1, cRoundTrip, cRoundTrip * 1.2)
                        + line("mpi4all-segment", "PingPong.roundTrip", 8, 1, mpi4allRoundTrip, mpi4allRoundTrip * 1.3));
    }

    @Test
    void severalLaunchesAreJudgedOnTheMedianOfTheirBestIterations() throws IOException {
        // Where the scheduler puts the ranks makes a launch fast or slow: the same jar gave 0.49 or 1.07 µs.
        launch(1, 0.256, 0.49);
        launch(2, 0.51, 1.07);
        launch(3, 0.262, 0.27);
        launch(4, 0.50, 0.52);
        launch(5, 0.259, 0.28);
        launch(10, 0.27, 1.10);
        Path npb = npb("ompi-java\tCG\tA\t2\t0.60", "mpi4all-openmpi\tCG\tA\t2\t0.45");

        QuickCheck check = QuickCheck.of(directory, npb, "openmpi");

        assertThat(check.lines().getFirst()).startsWith("6 launch(es) per contender");
        // C: 0.256 0.259 0.262 0.27 0.50 0.51, median 0.266; mpi4all: 0.27 0.28 0.49 0.52 1.07 1.10, median 0.505
        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-segment: 8 B round trip")
                && line.contains("1.898") && line.contains("FAIL")
                && line.endsWith("0.27 / 0.505 / 1.1 | 0.256 / 0.266 / 0.51"));
        // No launch of C ran the window, nor mpi4all-heap anything.
        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-heap: 8 B round trip") && line.contains("MISSING"));
        assertThat(check.allMet()).isFalse();
    }

    @Test
    void cInTheSameLaunchDecidesWhenItRan() throws IOException {
        // Launch 1 drew the slow mode for everyone, launch 2 the fast one for C's own launch only: against C's own
        // launches mpi4all's round trip takes 1.9 times as long, against C in its own launches 1.05 and 1.10.
        double[][] roundTrips = {{0.40, 1.00, 1.05}, {0.40, 0.50, 0.55}}; // C alone, C in the launch, mpi4all
        for (int n = 1; n <= 2; n++) {
            Path launch = Files.createDirectories(directory.resolve("launch-" + n));
            double[] times = roundTrips[n - 1];
            Files.writeString(launch.resolve("rank0.tsv"), line("c", "PingPong.roundTrip", 8, 1, times[0], 2)
                    + line("c-in-mpi4all-segment", "PingPong.roundTrip", 8, 1, times[1], 2)
                    + line("mpi4all-segment", "PingPong.roundTrip", 8, 1, times[2], 2));
        }

        QuickCheck check = QuickCheck.of(directory, npb("ompi-java\tCG\tA\t2\t0.42"), "openmpi");

        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-segment: 8 B round trip, paired")
                && line.contains("1.075") && line.contains("pass") && line.contains("ratios 1.05 / 1.075 / 1.1"));
        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-segment: 8 B round trip ")
                && line.contains("2.000") && line.contains("for comparison"));
        assertThat(check.lines()).noneMatch(line -> line.contains("for comparison") && line.contains("MISSING"));
        // the heap contender and the windows did not run: missing, so not every goal is met
        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-heap: 8 B round trip, paired")
                && line.contains("MISSING"));
        assertThat(check.allMet()).isFalse();
    }

    @Test
    void theRateAndLargeWindowGoalsCoverEverySizeTheLaunchesMeasured() throws IOException {
        // the report's plan runs windows of 1, 4, 8, 16, 64, 256 B ... 4 MiB, not only the goals plan's sizes
        StringBuilder lines = new StringBuilder();
        for (String contender : List.of("c", "mpi4all-segment")) {
            for (int bytes : List.of(1, 8, 64, 256, 1 << 16, 1 << 18)) {
                lines.append(line(contender, "Bandwidth.window", bytes, 64, 1 + bytes * 0.001, 2 + bytes * 0.001));
            }
        }
        Files.writeString(directory.resolve("rank0.tsv"), lines);

        QuickCheck check = QuickCheck.of(directory, npb("ompi-java\tCG\tA\t2\t0.42"), "openmpi");

        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-segment: message rate, window of 1 B (of C's) ")
                && line.contains("1.000") && line.contains("pass"));
        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-segment: window of 256 KiB (time) ")
                && line.contains("1.000") && line.contains("pass"));
        // 256 B is neither a small message nor a large one; 1 MiB, which the goals name, did not run
        assertThat(check.lines()).noneMatch(line -> line.contains("window of 256 B"));
        assertThat(check.lines()).anyMatch(line -> line.startsWith("mpi4all-segment: window of 1 MiB (time) ")
                && line.contains("MISSING"));
    }

    @Test
    void aResultsDirectoryWithoutResultsIsRefused() {
        assertThatThrownBy(() -> QuickCheck.of(directory, directory.resolve("npb.tsv"), "openmpi"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("neither rank0.tsv nor launch-N");
    }

    @Test
    void aBackendThatDidNotRunIsMissingNotPassing() throws IOException {
        microResults(1.0);
        Path npb = npb("ompi-java\tCG\tA\t2\t0.42", "mpi4all-openmpi\tCG\tA\t2\tfailed-1");

        QuickCheck check = QuickCheck.of(directory, npb, "openmpi");

        assertThat(check.allMet()).isFalse();
        assertThat(check.lines()).anyMatch(line -> line.startsWith("CG.A on 2 ranks") && line.contains("MISSING"));
    }
}
