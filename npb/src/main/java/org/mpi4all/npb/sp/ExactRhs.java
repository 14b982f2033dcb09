package org.mpi4all.npb.sp;

import java.util.Arrays;

/**
 * The forcing term that makes the exact solution a steady solution of SP's discrete equations
 * ({@code SP/exact_rhs.f}): the negated flux differences and dissipation of the exact solution, direction by
 * direction, computed along each grid line from the exact values on it.
 */
final class ExactRhs {
    private final Constants c;
    private final Direction[] directions;
    private final ExactSolution exact;
    private final double[] spacing;
    private final Box box = new Box();
    private final double[] values = new double[Cell.EQUATIONS];
    private final double[] position = new double[3];
    /** Along the current line, from position −2 (index 0): ue, buf, cuf and q as the reference names them. */
    private final double[][] ue;
    private final double[][] buf;
    private final double[] cuf;
    private final double[] q;
    /** The forcing's row of each equation at the point {@link #fluxes} works on. */
    private final double[][] forcingRow = new double[Cell.EQUATIONS][];

    ExactRhs(Constants constants, Direction[] directions, ExactSolution exact, int maxCellSize) {
        this.c = constants;
        this.directions = directions;
        this.exact = exact;
        this.spacing = new double[] {constants.dnxm1, constants.dnym1, constants.dnzm1};
        int length = maxCellSize + 2 * Cell.GHOSTS;
        ue = new double[Cell.EQUATIONS][length];
        buf = new double[Cell.EQUATIONS][length];
        cuf = new double[length];
        q = new double[length];
    }

    /** Computes the forcing of {@code cell}. */
    void compute(Cell cell) {
        for (double[][] f : cell.forcing) {
            for (double[] row : f) {
                Arrays.fill(row, 0.0);
            }
        }
        for (Direction d : directions) {
            box.interiorOf(cell).along(d.axis, 0, 0);
            for (int k = box.lo[2]; k <= box.hi[2]; k++) {
                for (int j = box.lo[1]; j <= box.hi[1]; j++) {
                    for (int i = box.lo[0]; i <= box.hi[0]; i++) {
                        line(cell, d, i, j, k);
                    }
                }
            }
        }
        box.interiorOf(cell);
        for (double[][] f : cell.forcing) {
            for (int k = box.lo[2]; k <= box.hi[2]; k++) {
                for (int j = box.lo[1]; j <= box.hi[1]; j++) {
                    double[] row = f[cell.row(j, k)];
                    for (int i = Cell.column(box.lo[0]); i <= Cell.column(box.hi[0]); i++) {
                        row[i] = -1.0 * row[i];
                    }
                }
            }
        }
    }

    /** The forcing along direction {@code d} on the grid line through point (i, j, k) (whose d-coordinate is 0). */
    private void line(Cell cell, Direction d, int i, int j, int k) {
        int axis = d.axis;
        position[0] = (i + cell.low[0]) * spacing[0];
        position[1] = (j + cell.low[1]) * spacing[1];
        position[2] = (k + cell.low[2]) * spacing[2];
        int first = -2 * (1 - cell.start[axis]);
        int last = cell.size[axis] + 1 - 2 * cell.end[axis];
        for (int pos = first; pos <= last; pos++) {
            position[axis] = (pos + cell.low[axis]) * spacing[axis];
            exactValues(d, pos + Cell.GHOSTS);
        }
        int row0 = cell.row(j, k);
        int p0 = Cell.column(i);
        int rs = cell.rowStep[axis];
        int s = cell.columnStep[axis];
        for (int pos = cell.firstInterior(axis); pos <= cell.lastInterior(axis); pos++) {
            fluxes(cell, d, row0 + pos * rs, p0 + pos * s, pos + Cell.GHOSTS);
        }
        for (Dissipation.Piece piece : cell.dissipation[axis]) {
            for (int pos = piece.from(); pos <= piece.to(); pos++) {
                int row = row0 + pos * rs;
                int p = p0 + pos * s;
                for (int m = 0; m < Cell.EQUATIONS; m++) {
                    double[] f = cell.forcing[m][row];
                    f[p] = f[p] - c.dssp * piece.stencil().apply(ue[m], pos + Cell.GHOSTS, 1);
                }
            }
        }
    }

    /** ue, buf, cuf and q at line index {@code n} from the exact solution at the current position. */
    private void exactValues(Direction d, int n) {
        exact.at(position[0], position[1], position[2], values);
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            ue[m][n] = values[m];
        }
        double dtpp = 1.0 / values[0];
        for (int m = 1; m < Cell.EQUATIONS; m++) {
            buf[m][n] = dtpp * values[m];
        }
        cuf[n] = buf[d.momentum][n] * buf[d.momentum][n];
        buf[0][n] = cuf[n] + buf[d.crossMomentum1][n] * buf[d.crossMomentum1][n]
                + buf[d.crossMomentum2][n] * buf[d.crossMomentum2][n];
        q[n] = 0.5 * (buf[1][n] * ue[1][n] + buf[2][n] * ue[2][n] + buf[3][n] * ue[3][n]);
    }

    /** Adds the flux differences of direction {@code d} at column p of {@code row}, line index n. */
    private void fluxes(Cell cell, Direction d, int row, int p, int n) {
        int a = d.momentum;
        double[][] f = forcingRow;
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            f[m] = cell.forcing[m][row];
        }
        double[] ua = ue[a];
        double[] va = buf[a];
        f[0][p] = f[0][p] - d.t2 * (ua[n + 1] - ua[n - 1]) + d.dt1[0] * secondDifference(ue[0], n);
        f[a][p] = f[a][p]
                - d.t2 * ((ua[n + 1] * va[n + 1] + c.c2 * (ue[4][n + 1] - q[n + 1]))
                        - (ua[n - 1] * va[n - 1] + c.c2 * (ue[4][n - 1] - q[n - 1])))
                + d.con1 * secondDifference(va, n) + d.dt1[a] * secondDifference(ua, n);
        crossMomentumFlux(f[d.crossMomentum1], d, d.crossMomentum1, p, n);
        crossMomentumFlux(f[d.crossMomentum2], d, d.crossMomentum2, p, n);
        f[4][p] = f[4][p]
                - d.t2 * (va[n + 1] * (c.c1 * ue[4][n + 1] - c.c2 * q[n + 1])
                        - va[n - 1] * (c.c1 * ue[4][n - 1] - c.c2 * q[n - 1]))
                + 0.5 * d.con3 * secondDifference(buf[0], n) + d.con4 * secondDifference(cuf, n)
                + d.con5 * secondDifference(buf[4], n) + d.dt1[4] * secondDifference(ue[4], n);
    }

    /** The flux difference of momentum equation {@code b} across direction {@code d}. */
    private void crossMomentumFlux(double[] fb, Direction d, int b, int p, int n) {
        double[] va = buf[d.momentum];
        fb[p] = fb[p] - d.t2 * (ue[b][n + 1] * va[n + 1] - ue[b][n - 1] * va[n - 1])
                + d.con2 * secondDifference(buf[b], n) + d.dt1[b] * secondDifference(ue[b], n);
    }

    /** f(n+1) − 2 f(n) + f(n−1), summed in the reference's order. */
    private static double secondDifference(double[] f, int n) {
        return f[n + 1] - 2.0 * f[n] + f[n - 1];
    }
}
