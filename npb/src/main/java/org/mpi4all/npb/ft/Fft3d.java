package org.mpi4all.npb.ft;

import org.mpi4all.npb.comm.Comm;

/**
 * FT's three-dimensional FFT over the whole process grid ({@code ft.f} subroutine {@code fft}): the forward
 * transform takes stage-0 data to stage 2, the inverse stage-2 data back to stage 0. Lines along the first
 * local dimension are transformed in place; the transposes of the 1-D and 2-D layouts bring each grid axis
 * first in turn.
 */
final class Fft3d {
    private static final int FORWARD = 1;
    private static final int INVERSE = -1;

    private final Decomposition decomposition;
    private final LineFfts lines;
    private final Transposes transposes;

    /** Collective: splits {@code world} for the transposes. */
    Fft3d(Decomposition decomposition, Comm world, int maxLength) {
        this.decomposition = decomposition;
        this.lines = new LineFfts(maxLength, block(decomposition));
        this.transposes = decomposition.grid().layout() == ProcessGrid.Layout.ZERO_D
                ? null : new Transposes(decomposition, world);
    }

    /**
     * Lines per block: {@link LineFfts#DEFAULT_BLOCK}, fewer where a dimension the lines are blocked over is
     * shorter (the reference limits its block so in the 2-D layout, where dimensions are split over processes).
     */
    static int block(Decomposition decomposition) {
        int block = LineFfts.DEFAULT_BLOCK;
        for (int stage = 0; stage < Decomposition.STAGES; stage++) {
            block = Math.min(block, Math.min(decomposition.dim(stage, 0), decomposition.dim(stage, 1)));
        }
        return block;
    }

    /** Transforms stage-0 data in {@code x1} into stage-2 data in {@code x2}; {@code x1} is overwritten. */
    void forward(double[] x1, double[] x2) {
        switch (decomposition.grid().layout()) {
            case ZERO_D -> {
                along(0, FORWARD, 0, x1, x1);
                along(1, FORWARD, 1, x1, x1);
                along(2, FORWARD, 2, x1, x2);
            }
            case ONE_D -> {
                along(0, FORWARD, 0, x1, x1);
                along(1, FORWARD, 1, x1, x1);
                transposes.stage1To2Planes(x1, x2);
                along(0, FORWARD, 2, x2, x2);
            }
            case TWO_D -> {
                along(0, FORWARD, 0, x1, x1);
                transposes.swapFirstTwo(0, 1, x1, x2);
                along(0, FORWARD, 1, x2, x2);
                transposes.swapFirstAndThird(1, 2, x2, x1);
                along(0, FORWARD, 2, x1, x2);
            }
        }
    }

    /** Transforms stage-2 data in {@code x1} into stage-0 data in {@code x2}; {@code x1} is overwritten. */
    void inverse(double[] x1, double[] x2) {
        switch (decomposition.grid().layout()) {
            case ZERO_D -> {
                along(2, INVERSE, 2, x1, x1);
                along(1, INVERSE, 1, x1, x1);
                along(0, INVERSE, 0, x1, x2);
            }
            case ONE_D -> {
                along(0, INVERSE, 2, x1, x1);
                transposes.stage2To1Planes(x1, x2);
                along(1, INVERSE, 1, x2, x2);
                along(0, INVERSE, 0, x2, x2);
            }
            case TWO_D -> {
                along(0, INVERSE, 2, x1, x1);
                transposes.swapFirstAndThird(2, 1, x1, x2);
                along(0, INVERSE, 1, x2, x2);
                transposes.swapFirstTwo(1, 0, x2, x1);
                along(0, INVERSE, 0, x1, x2);
            }
        }
    }

    /** Transforms along local dimension {@code d} of the array in {@code stage}'s shape. */
    private void along(int d, int direction, int stage, double[] x, double[] out) {
        int d1 = decomposition.dim(stage, 0);
        int d2 = decomposition.dim(stage, 1);
        int d3 = decomposition.dim(stage, 2);
        switch (d) {
            case 0 -> lines.alongFirst(direction, d1, d2, d3, x, out);
            case 1 -> lines.alongSecond(direction, d1, d2, d3, x, out);
            default -> lines.alongThird(direction, d1, d2, d3, x, out);
        }
    }
}
