package org.mpi4all.npb.sp;

/**
 * The block-diagonal matrix-vector products of SP's diagonalised scheme, point by point on a cell's interior:
 * into the eigenvector basis before the solves ({@code txinvr.f}), between the x and y, y and z solves
 * ({@code ninvr.f}, {@code pinvr.f}), and back out after the z solve ({@code tzetar.f}).
 */
final class BlockDiagonal {
    private final Constants c;
    private final Box box = new Box();
    private final Box.RowKernel txinvr = this::txinvr;
    /** ninvr and pinvr swap a pair of equations and mix a third into the last two: (third, pair). */
    private final Box.RowKernel[] afterSolve = {
        (cell, row, from, to) -> swapAndMix(cell, 2, 0, 1, row, from, to),
        (cell, row, from, to) -> swapAndMix(cell, 0, 1, 2, row, from, to),
        this::tzetar,
    };

    BlockDiagonal(Constants constants) {
        this.c = constants;
    }

    /** txinvr on the cell's interior. */
    void beforeSolves(Cell cell) {
        box.interiorOf(cell).forEachRow(cell, txinvr);
    }

    /** The product after the solve along {@code axis}: ninvr, pinvr or tzetar. */
    void afterSolve(int axis, Cell cell) {
        box.interiorOf(cell).forEachRow(cell, afterSolve[axis]);
    }

    private void txinvr(Cell cell, int row, int from, int to) {
        double[] r1 = cell.rhs[0][row];
        double[] r2 = cell.rhs[1][row];
        double[] r3 = cell.rhs[2][row];
        double[] r4 = cell.rhs[3][row];
        double[] r5 = cell.rhs[4][row];
        double[] rhoI = cell.rhoI[row];
        double[] us = cell.us[row];
        double[] vs = cell.vs[row];
        double[] ws = cell.ws[row];
        double[] speed = cell.speed[row];
        double[] ainv = cell.ainv[row];
        double[] qs = cell.qs[row];
        for (int p = from; p < to; p++) {
            double ru1 = rhoI[p];
            double uu = us[p];
            double vv = vs[p];
            double ww = ws[p];
            double ac = speed[p];
            double ac2inv = ainv[p] * ainv[p];
            double rr1 = r1[p];
            double rr2 = r2[p];
            double rr3 = r3[p];
            double rr4 = r4[p];
            double rr5 = r5[p];
            double t1 = c.c2 * ac2inv * (qs[p] * rr1 - uu * rr2 - vv * rr3 - ww * rr4 + rr5);
            double t2 = c.bt * ru1 * (uu * rr1 - rr2);
            double t3 = (c.bt * ru1 * ac) * t1;
            r1[p] = rr1 - t1;
            r2[p] = -ru1 * (ww * rr1 - rr4);
            r3[p] = ru1 * (vv * rr1 - rr3);
            r4[p] = -t2 + t3;
            r5[p] = t2 + t3;
        }
    }

    /**
     * ninvr (third = 2, pair 0, 1) and pinvr (third = 0, pair 1, 2): (x, y) ← (−y, x) for the pair;
     * third ← bt·(r4 − r5); r4, r5 ← ∓bt·third + (r4 + r5)/2.
     */
    private void swapAndMix(Cell cell, int third, int x, int y, int row, int from, int to) {
        double[] rt = cell.rhs[third][row];
        double[] rx = cell.rhs[x][row];
        double[] ry = cell.rhs[y][row];
        double[] r4 = cell.rhs[3][row];
        double[] r5 = cell.rhs[4][row];
        for (int p = from; p < to; p++) {
            double rrx = rx[p];
            double t1 = c.bt * rt[p];
            double t2 = 0.5 * (r4[p] + r5[p]);
            rx[p] = -ry[p];
            ry[p] = rrx;
            rt[p] = c.bt * (r4[p] - r5[p]);
            r4[p] = -t1 + t2;
            r5[p] = t1 + t2;
        }
    }

    private void tzetar(Cell cell, int row, int from, int to) {
        double[] r1 = cell.rhs[0][row];
        double[] r2 = cell.rhs[1][row];
        double[] r3 = cell.rhs[2][row];
        double[] r4 = cell.rhs[3][row];
        double[] r5 = cell.rhs[4][row];
        double[] u1 = cell.u[0][row];
        double[] us = cell.us[row];
        double[] vs = cell.vs[row];
        double[] ws = cell.ws[row];
        double[] speed = cell.speed[row];
        double[] ainv = cell.ainv[row];
        double[] qs = cell.qs[row];
        for (int p = from; p < to; p++) {
            double xvel = us[p];
            double yvel = vs[p];
            double zvel = ws[p];
            double ac = speed[p];
            double ac2u = ac * ac;
            double rr1 = r1[p];
            double rr2 = r2[p];
            double rr3 = r3[p];
            double rr4 = r4[p];
            double rr5 = r5[p];
            double uzik1 = u1[p];
            double btuz = c.bt * uzik1;
            double t1 = btuz * ainv[p] * (rr4 + rr5);
            double t2 = rr3 + t1;
            double t3 = btuz * (rr4 - rr5);
            r1[p] = t2;
            r2[p] = -uzik1 * rr2 + xvel * t2;
            r3[p] = uzik1 * rr1 + yvel * t2;
            r4[p] = zvel * t2 + t3;
            r5[p] = uzik1 * (-xvel * rr2 + yvel * rr1) + qs[p] * t2 + c.c2iv * ac2u * t1 + zvel * t3;
        }
    }
}
