package org.mpi4all.npb.ft;

import org.mpi4all.npb.comm.Comm;

/**
 * FT's global transposes between the stages of a {@link Decomposition} ({@code ft.f} subroutines
 * {@code transpose_x_yz}, {@code transpose_xy_z}, {@code transpose_x_y}, {@code transpose_x_z}). Each is a local
 * transpose that brings the data bound for each process together, an all-to-all exchange within a row or a
 * column of the process grid, and a local copy that puts the received pieces in place. Arrays hold interleaved
 * complex numbers; every method reads {@code in}, uses it as scratch, and leaves the result in {@code out}.
 */
final class Transposes {
    /** Tile side of the blocked local transposes, in complex numbers (the reference's transblock). */
    private static final int TILE = 32;

    private final Decomposition decomposition;
    /** The processes in this process's row of the grid (same me1), ranked by me2 (the reference's commslice1). */
    private final Comm row;
    /** The processes in this process's column of the grid (same me2), ranked by me1 (commslice2). */
    private final Comm column;

    /** Splits {@code world} into the grid's rows and columns; collective. */
    Transposes(Decomposition decomposition, Comm world) {
        this.decomposition = decomposition;
        this.row = world.split(decomposition.me1(), decomposition.me2());
        this.column = world.split(decomposition.me2(), decomposition.me1());
    }

    /** 1-D layout, stage 1 (x, y, z/np) to stage 2 (z, x, y/np) ({@code transpose_xy_z}). */
    void stage1To2Planes(double[] in, double[] out) {
        int n1 = decomposition.dim(1, 0) * decomposition.dim(1, 1);
        int n2 = decomposition.dim(1, 2);
        planes(n1, n2, in, out);
    }

    /** 1-D layout, stage 2 (z, x, y/np) back to stage 1 (x, y, z/np) ({@code transpose_x_yz}). */
    void stage2To1Planes(double[] in, double[] out) {
        int n1 = decomposition.dim(2, 0);
        int n2 = decomposition.dim(2, 1) * decomposition.dim(2, 2);
        planes(n1, n2, in, out);
    }

    /**
     * Transposes an n1 × n2 local array over the whole row communicator ({@code transpose2_local},
     * {@code transpose2_global}, {@code transpose2_finish}): the result is n2·np × n1/np.
     */
    private void planes(int n1, int n2, double[] in, double[] out) {
        transpose(in, 0, 1, n1, out, 0, n2, n1, n2);
        int np = row.size();
        int count = n1 * n2 / np;
        row.alltoall(out, 0, in, 0, 2 * count);
        int columns = n1 / np;
        for (int p = 0; p < np; p++) {
            for (int j = 0; j < columns; j++) {
                System.arraycopy(in, 2 * (p * count + j * n2), out, 2 * (j * n2 * np + p * n2), 2 * n2);
            }
        }
    }

    /**
     * 2-D layout, between stage {@code from} and stage {@code to}, 0 and 1 either way: exchanges the first two
     * dimensions within the grid's column ({@code transpose_x_y}).
     */
    void swapFirstTwo(int from, int to, double[] in, double[] out) {
        int d1 = decomposition.dim(from, 0);
        int d2 = decomposition.dim(from, 1);
        int d3 = decomposition.dim(from, 2);
        // (d1, d2, d3) -> (d2, d3, d1): brings together what goes to each process of the column.
        for (int k = 0; k < d3; k++) {
            transpose(in, k * d1 * d2, 1, d1, out, k * d2, d2 * d3, d1, d2);
        }
        int np1 = column.size();
        column.alltoall(out, 0, in, 0, 2 * d1 * d2 * d3 / np1);
        // Piece p is (e1/np1, d3, e2) for the target's (e1, e2, d3): its first index goes to offset p·e1/np1.
        int e1 = decomposition.dim(to, 0);
        int e2 = decomposition.dim(to, 1);
        int piece = e1 / np1;
        for (int p = 0; p < np1; p++) {
            for (int k = 0; k < d3; k++) {
                for (int j = 0; j < e2; j++) {
                    System.arraycopy(in, 2 * (((p * e2 + j) * d3 + k) * piece), out,
                            2 * (p * piece + e1 * (j + e2 * k)), 2 * piece);
                }
            }
        }
    }

    /**
     * 2-D layout, between stage {@code from} and stage {@code to}, 1 and 2 either way: exchanges the first and
     * the third dimension within the grid's row ({@code transpose_x_z}).
     */
    void swapFirstAndThird(int from, int to, double[] in, double[] out) {
        int d1 = decomposition.dim(from, 0);
        int d2 = decomposition.dim(from, 1);
        int d3 = decomposition.dim(from, 2);
        // (d1, d2, d3) -> (d3, d2, d1)
        for (int j = 0; j < d2; j++) {
            transpose(in, j * d1, 1, d1 * d2, out, j * d3, d3 * d2, d1, d3);
        }
        int np2 = row.size();
        row.alltoall(out, 0, in, 0, 2 * d1 * d2 * d3 / np2);
        // Piece p is (e1/np2, e2, e3) for the target's (e1, e2, e3): its first index goes to offset p·e1/np2.
        int e1 = decomposition.dim(to, 0);
        int e2 = decomposition.dim(to, 1);
        int e3 = decomposition.dim(to, 2);
        int piece = e1 / np2;
        for (int p = 0; p < np2; p++) {
            for (int k = 0; k < e3; k++) {
                for (int j = 0; j < e2; j++) {
                    System.arraycopy(in, 2 * (((p * e3 + k) * e2 + j) * piece), out,
                            2 * (p * piece + e1 * (j + e2 * k)), 2 * piece);
                }
            }
        }
    }

    /**
     * out(b, a) = in(a, b) for a &lt; na, b &lt; nb, in tiles: in(a, b) is complex number
     * {@code inBase + a·inA + b·inB}, out(b, a) is {@code outBase + a·outA + b} (contiguous in b).
     */
    static void transpose(double[] in, int inBase, int inA, int inB, double[] out, int outBase, int outA,
                          int na, int nb) {
        for (int b0 = 0; b0 < nb; b0 += TILE) {
            int bEnd = Math.min(b0 + TILE, nb);
            for (int a0 = 0; a0 < na; a0 += TILE) {
                int aEnd = Math.min(a0 + TILE, na);
                for (int a = a0; a < aEnd; a++) {
                    int from = 2 * (inBase + a * inA);
                    int to = 2 * (outBase + a * outA);
                    for (int b = b0; b < bEnd; b++) {
                        out[to + 2 * b] = in[from + 2 * b * inB];
                        out[to + 2 * b + 1] = in[from + 2 * b * inB + 1];
                    }
                }
            }
        }
    }
}
