package org.mpi4all.npb.mg;

import java.util.Arrays;

/**
 * MG's stencil operators on one process's box of a level (NPB 3.4-MPI {@code mg.f}: {@code resid},
 * {@code psinv}, {@code rprj3}, {@code interp}), without their boundary exchange. A box of n1 × n2 × n3
 * points (ghosts included) starts at an offset in its array and is stored with the first index fastest, as
 * Fortran stores {@code u(n1,n2,n3)}; loop variables here keep Fortran's 1-based numbering, and the
 * operations keep its order, so results match the reference bit for bit.
 *
 * <p>An instance holds the scratch rows interp needs, so that nothing is allocated per call.
 */
final class MgKernels {
    private final double[] s1;
    private final double[] s2;
    private final double[] s3;

    /** @param maxPoints the most points of a box along one axis, ghosts included */
    MgKernels(int maxPoints) {
        s1 = new double[maxPoints + 2];
        s2 = new double[maxPoints + 2];
        s3 = new double[maxPoints + 2];
    }

    /** The position of point (1, i2, i3) minus one, so that point (i1, i2, i3) is at {@code row(...) + i1}. */
    private static int row(int offset, int n1, int n2, int i2, int i3) {
        return offset - 1 + n1 * ((i2 - 1) + n2 * (i3 - 1));
    }

    /** resid: r = v − A·u on the box's interior (a(1) = 0 as NPB assumes); r may be v. */
    void resid(double[] u, int uo, double[] v, int vo, double[] r, int ro, int n1, int n2, int n3, double[] a) {
        for (int i3 = 2; i3 <= n3 - 1; i3++) {
            for (int i2 = 2; i2 <= n2 - 1; i2++) {
                residRow(u, row(uo, n1, n2, i2, i3), v, row(vo, n1, n2, i2, i3), r, row(ro, n1, n2, i2, i3),
                        n1, n1 * n2, a[0], a[2], a[3]);
            }
        }
    }

    /**
     * One row of resid. mg.f first stores two neighbour sums of every point of the row in scratch arrays (u1
     * over the four edge neighbours in the (i2, i3) plane, u2 over the four corner ones); here the sums of
     * points i1−1, i1, i1+1 slide along in locals instead, the same sums in the same order, without the
     * scratch traffic the JIT cannot vectorise away.
     */
    private static void residRow(double[] u, int ub, double[] v, int vb, double[] r, int rb, int n1, int plane,
                                 double a0, double a2, double a3) {
        double edgeBefore = edgeSum(u, ub + 1, n1, plane);
        double cornerBefore = cornerSum(u, ub + 1, n1, plane);
        double edge = edgeSum(u, ub + 2, n1, plane);
        double corner = cornerSum(u, ub + 2, n1, plane);
        for (int i1 = 2; i1 <= n1 - 1; i1++) {
            double edgeAfter = edgeSum(u, ub + i1 + 1, n1, plane);
            double cornerAfter = cornerSum(u, ub + i1 + 1, n1, plane);
            r[rb + i1] = v[vb + i1] - a0 * u[ub + i1]
                    - a2 * (corner + edgeBefore + edgeAfter)
                    - a3 * (cornerBefore + cornerAfter);
            edgeBefore = edge;
            edge = edgeAfter;
            cornerBefore = corner;
            corner = cornerAfter;
        }
    }

    /** psinv: the smoother u = u + C·r on the box's interior (c(3) = 0 as NPB assumes). */
    void psinv(double[] r, int ro, double[] u, int uo, int n1, int n2, int n3, double[] c) {
        for (int i3 = 2; i3 <= n3 - 1; i3++) {
            for (int i2 = 2; i2 <= n2 - 1; i2++) {
                psinvRow(r, row(ro, n1, n2, i2, i3), u, row(uo, n1, n2, i2, i3), n1, n1 * n2, c[0], c[1], c[2]);
            }
        }
    }

