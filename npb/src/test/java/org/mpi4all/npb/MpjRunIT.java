package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The multi-rank harness and the MPJ backend's ending of a run: a hung run fails within its timeout and leaves
 * no process behind; an aborting rank ends every rank with its status.
 */
class MpjRunIT {

    @Test
    void hungRunIsKilledAtItsTimeoutWithNothingLeft() {
        long start = System.nanoTime();
        MpjRun.Result run = MpjRun.create().timeout(Duration.ofSeconds(8)).main(2, HangingRank.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
        assertThat(run.timedOut()).as(run.describe()).isTrue();
        assertThat(run.stdout()).contains("rank 0 started").contains("rank 1 started");
        assertThat(run.leftoverProcesses()).isEmpty();
    }

    @Test
    void abortEndsEveryRankWithItsStatus() {
        MpjRun.Result run = MpjRun.create().timeout(Duration.ofSeconds(60)).main(2, AbortingRank.class);
        assertThat(run.timedOut()).as(run.describe()).isFalse();
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(Main.FAILED);
        assertThat(run.stdout()).doesNotContain("passed the barrier");
        assertThat(run.leftoverProcesses()).isEmpty();
    }
}
