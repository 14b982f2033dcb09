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
        (cell, first, last) -> swapAndMix(cell, 2, 0, 1, first, last),
        (cell, first, last) -> swapAndMix(cell, 0, 1, 2, first, last),
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

    private void txinvr(Cell cell, int first, int last) {
        double[] r1 = cell.rhs[0];
        double[] r2 = cell.rhs[1];
        double[] r3 = cell.rhs[2];
        double[] r4 = cell.rhs[3];
        double[] r5 = cell.rhs[4];
        for (int p = first; p <= last; p++) {
            double ru1 = cell.rhoI[p];
            double uu = cell.us[p];
            double vv = cell.vs[p];
            double ww = cell.ws[p];
            double ac = cell.speed[p];
            double ac2inv = cell.ainv[p] * cell.ainv[p];
            double rr1 = r1[p];
            double rr2 = r2[p];
            double rr3 = r3[p];
            double rr4 = r4[p];
            double rr5 = r5[p];
            double t1 = c.c2 * ac2inv * (cell.qs[p] * rr1 - uu * rr2 - vv * rr3 - ww * rr4 + rr5);
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
    private void swapAndMix(Cell cell, int third, int x, int y, int first, int last) {
        double[] rt = cell.rhs[third];
        double[] rx = cell.rhs[x];
        double[] ry = cell.rhs[y];
        double[] r4 = cell.rhs[3];
        double[] r5 = cell.rhs[4];
        for (int p = first; p <= last; p++) {
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

    private void tzetar(Cell cell, int first, int last) {
        double[] r1 = cell.rhs[0];
        double[] r2 = cell.rhs[1];
        double[] r3 = cell.rhs[2];
        double[] r4 = cell.rhs[3];
        double[] r5 = cell.rhs[4];
        double[] u1 = cell.u[0];
        for (int p = first; p <= last; p++) {
            double xvel = cell.us[p];
            double yvel = cell.vs[p];
            double zvel = cell.ws[p];
            double ac = cell.speed[p];
            double ac2u = ac * ac;
            double rr1 = r1[p];
            double rr2 = r2[p];
            double rr3 = r3[p];
            double rr4 = r4[p];
            double rr5 = r5[p];
            double uzik1 = u1[p];
            double btuz = c.bt * uzik1;
            double t1 = btuz * cell.ainv[p] * (rr4 + rr5);
            double t2 = rr3 + t1;
            double t3 = btuz * (rr4 - rr5);
            r1[p] = t2;
            r2[p] = -uzik1 * rr2 + xvel * t2;
            r3[p] = uzik1 * rr1 + yvel * t2;
            r4[p] = zvel * t2 + t3;
            r5[p] = uzik1 * (-xvel * rr2 + yvel * rr1) + cell.qs[p] * t2 + c.c2iv * ac2u * t1 + zvel * t3;
        }
    }
}