    /** One row of psinv, its neighbour sums (mg.f's r1, r2) sliding along as in {@link #residRow}. */
    private static void psinvRow(double[] r, int rb, double[] u, int ub, int n1, int plane,
                                 double c0, double c1, double c2) {
        double edgeBefore = edgeSum(r, rb + 1, n1, plane);
        double edge = edgeSum(r, rb + 2, n1, plane);
        double corner = cornerSum(r, rb + 2, n1, plane);
        for (int i1 = 2; i1 <= n1 - 1; i1++) {
            double edgeAfter = edgeSum(r, rb + i1 + 1, n1, plane);
            u[ub + i1] = u[ub + i1] + c0 * r[rb + i1]
                    + c1 * (r[rb + i1 - 1] + r[rb + i1 + 1] + edge)
                    + c2 * (corner + edgeBefore + edgeAfter);
            edgeBefore = edge;
            edge = edgeAfter;
            corner = cornerSum(r, rb + i1 + 1, n1, plane);
        }
    }

    /** The sum over the four edge neighbours of point p in its (i2, i3) plane, in mg.f's order. */
    private static double edgeSum(double[] a, int p, int n1, int plane) {
        return a[p - n1] + a[p + n1] + a[p - plane] + a[p + plane];
    }

    /** The sum over the four corner neighbours of point p in its (i2, i3) plane, in resid's and psinv's order. */
    private static double cornerSum(double[] a, int p, int n1, int plane) {
        return a[p - n1 - plane] + a[p + n1 - plane] + a[p - n1 + plane] + a[p + n1 + plane];
    }

    /** The same corner sum in rprj3's order (its i3 varies before its i2). */
    private static double crossCornerSum(double[] a, int p, int n1, int plane) {
        return a[p - n1 - plane] + a[p - n1 + plane] + a[p + n1 - plane] + a[p + n1 + plane];
    }

    /**
     * rprj3: restricts r (box m1k × m2k × m3k) to the next coarser level s (box m1j × m2j × m3j) with the
     * trilinear finite-element projection.
     */
    void rprj3(double[] r, int ro, int m1k, int m2k, int m3k, double[] s, int so, int m1j, int m2j, int m3j) {
        int d1 = m1k == 3 ? 2 : 1;
        int d2 = m2k == 3 ? 2 : 1;
        int d3 = m3k == 3 ? 2 : 1;
        for (int j3 = 2; j3 <= m3j - 1; j3++) {
            for (int j2 = 2; j2 <= m2j - 1; j2++) {
                rprj3Row(r, row(ro, m1k, m2k, 2 * j2 - d2, 2 * j3 - d3), m1k, m1k * m2k,
                        s, row(so, m1j, m2j, j2, j3), m1j, d1);
            }
        }
    }

    /**
     * One coarse row of rprj3. mg.f first stores the edge and corner sums (x1, y1) of the fine points between
     * the coarse ones in scratch rows; the fine point after one coarse point is the one before the next, so
     * here they slide along in locals instead: the same sums in the same order.
     */
    private static void rprj3Row(double[] r, int rb, int m1k, int plane, double[] s, int sb, int m1j, int d1) {
        int before = rb + 2 * 2 - d1 - 1;
        double edgeBefore = edgeSum(r, before, m1k, plane);
        double cornerBefore = crossCornerSum(r, before, m1k, plane);
        for (int j1 = 2; j1 <= m1j - 1; j1++) {
            int p = rb + 2 * j1 - d1;
            double edgeAfter = edgeSum(r, p + 1, m1k, plane);
            double cornerAfter = crossCornerSum(r, p + 1, m1k, plane);
            double y2 = crossCornerSum(r, p, m1k, plane);
            double x2 = edgeSum(r, p, m1k, plane);
            s[sb + j1] = 0.5 * r[p]
                    + 0.25 * (r[p - 1] + r[p + 1] + x2)
                    + 0.125 * (edgeBefore + edgeAfter + y2)
                    + 0.0625 * (cornerBefore + cornerAfter);
            edgeBefore = edgeAfter;
            cornerBefore = cornerAfter;
        }
    }

