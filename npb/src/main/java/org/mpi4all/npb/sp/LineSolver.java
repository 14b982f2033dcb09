package org.mpi4all.npb.sp;

import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Requests;

/**
 * The approximate-factorisation step along one direction ({@code SP/x_solve.f}, {@code y_solve.f},
 * {@code z_solve.f}): on every grid line along the direction, three scalar pentadiagonal systems (diagonals
 * 0–4 for equations 0–2, 5–9 for equation 3, 10–14 for equation 4) solved by the Thomas algorithm without
 * pivoting, pipelined through the cells along the direction.
 *
 * <p>Forward elimination runs through this process's cells in the direction's order; before eliminating a cell
 * it receives the last two eliminated rows of the cell before it from the predecessor, and after, sends its own
 * last two rows to the successor. Back substitution runs the other way with the first two solved rows. While a
 * message is in flight the process builds the next cell's left-hand side (forward) or applies the block-diagonal
 * product to the cell just finished (backward), as the reference does.
 */
final class LineSolver {
    private static final int TAG = 0;
    private static final int RECEIVE = 0;
    private static final int SEND = 1;
    /** A factor's five diagonals, from its first (the reference's lhs(n+1) ... lhs(n+5)); L3 is the main one. */
    private static final int L1 = 0;
    private static final int L2 = 1;
    private static final int L3 = 2;
    private static final int L4 = 3;
    private static final int L5 = 4;
    /** The equations each factor's diagonals (5·f ... 5·f+4) solve. */
    private static final int[][] EQUATIONS = {{0, 1, 2}, {3}, {4}};
    /** Doubles per line of the forward message: per factor, two rows of diagonals 3 and 4 and the equations. */
    private static final int FORWARD_PER_LINE = 2 * (2 + 3) + 2 * (2 + 1) + 2 * (2 + 1);
    /** Doubles per line of the backward message: the first two solved rows of every equation. */
    private static final int BACKWARD_PER_LINE = 2 * Cell.EQUATIONS;

    private final Comm comm;
    private final Partition partition;
    private final Cell[] cells;
    private final LeftHandSide leftHandSide;
    private final BlockDiagonal blockDiagonal;
    private final MessageBuffer out;
    private final MessageBuffer in;
    private final Requests requests;
    private final Box box = new Box();
    /** The array indices of the interior points of a plane across the direction, in memory order. */
    private final int[] plane;
    private final Box.RowKernel[] eliminateRows = new Box.RowKernel[3];
    private final Box.RowKernel[] eliminateLastRows = new Box.RowKernel[3];
    private final Box.RowKernel[] substituteRows = new Box.RowKernel[3];

    /**
     * @param out, in buffers of at least {@link #bufferLength} doubles, shared with the face exchange
     * @param extent  the allocated points along each axis of every cell
     */
    LineSolver(Comm comm, Partition partition, Cell[] cells, LeftHandSide leftHandSide, BlockDiagonal blockDiagonal,
               MessageBuffer out, MessageBuffer in, Backend backend, int[] extent) {
        this.comm = comm;
        this.partition = partition;
        this.cells = cells;
        this.leftHandSide = leftHandSide;
        this.blockDiagonal = blockDiagonal;
        this.out = out;
        this.in = in;
        this.requests = backend.requests(2);
        this.plane = new int[maxPlane(extent)];
        for (int axis = 0; axis < 3; axis++) {
            int a = axis;
            eliminateRows[a] = (cell, first, last) -> eliminate(cell, a, first, last);
            eliminateLastRows[a] = (cell, first, last) -> eliminateLastTwo(cell, a, first, last);
            substituteRows[a] = (cell, first, last) -> substitute(cell, a, first, last);
        }
    }

    /** The doubles the pipeline's messages need, for cells of this extent. */
    static int bufferLength(int[] extent) {
        return FORWARD_PER_LINE * maxPlane(extent);
    }

    private static int maxPlane(int[] extent) {
        return Math.max(extent[0] * extent[1], Math.max(extent[1] * extent[2], extent[0] * extent[2]));
    }

    /** Solves along {@code axis} and applies the block-diagonal product that follows; collective. */
    void solve(int axis) {
        forwardElimination(axis);
        backSubstitution(axis);
    }

