package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** EP class S verifies on several ranks of MPJ Express, an even and an uneven split of its batches. */
class EmbarrassinglyParallelIT {

    @ParameterizedTest(name = "EP S on {0} ranks")
    @ValueSource(ints = {2, 3})
    void classSVerifies(int ranks) {
        MpjRun.Result run = MpjRun.create().npb(ranks, "EP", "S", "--backend", "mpj", "--quiet");
        assertThat(run.exitCode()).as(run.describe()).isZero();
        NpbOutput output = new NpbOutput(run.stdout());
        output.assertVerified(1e-8, "sx", -3.247834652034740e+3, "sy", -6.958407078382297e+3);
        assertThat(output.field("Total processes")).contains(Integer.toString(ranks));
        assertThat(output.field("Size")).contains("33554432");
        assertThat(run.stderr()).as("--quiet leaves standard error empty").isEmpty();
    }
}
