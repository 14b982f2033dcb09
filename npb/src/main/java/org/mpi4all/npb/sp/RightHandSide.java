package org.mpi4all.npb.sp;

/**
 * SP's right-hand side ({@code SP/rhs.f}, subroutine {@code compute_rhs}): the forcing term plus, direction by
 * direction, the flux differences and the fourth-order dissipation of the current solution, times dt. u's ghost
 * layers must hold the neighbours' values (copy_faces).
 *
 * <p>The reference adds a direction's fluxes in one pass and its dissipation, equation by equation, in five
 * more; here each point gets both in one pass per dissipation {@link Dissipation.Piece}, in the same order.
 * The passes run row by row on {@link FluxRows}, copies of the values around the row, so that C2 vectorises
 * them.
 */
final class RightHandSide {
    private final Constants c;
    private final Box box = new Box();
    private final Box.RowKernel pointValues = this::pointValues;
    private final Box.RowKernel copyForcing = RightHandSide::copyForcing;
    private final Box.RowKernel timesDt = this::timesDt;
    private final Box.RowKernel[] fluxes;
    private final FluxRows rows;
    /** The dissipation stencil of the rows being computed, along y or z. */
    private Dissipation.Stencil stencil;

    /** @param rowLength the longest row of a cell: its extent along x */
    RightHandSide(Constants constants, Direction[] directions, int rowLength) {
        this.c = constants;
        this.fluxes = new Box.RowKernel[directions.length];
        for (Direction d : directions) {
            fluxes[d.axis] = (cell, first, last) -> fluxes(d, cell, first, last);
        }
        this.rows = new FluxRows(rowLength);
    }

    void compute(Cell cell) {
        rows.forget();
        box.wholeOf(cell, 1).forEachRow(cell, pointValues);
        box.wholeOf(cell, 0).forEachRow(cell, copyForcing);
        // Along x the stencil changes within a row, and fluxes() takes each row's pieces; along y and z, from row
        // to row.
        box.interiorOf(cell).forEachRow(cell, fluxes[0]);
        for (int axis = 1; axis < 3; axis++) {
            for (Dissipation.Piece piece : cell.dissipation[axis]) {
                stencil = piece.stencil();
                box.interiorOf(cell).along(axis, piece.from(), piece.to()).forEachRowAlong(axis, cell, fluxes[axis]);
            }
        }
        box.interiorOf(cell).forEachRow(cell, timesDt);
    }

    /**
     * 1/ρ, the velocities, the kinetic energy and the speed of sound; in three loops small enough for C2 to
     * vectorise (see the fluxes below).
     */
    private void pointValues(Cell cell, int first, int last) {
        double[] u1 = cell.u[0];
        double[] u2 = cell.u[1];
        double[] u3 = cell.u[2];
        double[] u4 = cell.u[3];
        double[] u5 = cell.u[4];
        double[] rhoI = cell.rhoI;
        double[] us = cell.us;
        double[] vs = cell.vs;
        double[] ws = cell.ws;
        double[] square = cell.square;
        double[] qs = cell.qs;
        double[] speed = cell.speed;
        double[] ainv = cell.ainv;
        for (int p = first; p <= last; p++) {
            double rhoInv = 1.0 / u1[p];
            rhoI[p] = rhoInv;
            us[p] = u2[p] * rhoInv;
            vs[p] = u3[p] * rhoInv;
            ws[p] = u4[p] * rhoInv;
        }
        for (int p = first; p <= last; p++) {
            double sq = 0.5 * (u2[p] * u2[p] + u3[p] * u3[p] + u4[p] * u4[p]) * rhoI[p];
            square[p] = sq;
            qs[p] = sq * rhoI[p];
        }
        double c1c2 = c.c1c2;
        for (int p = first; p <= last; p++) {
            double aux = Math.sqrt(c1c2 * rhoI[p] * (u5[p] - square[p]));
            speed[p] = aux;
            ainv[p] = 1.0 / aux;
        }
    }

