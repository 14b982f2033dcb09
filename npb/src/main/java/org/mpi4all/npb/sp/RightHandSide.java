package org.mpi4all.npb.sp;

/**
 * SP's right-hand side ({@code SP/rhs.f}, subroutine {@code compute_rhs}): the forcing term plus, direction by
 * direction, the flux differences and the fourth-order dissipation of the current solution, times dt. u's ghost
 * layers must hold the neighbours' values (copy_faces).
 *
 * <p>The reference adds a direction's fluxes in one pass and its dissipation, equation by equation, in five
 * more; here each point gets both in one pass per dissipation {@link Dissipation.Piece}, in the same order.
 */
final class RightHandSide {
    private final Constants c;
    private final Direction[] directions;
    private final Box box = new Box();
    private final Box.RowKernel pointValues = this::pointValues;
    private final Box.RowKernel copyForcing = RightHandSide::copyForcing;
    private final Box.RowKernel timesDt = this::timesDt;
    private final Box.RowKernel[] fluxes;
    /** The dissipation stencil of the piece being computed. */
    private Dissipation.Stencil stencil;

    RightHandSide(Constants constants, Direction[] directions) {
        this.c = constants;
        this.directions = directions;
        this.fluxes = new Box.RowKernel[directions.length];
        for (Direction d : directions) {
            fluxes[d.axis] = (cell, row, from, to) -> fluxes(d, cell, row, from, to);
        }
    }

    void compute(Cell cell) {
        box.wholeOf(cell, 1).forEachRow(cell, pointValues);
        box.wholeOf(cell, 0).forEachRow(cell, copyForcing);
        for (Direction d : directions) {
            for (Dissipation.Piece piece : cell.dissipation[d.axis]) {
                stencil = piece.stencil();
                box.interiorOf(cell).along(d.axis, piece.from(), piece.to()).forEachRow(cell, fluxes[d.axis]);
            }
        }
        box.interiorOf(cell).forEachRow(cell, timesDt);
    }

    /** 1/ρ, the velocities, the kinetic energy and the speed of sound. */
    private void pointValues(Cell cell, int row, int from, int to) {
        double[] u1 = cell.u[0][row];
        double[] u2 = cell.u[1][row];
        double[] u3 = cell.u[2][row];
        double[] u4 = cell.u[3][row];
        double[] u5 = cell.u[4][row];
        double[] rhoI = cell.rhoI[row];
        double[] us = cell.us[row];
        double[] vs = cell.vs[row];
        double[] ws = cell.ws[row];
        double[] sq = cell.square[row];
        double[] qs = cell.qs[row];
        double[] speed = cell.speed[row];
        double[] ainv = cell.ainv[row];
        for (int p = from; p < to; p++) {
            double rhoInv = 1.0 / u1[p];
            rhoI[p] = rhoInv;
            us[p] = u2[p] * rhoInv;
            vs[p] = u3[p] * rhoInv;
            ws[p] = u4[p] * rhoInv;
            double square = 0.5 * (u2[p] * u2[p] + u3[p] * u3[p] + u4[p] * u4[p]) * rhoInv;
            sq[p] = square;
            qs[p] = square * rhoInv;
            double aux = Math.sqrt(c.c1c2 * rhoInv * (u5[p] - square));
            speed[p] = aux;
            ainv[p] = 1.0 / aux;
        }
    }

