package org.mpi4all.npb.sp;

/**
 * One of the three coordinate directions (ξ, η, ζ along x, y, z) with the constants its terms use. The
 * reference writes each direction's flux, dissipation, left-hand side and solve out separately; they are the
 * same formulas with the roles of the momentum components swapped, so SP's kernels take a direction instead.
 *
 * <p>Equations are numbered 0 to 4 (the reference's 1 to 5): density, the x-, y- and z-momentum, energy.
 * {@link #momentum} is the momentum along this direction, {@link #crossMomentum1} and
 * {@link #crossMomentum2} the other two in increasing order.
 */
final class Direction {
    /** Along x, y or z: 0, 1 or 2, also the array dimension of the direction. */
    final int axis;
    final int momentum;
    final int crossMomentum1;
    final int crossMomentum2;

    /** tx2, ty2, tz2: 1 / (2 h). */
    final double t2;
    /** dx1tx1 ... dx5tx1 (or dy·ty1, dz·tz1): the second-difference coefficient of each equation. */
    final double[] dt1;
    /** xxcon1 ... xxcon5 (or yycon·, zzcon·). */
    final double con1;
    final double con2;
    final double con3;
    final double con4;
    final double con5;
    /** dttx1, dttx2, c2dttx1 (or ·y·, ·z·) of the left-hand side. */
    final double dtt1;
    final double dtt2;
    final double c2dtt1;
    /** The four candidates of the left-hand side's maximum: dx2 + con43·ru1, dx5 + c1c5·ru1, dxmax + ru1, dx1. */
    final double lhsMomentumD;
    final double lhsEnergyD;
    final double lhsMaxD;
    final double lhsMinD;

    private Direction(int axis, double t2, double[] dt1, double[] con, double[] dtt, double[] lhsD) {
        this.axis = axis;
        this.momentum = 1 + axis;
        this.crossMomentum1 = axis == 0 ? 2 : 1;
        this.crossMomentum2 = axis == 2 ? 2 : 3;
        this.t2 = t2;
        this.dt1 = dt1;
        this.con1 = con[0];
        this.con2 = con[1];
        this.con3 = con[2];
        this.con4 = con[3];
        this.con5 = con[4];
        this.dtt1 = dtt[0];
        this.dtt2 = dtt[1];
        this.c2dtt1 = dtt[2];
        this.lhsMomentumD = lhsD[0];
        this.lhsEnergyD = lhsD[1];
        this.lhsMaxD = lhsD[2];
        this.lhsMinD = lhsD[3];
    }

    /** ξ, η and ζ, in the order the reference solves them. */
    static Direction[] all(Constants c) {
        return new Direction[] {
            new Direction(0, c.tx2, new double[] {c.dx1tx1, c.dx2tx1, c.dx3tx1, c.dx4tx1, c.dx5tx1},
                    new double[] {c.xxcon1, c.xxcon2, c.xxcon3, c.xxcon4, c.xxcon5},
                    new double[] {c.dttx1, c.dttx2, c.c2dttx1}, new double[] {c.dx2, c.dx5, c.dxmax, c.dx1}),
            new Direction(1, c.ty2, new double[] {c.dy1ty1, c.dy2ty1, c.dy3ty1, c.dy4ty1, c.dy5ty1},
                    new double[] {c.yycon1, c.yycon2, c.yycon3, c.yycon4, c.yycon5},
                    new double[] {c.dtty1, c.dtty2, c.c2dtty1}, new double[] {c.dy3, c.dy5, c.dymax, c.dy1}),
            new Direction(2, c.tz2, new double[] {c.dz1tz1, c.dz2tz1, c.dz3tz1, c.dz4tz1, c.dz5tz1},
                    new double[] {c.zzcon1, c.zzcon2, c.zzcon3, c.zzcon4, c.zzcon5},
                    new double[] {c.dttz1, c.dttz2, c.c2dttz1}, new double[] {c.dz4, c.dz5, c.dzmax, c.dz1}),
        };
    }
}
