package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Class S of every implemented benchmark verifies on several ranks of MPJ Express: each printed value is
 * checked against the official NPB 3.4 value written here (shared/npb/npb_verification.md), not against the
 * program's own copy.
 */
class ClassSVerificationIT {

    @ParameterizedTest(name = "{0} S on {1} ranks")
    @CsvSource({
            "EP, 2, 1e-8,  sx,   -3.247834652034740e+3, sy, -6.958407078382297e+3",
            "EP, 3, 1e-8,  sx,   -3.247834652034740e+3, sy, -6.958407078382297e+3",
            "CG, 2, 1e-10, zeta, 8.5971775078648,,",
            "CG, 4, 1e-10, zeta, 8.5971775078648,,",
            "MG, 2, 1e-8,  rnm2, 0.5307707005734e-04,,",
            "MG, 4, 1e-8,  rnm2, 0.5307707005734e-04,,"})
    void classSVerifies(String benchmark, int ranks, double tolerance, String quantity, double official,
                        String secondQuantity, Double secondOfficial) {
        MpjRun.Result run = MpjRun.create().npb(ranks, benchmark, "S", "--backend", "mpj", "--quiet");
        assertThat(run.timedOut()).as(run.describe()).isFalse();
        assertThat(run.exitCode()).as(run.describe()).isZero();
        NpbOutput output = new NpbOutput(run.stdout());
        if (secondQuantity == null) {
            output.assertVerified(tolerance, quantity, official);
        } else {
            output.assertVerified(tolerance, quantity, official, secondQuantity, secondOfficial);
        }
        assertThat(output.field("Class")).contains("S");
        assertThat(output.field("Total processes")).contains(Integer.toString(ranks));
        assertThat(Double.parseDouble(output.field("Time in seconds").orElseThrow())).isGreaterThanOrEqualTo(0.0);
        assertThat(Double.parseDouble(output.field("Mop/s total").orElseThrow())).isGreaterThanOrEqualTo(0.0);
        assertThat(run.stderr()).as("--quiet leaves standard error empty").isEmpty();
    }
}