    private static void copyForcing(Cell cell, int row, int from, int to) {
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            System.arraycopy(cell.forcing[m][row], from, cell.rhs[m][row], from, to - from);
        }
    }

    private void timesDt(Cell cell, int row, int from, int to) {
        for (double[][] rows : cell.rhs) {
            double[] r = rows[row];
            for (int p = from; p < to; p++) {
                r[p] = r[p] * c.dt;
            }
        }
    }

    /**
     * The flux differences along direction {@code d} (the reference's xi-, eta- and zeta-direction fluxes), each
     * followed by the dissipation of its equation.
     */
    private void fluxes(Direction d, Cell cell, int row, int from, int to) {
        densityAndEnergyFluxes(cell, d, row, from, to);
        momentumFlux(cell, d, row, from, to);
        crossMomentumFlux(cell, d, d.crossMomentum1, row, from, to);
        crossMomentumFlux(cell, d, d.crossMomentum2, row, from, to);
    }

    /**
     * Equations 0 (density) and 4 (energy). A field's values one point behind and ahead along the direction are
     * in rows {@code row ∓ rs} at columns {@code p ∓ s}.
     */
    private void densityAndEnergyFluxes(Cell cell, Direction d, int row, int from, int to) {
        int rs = cell.rowStep[d.axis];
        int s = cell.columnStep[d.axis];
        int below = row - rs;
        int above = row + rs;
        double[][] vA = cell.velocity[d.axis];
        double[][] u1 = cell.u[0];
        double[][] uA = cell.u[d.momentum];
        double[][] u5 = cell.u[4];
        double[] r1 = cell.rhs[0][row];
        double[] r5 = cell.rhs[4][row];
        double[] v0 = vA[row];
        double[] vm = vA[below];
        double[] vp = vA[above];
        double[] u10 = u1[row];
        double[] u1m = u1[below];
        double[] u1p = u1[above];
        double[] uAm = uA[below];
        double[] uAp = uA[above];
        double[] u50 = u5[row];
        double[] u5m = u5[below];
        double[] u5p = u5[above];
        double[] qs0 = cell.qs[row];
        double[] qsm = cell.qs[below];
        double[] qsp = cell.qs[above];
        double[] rhoI0 = cell.rhoI[row];
        double[] rhoIm = cell.rhoI[below];
        double[] rhoIp = cell.rhoI[above];
        double[] sqm = cell.square[below];
        double[] sqp = cell.square[above];
        double t2 = d.t2;
        double d1 = d.dt1[0];
        double d5 = d.dt1[4];
        double con3 = d.con3;
        double con4 = d.con4;
        double con5 = d.con5;
        double c1 = c.c1;
        double c2 = c.c2;
        double dssp = c.dssp;
        Dissipation.Stencil st = stencil;
        for (int p = from; p < to; p++) {
            double vijk = v0[p];
            double vp1 = vp[p + s];
            double vm1 = vm[p - s];
            double r = r1[p] + d1 * (u1p[p + s] - 2.0 * u10[p] + u1m[p - s]) - t2 * (uAp[p + s] - uAm[p - s]);
            r1[p] = r - dssp * st.apply(u1, row, rs, p, s);
            r = r5[p] + d5 * (u5p[p + s] - 2.0 * u50[p] + u5m[p - s])
                    + con3 * (qsp[p + s] - 2.0 * qs0[p] + qsm[p - s])
                    + con4 * (vp1 * vp1 - 2.0 * vijk * vijk + vm1 * vm1)
                    + con5 * (u5p[p + s] * rhoIp[p + s] - 2.0 * u50[p] * rhoI0[p] + u5m[p - s] * rhoIm[p - s])
                    - t2 * ((c1 * u5p[p + s] - c2 * sqp[p + s]) * vp1 - (c1 * u5m[p - s] - c2 * sqm[p - s]) * vm1);
            r5[p] = r - dssp * st.apply(u5, row, rs, p, s);
        }
    }

    /** The momentum equation along the direction. */
    private void momentumFlux(Cell cell, Direction d, int row, int from, int to) {
        int rs = cell.rowStep[d.axis];
        int s = cell.columnStep[d.axis];
        int below = row - rs;
        int above = row + rs;
        double[][] vA = cell.velocity[d.axis];
        double[][] uA = cell.u[d.momentum];
        double[] rA = cell.rhs[d.momentum][row];
        double[] v0 = vA[row];
        double[] vm = vA[below];
        double[] vp = vA[above];
        double[] uA0 = uA[row];
        double[] uAm = uA[below];
        double[] uAp = uA[above];
        double[] u5m = cell.u[4][below];
        double[] u5p = cell.u[4][above];
        double[] sqm = cell.square[below];
        double[] sqp = cell.square[above];
        double dA = d.dt1[d.momentum];
        double con2con43 = d.con2 * c.con43;
        double t2 = d.t2;
        double c2 = c.c2;
        double dssp = c.dssp;
        Dissipation.Stencil st = stencil;
        for (int p = from; p < to; p++) {
            double vp1 = vp[p + s];
            double vm1 = vm[p - s];
            double r = rA[p] + dA * (uAp[p + s] - 2.0 * uA0[p] + uAm[p - s])
                    + con2con43 * (vp1 - 2.0 * v0[p] + vm1)
                    - t2 * (uAp[p + s] * vp1 - uAm[p - s] * vm1 + (u5p[p + s] - sqp[p + s] - u5m[p - s] + sqm[p - s]) * c2);
            rA[p] = r - dssp * st.apply(uA, row, rs, p, s);
        }
    }

    /** Momentum equation {@code b}, across the direction. */
    private void crossMomentumFlux(Cell cell, Direction d, int b, int row, int from, int to) {
        int rs = cell.rowStep[d.axis];
        int s = cell.columnStep[d.axis];
        int below = row - rs;
        int above = row + rs;
        double[][] uB = cell.u[b];
        double[] rB = cell.rhs[b][row];
        double[] vAm = cell.velocity[d.axis][below];
        double[] vAp = cell.velocity[d.axis][above];
        double[] uB0 = uB[row];
        double[] uBm = uB[below];
        double[] uBp = uB[above];
        double[] vB0 = cell.velocity[b - 1][row];
        double[] vBm = cell.velocity[b - 1][below];
        double[] vBp = cell.velocity[b - 1][above];
        double dB = d.dt1[b];
        double con2 = d.con2;
        double t2 = d.t2;
        double dssp = c.dssp;
        Dissipation.Stencil st = stencil;
        for (int p = from; p < to; p++) {
            double r = rB[p] + dB * (uBp[p + s] - 2.0 * uB0[p] + uBm[p - s])
                    + con2 * (vBp[p + s] - 2.0 * vB0[p] + vBm[p - s])
                    - t2 * (uBp[p + s] * vAp[p + s] - uBm[p - s] * vAm[p - s]);
            rB[p] = r - dssp * st.apply(uB, row, rs, p, s);
        }
    }
}
