package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NpbReportTableTest {

    /** The lines of print_results that the table reads, as npb.jar and NASA's Fortran print them. */
    private static String report(String seconds, String mopsTotal, String mopsPerProcess) {
        return String.format("""

                 CG Benchmark Completed.
                 Class           =                        A
                 Time in seconds =                     %s
                 Total processes =                        2
                 Mop/s total     =                   %s
                 Mop/s/process   =                   %s
                 Verification    =               SUCCESSFUL
                """, seconds, mopsTotal, mopsPerProcess);
    }

    private static NpbReportTable.Run run(String bench, int processes, int status, String output, String errors) {
        return new NpbReportTable.Run(bench, "A", processes, status, output, errors);
    }

    @Test
    void reportValuesAreParsedTrimmed() {
        NpbReport report = NpbReport.parse(report("0.71", "2107.53", "1053.77"));

        assertThat(report.seconds()).contains("0.71");
        assertThat(report.time()).contains(0.71);
        assertThat(report.mopsTotal()).contains("2107.53");
        assertThat(report.mopsPerProcess()).contains("1053.77");
        assertThat(report.verification()).contains("SUCCESSFUL");
        assertThat(NpbReport.parse("npb: CG needs a power of two processes").time()).isEmpty();
    }

    @Test
    void eachRowHasAllValuesOfTheRunWithTheMedianTime() {
        String table = NpbReportTable.table(List.of(
                run("CG", 2, 0, report("3.00", "300.00", "150.00"), ""),
                run("CG", 2, 0, report("1.00", "100.00", "50.00"), ""),
                run("CG", 2, 0, report("2.00", "200.00", "100.00"), ""),
                // Of an even count, the faster of the middle two.
                run("EP", 1, 0, report("4.00", "40.00", "40.00"), ""),
                run("EP", 1, 0, report("1.00", "10.00", "10.00"), ""),
                run("EP", 1, 0, report("3.00", "30.00", "30.00"), ""),
                run("EP", 1, 0, report("2.00", "20.00", "20.00"), "")));

        assertThat(table.lines().toList()).containsExactly(
                "| benchmark | class | processes | time (s) | Mop/s total | Mop/s/process | verification |",
                "|---|---|---|---|---|---|---|",
                "| CG | A | 2 | 2.00 | 200.00 | 100.00 | SUCCESSFUL |",
                "| EP | A | 1 | 2.00 | 20.00 | 20.00 | SUCCESSFUL |");
    }

    @Test
    void aFailedRunGivesItsStatusAndNpbsMessage() {
        String table = NpbReportTable.table(List.of(
                run("SP", 2, 0, report("1.00", "1.00", "1.00"), ""),
                run("SP", 2, 2, "", "some launcher noise\nnpb: SP needs a square number of processes, not 2\n"),
                run("MG", 4, 137, "", "killed\n"),
                run("FT", 4, 0, "no report here", "")));

        assertThat(table.lines().skip(2).toList()).containsExactly(
                "| SP | A | 2 | – | – | – | exit 2: SP needs a square number of processes, not 2 |",
                "| MG | A | 4 | – | – | – | exit 137 |",
                "| FT | A | 4 | – | – | – | exit 0 without a time in NPB's report |");
    }

    @Test
    void theRunsAreReadFromTheOutputsTheirIndexNames(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("cg.1.out"), report("0.50", "5.00", "2.50"));
        Files.writeString(dir.resolve("cg.1.err"), "");
        Path index = Files.writeString(dir.resolve("runs.tsv"), "CG\tA\t2\t0\t" + dir.resolve("cg.1") + "\n");

        assertThat(NpbReportTable.table(NpbReportTable.read(index)).lines().skip(2).toList())
                .containsExactly("| CG | A | 2 | 0.50 | 5.00 | 2.50 | SUCCESSFUL |");
    }

    @Test
    void aMalformedIndexLineIsNamed(@TempDir Path dir) throws IOException {
        Path index = Files.writeString(dir.resolve("runs.tsv"), "CG\tA\ttwo\t0\tx\n");

        assertThatThrownBy(() -> NpbReportTable.read(index))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a run is 'bench class processes status output-path'").hasMessageEndingWith("CG\tA\ttwo\t0\tx");
    }
}
