package org.mpi4all.npb.ft;

/**
 * FT's one-dimensional complex FFT ({@code ft.f} subroutines {@code fft_init}, {@code cfftz} and {@code fftz2}):
 * Swarztrauber's variant of the Stockham autosort FFT, unnormalised, applied to a block of independent
 * sequences ("lanes") at once so that the innermost loop runs across the lanes.
 *
 * <p>A block holds {@code n} positions of {@code lanes} sequences of interleaved complex numbers: the value at
 * position {@code pos} of lane {@code lane} is the pair at index {@code 2·(pos·pitch + lane)}, as in the
 * reference's complex arrays, so that blocks of adjacent lines are copied in and out whole.
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

    /**
     * Transforms every lane of the block {@code x} in place ({@code cfftz}); {@code y} is scratch of the same
     * shape.
     *
     * @param direction 1 for the forward transform (e<sup>+iθ</sup>), -1 for the inverse (e<sup>-iθ</sup>)
     * @param n         the sequence length, a power of two no longer than this table's
     */
    void transform(int direction, int n, int lanes, int pitch, double[] x, double[] y) {
        if (Integer.bitCount(n) != 1 || n > rootRe.length || (direction != 1 && direction != -1)) {
            throw new IllegalArgumentException("cannot transform " + n + " points in direction " + direction);
        }
        int m = Integer.numberOfTrailingZeros(n);
        for (int l = 1; l <= m; l += 2) {
            pass(direction, l, m, lanes, pitch, x, y);
            if (l == m) {
                for (int pos = 0; pos < n; pos++) {
                    System.arraycopy(y, 2 * pos * pitch, x, 2 * pos * pitch, 2 * lanes);
                }
                return;
            }
            pass(direction, l + 1, m, lanes, pitch, y, x);
        }
    }

    /** The l-th of the m passes of the transform, from x into y ({@code fftz2}). */
    private void pass(int direction, int l, int m, int lanes, int pitch, double[] x, double[] y) {
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
                butterflies(ur, ui, 2 * lanes, 2 * (i11 + k) * pitch, 2 * (i12 + k) * pitch, 2 * (i21 + k) * pitch,
                        2 * (i22 + k) * pitch, x, y);
            }
        }
    }

    /** y(sum) = x(a) + x(b) and y(difference) = u·(x(a) − x(b)) for every lane (indices of doubles). */
    private static void butterflies(double ur, double ui, int doubles, int a, int b, int sum, int difference,
                                    double[] x, double[] y) {
        for (int j = 0; j < doubles; j += 2) {
            double x11r = x[a + j];
            double x11i = x[a + j + 1];
            double x21r = x[b + j];
            double x21i = x[b + j + 1];
            y[sum + j] = x11r + x21r;
            y[sum + j + 1] = x11i + x21i;
            double dr = x11r - x21r;
            double di = x11i - x21i;
            y[difference + j] = ur * dr - ui * di;
            y[difference + j + 1] = ur * di + ui * dr;
        }
    }
}
