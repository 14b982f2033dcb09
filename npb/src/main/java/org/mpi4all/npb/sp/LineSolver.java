package org.mpi4all.npb.sp;

import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Requests;

/**
 * The approximate-factorisation step along one direction ({@code SP/x_solve.f}, {@code y_solve.f},
 * {@code z_solve.f}): on every grid line along the direction, three scalar pentadiagonal systems (factor 0
 * for equations 0–2, 1 for equation 3, 2 for equation 4) solved by the Thomas algorithm without pivoting,
 * pipelined through the cells along the direction. Diagonal 0 of each factor is read by position
 * ({@link Cell#diagonal0}), diagonal 4 taken from {@link Cell#diagonal4} as each point is eliminated.
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
    /**
     * A factor's stored diagonals 1 to 4 (the reference's lhs(n+2) ... lhs(n+5); L1, diagonal 0, is kept by
     * position) from its first, {@link Cell#diagonal(int, int) diagonal(f, 1)}; L3 is the main one.
     */
    private static final int L2 = 0;
    private static final int L3 = 1;
    private static final int L4 = 2;
    private static final int L5 = 3;
    /** The equations each factor solves. */
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
    /** The rows and columns of the interior points of a plane across the direction, in memory order. */
    private final int[] planeRow;
    private final int[] planeColumn;
    private final Box.RowKernel[] eliminateRows = new Box.RowKernel[3];
    private final Box.RowKernel[] eliminateLastRows = new Box.RowKernel[3];
    private final Box.RowKernel[] substituteRows = new Box.RowKernel[3];
    /** Along y and z, 1 / the pivot of each column of the row being eliminated, for one factor at a time. */
    private final double[] pivots;

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
        this.planeRow = new int[maxPlane(extent)];
        this.planeColumn = new int[maxPlane(extent)];
        this.pivots = new double[extent[0]];
        for (int axis = 0; axis < 3; axis++) {
            int a = axis;
            eliminateRows[a] = a == 0 ? this::eliminateAlongX
                    : (cell, row, from, to) -> eliminateAcrossRows(cell, a, row, from, to);
            eliminateLastRows[a] = (cell, row, from, to) -> eliminateLastTwo(cell, a, row, from, to);
            substituteRows[a] = a == 0 ? this::substituteAlongX
                    : (cell, row, from, to) -> substituteAcrossRows(cell, a, row, from, to);
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

    /** Fills {@link #planeRow} and {@link #planeColumn} with the interior points at {@code position} along {@code axis}; returns how many. */
    private int plane(Cell cell, int axis, int position) {
        box.interiorOf(cell).along(axis, position, position);
        int count = 0;
        for (int k = box.lo[2]; k <= box.hi[2]; k++) {
            for (int j = box.lo[1]; j <= box.hi[1]; j++) {
                for (int i = box.lo[0]; i <= box.hi[0]; i++) {
                    planeRow[count] = cell.row(j, k);
                    planeColumn[count++] = Cell.column(i);
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
     * Along x: eliminates the points p (from ... to − 1) of a row from the next two, the three factors and their
     * equations side by side (the reference does one factor at a time; they are independent, and their chains
     * of dependent divisions overlap).
     */
    private void eliminateAlongX(Cell cell, int row, int from, int to) {
        double[][] lhs = cell.lhs[row];
        double[][] r = cell.rhsRows[row];
        double[] d0 = cell.diagonal0[0];
        double[] d4 = cell.diagonal4[0];
        int plus = Cell.diagonal(1, 1);
        int minus = Cell.diagonal(2, 1);
        for (int p = from; p < to; p++) {
            double l1 = d0[p + 2];
            double e4 = d4[p];
            double fac1 = eliminate(lhs, lhs, lhs, 0, p, 1, l1, e4);
            double l2 = lhs[L2][p + 1];
            eliminate(r[0], r[0], r[0], fac1, l2, l1, p, 1);
            eliminate(r[1], r[1], r[1], fac1, l2, l1, p, 1);
            eliminate(r[2], r[2], r[2], fac1, l2, l1, p, 1);
            fac1 = eliminate(lhs, lhs, lhs, plus, p, 1, l1, e4);
            eliminate(r[3], r[3], r[3], fac1, lhs[plus + L2][p + 1], l1, p, 1);
            fac1 = eliminate(lhs, lhs, lhs, minus, p, 1, l1, e4);
            eliminate(r[4], r[4], r[4], fac1, lhs[minus + L2][p + 1], l1, p, 1);
        }
    }

    /**
     * Along y or z: eliminates the points of a row (diagonals a) from those of the next two rows along the axis
     * (b, c), column by column. The columns are independent, so each step of a factor is a loop of its own over
     * the row that reads every array at the column it stores: C2 vectorises them.
     */
    private void eliminateAcrossRows(Cell cell, int axis, int row, int from, int to) {
        int row1 = row + cell.rowStep[axis];
        int row2 = row1 + cell.rowStep[axis];
        double[][] a = cell.lhs[row];
        double[][] b = cell.lhs[row1];
        double[][] c = cell.lhs[row2];
        int index = cell.indexAlong(axis, row, from);
        double e4 = cell.diagonal4[axis][index];
        double c1 = cell.diagonal0[axis][index + 2];
        double[] fac = pivots;
        for (int f = 0; f < 3; f++) {
            int n = Cell.diagonal(f, 1);
            double[] a4 = a[n + L4];
            double[] a5 = a[n + L5];
            scalePivotRow(fac, a[n + L3], a4, a5, e4, from, to);
            eliminateFromRow(b[n + L2], b[n + L3], b[n + L4], a4, a5, from, to);
            eliminateFromRow(c1, c[n + L2], c[n + L3], a4, a5, from, to);
            for (int m : EQUATIONS[f]) {
                eliminateEquation(cell.rhs[m][row], cell.rhs[m][row1], cell.rhs[m][row2], fac, b[n + L2], c1,
                        from, to);
            }
        }
    }

    /** fac = 1 / the pivots (diagonal 2); diagonal 3 of the pivot row and its diagonal 4, e4, divided by them. */
    private static void scalePivotRow(double[] fac, double[] a3, double[] a4, double[] a5, double e4, int from,
                                      int to) {
        for (int p = from; p < to; p++) {
            fac[p] = 1.0 / a3[p];
            a4[p] = fac[p] * a4[p];
            a5[p] = fac[p] * e4;
        }
    }

    /** Eliminates the scaled pivot row (a4, a5) from a row below, whose multiplier is x: y −= x·a4, z −= x·a5. */
    private static void eliminateFromRow(double[] x, double[] y, double[] z, double[] a4, double[] a5, int from,
                                         int to) {
        for (int p = from; p < to; p++) {
            y[p] = y[p] - x[p] * a4[p];
            z[p] = z[p] - x[p] * a5[p];
        }
    }

    /** The same from the row two below, whose multiplier (its diagonal 0) is the same at every column. */
    private static void eliminateFromRow(double x, double[] y, double[] z, double[] a4, double[] a5, int from,
                                         int to) {
        for (int p = from; p < to; p++) {
            y[p] = y[p] - x * a4[p];
            z[p] = z[p] - x * a5[p];
        }
    }

    /**
     * An equation's right-hand side: r0 scaled by the pivots' inverses, eliminated from r1 (multipliers b2) and
     * r2 (multiplier c1).
     */
    private static void eliminateEquation(double[] r0, double[] r1, double[] r2, double[] fac, double[] b2,
                                          double c1, int from, int to) {
        for (int p = from; p < to; p++) {
            r0[p] = fac[p] * r0[p];
            r1[p] = r1[p] - b2[p] * r0[p];
            r2[p] = r2[p] - c1 * r0[p];
        }
    }

    /**
     * Divides the diagonals of the factor whose diagonal 1 is n at column p of a row (diagonals a; e4 its
     * diagonal 4) by its pivot and eliminates them from column p + s of b and p + 2s of c (l1 its diagonal 0);
     * returns 1 / the pivot.
     */
    private static double eliminate(double[][] a, double[][] b, double[][] c, int n, int p, int s, double l1,
                                    double e4) {
        double fac1 = pivot(a, p, b, p + s, n, e4);
        int p2 = p + 2 * s;
        c[n + L2][p2] = c[n + L2][p2] - l1 * a[n + L4][p];
        c[n + L3][p2] = c[n + L3][p2] - l1 * a[n + L5][p];
        return fac1;
    }

    /**
     * The same for an equation's right-hand side at p of r0, p + s of r1 and p + 2s of r2, with the pivot's
     * inverse {@code fac1} and the next points' diagonals L2 ({@code l2}) and L1 ({@code l1}).
     */
    private static void eliminate(double[] r0, double[] r1, double[] r2, double fac1, double l2, double l1, int p,
                                  int s) {
        pivot(r0, p, r1, p + s, fac1, l2);
        r2[p + 2 * s] = r2[p + 2 * s] - l1 * r0[p];
    }

    /** The last two points of each line (the row at size−2, and the row at size−1), which have no points below to eliminate. */
    private void eliminateLastTwo(Cell cell, int axis, int row, int from, int to) {
        int s = cell.columnStep[axis];
        int row1 = row + cell.rowStep[axis];
        double[][] a = cell.lhs[row];
        double[][] b = cell.lhs[row1];
        double[] d4 = cell.diagonal4[axis];
        for (int p = from; p < to; p++) {
            int p1 = p + s;
            int index = cell.indexAlong(axis, row, p);
            for (int f = 0; f < 3; f++) {
                int n = Cell.diagonal(f, 1);
                double fac1 = pivot(a, p, b, p1, n, d4[index]);
                double fac2 = 1.0 / b[n + L3][p1];
                b[n + L4][p1] = fac2 * b[n + L4][p1];
                b[n + L5][p1] = fac2 * d4[index + 1];
                for (int m : EQUATIONS[f]) {
                    double[] r0 = cell.rhs[m][row];
                    double[] r1 = cell.rhs[m][row1];
                    pivot(r0, p, r1, p1, fac1, b[n + L2][p1]);
                    r1[p1] = fac2 * r1[p1];
                }
            }
        }
    }

    /**
     * Divides the diagonals (n the factor's diagonal 1, e4 its diagonal 4) at column p of a by its pivot and
     * eliminates them from column p1 of b; returns 1 / the pivot.
     */
    private static double pivot(double[][] a, int p, double[][] b, int p1, int n, double e4) {
        double fac1 = 1.0 / a[n + L3][p];
        a[n + L4][p] = fac1 * a[n + L4][p];
        a[n + L5][p] = fac1 * e4;
        b[n + L3][p1] = b[n + L3][p1] - b[n + L2][p1] * a[n + L4][p];
        b[n + L4][p1] = b[n + L4][p1] - b[n + L2][p1] * a[n + L5][p];
        return fac1;
    }

    /** The same for a right-hand side (p of r0, p1 of r1), with the pivot's inverse {@code fac1} and p1's diagonal L2. */
    private static void pivot(double[] r0, int p, double[] r1, int p1, double fac1, double l2) {
        r0[p] = fac1 * r0[p];
        r1[p1] = r1[p1] - l2 * r0[p];
    }

    /** Back substitution of rows size−3 down to 0, every equation. */
    private void substitute(Cell cell, int axis) {
        box.interiorOf(cell).along(axis, 0, cell.size[axis] - 3).forEachRowBackwards(cell, substituteRows[axis]);
    }

    /** Along x, the five equations side by side (five chains of dependent operations overlap). */
    private void substituteAlongX(Cell cell, int row, int from, int to) {
        double[][] lhs = cell.lhs[row];
        double[][] r = cell.rhsRows[row];
        int plus = Cell.diagonal(1, 1);
        int minus = Cell.diagonal(2, 1);
        for (int p = to - 1; p >= from; p--) {
            substitute(r[0], lhs[L4], lhs[L5], p);
            substitute(r[1], lhs[L4], lhs[L5], p);
            substitute(r[2], lhs[L4], lhs[L5], p);
            substitute(r[3], lhs[plus + L4], lhs[plus + L5], p);
            substitute(r[4], lhs[minus + L4], lhs[minus + L5], p);
        }
    }

    /** r(p) from r(p + 1) and r(p + 2), with the factor's diagonals 4 and 5. */
    private static void substitute(double[] r, double[] l4, double[] l5, int p) {
        r[p] = r[p] - l4[p] * r[p + 1] - l5[p] * r[p + 2];
    }

    /** Along y or z, an equation at a time: the columns are independent, and C2 vectorises the loop. */
    private void substituteAcrossRows(Cell cell, int axis, int row, int from, int to) {
        int row1 = row + cell.rowStep[axis];
        int row2 = row1 + cell.rowStep[axis];
        double[][] lhs = cell.lhs[row];
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            int n = Cell.diagonal(factorOf(m), 1);
            substituteAcrossRows(cell.rhs[m][row], cell.rhs[m][row1], cell.rhs[m][row2], lhs[n + L4], lhs[n + L5],
                    from, to);
        }
    }

    /** r0 −= l4·r1 + l5·r2 (in that order), column by column. */
    private static void substituteAcrossRows(double[] r0, double[] r1, double[] r2, double[] l4, double[] l5,
                                             int from, int to) {
        for (int p = from; p < to; p++) {
            r0[p] = r0[p] - l4[p] * r1[p] - l5[p] * r2[p];
        }
    }

    /** In the last cell of the lines, row size−2 from row size−1, which is solved. */
    private void startSubstitution(Cell cell, int axis) {
        int rs = cell.rowStep[axis];
        int s = cell.columnStep[axis];
        int lines = plane(cell, axis, cell.size[axis] - 2);
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            int n = Cell.diagonal(factorOf(m), 1);
            double[][] r = cell.rhs[m];
            for (int line = 0; line < lines; line++) {
                int row = planeRow[line];
                int p = planeColumn[line];
                r[row][p] = r[row][p] - cell.lhs[row][n + L4][p] * r[row + rs][p + s];
            }
        }
    }

    private static int factorOf(int m) {
        return m < 3 ? 0 : m - 2;
    }

    /** Sends rows size−2 and size−1 ({@link #plane} at size−2): diagonals 3 and 4 and the equations, per factor. */
    private void packLastRows(Cell cell, int axis, int lines) {
        int rs = cell.rowStep[axis];
        int s = cell.columnStep[axis];
        int position = 0;
        for (int f = 0; f < 3; f++) {
            for (int line = 0; line < lines; line++) {
                for (int n = 0; n < 2; n++) {
                    int row = planeRow[line] + n * rs;
                    int p = planeColumn[line] + n * s;
                    out.set(position++, cell.lhs[row][Cell.diagonal(f, 1) + L4][p]);
                    out.set(position++, cell.lhs[row][Cell.diagonal(f, 1) + L5][p]);
                    for (int m : EQUATIONS[f]) {
                        out.set(position++, cell.rhs[m][row][p]);
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
        int rs = cell.rowStep[axis];
        int s = cell.columnStep[axis];
        // Diagonal 0 at positions 0 and 1 along the axis: the same on every line.
        double a1 = cell.diagonal0[axis][Cell.GHOSTS];
        double b1 = cell.diagonal0[axis][Cell.GHOSTS + 1];
        int position = 0;
        for (int f = 0; f < 3; f++) {
            int[] equations = EQUATIONS[f];
            int perRow = 2 + equations.length;
            for (int line = 0; line < lines; line++) {
                int row = planeRow[line];
                int row1 = row + rs;
                int p = planeColumn[line];
                int p1 = p + s;
                double[][] a = cell.lhs[row];
                double[][] b = cell.lhs[row1];
                int n = Cell.diagonal(f, 1);
                int received1 = position;
                int received2 = position + perRow;
                a[n + L2][p] = a[n + L2][p] - in.get(received1) * a1;
                a[n + L3][p] = a[n + L3][p] - in.get(received1 + 1) * a1;
                double d = in.get(received2);
                double e = in.get(received2 + 1);
                double r1 = a[n + L2][p];
                a[n + L3][p] = a[n + L3][p] - d * r1;
                a[n + L4][p] = a[n + L4][p] - e * r1;
                double r2 = b1;
                b[n + L2][p1] = b[n + L2][p1] - d * r2;
                b[n + L3][p1] = b[n + L3][p1] - e * r2;
                for (int k = 0; k < equations.length; k++) {
                    double[] r0 = cell.rhs[equations[k]][row];
                    double sk = in.get(received2 + 2 + k);
                    r0[p] = r0[p] - in.get(received1 + 2 + k) * a1;
                    r0[p] = r0[p] - sk * r1;
                    double[] rNext = cell.rhs[equations[k]][row1];
                    rNext[p1] = rNext[p1] - sk * r2;
                }
                position += 2 * perRow;
            }
        }
    }

    /** Sends rows 0 and 1 ({@link #plane} at 0) of every equation, solved. */
    private void packFirstRows(Cell cell, int axis, int lines) {
        int rs = cell.rowStep[axis];
        int s = cell.columnStep[axis];
        int position = 0;
        for (double[][] r : cell.rhs) {
            for (int line = 0; line < lines; line++) {
                int row = planeRow[line];
                int p = planeColumn[line];
                out.set(position++, r[row][p]);
                out.set(position++, r[row + rs][p + s]);
            }
        }
    }

    /** Rows size−1 and size−2 ({@link #plane} at size−1) from the successor's first two rows (received). */
    private void applySuccessorRows(Cell cell, int axis, int lines) {
        int rs = cell.rowStep[axis];
        int s = cell.columnStep[axis];
        int position = 0;
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            int n = Cell.diagonal(factorOf(m), 1);
            double[][] r = cell.rhs[m];
            for (int line = 0; line < lines; line++) {
                int row = planeRow[line];
                int rowm = row - rs;
                int p = planeColumn[line];
                int pm = p - s;
                double sm1 = in.get(position++);
                double sm2 = in.get(position++);
                r[row][p] = r[row][p] - cell.lhs[row][n + L4][p] * sm1 - cell.lhs[row][n + L5][p] * sm2;
                r[rowm][pm] = r[rowm][pm] - cell.lhs[rowm][n + L4][pm] * r[row][p] - cell.lhs[rowm][n + L5][pm] * sm1;
            }
        }
    }
}
