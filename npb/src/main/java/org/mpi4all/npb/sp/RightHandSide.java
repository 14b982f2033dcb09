package org.mpi4all.npb.sp;

/**
 * SP's right-hand side ({@code SP/rhs.f}, subroutine {@code compute_rhs}): the forcing term plus, direction by
 * direction, the flux differences and the fourth-order dissipation of the current solution, times dt. u's ghost
 * layers must hold the neighbours' values (copy_faces).
 *
 * <p>Along x, each point gets a direction's fluxes and dissipation in one pass per dissipation
 * {@link Dissipation.Piece}, in the reference's order: the neighbours are in the same row, behind and ahead,
 * and C2 vectorises no loop that loads one array at several offsets, so these loops stay scalar. Along y and z
 * the neighbours are the same column of other rows, and every term of the reference's sums is a loop of its
 * own over the row, small enough for C2 to unroll and vectorise (at most 60 nodes, {@code LoopUnrollLimit}),
 * added in the reference's order so that the sums round alike.
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
    /** Scratch of a row: a flux difference's term ahead of the point. */
    private final double[] ahead;

    /** @param rowLength the columns of a cell's rows */
    RightHandSide(Constants constants, Direction[] directions, int rowLength) {
        this.c = constants;
        this.ahead = new double[rowLength];
        this.directions = directions;
        this.fluxes = new Box.RowKernel[directions.length];
        for (Direction d : directions) {
            fluxes[d.axis] = d.axis == 0
                    ? (cell, row, from, to) -> fluxesAlongX(d, cell, row, from, to)
                    : (cell, row, from, to) -> fluxesAcrossRows(d, cell, row, from, to);
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

    /**
     * 1/ρ, the velocities, the kinetic energy and the speed of sound, in loops small enough for C2 to
     * vectorise (each value is stored and read back unrounded, so the results are the same as in one loop).
     */
    private void pointValues(Cell cell, int row, int from, int to) {
        double[] rhoI = cell.rhoI[row];
        velocities(cell.u[0][row], cell.u[1][row], cell.u[2][row], cell.u[3][row], rhoI, cell.us[row], cell.vs[row],
                cell.ws[row], from, to);
        kineticEnergy(cell.u[1][row], cell.u[2][row], cell.u[3][row], rhoI, cell.square[row], cell.qs[row], from, to);
        soundSpeed(cell.u[4][row], rhoI, cell.square[row], cell.speed[row], cell.ainv[row], from, to);
    }

    private static void velocities(double[] u1, double[] u2, double[] u3, double[] u4, double[] rhoI, double[] us,
                                   double[] vs, double[] ws, int from, int to) {
        for (int p = from; p < to; p++) {
            rhoI[p] = 1.0 / u1[p];
            us[p] = u2[p] * rhoI[p];
        }
        for (int p = from; p < to; p++) {
            vs[p] = u3[p] * rhoI[p];
            ws[p] = u4[p] * rhoI[p];
        }
    }

    private static void kineticEnergy(double[] u2, double[] u3, double[] u4, double[] rhoI, double[] sq, double[] qs,
                                      int from, int to) {
        for (int p = from; p < to; p++) {
            sq[p] = 0.5 * (u2[p] * u2[p] + u3[p] * u3[p] + u4[p] * u4[p]) * rhoI[p];
            qs[p] = sq[p] * rhoI[p];
        }
    }

    private void soundSpeed(double[] u5, double[] rhoI, double[] sq, double[] speed, double[] ainv, int from, int to) {
        double c1c2 = c.c1c2;
        for (int p = from; p < to; p++) {
            speed[p] = Math.sqrt(c1c2 * rhoI[p] * (u5[p] - sq[p]));
            ainv[p] = 1.0 / speed[p];
        }
    }

    private static void copyForcing(Cell cell, int row, int from, int to) {
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            System.arraycopy(cell.forcing[m][row], from, cell.rhs[m][row], from, to - from);
        }
    }

    private void timesDt(Cell cell, int row, int from, int to) {
        for (double[] r : cell.rhsRows[row]) {
            for (int p = from; p < to; p++) {
                r[p] = r[p] * c.dt;
            }
        }
    }

    /** The flux differences along x (the reference's xi-direction fluxes), each followed by its equation's dissipation. */
    private void fluxesAlongX(Direction d, Cell cell, int row, int from, int to) {
        densityAndEnergyFluxes(cell, d, row, from, to);
        momentumFlux(cell, d, row, from, to);
        crossMomentumFlux(cell, d, cell.u[2][row], cell.vs[row], cell.rhs[2][row], d.dt1[2], row, from, to);
        crossMomentumFlux(cell, d, cell.u[3][row], cell.ws[row], cell.rhs[3][row], d.dt1[3], row, from, to);
    }

    /** Equations 0 (density) and 4 (energy) along x. */
    private void densityAndEnergyFluxes(Cell cell, Direction d, int row, int from, int to) {
        double[] vA = cell.us[row];
        double[] u1 = cell.u[0][row];
        double[] uA = cell.u[1][row];
        double[] u5 = cell.u[4][row];
        double[] r1 = cell.rhs[0][row];
        double[] r5 = cell.rhs[4][row];
        double[] qs = cell.qs[row];
        double[] rhoI = cell.rhoI[row];
        double[] sq = cell.square[row];
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
            double vijk = vA[p];
            double vp1 = vA[p + 1];
            double vm1 = vA[p - 1];
            double r = r1[p] + d1 * (u1[p + 1] - 2.0 * u1[p] + u1[p - 1]) - t2 * (uA[p + 1] - uA[p - 1]);
            r1[p] = r - dssp * st.apply(u1, p, 1);
            r = r5[p] + d5 * (u5[p + 1] - 2.0 * u5[p] + u5[p - 1])
                    + con3 * (qs[p + 1] - 2.0 * qs[p] + qs[p - 1])
                    + con4 * (vp1 * vp1 - 2.0 * vijk * vijk + vm1 * vm1)
                    + con5 * (u5[p + 1] * rhoI[p + 1] - 2.0 * u5[p] * rhoI[p] + u5[p - 1] * rhoI[p - 1])
                    - t2 * ((c1 * u5[p + 1] - c2 * sq[p + 1]) * vp1 - (c1 * u5[p - 1] - c2 * sq[p - 1]) * vm1);
            r5[p] = r - dssp * st.apply(u5, p, 1);
        }
    }

    /** The x-momentum equation along x. */
    private void momentumFlux(Cell cell, Direction d, int row, int from, int to) {
        double[] vA = cell.us[row];
        double[] uA = cell.u[1][row];
        double[] u5 = cell.u[4][row];
        double[] rA = cell.rhs[1][row];
        double[] sq = cell.square[row];
        double dA = d.dt1[1];
        double con2con43 = d.con2 * c.con43;
        double t2 = d.t2;
        double c2 = c.c2;
        double dssp = c.dssp;
        Dissipation.Stencil st = stencil;
        for (int p = from; p < to; p++) {
            double vp1 = vA[p + 1];
            double vm1 = vA[p - 1];
            double r = rA[p] + dA * (uA[p + 1] - 2.0 * uA[p] + uA[p - 1])
                    + con2con43 * (vp1 - 2.0 * vA[p] + vm1)
                    - t2 * (uA[p + 1] * vp1 - uA[p - 1] * vm1 + (u5[p + 1] - sq[p + 1] - u5[p - 1] + sq[p - 1]) * c2);
            rA[p] = r - dssp * st.apply(uA, p, 1);
        }
    }

    /** A momentum equation across x along x: momentum uB, velocity vB, right-hand side rB, coefficient dB. */
    private void crossMomentumFlux(Cell cell, Direction d, double[] uB, double[] vB, double[] rB, double dB, int row,
                                   int from, int to) {
        double[] vA = cell.us[row];
        double con2 = d.con2;
        double t2 = d.t2;
        double dssp = c.dssp;
        Dissipation.Stencil st = stencil;
        for (int p = from; p < to; p++) {
            double r = rB[p] + dB * (uB[p + 1] - 2.0 * uB[p] + uB[p - 1])
                    + con2 * (vB[p + 1] - 2.0 * vB[p] + vB[p - 1])
                    - t2 * (uB[p + 1] * vA[p + 1] - uB[p - 1] * vA[p - 1]);
            rB[p] = r - dssp * st.apply(uB, p, 1);
        }
    }

    /** The flux differences and dissipation along y or z: one loop per term, equation by equation. */
    private void fluxesAcrossRows(Direction d, Cell cell, int row, int from, int to) {
        int rs = cell.rowStep[d.axis];
        int below = row - rs;
        int above = row + rs;
        double[][] u1 = cell.u[0];
        double[][] uA = cell.u[d.momentum];
        double[][] u5 = cell.u[4];
        double[][] vA = cell.velocity[d.axis];
        double[][] sq = cell.square;
        double[][] rhoI = cell.rhoI;
        double t2 = d.t2;

        double[] r1 = cell.rhs[0][row];
        secondDifference(r1, d.dt1[0], u1[above], u1[row], u1[below], from, to);
        difference(r1, t2, uA[above], uA[below], from, to);
        dissipation(r1, u1, row, rs, from, to);

        double[] r5 = cell.rhs[4][row];
        secondDifference(r5, d.dt1[4], u5[above], u5[row], u5[below], from, to);
        secondDifference(r5, d.con3, cell.qs[above], cell.qs[row], cell.qs[below], from, to);
        secondDifference(r5, d.con4, vA[above], vA[above], vA[row], vA[row], vA[below], vA[below], from, to);
        secondDifference(r5, d.con5, u5[above], rhoI[above], u5[row], rhoI[row], u5[below], rhoI[below], from, to);
        energyFlux(r5, t2, u5[above], sq[above], vA[above], u5[below], sq[below], vA[below], from, to);
        dissipation(r5, u5, row, rs, from, to);

        double[] rA = cell.rhs[d.momentum][row];
        secondDifference(rA, d.dt1[d.momentum], uA[above], uA[row], uA[below], from, to);
        secondDifference(rA, d.con2 * c.con43, vA[above], vA[row], vA[below], from, to);
        momentumFlux(rA, t2, uA[above], vA[above], u5[above], sq[above], uA[below], vA[below], u5[below],
                sq[below], from, to);
        dissipation(rA, uA, row, rs, from, to);

        crossMomentumFluxAcrossRows(cell, d, d.crossMomentum1, row, from, to);
        crossMomentumFluxAcrossRows(cell, d, d.crossMomentum2, row, from, to);
    }

    /** Momentum equation {@code b}, across direction {@code d} (y or z). */
    private void crossMomentumFluxAcrossRows(Cell cell, Direction d, int b, int row, int from, int to) {
        int rs = cell.rowStep[d.axis];
        int below = row - rs;
        int above = row + rs;
        double[][] uB = cell.u[b];
        double[][] vB = cell.velocity[b - 1];
        double[][] vA = cell.velocity[d.axis];
        double[] rB = cell.rhs[b][row];
        secondDifference(rB, d.dt1[b], uB[above], uB[row], uB[below], from, to);
        secondDifference(rB, d.con2, vB[above], vB[row], vB[below], from, to);
        difference(rB, d.t2, uB[above], vA[above], uB[below], vA[below], from, to);
        dissipation(rB, uB, row, rs, from, to);
    }

    /** r += k·(f⁺ − 2f + f⁻). */
    private static void secondDifference(double[] r, double k, double[] fp, double[] f, double[] fm, int from,
                                         int to) {
        for (int p = from; p < to; p++) {
            r[p] = r[p] + k * (fp[p] - 2.0 * f[p] + fm[p]);
        }
    }

    /** r += k·(f⁺g⁺ − 2fg + f⁻g⁻). */
    private static void secondDifference(double[] r, double k, double[] fp, double[] gp, double[] f, double[] g,
                                         double[] fm, double[] gm, int from, int to) {
        for (int p = from; p < to; p++) {
            r[p] = r[p] + k * (fp[p] * gp[p] - 2.0 * f[p] * g[p] + fm[p] * gm[p]);
        }
    }

    /** r −= t2·(f⁺ − f⁻). */
    private static void difference(double[] r, double t2, double[] fp, double[] fm, int from, int to) {
        for (int p = from; p < to; p++) {
            r[p] = r[p] - t2 * (fp[p] - fm[p]);
        }
    }

    /** r −= t2·(f⁺g⁺ − f⁻g⁻). */
    private static void difference(double[] r, double t2, double[] fp, double[] gp, double[] fm, double[] gm,
                                   int from, int to) {
        for (int p = from; p < to; p++) {
            r[p] = r[p] - t2 * (fp[p] * gp[p] - fm[p] * gm[p]);
        }
    }

    /** The energy equation's flux difference: r −= t2·((c1·u5⁺ − c2·sq⁺)·v⁺ − (c1·u5⁻ − c2·sq⁻)·v⁻). */
    private void energyFlux(double[] r, double t2, double[] u5p, double[] sqp, double[] vp, double[] u5m,
                            double[] sqm, double[] vm, int from, int to) {
        double c1 = c.c1;
        double c2 = c.c2;
        // In two loops, each under C2's unroll limit; the first's products are stored unrounded.
        for (int p = from; p < to; p++) {
            ahead[p] = (c1 * u5p[p] - c2 * sqp[p]) * vp[p];
        }
        for (int p = from; p < to; p++) {
            r[p] = r[p] - t2 * (ahead[p] - (c1 * u5m[p] - c2 * sqm[p]) * vm[p]);
        }
    }

    /** The momentum equation's flux difference along the direction, with its pressure term. */
    private void momentumFlux(double[] r, double t2, double[] up, double[] vp, double[] u5p, double[] sqp,
                              double[] um, double[] vm, double[] u5m, double[] sqm, int from, int to) {
        double c2 = c.c2;
        // In two loops, as energyFlux.
        for (int p = from; p < to; p++) {
            ahead[p] = up[p] * vp[p] - um[p] * vm[p];
        }
        for (int p = from; p < to; p++) {
            r[p] = r[p] - t2 * (ahead[p] + (u5p[p] - sqp[p] - u5m[p] + sqm[p]) * c2);
        }
    }

    /** r −= dssp·(the stencil on rows row − 2rs ... row + 2rs of f). */
    private void dissipation(double[] r, double[][] f, int row, int rs, int from, int to) {
        Dissipation.Stencil st = stencil;
        double m2 = st.m2();
        double m1 = st.m1();
        double c0 = st.c0();
        double p1 = st.p1();
        double p2 = st.p2();
        double[] fmm = f[row - 2 * rs];
        double[] fm = f[row - rs];
        double[] f0 = f[row];
        double[] fp = f[row + rs];
        double[] fpp = f[row + 2 * rs];
        double dssp = c.dssp;
        for (int p = from; p < to; p++) {
            r[p] = r[p] - dssp * (m2 * fmm[p] + m1 * fm[p] + c0 * f0[p] + p1 * fp[p] + p2 * fpp[p]);
        }
    }
}
