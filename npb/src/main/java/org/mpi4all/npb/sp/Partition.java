package org.mpi4all.npb.sp;

/**
 * SP's multi-partition decomposition ({@code SP/make_set.f}): on P = p² processes the grid is cut into p × p × p
 * cells and each process owns p of them, one in every slab of cells along each axis, placed diagonally so that
 * every sweep along an axis keeps all processes busy and talks only to two fixed neighbours per axis.
 *
 * <p>Process r = i + p·j owns the cells at (i + c, j − c, c) mod p for c = 0 ... p−1 (its c-th cell). Along
 * every axis its c-th cell borders the c-th cell (x, y) or the (c+1)-th cell (z) of the same two processes, its
 * predecessor and successor along that axis.
 */
final class Partition {
    private final int cellsPerAxis;
    private final int[][] coordinates;
    private final int[][] slice;
    private final int[] predecessor = new int[3];
    private final int[] successor = new int[3];
    private final int[][] sizes;
    private final int[][] lows;

    /**
     * @param processes  a square number of processes, p²
     * @param rank       this process
     * @param gridPoints the grid points along each axis
     */
    Partition(int processes, int rank, int[] gridPoints) {
        int p = cellsPerAxis(processes);
        this.cellsPerAxis = p;
        coordinates = new int[p][3];
        slice = new int[3][p];
        for (int c = 0; c < p; c++) {
            coordinates[c][0] = (rank % p + c) % p;
            coordinates[c][1] = ((rank / p - c) % p + p) % p;
            coordinates[c][2] = c;
            for (int axis = 0; axis < 3; axis++) {
                slice[axis][coordinates[c][axis]] = c;
            }
        }
        int i = rank % p;
        int j = rank / p;
        predecessor[0] = (i - 1 + p) % p + p * j;
        predecessor[1] = i + p * ((j - 1 + p) % p);
        predecessor[2] = (i + 1) % p + p * ((j - 1 + p) % p);
        successor[0] = (i + 1) % p + p * j;
        successor[1] = i + p * ((j + 1) % p);
        successor[2] = (i - 1 + p) % p + p * ((j + 1) % p);
        sizes = new int[p][3];
        lows = new int[p][3];
        for (int c = 0; c < p; c++) {
            for (int axis = 0; axis < 3; axis++) {
                int size = gridPoints[axis] / p;
                int excess = gridPoints[axis] % p;
                int coordinate = coordinates[c][axis];
                sizes[c][axis] = coordinate < excess ? size + 1 : size;
                lows[c][axis] = coordinate < excess
                        ? coordinate * (size + 1)
                        : excess * (size + 1) + (coordinate - excess) * size;
            }
        }
    }

    /** p for p² processes. */
    static int cellsPerAxis(int processes) {
        int p = (int) Math.round(Math.sqrt(processes));
        if (p * p != processes) {
            throw new IllegalArgumentException("the multi-partition needs a square number of processes, not " + processes);
        }
        return p;
    }

    /** The number of cells along each axis, and the number of cells of each process. */
    int cellsPerAxis() {
        return cellsPerAxis;
    }

    /** The position of this process's cell {@code c} among the cells along {@code axis} (0 ... p−1). */
    int coordinate(int c, int axis) {
        return coordinates[c][axis];
    }

    /** Which of this process's cells is the {@code position}-th along {@code axis}. */
    int slice(int axis, int position) {
        return slice[axis][position];
    }

    /** The process whose cells precede this process's cells along {@code axis}. */
    int predecessor(int axis) {
        return predecessor[axis];
    }

    /** The process whose cells follow this process's cells along {@code axis}. */
    int successor(int axis) {
        return successor[axis];
    }

    /** The grid points of cell {@code c} along {@code axis}. */
    int size(int c, int axis) {
        return sizes[c][axis];
    }

    /** The global index of the first grid point of cell {@code c} along {@code axis}. */
    int low(int c, int axis) {
        return lows[c][axis];
    }

    /** The largest cell size along {@code axis}: grid / p rounded up. */
    static int maxCellSize(int gridPoints, int cellsPerAxis) {
        return (gridPoints + cellsPerAxis - 1) / cellsPerAxis;
    }
}
