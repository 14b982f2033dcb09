package org.mpi4all.npb.ft;

/**
 * One-dimensional FFTs along one dimension of a local d1 × d2 × d3 array of interleaved complex numbers
 * ({@code ft.f} subroutines {@code cffts1}, {@code cffts2}, {@code cffts3}): the lines are gathered in blocks into
 * a scratch block, transformed together by {@link Stockham}, and scattered back, which keeps the transform's
 * working set in cache whichever dimension the lines run along.
 */
final class LineFfts {
    /**
     * Lines per block, twice the reference's default of 16: the butterflies' vector loop runs along a block's
     * lines, and with 16 its start and end, which C2 does not vectorise, weigh more than the vector part.
     */
    static final int DEFAULT_BLOCK = 32;

    private final Stockham stockham;
    private final int block;
    private final Stockham.Block x;
    private final Stockham.Block y;

    /**
     * @param maxLength the longest line, a power of two
     * @param block     lines per block: divides every dimension the lines are blocked over
     */
    LineFfts(int maxLength, int block) {
        this.stockham = new Stockham(maxLength);
        this.block = block;
        x = new Stockham.Block(maxLength, block);
        y = new Stockham.Block(maxLength, block);
    }

    /** The doubles of scratch space an instance for these arguments allocates. */
    static long scratchDoubles(int maxLength, int block) {
        return 4L * block * maxLength + 2L * Math.max(maxLength, 2);
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
    private void transformBlock(int direction, double[] in, double[] out, int first, int n, int pointStride,
                                int lineStride) {
        copyBlock(in, first, n, pointStride, lineStride, true);
        stockham.transform(direction, n, x, y);
        copyBlock(out, first, n, pointStride, lineStride, false);
    }

    /**
     * Copies the block between {@code array} (interleaved complex numbers) and the scratch block {@code x}
     * (real and imaginary rows), in ({@code in}) or out.
     */
    private void copyBlock(double[] array, int first, int n, int pointStride, int lineStride, boolean in) {
        for (int pos = 0; pos < n; pos++) {
            double[] re = x.re[pos];
            double[] im = x.im[pos];
            int point = 2 * (first + pos * pointStride);
            for (int lane = 0; lane < block; lane++) {
                int at = point + 2 * lane * lineStride;
                if (in) {
                    re[lane] = array[at];
                    im[lane] = array[at + 1];
                } else {
                    array[at] = re[lane];
                    array[at + 1] = im[lane];
                }
            }
        }
    }
}
