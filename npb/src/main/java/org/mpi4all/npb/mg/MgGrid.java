package org.mpi4all.npb.mg;

/**
 * MG's grid hierarchy and its decomposition over a 3-D grid of processes (NPB 3.4-MPI {@code mg.f},
 * {@code setup}). Level {@code lt} is the finest grid (nx³ points), each coarser level halves every
 * dimension, level 1 has one point per dimension. The processes form a pi1 × pi2 × pi3 grid
 * (pi1 ≤ pi2 ≤ pi3, powers of two); each holds a box of every level with one ghost layer on each side.
 *
 * <p>On coarse levels a process may hold no point along an axis: it is <em>dead</em> on that level (its
 * field is zero and it exchanges nothing), its live neighbours skip it ({@code next} doubles), and on the way
 * back to finer levels the points a dead process lacks are given to it ({@link #giveEx}, {@link #takeEx}).
 *
 * <p>Arrays here are indexed [axis 0..2][level 1..lt] (level 0 unused); directions are −1 and +1, stored at
 * index 0 and 1. Box sizes include the ghost layers.
 */
final class MgGrid {
    static final int DOWN = 0;
    static final int UP = 1;

    /** The finest level: log2 of the grid size. */
    final int lt;
    /** The processes along each axis. */
    final int[] processes = new int[3];
    /** This process's box size per axis and level, ghosts included (NPB's m1, m2, m3). */
    final int[][] size;
    /** Whether this process holds no point on a level. */
    final boolean[] dead;
    /** Whether this process gives / takes extra points along an axis when interpolating to a level. */
    final boolean[][] giveEx;
    final boolean[][] takeEx;
    /** The neighbour's rank per axis, direction (DOWN, UP) and level. */
    final int[][][] neighbour;
    /** Where each level's box starts in the arrays that hold every level (level lt at 0). */
    private final long[] offset;
    /** The global position of this process's first point on the finest level per axis (NPB's is1, is2, is3; 1-based, ghost at 1). */
    final int[] start = new int[3];
    /** The global position of its last point (NPB's ie1, ie2, ie3). */
    final int[] end = new int[3];

    /**
     * @param n      the finest grid's points per dimension, a power of two
     * @param nprocs the number of processes, a power of two
     * @param me     this process's rank
     */
    MgGrid(int n, int nprocs, int me) {
        lt = Integer.numberOfTrailingZeros(n);
        size = new int[3][lt + 1];
        dead = new boolean[lt + 1];
        giveEx = new boolean[3][lt + 1];
        takeEx = new boolean[3][lt + 1];
        neighbour = new int[3][2][lt + 1];
        offset = new long[lt + 1];

        int logP = Integer.numberOfTrailingZeros(nprocs);
        int dx = logP / 3;
        int dy = (logP - dx) / 2;
        processes[0] = 1 << dx;
        processes[1] = 1 << dy;
        processes[2] = nprocs / (processes[0] * processes[1]);
        int[] id = {me % processes[0], me / processes[0] % processes[1], me / (processes[0] * processes[1])};

        int[] next = {1, 1, 1};
        for (int k = lt; k >= 1; k--) {
            int points = n >> (lt - k);
            for (int ax = 0; ax < 3; ax++) {
                int pi = processes[ax];
                int mine = 2 + ((id[ax] + 1) * points) / pi - (id[ax] * points) / pi;
                int beyond = 2 + ((next[ax] + id[ax] + 1) * points) / pi - ((next[ax] + id[ax]) * points) / pi;
                if (beyond == 2 || mine == 2) {
                    next[ax] *= 2;
                }
                if (k < lt) {
                    giveEx[ax][k + 1] = beyond == 2 && mine == 3;
                    takeEx[ax][k + 1] = beyond == 3 && mine == 2;
                }
                size[ax][k] = mine;
                dead[k] |= mine == 2;
            }
            for (int ax = 0; ax < 3; ax++) {
                neighbour[ax][UP][k] = rankWith(id, ax, Math.floorMod(id[ax] + next[ax], processes[ax]));
                neighbour[ax][DOWN][k] = rankWith(id, ax, Math.floorMod(id[ax] - next[ax], processes[ax]));
            }
        }
        for (int ax = 0; ax < 3; ax++) {
            int pi = processes[ax];
            start[ax] = 2 + n - ((pi - id[ax]) * n) / pi;
            end[ax] = 1 + n - ((pi - 1 - id[ax]) * n) / pi;
        }
        offset[lt] = 0;
        for (int k = lt - 1; k >= 1; k--) {
            offset[k] = offset[k + 1] + points(k + 1);
        }
    }

    /** The number of points, ghosts included, of this process's box on level {@code k}. */
    long points(int k) {
        return (long) size[0][k] * size[1][k] * size[2][k];
    }

    /** The length of an array holding this process's boxes of every level. */
    long allLevelsLength() {
        return offset[1] + points(1);
    }

    /** Where level {@code k}'s box starts in an array of {@link #allLevelsLength()}. */
    int offset(int k) {
        return Math.toIntExact(offset[k]);
    }

    private int rankWith(int[] id, int axis, int coordinate) {
        int[] c = id.clone();
        c[axis] = coordinate;
        return c[0] + processes[0] * (c[1] + processes[1] * c[2]);
    }
}