    /**
     * interp: adds to u (box n1 × n2 × n3) the trilinear interpolation of the coarser level's z (box
     * mm1 × mm2 × mm3).
     */
    void interp(double[] z, int zo, int mm1, int mm2, int mm3, double[] u, int uo, int n1, int n2, int n3) {
        if (n1 != 3 && n2 != 3 && n3 != 3) {
            interpolateEven(z, zo, mm1, mm2, mm3, u, uo, n1, n2);
        } else {
            new ThinInterpolation(z, zo, mm1, mm2, mm3, u, uo, n1, n2, n3).run();
        }
    }

    /** interp's usual case: every fine point is a corner, edge, face or centre point of a coarse cell. */
    private void interpolateEven(double[] z, int zo, int mm1, int mm2, int mm3, double[] u, int uo, int n1, int n2) {
        int zPlane = mm1 * mm2;
        int uPlane = n1 * n2;
        for (int i3 = 1; i3 <= mm3 - 1; i3++) {
            for (int i2 = 1; i2 <= mm2 - 1; i2++) {
                int zb = row(zo, mm1, mm2, i2, i3);
                for (int i1 = 1; i1 <= mm1; i1++) {
                    int p = zb + i1;
                    s1[i1] = z[p + mm1] + z[p];
                    s2[i1] = z[p + zPlane] + z[p];
                    s3[i1] = z[p + mm1 + zPlane] + z[p + zPlane] + s1[i1];
                }
                int ub = row(uo, n1, n2, 2 * i2 - 1, 2 * i3 - 1);
                for (int i1 = 1; i1 <= mm1 - 1; i1++) {
                    u[ub + 2 * i1 - 1] = u[ub + 2 * i1 - 1] + z[zb + i1];
                    u[ub + 2 * i1] = u[ub + 2 * i1] + 0.5 * (z[zb + i1 + 1] + z[zb + i1]);
                }
                addPairs(u, ub + n1, s1, 0.5, 0.25, mm1);
                addPairs(u, ub + uPlane, s2, 0.5, 0.25, mm1);
                addPairs(u, ub + n1 + uPlane, s3, 0.25, 0.125, mm1);
            }
        }
    }

    /** u(2·i1−1) += odd·s(i1) and u(2·i1) += even·(s(i1) + s(i1+1)) along one fine row. */
    private static void addPairs(double[] u, int ub, double[] s, double odd, double even, int mm1) {
        for (int i1 = 1; i1 <= mm1 - 1; i1++) {
            u[ub + 2 * i1 - 1] = u[ub + 2 * i1 - 1] + odd * s[i1];
            u[ub + 2 * i1] = u[ub + 2 * i1] + even * (s[i1] + s[i1 + 1]);
        }
    }

