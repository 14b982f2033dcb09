package org.mpi4all.npb.ft;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** FT's initial conditions: exact powers mod 2^46, and every process's part equal to that part of one sequence. */
class InitialConditionsTest {
    private static final BigInteger MODULUS = BigInteger.ONE.shiftLeft(46);

    @Test
    void powerIsExactModularExponentiation() {
        long[][] exponents = {{0, 5}, {5, 0}, {1, 1}, {2, 1}, {128, 3}, {2 * 512, 256 * 255 + 17}, {7, 12345}};
        for (long[] e : exponents) {
            double expected = BigInteger.valueOf((long) InitialConditions.A)
                    .modPow(BigInteger.valueOf(e[0] * e[1]), MODULUS).doubleValue();
            assertThat(InitialConditions.power(InitialConditions.A, e[0], e[1])).as("a^(%d*%d)", e[0], e[1])
                    .isEqualTo(expected);
        }
    }

    @Test
    void eachProcessHoldsItsPartOfTheSingleProcessSequence() {
        int nx = 16;
        int ny = 8;
        int nz = 8;
        double[] whole = new double[2 * nx * ny * nz];
        InitialConditions.fill(whole, new Decomposition(nx, ny, nz, new ProcessGrid(1, 1), 0), nx, ny);
        assertThat(Arrays.stream(whole).allMatch(v -> v > 0 && v < 1)).as("uniform numbers in (0, 1)").isTrue();
        for (ProcessGrid grid : new ProcessGrid[] {new ProcessGrid(1, 4), new ProcessGrid(2, 4)}) {
            for (int rank = 0; rank < grid.processes(); rank++) {
                Decomposition part = new Decomposition(nx, ny, nz, grid, rank);
                double[] local = new double[2 * part.localPoints()];
                InitialConditions.fill(local, part, nx, ny);
                for (int k = 0; k < part.dim(0, 2); k++) {
                    for (int j = 0; j < part.dim(0, 1); j++) {
                        int from = 2 * nx * (part.first(0, 1) + j + ny * (part.first(0, 2) + k));
                        int to = 2 * nx * (j + part.dim(0, 1) * k);
                        assertThat(Arrays.copyOfRange(local, to, to + 2 * nx)).as("%s rank %d line (%d, %d)", grid, rank, j, k)
                                .containsExactly(Arrays.copyOfRange(whole, from, from + 2 * nx));
                    }
                }
            }
        }
    }
}
