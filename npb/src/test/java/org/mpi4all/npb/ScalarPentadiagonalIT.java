package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SP class S verifies on one process and on the multi-partition of four (two cells per axis) on MPJ Express. */
class ScalarPentadiagonalIT {
    @ParameterizedTest(name = "SP S on {0} ranks")
    @ValueSource(ints = {1, 4})
    void classSVerifies(int ranks) {
        MpjRun.Result run = MpjRun.create().npb(ranks, "SP", "S", "--backend", "mpj", "--quiet");
        assertThat(run.exitCode()).as(run.describe()).isZero();
        NpbOutput output = new NpbOutput(run.stdout());
        OfficialClassS.of("SP").assertVerifiedIn(output);
        assertThat(output.field("Total processes")).contains(Integer.toString(ranks));
        assertThat(output.field("Iterations")).contains("100");
        assertThat(run.stderr()).as("--quiet leaves standard error empty").isEmpty();
    }

    @Test
    void progressGoesToStandardError() {
        MpjRun.Result run = MpjRun.create().npb(1, "SP", "S", "--backend", "mpj");
        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(run.stderr()).contains(" SP: time step    1 of 100").contains(" SP: time step  100 of 100");
    }

    @Test
    void aProcessCountThatIsNoSquareIsRefused() {
        MpjRun.Result run = MpjRun.create().npb(2, "SP", "S");
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(Main.USAGE);
        assertThat(run.stderr()).isEqualTo("npb: SP needs a square number of processes (1, 4, 9, 16, ...), not 2\n");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void cellsSmallerThanThreePointsAreRefused() {
        MpjRun.Result run = MpjRun.create().npb(25, "SP", "S");
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(Main.USAGE);
        assertThat(run.stderr()).isEqualTo("npb: SP class S runs on at most 16 processes, not 25\n");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void aClassTooLargeForTheMachineIsRefusedWithItsNeed() {
        MpjRun.Result run = MpjRun.create().npb(1, "SP", "E");
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(Main.NO_MEMORY);
        // 1024^3 points per field (1020 and two ghost layers on each side), 36 fields of doubles, 2 buffers.
        assertThat(run.stderr()).startsWith("npb: SP class E needs 288.9 GiB of memory per process,"
                + " more than this machine's ").endsWith("\n");
        assertThat(run.stderr().lines()).hasSize(1);
    }
}
