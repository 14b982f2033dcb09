package org.mpi4all.npb.ft;

/**
 * FT's time evolution in Fourier space ({@code ft.f} subroutines {@code compute_indexmap} and {@code evolve}):
 * every step multiplies each mode by e<sup>−4απ²|k|²</sup>, |k|² the squared wavenumber of the mode, computed
 * once for this process's stage-2 part of the grid.
 */
final class Evolution {
    static final double ALPHA = 1.0e-6;

    private final Decomposition decomposition;
    private final int[] sizes;
    private final double[] twiddle;

    /** Allocates the factors; {@link #computeFactors()} computes them. */
    Evolution(Decomposition decomposition, int nx, int ny, int nz) {
        this.decomposition = decomposition;
        this.sizes = new int[] {nx, ny, nz};
        this.twiddle = new double[decomposition.localPoints()];
    }

    /** compute_indexmap: the factor of every point of this process's stage-2 array. */
    void computeFactors() {
        int stage = 2;
        double ap = -4.0 * ALPHA * Math.PI * Math.PI;
        int d1 = decomposition.dim(stage, 0);
        int d2 = decomposition.dim(stage, 1);
        int d3 = decomposition.dim(stage, 2);
        int[] first = new int[3];
        int[] n = new int[3];
        for (int d = 0; d < 3; d++) {
            first[d] = decomposition.first(stage, d);
            n[d] = sizes[decomposition.axis(stage, d)];
        }
        for (int c = 0; c < d3; c++) {
            int cc = wavenumber(c + first[2], n[2]);
            for (int b = 0; b < d2; b++) {
                int bb = wavenumber(b + first[1], n[1]);
                int row = d1 * (b + d2 * c);
                for (int a = 0; a < d1; a++) {
                    int aa = wavenumber(a + first[0], n[0]);
                    twiddle[row + a] = Math.exp(ap * (aa * aa + bb * bb + cc * cc));
                }
            }
        }
    }

    /** The signed wavenumber of grid index {@code i} of {@code n}: 0, 1, ..., n/2−1, −n/2, ..., −1. */
    static int wavenumber(int i, int n) {
        return (i + n / 2) % n - n / 2;
    }

    /** evolve: u0 ← u0·factor, and u1 ← u0 (both stage-2, interleaved complex). */
    void step(double[] u0, double[] u1) {
        for (int i = 0; i < twiddle.length; i++) {
            double factor = twiddle[i];
            double re = u0[2 * i] * factor;
            double im = u0[2 * i + 1] * factor;
            u0[2 * i] = re;
            u0[2 * i + 1] = im;
            u1[2 * i] = re;
            u1[2 * i + 1] = im;
        }
    }
}
