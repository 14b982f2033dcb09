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
    private static final int PITCH = 5;

    /** Lane {@code lane} of a block of n points, transformed by the definition: Σ x_j e^{±2πi·jk/n}. */
    private static double[][] dft(int direction, int n, double[] x, int lane) {
        double[][] result = new double[2][n];
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < n; j++) {
                double angle = direction * 2 * Math.PI * ((long) j * k % n) / n;
                double re = x[2 * (j * PITCH + lane)];
                double im = x[2 * (j * PITCH + lane) + 1];
                result[0][k] += re * Math.cos(angle) - im * Math.sin(angle);
                result[1][k] += re * Math.sin(angle) + im * Math.cos(angle);
            }
        }
        return result;
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {1, 2, 4, 8, 16, 32, 64, 128})
    void bothDirectionsAreTheDiscreteFourierTransformOfEveryLane(int n) {
        Stockham stockham = new Stockham(128);
        SplittableRandom random = new SplittableRandom(n);
        for (int direction : new int[] {1, -1}) {
            double[] x = random.doubles(2 * PITCH * n, -1, 1).toArray();
            double[][][] expected = new double[LANES][][];
            for (int lane = 0; lane < LANES; lane++) {
                expected[lane] = dft(direction, n, x, lane);
            }
            double[] padding = {x[2 * LANES], x[2 * PITCH * n - 1]};
            stockham.transform(direction, n, LANES, PITCH, x, new double[2 * PITCH * n]);
            for (int lane = 0; lane < LANES; lane++) {
                for (int k = 0; k < n; k++) {
                    assertThat(x[2 * (k * PITCH + lane)]).as("re, lane %d, k %d", lane, k)
                            .isCloseTo(expected[lane][0][k], within(1e-12 * n));
                    assertThat(x[2 * (k * PITCH + lane) + 1]).as("im, lane %d, k %d", lane, k)
                            .isCloseTo(expected[lane][1][k], within(1e-12 * n));
                }
            }
            assertThat(new double[] {x[2 * LANES], x[2 * PITCH * n - 1]}).as("lanes beyond the block")
                    .containsExactly(padding);
        }
    }

    @Test
    void lengthsOtherThanPowersOfTwoUpToTheTableAreRejected() {
        Stockham stockham = new Stockham(16);
        double[] scratch = new double[2 * PITCH * 32];
        assertThatThrownBy(() -> stockham.transform(1, 12, LANES, PITCH, scratch, scratch))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> stockham.transform(1, 32, LANES, PITCH, scratch, scratch))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Stockham(24)).isInstanceOf(IllegalArgumentException.class);
    }
}
