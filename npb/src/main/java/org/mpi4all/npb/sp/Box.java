package org.mpi4all.npb.sp;

/**
 * A box of a cell's points, {@code lo[d] ... hi[d]} along each axis d (inclusive), that a kernel loops over in
 * memory order (z outermost, x innermost). Kernels keep one and reset it before each loop, so that nothing is
 * allocated while SP runs.
 */
final class Box {
    final int[] lo = new int[3];
    final int[] hi = new int[3];

    /** The cell's interior points: the reference's start(d, c) ... cell_size(d, c) − end(d, c) − 1. */
    Box interiorOf(Cell cell) {
        for (int d = 0; d < 3; d++) {
            lo[d] = cell.firstInterior(d);
            hi[d] = cell.lastInterior(d);
        }
        return this;
    }

    /** All the cell's points, extended by {@code margin} ghost layers on each side. */
    Box wholeOf(Cell cell, int margin) {
        for (int d = 0; d < 3; d++) {
            lo[d] = -margin;
            hi[d] = cell.size[d] - 1 + margin;
        }
        return this;
    }

    /** Restricts the box to positions {@code from ... to} along {@code axis}. */
    Box along(int axis, int from, int to) {
        lo[axis] = from;
        hi[axis] = to;
        return this;
    }

    /** Calls {@code kernel} for every row of the box along x, z and then y ascending. */
    void forEachRow(Cell cell, RowKernel kernel) {
        int from = Cell.column(lo[0]);
        int to = Cell.column(hi[0]) + 1;
        for (int k = lo[2]; k <= hi[2]; k++) {
            for (int j = lo[1]; j <= hi[1]; j++) {
                kernel.row(cell, cell.row(j, k), from, to);
            }
        }
    }

    /** {@link #forEachRow} with z and y descending, for sweeps that run backwards along y or z. */
    void forEachRowBackwards(Cell cell, RowKernel kernel) {
        int from = Cell.column(lo[0]);
        int to = Cell.column(hi[0]) + 1;
        for (int k = hi[2]; k >= lo[2]; k--) {
            for (int j = hi[1]; j >= lo[1]; j--) {
                kernel.row(cell, cell.row(j, k), from, to);
            }
        }
    }

    /**
     * Work on one row of a box: the points at columns {@code from} (inclusive) to {@code to} (exclusive: C2
     * traps a {@code <=} loop that runs once and recompiles it unvectorised) of row {@code row} of
     * {@code cell}'s fields.
     */
    interface RowKernel {
        void row(Cell cell, int row, int from, int to);
    }

    /** The number of points in the box. */
    int points() {
        return Math.max(0, hi[0] - lo[0] + 1) * Math.max(0, hi[1] - lo[1] + 1) * Math.max(0, hi[2] - lo[2] + 1);
    }
}
