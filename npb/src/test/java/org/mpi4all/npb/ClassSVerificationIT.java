package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Class S of every implemented benchmark verifies on several ranks of MPJ Express: each printed value is
 * checked against the official NPB 3.4 value ({@link OfficialClassS}), not against the program's own copy.
 */
class ClassSVerificationIT {

    @ParameterizedTest(name = "{0} S on {1} ranks")
    @CsvSource({"EP, 2", "EP, 3", "CG, 2", "CG, 4", "MG, 2", "MG, 4"})
    void classSVerifies(String benchmark, int ranks) {
        MpjRun.Result run = MpjRun.create().npb(ranks, benchmark, "S", "--backend", "mpj", "--quiet");
        assertThat(run.timedOut()).as(run.describe()).isFalse();
        assertThat(run.exitCode()).as(run.describe()).isZero();
        NpbOutput output = new NpbOutput(run.stdout());
        OfficialClassS.of(benchmark).assertVerifiedIn(output);
        assertThat(output.field("Class")).contains("S");
        assertThat(output.field("Total processes")).contains(Integer.toString(ranks));
        assertThat(Double.parseDouble(output.field("Time in seconds").orElseThrow())).isGreaterThanOrEqualTo(0.0);
        assertThat(Double.parseDouble(output.field("Mop/s total").orElseThrow())).isGreaterThanOrEqualTo(0.0);
        assertThat(run.stderr()).as("--quiet leaves standard error empty").isEmpty();
    }
}
