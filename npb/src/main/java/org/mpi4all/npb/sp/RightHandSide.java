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
            fluxes[d.axis] = (cell, first, last) -> fluxes(d, cell, first, last);
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
    private void pointValues(Cell cell, int first, int last) {
        double[] u1 = cell.u[0];
        double[] u2 = cell.u[1];
        double[] u3 = cell.u[2];
        double[] u4 = cell.u[3];
        double[] u5 = cell.u[4];
        for (int p = first; p <= last; p++) {
            double rhoInv = 1.0 / u1[p];
            cell.rhoI[p] = rhoInv;
            cell.us[p] = u2[p] * rhoInv;
            cell.vs[p] = u3[p] * rhoInv;
            cell.ws[p] = u4[p] * rhoInv;
            double square = 0.5 * (u2[p] * u2[p] + u3[p] * u3[p] + u4[p] * u4[p]) * rhoInv;
            cell.square[p] = square;
            cell.qs[p] = square * rhoInv;
            double aux = Math.sqrt(c.c1c2 * rhoInv * (u5[p] - square));
            cell.speed[p] = aux;
            cell.ainv[p] = 1.0 / aux;
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
     * followed by the dissipation of its equation.
     */
    private void fluxes(Direction d, Cell cell, int first, int last) {
        int s = cell.stride[d.axis];
        densityAndEnergyFluxes(cell, d, s, first, last);
        momentumFlux(cell, d, s, first, last);
        crossMomentumFlux(cell, d, d.crossMomentum1, s, first, last);
        crossMomentumFlux(cell, d, d.crossMomentum2, s, first, last);
    }

    /** Equations 0 (density) and 4 (energy). */
    private void densityAndEnergyFluxes(Cell cell, Direction d, int s, int first, int last) {
        double[] vA = cell.velocity[d.axis];
        double[] u1 = cell.u[0];
        double[] uA = cell.u[d.momentum];
        double[] u5 = cell.u[4];
        double[] r1 = cell.rhs[0];
        double[] r5 = cell.rhs[4];
        double[] qs = cell.qs;
        double[] rhoI = cell.rhoI;
        double[] sq = cell.square;
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
        for (int p = first; p <= last; p++) {
            double vijk = vA[p];
            double vp1 = vA[p + s];
            double vm1 = vA[p - s];
            double r = r1[p] + d1 * (u1[p + s] - 2.0 * u1[p] + u1[p - s]) - t2 * (uA[p + s] - uA[p - s]);
            r1[p] = r - dssp * st.apply(u1, p, s);
            r = r5[p] + d5 * (u5[p + s] - 2.0 * u5[p] + u5[p - s])
                    + con3 * (qs[p + s] - 2.0 * qs[p] + qs[p - s])
                    + con4 * (vp1 * vp1 - 2.0 * vijk * vijk + vm1 * vm1)
                    + con5 * (u5[p + s] * rhoI[p + s] - 2.0 * u5[p] * rhoI[p] + u5[p - s] * rhoI[p - s])
                    - t2 * ((c1 * u5[p + s] - c2 * sq[p + s]) * vp1 - (c1 * u5[p - s] - c2 * sq[p - s]) * vm1);
            r5[p] = r - dssp * st.apply(u5, p, s);
        }
    }

    /** The momentum equation along the direction. */
    private void momentumFlux(Cell cell, Direction d, int s, int first, int last) {
        double[] vA = cell.velocity[d.axis];
        double[] uA = cell.u[d.momentum];
        double[] u5 = cell.u[4];
        double[] rA = cell.rhs[d.momentum];
        double[] sq = cell.square;
        double dA = d.dt1[d.momentum];
        double con2con43 = d.con2 * c.con43;
        double t2 = d.t2;
        double c2 = c.c2;
        double dssp = c.dssp;
        Dissipation.Stencil st = stencil;
        for (int p = first; p <= last; p++) {
            double vp1 = vA[p + s];
            double vm1 = vA[p - s];
            double r = rA[p] + dA * (uA[p + s] - 2.0 * uA[p] + uA[p - s])
                    + con2con43 * (vp1 - 2.0 * vA[p] + vm1)
                    - t2 * (uA[p + s] * vp1 - uA[p - s] * vm1 + (u5[p + s] - sq[p + s] - u5[p - s] + sq[p - s]) * c2);
            rA[p] = r - dssp * st.apply(uA, p, s);
        }
    }

    /** Momentum equation {@code b}, across the direction. */
    private void crossMomentumFlux(Cell cell, Direction d, int b, int s, int first, int last) {
        double[] vA = cell.velocity[d.axis];
        double[] uB = cell.u[b];
        double[] vB = cell.velocity[b - 1];
        double[] rB = cell.rhs[b];
        double dB = d.dt1[b];
        double con2 = d.con2;
        double t2 = d.t2;
        double dssp = c.dssp;
        Dissipation.Stencil st = stencil;
        for (int p = first; p <= last; p++) {
            double r = rB[p] + dB * (uB[p + s] - 2.0 * uB[p] + uB[p - s])
                    + con2 * (vB[p + s] - 2.0 * vB[p] + vB[p - s])
                    - t2 * (uB[p + s] * vA[p + s] - uB[p - s] * vA[p - s]);
            rB[p] = r - dssp * st.apply(uB, p, s);
        }
    }
}
