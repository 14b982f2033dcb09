package org.mpi4all.npb.ft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The 3-D FFT of one process (the 0-D layout: no communication) against the 3-D discrete Fourier transform by
 * its definition, on a grid with a different length along each axis.
 */
class Fft3dTest {
    private static final int NX = 32;
    private static final int NY = 16;
    private static final int NZ = 16;

    private static double[] randomGrid() {
        return new SplittableRandom(3).doubles(2 * NX * NY * NZ, -1, 1).toArray();
    }

    /** Σ x(a, b, c) e^{±2πi(a·i/nx + b·j/ny + c·k/nz)}, interleaved complex, x fastest. */
    private static double[] dft(int direction, double[] x) {
        double[] result = new double[x.length];
        for (int k = 0; k < NZ; k++) {
            for (int j = 0; j < NY; j++) {
                for (int i = 0; i < NX; i++) {
                    double re = 0;
                    double im = 0;
                    for (int c = 0; c < NZ; c++) {
                        for (int b = 0; b < NY; b++) {
                            for (int a = 0; a < NX; a++) {
                                double turns = (double) (a * i % NX) / NX + (double) (b * j % NY) / NY
                                        + (double) (c * k % NZ) / NZ;
                                double angle = direction * 2 * Math.PI * turns;
                                int from = 2 * (a + NX * (b + NY * c));
                                re += x[from] * Math.cos(angle) - x[from + 1] * Math.sin(angle);
                                im += x[from] * Math.sin(angle) + x[from + 1] * Math.cos(angle);
                            }
                        }
                    }
                    int to = 2 * (i + NX * (j + NY * k));
                    result[to] = re;
                    result[to + 1] = im;
                }
            }
        }
        return result;
    }

    private static Fft3d singleProcess() {
        Decomposition decomposition = new Decomposition(NX, NY, NZ, new ProcessGrid(1, 1), 0);
        return new Fft3d(decomposition, null, NX);
    }

    @Test
    void forwardIsTheDiscreteFourierTransformWithPositiveExponent() {
        double[] x = randomGrid();
        double[] expected = dft(1, x);
        double[] out = new double[x.length];
        singleProcess().forward(x.clone(), out);
        for (int n = 0; n < out.length; n++) {
            assertThat(out[n]).as("double %d", n).isCloseTo(expected[n], within(1e-9));
        }
    }

    @Test
    void inverseUndoesForwardUpToTheNumberOfPoints() {
        double[] x = randomGrid();
        Fft3d fft = singleProcess();
        double[] transformed = new double[x.length];
        double[] back = new double[x.length];
        fft.forward(x.clone(), transformed);
        fft.inverse(transformed, back);
        for (int n = 0; n < x.length; n++) {
            assertThat(back[n] / (NX * NY * NZ)).isCloseTo(x[n], within(1e-13));
        }
    }
}