    /**
     * interp where the fine box is 3 points thick along some axis (one interior plane): along such an axis
     * the coarse points are shifted by one (d = 2, t = 1), as mg.f's second branch does.
     */
    private record ThinInterpolation(double[] z, int zo, int mm1, int mm2, int mm3, double[] u, int uo,
                                     int n1, int n2, int n3) {
        void run() {
            int d1 = n1 == 3 ? 2 : 1;
            int t1 = n1 == 3 ? 1 : 0;
            int d2 = n2 == 3 ? 2 : 1;
            int t2 = n2 == 3 ? 1 : 0;
            int d3 = n3 == 3 ? 2 : 1;
            int t3 = n3 == 3 ? 1 : 0;
            for (int i3 = d3; i3 <= mm3 - 1; i3++) {
                planeOfCorners(i3, d1, t1, d2, t2, d3);
            }
            for (int i3 = 1; i3 <= mm3 - 1; i3++) {
                planeBetween(i3, d1, t1, d2, t2, t3);
            }
        }

        private double zAt(int i1, int i2, int i3) {
            return z[row(zo, mm1, mm2, i2, i3) + i1];
        }

        private void add(int i1, int i2, int i3, double value) {
            int p = row(uo, n1, n2, i2, i3) + i1;
            u[p] = u[p] + value;
        }

        /** The fine points in the planes of coarse points (2·i3 − d3). */
        private void planeOfCorners(int i3, int d1, int t1, int d2, int t2, int d3) {
            for (int i2 = d2; i2 <= mm2 - 1; i2++) {
                for (int i1 = d1; i1 <= mm1 - 1; i1++) {
                    add(2 * i1 - d1, 2 * i2 - d2, 2 * i3 - d3, zAt(i1, i2, i3));
                }
                for (int i1 = 1; i1 <= mm1 - 1; i1++) {
                    add(2 * i1 - t1, 2 * i2 - d2, 2 * i3 - d3, 0.5 * (zAt(i1 + 1, i2, i3) + zAt(i1, i2, i3)));
                }
            }
            for (int i2 = 1; i2 <= mm2 - 1; i2++) {
                for (int i1 = d1; i1 <= mm1 - 1; i1++) {
                    add(2 * i1 - d1, 2 * i2 - t2, 2 * i3 - d3, 0.5 * (zAt(i1, i2 + 1, i3) + zAt(i1, i2, i3)));
                }
                for (int i1 = 1; i1 <= mm1 - 1; i1++) {
                    add(2 * i1 - t1, 2 * i2 - t2, 2 * i3 - d3, 0.25 * (zAt(i1 + 1, i2 + 1, i3) + zAt(i1 + 1, i2, i3)
                            + zAt(i1, i2 + 1, i3) + zAt(i1, i2, i3)));
                }
            }
        }

        /** The fine points in the planes between coarse planes (2·i3 − t3). */
        private void planeBetween(int i3, int d1, int t1, int d2, int t2, int t3) {
            for (int i2 = d2; i2 <= mm2 - 1; i2++) {
                for (int i1 = d1; i1 <= mm1 - 1; i1++) {
                    add(2 * i1 - d1, 2 * i2 - d2, 2 * i3 - t3, 0.5 * (zAt(i1, i2, i3 + 1) + zAt(i1, i2, i3)));
                }
                for (int i1 = 1; i1 <= mm1 - 1; i1++) {
                    add(2 * i1 - t1, 2 * i2 - d2, 2 * i3 - t3, 0.25 * (zAt(i1 + 1, i2, i3 + 1) + zAt(i1, i2, i3 + 1)
                            + zAt(i1 + 1, i2, i3) + zAt(i1, i2, i3)));
                }
            }
            for (int i2 = 1; i2 <= mm2 - 1; i2++) {
                for (int i1 = d1; i1 <= mm1 - 1; i1++) {
                    add(2 * i1 - d1, 2 * i2 - t2, 2 * i3 - t3, 0.25 * (zAt(i1, i2 + 1, i3 + 1) + zAt(i1, i2, i3 + 1)
                            + zAt(i1, i2 + 1, i3) + zAt(i1, i2, i3)));
                }
                for (int i1 = 1; i1 <= mm1 - 1; i1++) {
                    add(2 * i1 - t1, 2 * i2 - t2, 2 * i3 - t3, 0.125 * (zAt(i1 + 1, i2 + 1, i3 + 1)
                            + zAt(i1 + 1, i2, i3 + 1) + zAt(i1, i2 + 1, i3 + 1) + zAt(i1, i2, i3 + 1)
                            + zAt(i1 + 1, i2 + 1, i3) + zAt(i1 + 1, i2, i3) + zAt(i1, i2 + 1, i3) + zAt(i1, i2, i3)));
                }
            }
        }
    }

    /** Sets the box's points to zero (zero3). */
    static void zero(double[] u, int uo, int n1, int n2, int n3) {
        Arrays.fill(u, uo, uo + n1 * n2 * n3, 0.0);
    }
}
