package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The multi-rank harness itself: a hung run fails within its timeout and leaves no process behind. */
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
}
