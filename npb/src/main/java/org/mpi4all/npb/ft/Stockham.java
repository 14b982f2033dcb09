package org.mpi4all.npb.ft;

/**
 * FT's one-dimensional complex FFT ({@code ft.f} subroutines {@code fft_init}, {@code cfftz} and {@code fftz2}):
 * Swarztrauber's variant of the Stockham autosort FFT, unnormalised, applied to a block of independent
 * sequences ("lanes") at once so that the innermost loop runs across the lanes.
 *
 * <p>A block holds {@code n} positions of {@code lanes} sequences: the value at position {@code pos} of lane
 * {@code lane} is at index {@code pos * pitch + lane} of a real-part and an imaginary-part array.
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
     * Transforms every lane of the block {@code (xr, xi)} in place ({@code cfftz}); {@code (yr, yi)} is scratch of
     * the same shape.
     *
     * @param direction 1 for the forward transform (e<sup>+iθ</sup>), -1 for the inverse (e<sup>-iθ</sup>)
     * @param n         the sequence length, a power of two no longer than this table's
     */
    void transform(int direction, int n, int lanes, int pitch, double[] xr, double[] xi, double[] yr, double[] yi) {
        if (Integer.bitCount(n) != 1 || n > rootRe.length || (direction != 1 && direction != -1)) {
            throw new IllegalArgumentException("cannot transform " + n + " points in direction " + direction);
        }
        int m = Integer.numberOfTrailingZeros(n);
        for (int l = 1; l <= m; l += 2) {
            pass(direction, l, m, lanes, pitch, xr, xi, yr, yi);
            if (l == m) {
                for (int pos = 0; pos < n; pos++) {
                    System.arraycopy(yr, pos * pitch, xr, pos * pitch, lanes);
                    System.arraycopy(yi, pos * pitch, xi, pos * pitch, lanes);
                }
                return;
            }
            pass(direction, l + 1, m, lanes, pitch, yr, yi, xr, xi);
        }
    }

    /** The l-th of the m passes of the transform, from x into y ({@code fftz2}). */
    private void pass(int direction, int l, int m, int lanes, int pitch,
                      double[] xr, double[] xi, double[] yr, double[] yi) {
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
                butterflies(ur, ui, lanes, (i11 + k) * pitch, (i12 + k) * pitch, (i21 + k) * pitch,
                        (i22 + k) * pitch, xr, xi, yr, yi);
            }
        }
    }

    /** y(sum) = x(a) + x(b) and y(difference) = u·(x(a) − x(b)) for every lane. */
    private static void butterflies(double ur, double ui, int lanes, int a, int b, int sum, int difference,
                                    double[] xr, double[] xi, double[] yr, double[] yi) {
        for (int j = 0; j < lanes; j++) {
            double x11r = xr[a + j];
            double x11i = xi[a + j];
            double x21r = xr[b + j];
            double x21i = xi[b + j];
            yr[sum + j] = x11r + x21r;
            yi[sum + j] = x11i + x21i;
            double dr = x11r - x21r;
            double di = x11i - x21i;
            yr[difference + j] = ur * dr - ui * di;
            yi[difference + j] = ur * di + ui * dr;
        }
    }
}
