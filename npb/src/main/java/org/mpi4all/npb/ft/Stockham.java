package org.mpi4all.npb.ft;

/**
 * FT's one-dimensional complex FFT ({@code ft.f} subroutines {@code fft_init}, {@code cfftz} and {@code fftz2}):
 * Swarztrauber's variant of the Stockham autosort FFT, unnormalised, applied to a block of independent
 * sequences ("lanes") at once so that the innermost loop runs across the lanes.
 *
 * <p>A block holds {@code n} positions of its lanes as rows: the value at position {@code pos} of lane
 * {@code lane} is {@code re[pos][lane] + i·im[pos][lane]}. The reference keeps interleaved complex numbers in one
 * array; split into rows of real and imaginary parts, every butterfly does the same operation on every element
 * of its rows, with the same index, so that C2 turns the lane loop into vector instructions. (Positions in one
 * flat array would differ by run-time offsets, which C2 cannot prove free of overlap with the stores, and it
 * leaves such loops scalar.)
 */
final class Stockham {
    /** The roots of unity as fft_init stores them: entry ln + i is e<sup>iπ·i/ln</sup> for ln = 1, 2, 4, .... */
    private final double[] rootRe;
    private final double[] rootIm;

    /** @param maxLength the longest sequence to transform, a power of two */
    Stockham(int maxLength) {
        if (Integer.bitCount(maxLength) != 1) {
            throw new IllegalArgumentException("FFT lengths are powers of two, not " + maxLength);
        }
        rootRe = new double[Math.max(maxLength, 2)];
        rootIm = new double[rootRe.length];
        for (int ln = 1; ln < maxLength; ln *= 2) {
            double t = Math.PI / ln;
            for (int i = 0; i < ln; i++) {
                double ti = i * t;
                rootRe[ln + i] = Math.cos(ti);
                rootIm[ln + i] = Math.sin(ti);
            }
        }
    }

    /** A block of {@code positions} rows of {@code lanes} complex numbers, real and imaginary parts apart. */
    static final class Block {
        final double[][] re;
        final double[][] im;

        Block(int positions, int lanes) {
            re = new double[positions][lanes];
            im = new double[positions][lanes];
        }

        /** Exchanges position {@code pos}'s rows with {@code other}'s. */
        void swapRows(int pos, Block other) {
            double[] row = re[pos];
            re[pos] = other.re[pos];
            other.re[pos] = row;
            row = im[pos];
            im[pos] = other.im[pos];
            other.im[pos] = row;
        }
    }

    /**
     * Transforms every lane of the first {@code n} positions of block {@code x} in place ({@code cfftz});
     * {@code y} is scratch of the same shape. Rows of x may be exchanged with rows of y.
     *
     * @param direction 1 for the forward transform (e<sup>+iθ</sup>), -1 for the inverse (e<sup>-iθ</sup>)
     * @param n         the sequence length, a power of two no longer than this table's
     */
    void transform(int direction, int n, Block x, Block y) {
        if (Integer.bitCount(n) != 1 || n > rootRe.length || (direction != 1 && direction != -1)) {
            throw new IllegalArgumentException("cannot transform " + n + " points in direction " + direction);
        }
        if (x.re.length < n || y.re.length < n) {
            throw new IllegalArgumentException("a block of " + Math.min(x.re.length, y.re.length)
                    + " positions cannot hold " + n + " points");
        }
        int m = Integer.numberOfTrailingZeros(n);
        for (int l = 1; l <= m; l += 2) {
            pass(direction, l, m, x, y);
            if (l == m) {
                // An odd number of passes leaves the result in y: its rows become x's (cfftz copies them back).
                for (int pos = 0; pos < n; pos++) {
                    x.swapRows(pos, y);
                }
                return;
            }
            pass(direction, l + 1, m, y, x);
        }
    }

    /** The l-th of the m passes of the transform, from x into y ({@code fftz2}). */
    private void pass(int direction, int l, int m, Block x, Block y) {
        int n1 = 1 << (m - 1);
        int lk = 1 << (l - 1);
        int li = 1 << (m - l);
        int lj = 2 * lk;
        for (int i = 0; i < li; i++) {
            int i11 = i * lk;
            int i12 = i11 + n1;
            int i21 = i * lj;
            int i22 = i21 + lk;
            double ur = rootRe[li + i];
            double ui = direction == 1 ? rootIm[li + i] : -rootIm[li + i];
            for (int k = 0; k < lk; k++) {
                butterflies(ur, ui, x.re[i11 + k], x.im[i11 + k], x.re[i12 + k], x.im[i12 + k],
                        y.re[i21 + k], y.im[i21 + k], y.re[i22 + k], y.im[i22 + k]);
            }
        }
    }

    /** sum = a + b and difference = u·(a − b), lane by lane. */
    private static void butterflies(double ur, double ui, double[] aRe, double[] aIm, double[] bRe, double[] bIm,
                                    double[] sumRe, double[] sumIm, double[] differenceRe, double[] differenceIm) {
        for (int j = 0; j < aRe.length; j++) {
            double x11r = aRe[j];
            double x11i = aIm[j];
            double x21r = bRe[j];
            double x21i = bIm[j];
            sumRe[j] = x11r + x21r;
            sumIm[j] = x11i + x21i;
            double dr = x11r - x21r;
            double di = x11i - x21i;
            differenceRe[j] = ur * dr - ui * di;
            differenceIm[j] = ur * di + ui * dr;
        }
    }
}
