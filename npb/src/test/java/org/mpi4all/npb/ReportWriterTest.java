package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The report has NPB's print_results layout, then every verified value with its reference and error. */
class ReportWriterTest {

    private static Report report(List<Check> checks) {
        return new Report("MG", NpbClass.S, ReportWriter.grid(32, 32, 32), 4, 2, 0.125, 1234.5678,
                "floating point", checks, "test backend");
    }

    @Test
    void successfulRunHasNpbLayout() {
        String text = ReportWriter.format(report(List.of(new Check("rnm2", 5.307707005734e-05, 0.5307707005734e-04, 1e-8))));
        assertThat(text.lines().toList()).containsSubsequence(
                " MG Benchmark Completed.",
                " Class           =                        S",
                " Size            =             32x  32x  32",
                " Iterations      =                        4",
                " Time in seconds =                     0.13",
                " Total processes =                        2",
                " Active procs    =                        2",
                " Mop/s total     =                  1234.57",
                " Mop/s/process   =                   617.28",
                " Operation type  =           floating point",
                " Verification    =               SUCCESSFUL",
                " Version         =                      3.4",
                " Backend         =             test backend");
        assertThat(text).contains(
                " quantity                     computed                reference relative error  tolerance\n"
                        + " rnm2           5.3077070057340000E-05   5.3077070057340000E-05      0.000E+00    1.0E-08\n");
    }

    @Test
    void theWarmUpIsALineOfItsOwnAfterTheTime() {
        Report report = report(List.of(new Check("rnm2", 5.307707005734e-05, 0.5307707005734e-04, 1e-8)));
        assertThat(ReportWriter.format(report)).doesNotContain("Warm-up");
        String text = ReportWriter.format(report.withWarmUp(new WarmUp.Outcome(WarmUp.JIT, 23, 0.8412, true)));
        assertThat(text.lines().toList()).containsSubsequence(
                " Time in seconds =                     0.13",
                " Warm-up         = 23 steps, 0.84 s (jit: quiet)",
                " Total processes =                        2");
        assertThat(ReportWriter.format(report.withWarmUp(new WarmUp.Outcome(WarmUp.NPB, 1, 0.05, false))))
                .contains(" Warm-up         =     1 step, 0.05 s (npb)\n");
    }

    @Test
    void failedCheckMakesTheRunUnsuccessfulAndIsMarked() {
        Report report = report(List.of(
                new Check("first", 1.0, 1.0, 1e-8),
                new Check("second", 1.1, 1.0, 1e-8)));
        assertThat(report.verified()).isFalse();
        String text = ReportWriter.format(report);
        assertThat(text).contains(" Verification    =             UNSUCCESSFUL\n");
        assertThat(text).contains(" second         1.1000000000000000E+00   1.0000000000000000E+00      1.000E-01    1.0E-08  FAILED\n");
        assertThat(text).contains(" first          1.0000000000000000E+00   1.0000000000000000E+00      0.000E+00    1.0E-08\n");
    }

    @Test
    void nothingCheckedOrNotANumberIsUnsuccessful() {
        assertThat(report(List.of()).verified()).isFalse();
        assertThat(new Check("x", Double.NaN, 1.0, 1e-8).passed()).isFalse();
        assertThat(new Check("x", 1.0 + 1e-9, 1.0, 1e-8).passed()).isTrue();
        assertThat(new Check("x", -2.0, -1.0, 1.5).relativeError()).isEqualTo(1.0);
    }

    @Test
    void mopsIsZeroForAZeroTime() {
        assertThat(Report.mops(1e9, 0.0)).isZero();
        assertThat(Report.mops(1e9, 2.0)).isEqualTo(500.0);
    }
}