    private void forwardElimination(int axis) {
        int last = partition.cellsPerAxis() - 1;
        for (int stage = 0; stage <= last; stage++) {
            Cell cell = cells[partition.slice(axis, stage)];
            int lines = plane(cell, axis, 0);
            if (stage > 0) {
                comm.irecv(in, 0, FORWARD_PER_LINE * lines, partition.predecessor(axis), TAG, requests, RECEIVE);
                leftHandSide.build(cell, axis);
                // Completes this receive and the previous stage's send, whose buffer is reused below.
                requests.waitAll();
                applyPredecessorRows(cell, axis, lines);
            } else {
                leftHandSide.build(cell, axis);
            }
            eliminate(cell, axis);
            if (stage < last) {
                packLastRows(cell, axis, plane(cell, axis, cell.size[axis] - 2));
                comm.isend(out, 0, FORWARD_PER_LINE * lines, partition.successor(axis), TAG, requests, SEND);
            }
        }
    }

    private void backSubstitution(int axis) {
        int last = partition.cellsPerAxis() - 1;
        for (int stage = last; stage >= 0; stage--) {
            Cell cell = cells[partition.slice(axis, stage)];
            int lines = plane(cell, axis, cell.size[axis] - 1);
            if (stage < last) {
                comm.irecv(in, 0, BACKWARD_PER_LINE * lines, partition.successor(axis), TAG, requests, RECEIVE);
                blockDiagonal.afterSolve(axis, cells[partition.slice(axis, stage + 1)]);
                requests.waitAll();
                applySuccessorRows(cell, axis, lines);
            } else {
                startSubstitution(cell, axis);
            }
            substitute(cell, axis);
            if (stage > 0) {
                packFirstRows(cell, axis, plane(cell, axis, 0));
                comm.isend(out, 0, BACKWARD_PER_LINE * lines, partition.predecessor(axis), TAG, requests, SEND);
            } else {
                blockDiagonal.afterSolve(axis, cell);
            }
        }
    }

    /** Fills {@link #plane} with the interior points at {@code position} along {@code axis}; returns how many. */
    private int plane(Cell cell, int axis, int position) {
        box.interiorOf(cell).along(axis, position, position);
        int count = 0;
        for (int k = box.lo[2]; k <= box.hi[2]; k++) {
            for (int j = box.lo[1]; j <= box.hi[1]; j++) {
                for (int i = box.lo[0]; i <= box.hi[0]; i++) {
                    plane[count++] = cell.index(i, j, k);
                }
            }
        }
        return count;
    }

    /** Forward elimination of the cell's rows, all three factors. */
    private void eliminate(Cell cell, int axis) {
        int size = cell.size[axis];
        box.interiorOf(cell).along(axis, 0, size - 3).forEachRow(cell, eliminateRows[axis]);
        box.interiorOf(cell).along(axis, size - 2, size - 2).forEachRow(cell, eliminateLastRows[axis]);
    }

    /**
     * Eliminates rows p (first ... last of a row of the box) from rows p + s and p + 2s, the three factors and
     * their equations side by side (the reference does one factor at a time; they are independent).
     */
    private void eliminate(Cell cell, int axis, int first, int last) {
        int s = cell.stride[axis];
        int ls = Cell.DIAGONALS * s;
        double[] lhs = cell.lhs;
        double[] r1 = cell.rhs[0];
        double[] r2 = cell.rhs[1];
        double[] r3 = cell.rhs[2];
        double[] r4 = cell.rhs[3];
        double[] r5 = cell.rhs[4];
        for (int p = first; p <= last; p++) {
            int q = Cell.DIAGONALS * p;
            double fac1 = eliminate(lhs, q, ls);
            eliminate(r1, fac1, lhs, q, ls, p, s);
            eliminate(r2, fac1, lhs, q, ls, p, s);
            eliminate(r3, fac1, lhs, q, ls, p, s);
            fac1 = eliminate(lhs, q + 5, ls);
            eliminate(r4, fac1, lhs, q + 5, ls, p, s);
            fac1 = eliminate(lhs, q + 10, ls);
            eliminate(r5, fac1, lhs, q + 10, ls, p, s);
        }
    }

