package org.mpi4all.npb.ft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The Stockham FFT against the discrete Fourier transform computed by its definition. */
class StockhamTest {
    private static final int LANES = 3;

    /** Lane {@code lane} of a block of n points, transformed by the definition: Σ x_j e^{±2πi·jk/n}. */
    private static double[][] dft(int direction, int n, Stockham.Block x, int lane) {
        double[][] result = new double[2][n];
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < n; j++) {
                double angle = direction * 2 * Math.PI * ((long) j * k % n) / n;
                double re = x.re[j][lane];
                double im = x.im[j][lane];
                result[0][k] += re * Math.cos(angle) - im * Math.sin(angle);
                result[1][k] += re * Math.sin(angle) + im * Math.cos(angle);
            }
        }
        return result;
    }

    /** A block of {@code positions} rows with random values. */
    private static Stockham.Block randomBlock(int positions, SplittableRandom random) {
        Stockham.Block block = new Stockham.Block(positions, LANES);
        for (int pos = 0; pos < positions; pos++) {
            block.re[pos] = random.doubles(LANES, -1, 1).toArray();
            block.im[pos] = random.doubles(LANES, -1, 1).toArray();
        }
        return block;
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {1, 2, 4, 8, 16, 32, 64, 128})
    void bothDirectionsAreTheDiscreteFourierTransformOfEveryLane(int n) {
        Stockham stockham = new Stockham(128);
        SplittableRandom random = new SplittableRandom(n);
        for (int direction : new int[] {1, -1}) {
            // One position more than the transform's: the rows beyond n stay as they were.
            Stockham.Block x = randomBlock(n + 1, random);
            double[] beyondRe = x.re[n].clone();
            double[][][] expected = new double[LANES][][];
            for (int lane = 0; lane < LANES; lane++) {
                expected[lane] = dft(direction, n, x, lane);
            }
            stockham.transform(direction, n, x, new Stockham.Block(n + 1, LANES));
            for (int lane = 0; lane < LANES; lane++) {
                for (int k = 0; k < n; k++) {
                    assertThat(x.re[k][lane]).as("re, lane %d, k %d", lane, k)
                            .isCloseTo(expected[lane][0][k], within(1e-12 * n));
                    assertThat(x.im[k][lane]).as("im, lane %d, k %d", lane, k)
                            .isCloseTo(expected[lane][1][k], within(1e-12 * n));
                }
            }
            assertThat(x.re[n]).as("the position beyond the transform").containsExactly(beyondRe);
        }
    }

    @Test
    void lengthsOtherThanPowersOfTwoUpToTheTableAndBlocksTooShortAreRejected() {
        Stockham stockham = new Stockham(16);
        Stockham.Block scratch = new Stockham.Block(32, LANES);
        assertThatThrownBy(() -> stockham.transform(1, 12, scratch, scratch))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("12 points");
        assertThatThrownBy(() -> stockham.transform(1, 32, scratch, scratch))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32 points");
        assertThatThrownBy(() -> stockham.transform(1, 16, scratch, new Stockham.Block(8, LANES)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("8 positions");
        assertThatThrownBy(() -> new Stockham(24)).isInstanceOf(IllegalArgumentException.class);
    }
}
