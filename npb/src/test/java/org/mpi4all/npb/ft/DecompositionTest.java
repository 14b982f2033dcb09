package org.mpi4all.npb.ft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** FT's layouts: which process grid the reference picks, and which part of each stage a process holds. */
class DecompositionTest {

    @Test
    void theReferencePicksZeroOneOrTwoDimensionalLayouts() {
        assertThat(ProcessGrid.standard(1, 64)).isEqualTo(new ProcessGrid(1, 1));
        assertThat(ProcessGrid.standard(1, 64).layout()).isEqualTo(ProcessGrid.Layout.ZERO_D);
        assertThat(ProcessGrid.standard(64, 64)).isEqualTo(new ProcessGrid(1, 64));
        assertThat(ProcessGrid.standard(64, 64).layout()).isEqualTo(ProcessGrid.Layout.ONE_D);
        assertThat(ProcessGrid.standard(128, 32)).isEqualTo(new ProcessGrid(32, 4));
        assertThat(ProcessGrid.standard(128, 32).layout()).isEqualTo(ProcessGrid.Layout.TWO_D);
    }

    @Test
    void oneDimensionalStagesSplitZThenY() {
        Decomposition d = new Decomposition(256, 128, 64, new ProcessGrid(1, 4), 3);
        assertThat(new int[] {d.dim(0, 0), d.dim(0, 1), d.dim(0, 2)}).containsExactly(256, 128, 16);
        assertThat(d.first(0, 2)).as("z").isEqualTo(48);
        assertThat(new int[] {d.dim(2, 0), d.dim(2, 1), d.dim(2, 2)}).containsExactly(64, 256, 32);
        assertThat(new int[] {d.axis(2, 0), d.axis(2, 1), d.axis(2, 2)})
                .containsExactly(Decomposition.Z, Decomposition.X, Decomposition.Y);
        assertThat(d.first(2, 2)).as("y").isEqualTo(96);
    }

    @Test
    void twoDimensionalStagesSplitOverRowsAndColumns() {
        // Rank 5 of a 2 x 4 grid: row me1 = 1, column me2 = 1.
        Decomposition d = new Decomposition(64, 32, 16, new ProcessGrid(2, 4), 5);
        assertThat(d.me1()).isEqualTo(1);
        assertThat(d.me2()).isEqualTo(1);
        assertThat(d.first(0, 1)).as("y").isEqualTo(16);
        assertThat(d.first(0, 2)).as("z").isEqualTo(4);
        assertThat(new int[] {d.axis(1, 0), d.axis(1, 1), d.axis(1, 2)})
                .containsExactly(Decomposition.Y, Decomposition.X, Decomposition.Z);
        assertThat(d.first(1, 1)).as("x in stage 1").isEqualTo(32);
        assertThat(d.first(2, 1)).as("x in stage 2").isEqualTo(32);
        assertThat(d.first(2, 2)).as("y in stage 2").isEqualTo(8);
        assertThat(d.localPoints()).isEqualTo(64 * 32 * 16 / 8);
    }

    @Test
    void aGridThatDoesNotSplitEvenlyIsRejected() {
        assertThatThrownBy(() -> new Decomposition(64, 64, 64, new ProcessGrid(1, 128), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not split over 128");
    }
}
