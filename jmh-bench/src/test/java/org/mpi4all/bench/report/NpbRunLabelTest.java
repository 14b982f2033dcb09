package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.mpi4all.bench.report.NpbRunLabel.Rules;

/** The labels of NPB runs, from output captured under mpirun (Open MPI 4.1.4, 2026-11-27). */
class NpbRunLabelTest {
    /** npb.jar CG S on 1 rank: exit 0, "Time in seconds = 2.54", SUCCESSFUL. */
    private static final String JAVA_CG = output("java-cg-s-1-rank.out");
    /** npb.jar CG S on 3 ranks: "npb: CG needs a power-of-two number of processes", exit 2. */
    private static final String JAVA_CG_ON_3 = output("java-cg-s-3-ranks.out");
    /** NASA's cg.S.x (gfortran -O3) on 2 ranks of a very loaded machine: "Time in seconds = 31.50", SUCCESSFUL. */
    private static final String FORTRAN_CG = output("fortran-cg-s-2-ranks.out");

    private static String output(String name) {
        try (InputStream in = NpbRunLabelTest.class.getResourceAsStream("/npb-output/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(name, e);
        }
    }

    @Test
    void aVerifiedRunIsLabelledWithItsSecondsAsPrinted() {
        assertThat(NpbRunLabel.of(Rules.NPB, 0, JAVA_CG)).isEqualTo("2.54");
        assertThat(NpbRunLabel.of(Rules.REPORT, 0, FORTRAN_CG)).isEqualTo("31.50");
        assertThat(NpbRunLabel.of(Rules.REPORT, 0, JAVA_CG)).isEqualTo("2.54");
    }

    @Test
    void aRankCountTheBenchmarkRefusesIsUnsupportedNotFailed() {
        assertThat(NpbRunLabel.of(Rules.NPB, 2, JAVA_CG_ON_3)).isEqualTo("unsupported-ranks");
        assertThat(NpbRunLabel.of(Rules.JMH, 2, JAVA_CG_ON_3)).isEqualTo("unsupported-ranks");
        // The same words with another status are a failure.
        assertThat(NpbRunLabel.of(Rules.NPB, 1, JAVA_CG_ON_3)).isEqualTo("failed-1");
    }

    @Test
    void underTheReportRulesARunMustSaySuccessfulEvenWhenItExitsZero() {
        String unsuccessful = FORTRAN_CG.replace("=               SUCCESSFUL", "=             UNSUCCESSFUL");
        assertThat(unsuccessful).isNotEqualTo(FORTRAN_CG);
        assertThat(NpbRunLabel.of(Rules.REPORT, 0, unsuccessful)).isEqualTo("unverified");
        assertThat(NpbRunLabel.of(Rules.REPORT, 0, "")).isEqualTo("unverified");
        assertThat(NpbRunLabel.of(Rules.REPORT, 1, FORTRAN_CG)).isEqualTo("failed-1");
        String noTime = FORTRAN_CG.replaceAll("(?m)^ *Time in seconds.*$", "");
        assertThat(NpbRunLabel.of(Rules.REPORT, 0, noTime)).isEqualTo("failed-no-time");
    }

    @Test
    void timeoutsJmhRunsAndTheJavaPortsOwnRefusals() {
        assertThat(NpbRunLabel.of(Rules.NPB, 124, JAVA_CG)).isEqualTo("timeout");
        assertThat(NpbRunLabel.of(Rules.REPORT, 137, "")).isEqualTo("timeout");
        assertThat(NpbRunLabel.of(Rules.JMH, 0, "")).isEqualTo("verified");
        assertThat(NpbRunLabel.of(Rules.NPB, 3, "npb: FT class D does not fit in memory")).isEqualTo("too-big");
        assertThat(NpbRunLabel.of(Rules.NPB, 1, "npb: SP is not implemented on this backend"))
                .isEqualTo("not-implemented");
        // Exit 0 without a report is no time.
        assertThat(NpbRunLabel.of(Rules.NPB, 0, "")).isEqualTo("failed-0");
    }
}
