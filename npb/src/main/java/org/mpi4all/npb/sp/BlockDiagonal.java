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

    /** The point values are read through the cell's fields: C2 takes a row's arrays out of the loop. */
    private void txinvr(Cell cell, int row, int from, int to) {
        double[][] r = cell.rhsRows[row];
        for (int p = from; p < to; p++) {
            double ru1 = cell.rhoI[row][p];
            double uu = cell.us[row][p];
            double vv = cell.vs[row][p];
            double ww = cell.ws[row][p];
            double ac = cell.speed[row][p];
            double ac2inv = cell.ainv[row][p] * cell.ainv[row][p];
            double rr1 = r[0][p];
            double rr2 = r[1][p];
            double rr3 = r[2][p];
            double rr4 = r[3][p];
            double rr5 = r[4][p];
            double t1 = c.c2 * ac2inv * (cell.qs[row][p] * rr1 - uu * rr2 - vv * rr3 - ww * rr4 + rr5);
            double t2 = c.bt * ru1 * (uu * rr1 - rr2);
            double t3 = (c.bt * ru1 * ac) * t1;
            r[0][p] = rr1 - t1;
            r[1][p] = -ru1 * (ww * rr1 - rr4);
            r[2][p] = ru1 * (vv * rr1 - rr3);
            r[3][p] = -t2 + t3;
            r[4][p] = t2 + t3;
        }
    }

    /**
     * ninvr (third = 2, pair 0, 1) and pinvr (third = 0, pair 1, 2): (x, y) ← (−y, x) for the pair;
     * third ← bt·(r4 − r5); r4, r5 ← ∓bt·third + (r4 + r5)/2.
     */
    private void swapAndMix(Cell cell, int third, int x, int y, int row, int from, int to) {
        double[][] r = cell.rhsRows[row];
        double[] rt = r[third];
        double[] rx = r[x];
        double[] ry = r[y];
        double[] r4 = r[3];
        double[] r5 = r[4];
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
        double[][] r = cell.rhsRows[row];
        for (int p = from; p < to; p++) {
            double rr1 = r[0][p];
            double rr2 = r[1][p];
            double rr3 = r[2][p];
            double rr4 = r[3][p];
            double rr5 = r[4][p];
            double uzik1 = cell.u[0][row][p];
            double btuz = c.bt * uzik1;
            double xvel = cell.us[row][p];
            double yvel = cell.vs[row][p];
            double zvel = cell.ws[row][p];
            double ac = cell.speed[row][p];
            double ac2u = ac * ac;
            double t1 = btuz * cell.ainv[row][p] * (rr4 + rr5);
            double t2 = rr3 + t1;
            double t3 = btuz * (rr4 - rr5);
            r[0][p] = t2;
            r[1][p] = -uzik1 * rr2 + xvel * t2;
            r[2][p] = uzik1 * rr1 + yvel * t2;
            r[3][p] = zvel * t2 + t3;
            r[4][p] = uzik1 * (-xvel * rr2 + yvel * rr1) + cell.qs[row][p] * t2 + c.c2iv * ac2u * t1 + zvel * t3;
        }
    }
}
