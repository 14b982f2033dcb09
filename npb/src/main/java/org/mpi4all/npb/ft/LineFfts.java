package org.mpi4all.npb.ft;

/**
 * One-dimensional FFTs along one dimension of a local d1 × d2 × d3 array of interleaved complex numbers
 * ({@code ft.f} subroutines {@code cffts1}, {@code cffts2}, {@code cffts3}): the lines are gathered in blocks into
 * a scratch block, transformed together by {@link Stockham}, and scattered back, which keeps the transform's
 * working set in cache whichever dimension the lines run along.
 */
final class LineFfts {
    /** The reference's default block: 16 lines at a time. */
    static final int DEFAULT_BLOCK = 16;

    private final Stockham stockham;
    private final int block;
    private final int pitch;
    private final double[] xr;
    private final double[] xi;
    private final double[] yr;
    private final double[] yi;

    /**
     * @param maxLength the longest line, a power of two
     * @param block     lines per block: divides every dimension the lines are blocked over
     */
    LineFfts(int maxLength, int block) {
        this.stockham = new Stockham(maxLength);
        this.block = block;
        this.pitch = block + 2;
        xr = new double[pitch * maxLength];
        xi = new double[xr.length];
        yr = new double[xr.length];
        yi = new double[xr.length];
    }

    /** The doubles of scratch space an instance for these arguments allocates. */
    static long scratchDoubles(int maxLength, int block) {
        return 4L * (block + 2) * maxLength + 2L * Math.max(maxLength, 2);
    }

    /** Transforms along the first dimension, x(·, j, k) into out(·, j, k) ({@code cffts1}); x and out may be one array. */
    void alongFirst(int direction, int d1, int d2, int d3, double[] x, double[] out) {
        requireWholeBlocks(d2);
        for (int k = 0; k < d3; k++) {
            for (int j = 0; j < d2; j += block) {
                transformBlock(direction, x, out, j * d1 + k * d1 * d2, d1, 1, d1);
            }
        }
    }

    /** Transforms along the second dimension ({@code cffts2}). */
    void alongSecond(int direction, int d1, int d2, int d3, double[] x, double[] out) {
        requireWholeBlocks(d1);
        for (int k = 0; k < d3; k++) {
            for (int i = 0; i < d1; i += block) {
                transformBlock(direction, x, out, i + k * d1 * d2, d2, d1, 1);
            }
        }
    }

    /** Transforms along the third dimension ({@code cffts3}). */
    void alongThird(int direction, int d1, int d2, int d3, double[] x, double[] out) {
        requireWholeBlocks(d1);
        for (int j = 0; j < d2; j++) {
            for (int i = 0; i < d1; i += block) {
                transformBlock(direction, x, out, i + j * d1, d3, d1 * d2, 1);
            }
        }
    }

    private void requireWholeBlocks(int lines) {
        if (lines % block != 0) {
            throw new IllegalArgumentException(lines + " lines do not split into blocks of " + block);
        }
    }

    /**
     * Transforms the {@link #block} lines of n points that start at complex index {@code first}: point pos of
     * line lane is at {@code first + pos * pointStride + lane * lineStride}.
     */
    private void transformBlock(int direction, double[] x, double[] out, int first, int n, int pointStride,
                                int lineStride) {
        for (int pos = 0; pos < n; pos++) {
            int from = 2 * (first + pos * pointStride);
            for (int lane = 0; lane < block; lane++) {
                xr[pos * pitch + lane] = x[from + 2 * lane * lineStride];
                xi[pos * pitch + lane] = x[from + 2 * lane * lineStride + 1];
            }
        }
        stockham.transform(direction, n, block, pitch, xr, xi, yr, yi);
        for (int pos = 0; pos < n; pos++) {
            int to = 2 * (first + pos * pointStride);
            for (int lane = 0; lane < block; lane++) {
                out[to + 2 * lane * lineStride] = xr[pos * pitch + lane];
                out[to + 2 * lane * lineStride + 1] = xi[pos * pitch + lane];
            }
        }
    }
}
