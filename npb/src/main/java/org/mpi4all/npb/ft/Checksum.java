package org.mpi4all.npb.ft;

import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.Op;

/**
 * FT's checksum ({@code ft.f} subroutine {@code checksum}): the sum of 1024 fixed grid points of the stage-0
 * solution, point j at (j mod nx, 3j mod ny, 5j mod nz), divided by the number of grid points. Each process
 * adds the points it holds; rank 0 gets the total.
 */
final class Checksum {
    private static final int POINTS = 1024;

    private final Decomposition decomposition;
    private final int[] sizes;
    private final double points;
    private final double[] local = new double[2];
    private final double[] total = new double[2];

    Checksum(Decomposition decomposition, int nx, int ny, int nz) {
        this.decomposition = decomposition;
        this.sizes = new int[] {nx, ny, nz};
        this.points = (double) nx * ny * nz;
    }

    /**
     * The checksum of {@code u} (stage 0, interleaved complex) as {re, im}, valid on rank 0 of {@code world};
     * collective. The returned array is reused by the next call.
     */
    double[] of(double[] u, Comm world) {
        double re = 0.0;
        double im = 0.0;
        for (int j = 1; j <= POINTS; j++) {
            int index = localIndex(j % sizes[0], 3 * j % sizes[1], 5 * j % sizes[2]);
            if (index >= 0) {
                re += u[2 * index];
                im += u[2 * index + 1];
            }
        }
        local[0] = re / points;
        local[1] = im / points;
        world.reduce(local, 0, total, 0, 2, Op.SUM, 0);
        return total;
    }

    /** The index in this process's stage-0 (x-y-z) array of grid point (x, y, z), or -1 if another process holds it. */
    private int localIndex(int x, int y, int z) {
        int i = x - decomposition.first(0, 0);
        int j = y - decomposition.first(0, 1);
        int k = z - decomposition.first(0, 2);
        int d1 = decomposition.dim(0, 0);
        int d2 = decomposition.dim(0, 1);
        if (i < 0 || i >= d1 || j < 0 || j >= d2 || k < 0 || k >= decomposition.dim(0, 2)) {
            return -1;
        }
        return i + d1 * (j + d2 * k);
    }
}