    private static void copyForcing(Cell cell, int first, int last) {
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            System.arraycopy(cell.forcing[m], first, cell.rhs[m], first, last - first + 1);
        }
    }

    private void timesDt(Cell cell, int first, int last) {
        for (double[] r : cell.rhs) {
            for (int p = first; p <= last; p++) {
                r[p] = r[p] * c.dt;
            }
        }
    }

    /**
     * The flux differences along direction {@code d} (the reference's xi-, eta- and zeta-direction fluxes), each
     * followed by the dissipation of its equation, on the row of points {@code first ... last}.
     */
    private void fluxes(Direction d, Cell cell, int first, int last) {
        int length = last - first + 1;
        rows.gather(cell, first, length, cell.stride[d.axis]);
        if (d.axis == 0) {
            int offset = cell.firstInterior(0);
            for (Dissipation.Piece piece : cell.dissipation[0]) {
                fluxes(d, piece.stencil(), piece.from() - offset, piece.to() - offset + 1);
            }
        } else {
            fluxes(d, stencil, 0, length);
        }
        rows.scatter(cell, first, length);
    }

    /**
     * The fluxes and dissipation with stencil {@code st} at positions {@code from} to {@code end} (exclusive) of
     * the rows. Exclusive ends, because C2 recompiles a {@code <=} loop that ran once without vectorising it (a
     * failed loop limit check), and along x the pieces next to the boundaries are one point long.
     */
    private void fluxes(Direction d, Dissipation.Stencil st, int from, int end) {
        densityAndEnergyFluxes(d, st, from, end);
        momentumFlux(d, st, from, end);
        crossMomentumFlux(d, d.crossMomentum1, st, from, end);
        crossMomentumFlux(d, d.crossMomentum2, st, from, end);
    }

    /*
     * The fluxes are sums of a few terms, each added by a loop of its own: C2 unrolls, and so vectorises, only
     * loops of at most LoopUnrollLimit (60) nodes, about seven arrays. Every loop adds its term to the row's
     * right-hand side in the reference's order, so the sums round as the reference's one expression does.
     */

    /** Equations 0 (density) and 4 (energy). */
    private void densityAndEnergyFluxes(Direction d, Dissipation.Stencil st, int from, int end) {
        double[][] u1 = rows.u[0];
        double[][] uA = rows.u[d.momentum];
        double[][] u5 = rows.u[4];
        double[][] v = rows.velocity[d.axis];
        double[][] rhoI = rows.rhoI;
        double[] r1 = rows.rhs[0];
        double[] r5 = rows.rhs[4];
        addSecondDifference(r1, d.dt1[0], u1[3], u1[2], u1[1], from, end);
        subtractDifference(r1, d.t2, uA[3], uA[1], from, end);
        subtractDissipation(r1, c.dssp, st, u1, from, end);
        addSecondDifference(r5, d.dt1[4], u5[3], u5[2], u5[1], from, end);
        addSecondDifference(r5, d.con3, rows.qs[2], rows.qs[1], rows.qs[0], from, end);
        addSecondDifferenceOfProducts(r5, d.con4, v[2], v[2], v[1], v[1], v[0], v[0], from, end);
        addSecondDifferenceOfProducts(r5, d.con5, u5[3], rhoI[2], u5[2], rhoI[1], u5[1], rhoI[0], from, end);
        double[] u5p1 = u5[3];
        double[] u5m1 = u5[1];
        double[] sqp1 = rows.square[2];
        double[] sqm1 = rows.square[0];
        double[] vp1 = v[2];
        double[] vm1 = v[0];
        double t2 = d.t2;
        double c1 = c.c1;
        double c2 = c.c2;
        for (int i = from; i < end; i++) {
            r5[i] = r5[i] - t2 * ((c1 * u5p1[i] - c2 * sqp1[i]) * vp1[i] - (c1 * u5m1[i] - c2 * sqm1[i]) * vm1[i]);
        }
        subtractDissipation(r5, c.dssp, st, u5, from, end);
    }

    /** The momentum equation along the direction. */
    private void momentumFlux(Direction d, Dissipation.Stencil st, int from, int end) {
        double[][] uA = rows.u[d.momentum];
        double[][] v = rows.velocity[d.axis];
        double[] rA = rows.rhs[d.momentum];
        addSecondDifference(rA, d.dt1[d.momentum], uA[3], uA[2], uA[1], from, end);
        addSecondDifference(rA, d.con2 * c.con43, v[2], v[1], v[0], from, end);
        // t2 · (uA·v difference + pressure difference), the first difference kept in a row of its own
        double[] difference = rows.scratch;
        double[] uAp1 = uA[3];
        double[] uAm1 = uA[1];
        double[] vp1 = v[2];
        double[] vm1 = v[0];
        for (int i = from; i < end; i++) {
            difference[i] = uAp1[i] * vp1[i] - uAm1[i] * vm1[i];
        }
        double[] u5p1 = rows.u[4][3];
        double[] u5m1 = rows.u[4][1];
        double[] sqp1 = rows.square[2];
        double[] sqm1 = rows.square[0];
        double t2 = d.t2;
        double c2 = c.c2;
        for (int i = from; i < end; i++) {
            rA[i] = rA[i] - t2 * (difference[i] + (u5p1[i] - sqp1[i] - u5m1[i] + sqm1[i]) * c2);
        }
        subtractDissipation(rA, c.dssp, st, uA, from, end);
    }

    /** Momentum equation {@code b}, across the direction. */
    private void crossMomentumFlux(Direction d, int b, Dissipation.Stencil st, int from, int end) {
        double[][] uB = rows.u[b];
        double[][] vA = rows.velocity[d.axis];
        double[][] vB = rows.velocity[b - 1];
        double[] rB = rows.rhs[b];
        addSecondDifference(rB, d.dt1[b], uB[3], uB[2], uB[1], from, end);
        addSecondDifference(rB, d.con2, vB[2], vB[1], vB[0], from, end);
        double[] uBp1 = uB[3];
        double[] uBm1 = uB[1];
        double[] vAp1 = vA[2];
        double[] vAm1 = vA[0];
        double t2 = d.t2;
        for (int i = from; i < end; i++) {
            rB[i] = rB[i] - t2 * (uBp1[i] * vAp1[i] - uBm1[i] * vAm1[i]);
        }
        subtractDissipation(rB, c.dssp, st, uB, from, end);
    }

    /** r += k · (f at +1 − 2 f at 0 + f at −1). */
    private static void addSecondDifference(double[] r, double k, double[] fp1, double[] f0, double[] fm1,
                                            int from, int end) {
        for (int i = from; i < end; i++) {
            r[i] = r[i] + k * (fp1[i] - 2.0 * f0[i] + fm1[i]);
        }
    }

    /** r += k · (a·b at +1 − 2 a·b at 0 + a·b at −1). */
    private static void addSecondDifferenceOfProducts(double[] r, double k, double[] ap1, double[] bp1,
                                                      double[] a0, double[] b0, double[] am1, double[] bm1,
                                                      int from, int end) {
        for (int i = from; i < end; i++) {
            r[i] = r[i] + k * (ap1[i] * bp1[i] - 2.0 * a0[i] * b0[i] + am1[i] * bm1[i]);
        }
    }

    /** r −= k · (f at +1 − f at −1). */
    private static void subtractDifference(double[] r, double k, double[] fp1, double[] fm1, int from, int end) {
        for (int i = from; i < end; i++) {
            r[i] = r[i] - k * (fp1[i] - fm1[i]);
        }
    }

    /** r −= dssp · the dissipation stencil on f's rows at −2 ... 2. */
    private static void subtractDissipation(double[] r, double dssp, Dissipation.Stencil st, double[][] f,
                                            int from, int end) {
        double[] fm2 = f[0];
        double[] fm1 = f[1];
        double[] f0 = f[2];
        double[] fp1 = f[3];
        double[] fp2 = f[4];
        for (int i = from; i < end; i++) {
            r[i] = r[i] - dssp * st.apply(fm2[i], fm1[i], f0[i], fp1[i], fp2[i]);
        }
    }
}
