package org.mpi4all.npb.mg;

import java.util.Arrays;
import org.mpi4all.npb.NpbRandom;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.Op;

/**
 * MG's right-hand side (NPB 3.4-MPI {@code mg.f}, {@code zran3}): the grid is filled with the NPB random
 * sequence in natural order (each process jumps straight to its box's place in the sequence), then +1 is put at
 * the ten largest values, −1 at the ten smallest, and zero everywhere else.
 */
final class MgRandomField {
    private static final int MM = 10;
    private static final double A = 1220703125.0;   // 5^13
    private static final double X = 314159265.0;
    private static final int LARGEST = 1;
    private static final int SMALLEST = 0;

    private final double[][] ten = new double[2][MM];
    /** The candidates' local positions (1-based i1, i2, i3), by kind and rank in {@link #ten}. */
    private final int[][][] position = new int[2][MM][3];

    private MgRandomField() {}

    /** Fills the finest level's box z (n1 × n2 × n3 from offset 0) and exchanges its ghosts. */
    static void fill(double[] z, int n, MgGrid grid, Comm comm, MgExchange exchange) {
        int[] m = {grid.size[0][grid.lt], grid.size[1][grid.lt], grid.size[2][grid.lt]};
        MgKernels.zero(z, 0, m[0], m[1], m[2]);
        randomNumbers(z, n, grid, m);
        MgRandomField field = new MgRandomField();
        field.findLocalCandidates(z, m);
        comm.barrier();
        int[] firstWinner = field.selectGlobally(z, m, grid, comm);
        comm.barrier();
        MgKernels.zero(z, 0, m[0], m[1], m[2]);
        for (int i = MM - 1; i >= firstWinner[SMALLEST]; i--) {
            z[index(field.position[SMALLEST][i], m)] = -1.0;
        }
        for (int i = MM - 1; i >= firstWinner[LARGEST]; i--) {
            z[index(field.position[LARGEST][i], m)] = +1.0;
        }
        exchange.exchange(z, 0, m[0], m[1], m[2], grid.lt);
    }

    private static int index(int[] p, int[] m) {
        return (p[0] - 1) + m[0] * ((p[1] - 1) + m[1] * (p[2] - 1));
    }

    /**
     * Point (i, j, k) of the n³ grid (0-based, ghosts not counted) gets the number 1 + i + n·j + n²·k steps
     * after the seed X, whatever the decomposition: each row starts from its seed, found by powering A.
     */
    private static void randomNumbers(double[] z, int n, MgGrid grid, int[] m) {
        double a1 = power(A, n);
        double a2 = power(A, (long) n * n);
        long first = (grid.start[0] - 2) + (long) n * ((grid.start[1] - 2) + (long) n * (grid.start[2] - 2));
        int d1 = grid.end[0] - grid.start[0] + 1;
        int e2 = grid.end[1] - grid.start[1] + 2;
        int e3 = grid.end[2] - grid.start[2] + 2;
        double x0 = NpbRandom.nextSeed(X, power(A, first));
        for (int i3 = 2; i3 <= e3; i3++) {
            double x1 = x0;
            for (int i2 = 2; i2 <= e2; i2++) {
                NpbRandom.fill(x1, A, z, 1 + m[0] * ((i2 - 1) + m[1] * (i3 - 1)), d1);
                x1 = NpbRandom.nextSeed(x1, a1);
            }
            x0 = NpbRandom.nextSeed(x0, a2);
        }
    }

    /** a<sup>e</sup> mod 2<sup>46</sup> (mg.f's {@code power}): binary powering with the generator's multiply. */
    static double power(double a, long e) {
        double result = 1.0;
        double square = a;
        for (long rest = e; rest > 0; rest /= 2) {
            if (rest % 2 == 1) {
                result = NpbRandom.nextSeed(result, square);
            }
            square = NpbRandom.nextSeed(square, square);
        }
        return result;
    }

    /** This process's ten largest and ten smallest interior values, kept sorted by bubbling (mg.f's bubble). */
    private void findLocalCandidates(double[] z, int[] m) {
        Arrays.fill(ten[LARGEST], 0.0);
        Arrays.fill(ten[SMALLEST], 1.0);
        for (int i3 = 2; i3 <= m[2] - 1; i3++) {
            for (int i2 = 2; i2 <= m[1] - 1; i2++) {
                for (int i1 = 2; i1 <= m[0] - 1; i1++) {
                    double value = z[(i1 - 1) + m[0] * ((i2 - 1) + m[1] * (i3 - 1))];
                    if (value > ten[LARGEST][0]) {
                        replaceFirst(LARGEST, value, i1, i2, i3);
                    }
                    if (value < ten[SMALLEST][0]) {
                        replaceFirst(SMALLEST, value, i1, i2, i3);
                    }
                }
            }
        }
    }

    private void replaceFirst(int kind, double value, int i1, int i2, int i3) {
        ten[kind][0] = value;
        position[kind][0][0] = i1;
        position[kind][0][1] = i2;
        position[kind][0][2] = i3;
        for (int i = 0; i < MM - 1; i++) {
            boolean outOfOrder = kind == LARGEST ? ten[kind][i] > ten[kind][i + 1] : ten[kind][i] < ten[kind][i + 1];
            if (!outOfOrder) {
                return;
            }
            double value2 = ten[kind][i];
            ten[kind][i] = ten[kind][i + 1];
            ten[kind][i + 1] = value2;
            int[] p = position[kind][i];
            position[kind][i] = position[kind][i + 1];
            position[kind][i + 1] = p;
        }
    }

    /**
     * Picks the ten global winners of each kind one at a time: the best of every process's best remaining
     * candidate; the process that holds it moves on to its next candidate. Every process learns where the
     * winners are (jg in mg.f), as the reference's messages do.
     *
     * @return per kind, the first index of this process's candidates that won (those up to MM−1 did)
     */
    private int[] selectGlobally(double[] z, int[] m, MgGrid grid, Comm comm) {
        int[] next = {MM - 1, MM - 1};
        double[] best = new double[1];
        double[] globalBest = new double[1];
        int[] where = new int[4];
        int[] globalWhere = new int[4];
        for (int i = MM - 1; i >= 0; i--) {
            for (int kind : new int[] {LARGEST, SMALLEST}) {
                int[] candidate = position[kind][next[kind]];
                best[0] = z[index(candidate, m)];
                comm.allreduce(best, 0, globalBest, 0, 1, kind == LARGEST ? Op.MAX : Op.MIN);
                Arrays.fill(where, 0);
                if (globalBest[0] == best[0]) {
                    where[0] = comm.rank();
                    for (int ax = 0; ax < 3; ax++) {
                        where[ax + 1] = grid.start[ax] - 2 + candidate[ax];
                    }
                    next[kind]--;
                }
                comm.allreduce(where, 0, globalWhere, 0, 4, Op.MAX);
            }
        }
        return new int[] {next[SMALLEST] + 1, next[LARGEST] + 1};
    }
}