    /**
     * Divides row q of a factor's diagonals (q the index of its first) by its pivot and eliminates it from the
     * rows ls and 2·ls further on; returns 1 / the pivot.
     */
    private static double eliminate(double[] lhs, int q, int ls) {
        double fac1 = pivot(lhs, q, q + ls);
        int q2 = q + 2 * ls;
        lhs[q2 + L2] = lhs[q2 + L2] - lhs[q2 + L1] * lhs[q + L4];
        lhs[q2 + L3] = lhs[q2 + L3] - lhs[q2 + L1] * lhs[q + L5];
        return fac1;
    }

    /** The same for an equation's right-hand side r at point p, with the pivot's inverse {@code fac1}. */
    private static void eliminate(double[] r, double fac1, double[] lhs, int q, int ls, int p, int s) {
        pivot(r, fac1, lhs[q + ls + L2], p, p + s);
        r[p + 2 * s] = r[p + 2 * s] - lhs[q + 2 * ls + L1] * r[p];
    }

    /** The last two rows of each line (p at size−2, p + s at size−1), which have no rows below to eliminate. */
    private void eliminateLastTwo(Cell cell, int axis, int first, int last) {
        int s = cell.stride[axis];
        int ls = Cell.DIAGONALS * s;
        double[] lhs = cell.lhs;
        for (int p = first; p <= last; p++) {
            for (int f = 0; f < 3; f++) {
                int qf = Cell.DIAGONALS * p + 5 * f;
                int q1 = qf + ls;
                double fac1 = pivot(lhs, qf, q1);
                double fac2 = 1.0 / lhs[q1 + L3];
                lhs[q1 + L4] = fac2 * lhs[q1 + L4];
                lhs[q1 + L5] = fac2 * lhs[q1 + L5];
                for (int m : EQUATIONS[f]) {
                    double[] r = cell.rhs[m];
                    pivot(r, fac1, lhs[q1 + L2], p, p + s);
                    r[p + s] = fac2 * r[p + s];
                }
            }
        }
    }

    /**
     * Divides row q of a factor's diagonals by its pivot and eliminates it from row q1 (indices of the factor's
     * first diagonal); returns 1 / the pivot.
     */
    private static double pivot(double[] lhs, int q, int q1) {
        double fac1 = 1.0 / lhs[q + L3];
        lhs[q + L4] = fac1 * lhs[q + L4];
        lhs[q + L5] = fac1 * lhs[q + L5];
        lhs[q1 + L3] = lhs[q1 + L3] - lhs[q1 + L2] * lhs[q + L4];
        lhs[q1 + L4] = lhs[q1 + L4] - lhs[q1 + L2] * lhs[q + L5];
        return fac1;
    }

    /** The same for a right-hand side r, with the pivot's inverse {@code fac1} and row p1's diagonal L2. */
    private static void pivot(double[] r, double fac1, double l2, int p, int p1) {
        r[p] = fac1 * r[p];
        r[p1] = r[p1] - l2 * r[p];
    }

    /** Back substitution of rows size−3 down to 0, every equation. */
    private void substitute(Cell cell, int axis) {
        box.interiorOf(cell).along(axis, 0, cell.size[axis] - 3).forEachRowBackwards(cell, substituteRows[axis]);
    }

    private void substitute(Cell cell, int axis, int first, int last) {
        int s = cell.stride[axis];
        double[] lhs = cell.lhs;
        double[] r1 = cell.rhs[0];
        double[] r2 = cell.rhs[1];
        double[] r3 = cell.rhs[2];
        double[] r4 = cell.rhs[3];
        double[] r5 = cell.rhs[4];
        for (int p = last; p >= first; p--) {
            int q = Cell.DIAGONALS * p;
            substitute(r1, lhs, q, p, s);
            substitute(r2, lhs, q, p, s);
            substitute(r3, lhs, q, p, s);
            substitute(r4, lhs, q + 5, p, s);
            substitute(r5, lhs, q + 10, p, s);
        }
    }

    /** r(p) from r(p + s) and r(p + 2s), with the factor's diagonals at q. */
    private static void substitute(double[] r, double[] lhs, int q, int p, int s) {
        r[p] = r[p] - lhs[q + L4] * r[p + s] - lhs[q + L5] * r[p + 2 * s];
    }

