package org.mpi4all.npb.mg;

import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.Op;

/**
 * One process's part of MG (NPB 3.4-MPI {@code mg.f}): the solution u and residual r on every level, the
 * right-hand side v on the finest, and the V-cycle ({@code mg3P}) that improves u. Each operator is followed by
 * the exchange of the ghost faces it invalidated, as in the reference.
 */
final class MgSolver {
    private final MgGrid grid;
    private final Comm comm;
    private final MgKernels kernels;
    private final MgExchange exchange;
    /** The residual operator's coefficients a(0..3) and the smoother's c(0..3). */
    private final double[] a;
    private final double[] c;
    final double[] u;
    final double[] r;
    final double[] v;
    private final double[] local = new double[2];
    private final double[] global = new double[2];

    MgSolver(Backend backend, Comm comm, MgGrid grid, double[] a, double[] c) {
        this.grid = grid;
        this.comm = comm;
        this.a = a.clone();
        this.c = c.clone();
        int lt = grid.lt;
        int largest = Math.max(grid.size[0][lt], Math.max(grid.size[1][lt], grid.size[2][lt]));
        kernels = new MgKernels(largest);
        exchange = new MgExchange(backend, comm, grid, faceCapacity(grid.lt, comm.size()));
        u = new double[Math.toIntExact(grid.allLevelsLength())];
        r = new double[Math.toIntExact(grid.allLevelsLength())];
        v = new double[Math.toIntExact(grid.points(lt))];
    }

    /** The reference's message buffer size nm2 = 2·nm² (nm: the largest box edge, ghosts included). */
    static int faceCapacity(int lt, int nprocs) {
        int lm = lt - Integer.numberOfTrailingZeros(nprocs) / 3;
        long nm = 2 + (1L << lm);
        return Math.toIntExact(2 * nm * nm);
    }

    /** Sets the finest level's u to zero and fills v with the random right-hand side. */
    void start(int n) {
        int lt = grid.lt;
        MgKernels.zero(u, 0, grid.size[0][lt], grid.size[1][lt], grid.size[2][lt]);
        MgRandomField.fill(v, n, grid, comm, exchange);
    }

    /** r = v − A·u on the finest level. */
    void residual() {
        int lt = grid.lt;
        resid(u, 0, v, 0, lt);
    }

    /** mg3P: one V-cycle: restrict the residual down to level 1, then solve, interpolate and smooth back up. */
    void vCycle() {
        int lt = grid.lt;
        for (int k = lt; k >= 2; k--) {
            int j = k - 1;
            kernels.rprj3(r, grid.offset(k), m1(k), m2(k), m3(k), r, grid.offset(j), m1(j), m2(j), m3(j));
            exchange.exchange(r, grid.offset(j), m1(j), m2(j), m3(j), j);
        }
        MgKernels.zero(u, grid.offset(1), m1(1), m2(1), m3(1));
        smooth(1);
        for (int k = 2; k <= lt - 1; k++) {
            MgKernels.zero(u, grid.offset(k), m1(k), m2(k), m3(k));
            interpolate(k);
            resid(u, grid.offset(k), r, grid.offset(k), k);
            smooth(k);
        }
        interpolate(lt);
        residual();
        smooth(lt);
    }

    /**
     * norm2u3: the L2 norm (root mean square over the n³ points) and the largest magnitude of the finest
     * level's {@code field} over all processes.
     *
     * @return {L2 norm, largest magnitude}, in a reused array
     */
    double[] norms(double[] field, int n) {
        int lt = grid.lt;
        int n1 = m1(lt);
        int n2 = m2(lt);
        double sum = 0.0;
        double max = 0.0;
        for (int i3 = 2; i3 <= m3(lt) - 1; i3++) {
            for (int i2 = 2; i2 <= n2 - 1; i2++) {
                int base = -1 + n1 * ((i2 - 1) + n2 * (i3 - 1));
                for (int i1 = 2; i1 <= n1 - 1; i1++) {
                    double value = field[base + i1];
                    sum += value * value;
                    max = Math.max(max, Math.abs(value));
                }
            }
        }
        local[0] = max;
        comm.allreduce(local, 0, global, 0, 1, Op.MAX);
        double largest = global[0];
        local[0] = sum;
        comm.allreduce(local, 0, global, 0, 1, Op.SUM);
        global[1] = largest;
        global[0] = Math.sqrt(global[0] / ((double) n * n * n));
        return global;
    }

    /** resid on level k: r = v − A·u (v and r may be the same level), then r's ghosts. */
    private void resid(double[] uLevel, int uo, double[] vLevel, int vo, int k) {
        int ro = grid.offset(k);
        kernels.resid(uLevel, uo, vLevel, vo, r, ro, m1(k), m2(k), m3(k), a);
        exchange.exchange(r, ro, m1(k), m2(k), m3(k), k);
    }

    /** psinv on level k: u = u + C·r, then u's ghosts. */
    private void smooth(int k) {
        int o = grid.offset(k);
        kernels.psinv(r, o, u, o, m1(k), m2(k), m3(k), c);
        exchange.exchange(u, o, m1(k), m2(k), m3(k), k);
    }

    /** interp from level k−1 into level k of u, then the points dead processes take. */
    private void interpolate(int k) {
        int j = k - 1;
        kernels.interp(u, grid.offset(j), m1(j), m2(j), m3(j), u, grid.offset(k), m1(k), m2(k), m3(k));
        exchange.exchangeExtra(u, grid.offset(k), m1(k), m2(k), m3(k), k);
    }

    private int m1(int k) {
        return grid.size[0][k];
    }

    private int m2(int k) {
        return grid.size[1][k];
    }

    private int m3(int k) {
        return grid.size[2][k];
    }
}
