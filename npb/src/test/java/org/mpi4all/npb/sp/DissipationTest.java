package org.mpi4all.npb.sp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The dissipation stencils give the reference's hand-written expressions bit for bit, and each cell gets the
 * cases of its place in the grid.
 */
class DissipationTest {

    @Test
    void stencilsSumAsTheReferenceWritesThem() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 10_000; trial++) {
            double[] u = random.doubles(7, -10, 10).toArray();
            int p = 3;
            assertThat(Dissipation.FIRST.apply(u, p, 1)).isEqualTo(5.0 * u[p] - 4.0 * u[p + 1] + u[p + 2]);
            assertThat(Dissipation.SECOND.apply(u, p, 1))
                    .isEqualTo(-4.0 * u[p - 1] + 6.0 * u[p] - 4.0 * u[p + 1] + u[p + 2]);
            assertThat(Dissipation.INTERIOR.apply(u, p, 1))
                    .isEqualTo(u[p - 2] - 4.0 * u[p - 1] + 6.0 * u[p] - 4.0 * u[p + 1] + u[p + 2]);
            assertThat(Dissipation.SECOND_LAST.apply(u, p, 1))
                    .isEqualTo(u[p - 2] - 4.0 * u[p - 1] + 6.0 * u[p] - 4.0 * u[p + 1]);
            assertThat(Dissipation.LAST.apply(u, p, 1)).isEqualTo(u[p - 2] - 4.0 * u[p - 1] + 5.0 * u[p]);
        }
    }

    @Test
    void stridedStencilsReadAlongTheAxis() {
        double[] u = new double[30];
        u[5] = 1;
        u[10] = 2;
        u[15] = 3;
        u[20] = 4;
        u[25] = 5;
        assertThat(Dissipation.INTERIOR.apply(u, 15, 5)).isEqualTo(1 - 8 + 18 - 16 + 5);
    }

    @Test
    void cellsOnTheGridBoundaryGetTheOneSidedCases() {
        assertThat(Dissipation.pieces(12, 1, 1)).containsExactly(
                new Dissipation.Piece(1, 1, Dissipation.FIRST), new Dissipation.Piece(2, 2, Dissipation.SECOND),
                new Dissipation.Piece(3, 8, Dissipation.INTERIOR), new Dissipation.Piece(9, 9, Dissipation.SECOND_LAST),
                new Dissipation.Piece(10, 10, Dissipation.LAST));
        assertThat(Dissipation.pieces(6, 0, 0)).containsExactly(new Dissipation.Piece(0, 5, Dissipation.INTERIOR));
        assertThat(Dissipation.pieces(6, 0, 1)).containsExactly(new Dissipation.Piece(0, 2, Dissipation.INTERIOR),
                new Dissipation.Piece(3, 3, Dissipation.SECOND_LAST), new Dissipation.Piece(4, 4, Dissipation.LAST));
    }

    @Test
    void coefficientsListTheStencil() {
        double[] coefficients = new double[5];
        for (int n = 0; n < 5; n++) {
            coefficients[n] = Dissipation.SECOND.coefficient(n);
        }
        assertThat(coefficients).containsExactly(0, -4, 6, -4, 1);
    }
}
