package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpi4all.npb.ft.FtOnGrid;

/** FT class S verifies on several ranks of MPJ Express, in each of the reference's layouts. */
class FourierTransformIT {
    @Test
    void classSVerifiesOnTwoRanksInTheOneDimensionalLayout() {
        MpjRun.Result run = MpjRun.create().npb(2, "FT", "S", "--backend", "mpj", "--quiet");
        assertThat(run.exitCode()).as(run.describe()).isZero();
        NpbOutput output = new NpbOutput(run.stdout());
        OfficialClassS.of("FT").assertVerifiedIn(output);
        assertThat(output.field("Total processes")).contains("2");
        assertThat(output.field("Size")).contains("64x  64x  64");
        assertThat(run.stdout()).contains(" Layout type         :             1D");
        assertThat(run.stdout()).contains(" T =    6     Checksum =");
    }

    @ParameterizedTest(name = "FT S on a {0}x{1} grid (2-D layout)")
    @CsvSource({"2, 1", "2, 2"})
    void classSVerifiesInTheTwoDimensionalLayout(int np1, int np2) {
        MpjRun.Result run = MpjRun.create().main(np1 * np2, FtOnGrid.class, "S", Integer.toString(np1));
        assertThat(run.exitCode()).as(run.describe()).isZero();
        OfficialClassS.of("FT").assertVerifiedIn(new NpbOutput(run.stdout()));
        assertThat(run.stdout()).contains(String.format(" Processor array     :      %4dx%4d", np1, np2))
                .contains(" Layout type         :             2D");
    }

    @Test
    void aProcessCountThatIsNoPowerOfTwoIsRefused() {
        MpjRun.Result run = MpjRun.create().npb(3, "FT", "S");
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(Main.USAGE);
        assertThat(run.stderr()).isEqualTo(
                "npb: FT needs a power-of-two number of processes (1, 2, 4, 8, ...), not 3\n");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void aClassWhoseArraysExceedJavaArraysIsRefusedBeforeAllocating() {
        MpjRun.Result run = MpjRun.create().npb(1, "FT", "D");
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(Main.NO_MEMORY);
        assertThat(run.stderr()).isEqualTo("npb: FT class D on 1 process needs an array of 4,294,967,296 elements,"
                + " more than a Java array holds (2,147,483,639): use more processes\n");
    }
}
