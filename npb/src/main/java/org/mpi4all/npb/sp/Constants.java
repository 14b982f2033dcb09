package org.mpi4all.npb.sp;

/**
 * SP's constants ({@code SP/set_constants.f}), computed as the reference computes them so that every
 * floating-point result matches; the names are the reference's.
 */
final class Constants {
    /** The coefficients of the exact solution: ce[m][n] is the reference's ce(m+1, n+1). */
    final double[][] ce = {
        {2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3},
        {1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5},
        {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4},
        {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3},
        {5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2},
    };

    final double c1 = 1.4;
    final double c2 = 0.4;
    final double c3 = 0.1;
    final double c4 = 1.0;
    final double c5 = 1.4;
    final double bt = Math.sqrt(0.5);
    final double c1c2 = c1 * c2;
    final double c1c5 = c1 * c5;
    final double c3c4 = c3 * c4;
    final double conz1 = 1.0 - c1c5;
    final double c2iv = 2.5;
    final double con43 = 4.0 / 3.0;
    final double con16 = 1.0 / 6.0;

    final double dt;
    final double dnxm1;
    final double dnym1;
    final double dnzm1;

    final double tx1;
    final double tx2;
    final double tx3;
    final double ty1;
    final double ty2;
    final double ty3;
    final double tz1;
    final double tz2;
    final double tz3;

    final double dx1 = 0.75;
    final double dx2 = 0.75;
    final double dx3 = 0.75;
    final double dx4 = 0.75;
    final double dx5 = 0.75;
    final double dy1 = 0.75;
    final double dy2 = 0.75;
    final double dy3 = 0.75;
    final double dy4 = 0.75;
    final double dy5 = 0.75;
    final double dz1 = 1.0;
    final double dz2 = 1.0;
    final double dz3 = 1.0;
    final double dz4 = 1.0;
    final double dz5 = 1.0;
    final double dxmax = Math.max(dx3, dx4);
    final double dymax = Math.max(dy2, dy4);
    final double dzmax = Math.max(dz2, dz3);
    final double dssp = 0.25 * Math.max(dx1, Math.max(dy1, dz1));

    final double dttx1;
    final double dttx2;
    final double dtty1;
    final double dtty2;
    final double dttz1;
    final double dttz2;
    final double c2dttx1;
    final double c2dtty1;
    final double c2dttz1;
    final double dtdssp;
    final double comz1;
    final double comz4;
    final double comz5;
    final double comz6;
    final double c3c4tx3;
    final double c3c4ty3;
    final double c3c4tz3;

    final double dx1tx1;
    final double dx2tx1;
    final double dx3tx1;
    final double dx4tx1;
    final double dx5tx1;
    final double dy1ty1;
    final double dy2ty1;
    final double dy3ty1;
    final double dy4ty1;
    final double dy5ty1;
    final double dz1tz1;
    final double dz2tz1;
    final double dz3tz1;
    final double dz4tz1;
    final double dz5tz1;

    final double xxcon1;
    final double xxcon2;
    final double xxcon3;
    final double xxcon4;
    final double xxcon5;
    final double yycon1;
    final double yycon2;
    final double yycon3;
    final double yycon4;
    final double yycon5;
    final double zzcon1;
    final double zzcon2;
    final double zzcon3;
    final double zzcon4;
    final double zzcon5;

    /** @param gridPoints the grid points along each of the three axes */
    Constants(int[] gridPoints, double dt) {
        this.dt = dt;
        dnxm1 = 1.0 / (gridPoints[0] - 1);
        dnym1 = 1.0 / (gridPoints[1] - 1);
        dnzm1 = 1.0 / (gridPoints[2] - 1);

        tx1 = 1.0 / (dnxm1 * dnxm1);
        tx2 = 1.0 / (2.0 * dnxm1);
        tx3 = 1.0 / dnxm1;
        ty1 = 1.0 / (dnym1 * dnym1);
        ty2 = 1.0 / (2.0 * dnym1);
        ty3 = 1.0 / dnym1;
        tz1 = 1.0 / (dnzm1 * dnzm1);
        tz2 = 1.0 / (2.0 * dnzm1);
        tz3 = 1.0 / dnzm1;

        dttx1 = dt * tx1;
        dttx2 = dt * tx2;
        dtty1 = dt * ty1;
        dtty2 = dt * ty2;
        dttz1 = dt * tz1;
        dttz2 = dt * tz2;
        c2dttx1 = 2.0 * dttx1;
        c2dtty1 = 2.0 * dtty1;
        c2dttz1 = 2.0 * dttz1;
        dtdssp = dt * dssp;
        comz1 = dtdssp;
        comz4 = 4.0 * dtdssp;
        comz5 = 5.0 * dtdssp;
        comz6 = 6.0 * dtdssp;
        c3c4tx3 = c3c4 * tx3;
        c3c4ty3 = c3c4 * ty3;
        c3c4tz3 = c3c4 * tz3;

        dx1tx1 = dx1 * tx1;
        dx2tx1 = dx2 * tx1;
        dx3tx1 = dx3 * tx1;
        dx4tx1 = dx4 * tx1;
        dx5tx1 = dx5 * tx1;
        dy1ty1 = dy1 * ty1;
        dy2ty1 = dy2 * ty1;
        dy3ty1 = dy3 * ty1;
        dy4ty1 = dy4 * ty1;
        dy5ty1 = dy5 * ty1;
        dz1tz1 = dz1 * tz1;
        dz2tz1 = dz2 * tz1;
        dz3tz1 = dz3 * tz1;
        dz4tz1 = dz4 * tz1;
        dz5tz1 = dz5 * tz1;

        xxcon1 = c3c4tx3 * con43 * tx3;
        xxcon2 = c3c4tx3 * tx3;
        xxcon3 = c3c4tx3 * conz1 * tx3;
        xxcon4 = c3c4tx3 * con16 * tx3;
        xxcon5 = c3c4tx3 * c1c5 * tx3;
        yycon1 = c3c4ty3 * con43 * ty3;
        yycon2 = c3c4ty3 * ty3;
        yycon3 = c3c4ty3 * conz1 * ty3;
        yycon4 = c3c4ty3 * con16 * ty3;
        yycon5 = c3c4ty3 * c1c5 * ty3;
        zzcon1 = c3c4tz3 * con43 * tz3;
        zzcon2 = c3c4tz3 * tz3;
        zzcon3 = c3c4tz3 * conz1 * tz3;
        zzcon4 = c3c4tz3 * con16 * tz3;
        zzcon5 = c3c4tz3 * c1c5 * tz3;
    }
}
