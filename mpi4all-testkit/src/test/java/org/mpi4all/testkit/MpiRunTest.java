package org.mpi4all.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The harness itself, on plain Java programs launched by the real MPI launcher. */
class MpiRunTest {

    /** Prints the rank the launcher gave this process, then exits with the status named in its arguments. */
    public static final class ReportRank {
        public static void main(String[] args) throws InterruptedException {
            String rank = System.getenv().getOrDefault("OMPI_COMM_WORLD_RANK",
                    System.getenv().getOrDefault("PMI_RANK", System.getenv("PMIX_RANK")));
            System.out.println("rank=" + rank);
            if (args.length > 0 && args[0].equals("hang-on-1") && rank.equals("1")) {
                Thread.sleep(Long.MAX_VALUE);
            }
            if (args.length > 0 && args[0].equals("fail-on-1") && rank.equals("1")) {
                System.err.println("rank 1 fails on purpose");
                System.exit(3);
            }
        }
    }

    @Test
    void collectsTheOutputOfEveryRank() {
        MpiRunResult result = MpiRun.java(ReportRank.class).ranks(3).run();

        result.assertSucceeded();
        assertThat(result.ranks()).hasSize(3);
        result.assertEachRank(r -> assertThat(r.value("rank")).contains(Integer.toString(r.rank())));
    }

    @Test
    void aFailingRankFailsTheRunAndIsNamed() {
        MpiRunResult result = MpiRun.java(ReportRank.class, "fail-on-1").ranks(2).run();

        assertThat(result.succeeded()).isFalse();
        assertThat(result.rank(1).exitCode()).contains(3);
        assertThatThrownBy(result::assertSucceeded)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("rank 1: exit 3")
                .hasMessageContaining("rank 1 fails on purpose");
    }

    @Test
    void aFailingPerRankCheckNamesTheRank() {
        MpiRunResult result = MpiRun.java(ReportRank.class).ranks(2).run();

        assertThatThrownBy(() -> result.assertEachRank(r -> assertThat(r.value("rank")).contains("0")))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("rank 1 of 2:");
    }

    @Test
    void aHungRankIsKilledWithinTheTimeoutAndLeavesNoProcess() {
        long start = System.nanoTime();
        MpiRunResult result = MpiRun.java(ReportRank.class, "hang-on-1").ranks(2)
                .timeout(Duration.ofSeconds(8)).run();
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(result.timedOut()).isTrue();
        assertThat(result.succeeded()).isFalse();
        assertThat(result.rank(1).exitCode()).isEmpty();
        assertThat(took).isLessThan(Duration.ofSeconds(30));
        assertThat(result.leftoverProcesses()).isEmpty();
        assertThatThrownBy(result::assertSucceeded).hasMessageStartingWith("timed out and was killed");
    }

    @Test
    void aStrayProcessIsFoundUnlessAnotherRunMarksItAsItsOwn() throws IOException {
        MpiRunResult result = MpiRun.java(ReportRank.class).ranks(2).run();
        String fragment = "3600.25";   // a command line no other process has
        Process unmarked = new ProcessBuilder("sleep", fragment).start();
        ProcessBuilder otherRun = new ProcessBuilder("sleep", fragment);
        otherRun.environment().put(MpiRun.RUN_MARKER, "another-run");
        Process another = otherRun.start();
        try {
            assertThat(result.processesRunning(fragment)).containsExactly(unmarked.toHandle());
        } finally {
            unmarked.destroyForcibly();
            another.destroyForcibly();
        }
    }
}