    /** In the last cell of the lines, row size−2 from row size−1, which is solved. */
    private void startSubstitution(Cell cell, int axis) {
        int s = cell.stride[axis];
        int lines = plane(cell, axis, cell.size[axis] - 2);
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            int n = 5 * factorOf(m);
            double[] r = cell.rhs[m];
            for (int line = 0; line < lines; line++) {
                int p = plane[line];
                r[p] = r[p] - cell.lhs[Cell.DIAGONALS * p + n + L4] * r[p + s];
            }
        }
    }

    private static int factorOf(int m) {
        return m < 3 ? 0 : m - 2;
    }

    /** Sends rows size−2 and size−1 ({@link #plane} at size−2): diagonals 3 and 4 and the equations, per factor. */
    private void packLastRows(Cell cell, int axis, int lines) {
        int s = cell.stride[axis];
        int position = 0;
        for (int f = 0; f < 3; f++) {
            for (int line = 0; line < lines; line++) {
                for (int p = plane[line]; p <= plane[line] + s; p += s) {
                    int q = Cell.DIAGONALS * p + 5 * f;
                    out.set(position++, cell.lhs[q + L4]);
                    out.set(position++, cell.lhs[q + L5]);
                    for (int m : EQUATIONS[f]) {
                        out.set(position++, cell.rhs[m][p]);
                    }
                }
            }
        }
    }

    /**
     * Eliminates the predecessor's last two rows (received) from rows 0 and 1 ({@link #plane} at 0) of every
     * factor.
     */
    private void applyPredecessorRows(Cell cell, int axis, int lines) {
        int ls = Cell.DIAGONALS * cell.stride[axis];
        double[] lhs = cell.lhs;
        int position = 0;
        for (int f = 0; f < 3; f++) {
            int[] equations = EQUATIONS[f];
            int perRow = 2 + equations.length;
            for (int line = 0; line < lines; line++) {
                int p = plane[line];
                int q = Cell.DIAGONALS * p + 5 * f;
                int q1 = q + ls;
                int row1 = position;
                int row2 = position + perRow;
                lhs[q + L2] = lhs[q + L2] - in.get(row1) * lhs[q + L1];
                lhs[q + L3] = lhs[q + L3] - in.get(row1 + 1) * lhs[q + L1];
                double d = in.get(row2);
                double e = in.get(row2 + 1);
                double r1 = lhs[q + L2];
                lhs[q + L3] = lhs[q + L3] - d * r1;
                lhs[q + L4] = lhs[q + L4] - e * r1;
                double r2 = lhs[q1 + L1];
                lhs[q1 + L2] = lhs[q1 + L2] - d * r2;
                lhs[q1 + L3] = lhs[q1 + L3] - e * r2;
                for (int k = 0; k < equations.length; k++) {
                    double[] r = cell.rhs[equations[k]];
                    int p1 = p + cell.stride[axis];
                    double sk = in.get(row2 + 2 + k);
                    r[p] = r[p] - in.get(row1 + 2 + k) * lhs[q + L1];
                    r[p] = r[p] - sk * r1;
                    r[p1] = r[p1] - sk * r2;
                }
                position += 2 * perRow;
            }
        }
    }

    /** Sends rows 0 and 1 ({@link #plane} at 0) of every equation, solved. */
    private void packFirstRows(Cell cell, int axis, int lines) {
        int s = cell.stride[axis];
        int position = 0;
        for (double[] r : cell.rhs) {
            for (int line = 0; line < lines; line++) {
                out.set(position++, r[plane[line]]);
                out.set(position++, r[plane[line] + s]);
            }
        }
    }

    /** Rows size−1 and size−2 ({@link #plane} at size−1) from the successor's first two rows (received). */
    private void applySuccessorRows(Cell cell, int axis, int lines) {
        int s = cell.stride[axis];
        double[] lhs = cell.lhs;
        int position = 0;
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            int n = 5 * factorOf(m);
            double[] r = cell.rhs[m];
            for (int line = 0; line < lines; line++) {
                int p = plane[line];
                int pm = p - s;
                int q = Cell.DIAGONALS * p + n;
                int qm = Cell.DIAGONALS * pm + n;
                double sm1 = in.get(position++);
                double sm2 = in.get(position++);
                r[p] = r[p] - lhs[q + L4] * sm1 - lhs[q + L5] * sm2;
                r[pm] = r[pm] - lhs[qm + L4] * r[p] - lhs[qm + L5] * sm1;
            }
        }
    }
}
