package org.mpi4all.npb.cg;

import java.util.Arrays;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Requests;

/**
 * One process's part of CG's inverse power iteration (NPB 3.4-MPI {@code cg.f}): the vectors, the
 * conjugate gradient solve ({@code conj_grad}) and the sums across a process row it needs, done as the
 * reference does them, by pairwise exchanges rather than {@code allreduce}.
 *
 * <p>The matrix-vector product leaves each process with partial sums for its rows; they are summed across the
 * process row, and each process's share goes to its transpose process, where it arrives as the piece of
 * {@code q} for that process's columns. {@code q} is therefore the message buffer everything is received
 * into, and is read in place.
 */
final class CgSolver {
    /** The conjugate gradient steps per solve. */
    private static final int CG_STEPS = 25;

    private final CgGrid grid;
    private final CgMatrix matrix;
    private final Comm comm;
    /**
     * The vectors, of length naa+2 as in the reference (local positions from 0); z and p, which the product
     * gathers from, padded to {@link #gatheredLength}.
     */
    private final double[] x;
    private final double[] z;
    private final double[] p;
    private final double[] r;
    private final double[] w;
    private final MessageBuffer q;
    /** Partial sums exchanged across the process row: what this process sends, and what it receives. */
    private final double[] partial = new double[2];
    private final MessageBuffer received;
    private final Requests requests;

    CgSolver(Backend backend, Comm comm, CgGrid grid, CgMatrix matrix, int vectorLength) {
        this.grid = grid;
        this.matrix = matrix;
        this.comm = comm;
        requireColumnsBelow(matrix, vectorLength);
        x = new double[vectorLength];
        z = new double[gatheredLength(vectorLength)];
        p = new double[gatheredLength(vectorLength)];
        r = new double[vectorLength];
        w = new double[vectorLength];
        q = backend.allocate(vectorLength);
        received = backend.allocate(partial.length);
        requests = backend.requests(1);
    }

    /**
     * The length of a vector the product gathers from: the power of two at or above {@code vectorLength}, so that
     * {@link #multiply} can mask its column indices by the length, which lets C2 drop the range check of every
     * gathered read (it took CG.A on one rank from ×1.08-1.16 of Fortran's time to ×1.00-1.01, as reading without
     * any check did: docs/benchmarks-journal.md, "CG's gather and its range check").
     */
    static int gatheredLength(int vectorLength) {
        return Integer.highestOneBit(Math.max(1, vectorLength - 1)) << 1;
    }

    /** The mask in {@link #multiply} changes no column only if every column lies within the vectors. */
    private static void requireColumnsBelow(CgMatrix matrix, int vectorLength) {
        for (int k = 0; k < matrix.rowStart[matrix.rowStart.length - 1]; k++) {
            if (matrix.column[k] < 0 || matrix.column[k] >= vectorLength) {
                throw new IllegalStateException("CG's matrix has column " + matrix.column[k] + " outside the "
                        + vectorLength + " positions of its vectors");
            }
        }
    }

    /** x = (1, ..., 1): the power iteration's starting vector. */
    void startFromOnes() {
        Arrays.fill(x, 1.0);
    }

    /**
     * Solves A·z = x approximately by 25 conjugate gradient steps from z = 0 ({@code conj_grad}).
     *
     * @return the residual norm ||x − A·z||
     */
    double conjugateGradient() {
        int columns = grid.localColumns();
        Arrays.fill(z, 0.0);
        System.arraycopy(x, 0, r, 0, r.length);
        System.arraycopy(r, 0, p, 0, r.length);
        Arrays.fill(w, 0.0);
        double rho = sumAcrossRow(dot(r, r, columns));
        for (int step = 0; step < CG_STEPS; step++) {
            multiply(p);
            sumRowsAndTranspose();
            Arrays.fill(w, 0, Math.max(grid.localRows(), columns), 0.0);
            double d = sumAcrossRow(dotQ(p, columns));
            double alpha = rho / d;
            double rho0 = rho;
            updateZR(alpha, columns);
            rho = sumAcrossRow(dot(r, r, columns));
            double beta = rho / rho0;
            updateP(beta, columns);
        }
        // ||r|| = ||x − A·z||, with A·z formed like A·p (q takes the place of the reference's r).
        multiply(z);
        sumRowsAndTranspose();
        return Math.sqrt(sumAcrossRow(residualSquares(columns)));
    }

    /**
     * Ends an inverse power step: x = z / ||z||, with x·z and z·z summed across the process row.
     *
     * @return x·z, before x changes
     */
    double normaliseZIntoX() {
        int columns = grid.localColumns();
        double xz = 0.0;
        double zz = 0.0;
        for (int j = 0; j < columns; j++) {
            xz += x[j] * z[j];
            zz += z[j] * z[j];
        }
        partial[0] = xz;
        partial[1] = zz;
        exchangeAcrossRow(2);
        double scale = 1.0 / Math.sqrt(partial[1]);
        for (int j = 0; j < columns; j++) {
            x[j] = scale * z[j];
        }
        return partial[0];
    }

    /**
     * w = this process's block of A times v (v's piece for this process's columns). v's length is a power of two
     * and above every column, so masking a column by it changes nothing but proves the read in bounds to C2.
     */
    private void multiply(double[] v) {
        int[] rowStart = matrix.rowStart;
        int[] column = matrix.column;
        double[] a = matrix.value;
        for (int j = 0; j < grid.localRows(); j++) {
            double sum = 0.0;
            for (int k = rowStart[j]; k < rowStart[j + 1]; k++) {
                sum += a[k] * v[column[k] & (v.length - 1)];
            }
            w[j] = sum;
        }
    }

    /**
     * Sums w across the process row by recursive halving, then sends this process's share to its transpose
     * process and receives that process's share into q; with one process column, q = w.
     */
    private void sumRowsAndTranspose() {
        for (int i = grid.l2npcols - 1; i >= 0; i--) {
            int partner = grid.reduceExchangeRank[i];
            comm.irecv(q, grid.reduceReceiveStart[i], grid.reduceReceiveLength[i], partner, i + 1, requests, 0);
            comm.send(w, grid.reduceSendStart[i], grid.reduceSendLength[i], partner, i + 1);
            requests.waitFor(0);
            addReceived(grid.sendStart, grid.reduceReceiveLength[i]);
        }
        if (grid.l2npcols != 0) {
            comm.irecv(q, 0, grid.localColumns(), grid.exchangeRank, 1, requests, 0);
            comm.send(w, grid.sendStart, grid.sendLength, grid.exchangeRank, 1);
            requests.waitFor(0);
        } else {
            q.copyFrom(w, 0, 0, grid.localColumns());
        }
    }

    private void addReceived(int start, int length) {
        for (int j = start; j < start + length; j++) {
            w[j] += q.get(j);
        }
    }

    /** The sum of {@code value} over the process row. */
    private double sumAcrossRow(double value) {
        partial[0] = value;
        exchangeAcrossRow(1);
        return partial[0];
    }

    /** Adds the first {@code count} partial sums of the whole process row into every process's {@code partial}. */
    private void exchangeAcrossRow(int count) {
        for (int i = 0; i < grid.l2npcols; i++) {
            int partner = grid.reduceExchangeRank[i];
            comm.irecv(received, 0, count, partner, i + 1, requests, 0);
            comm.send(partial, 0, count, partner, i + 1);
            requests.waitFor(0);
            for (int k = 0; k < count; k++) {
                partial[k] += received.get(k);
            }
        }
    }

    private static double dot(double[] a, double[] b, int n) {
        double sum = 0.0;
        for (int j = 0; j < n; j++) {
            sum += a[j] * b[j];
        }
        return sum;
    }

    private double dotQ(double[] a, int n) {
        double sum = 0.0;
        for (int j = 0; j < n; j++) {
            sum += a[j] * q.get(j);
        }
        return sum;
    }

    /** z = z + alpha·p, r = r − alpha·q. */
    private void updateZR(double alpha, int n) {
        for (int j = 0; j < n; j++) {
            z[j] += alpha * p[j];
            r[j] -= alpha * q.get(j);
        }
    }

    /** p = r + beta·p. */
    private void updateP(double beta, int n) {
        for (int j = 0; j < n; j++) {
            p[j] = r[j] + beta * p[j];
        }
    }

    private double residualSquares(int n) {
        double sum = 0.0;
        for (int j = 0; j < n; j++) {
            double d = x[j] - q.get(j);
            sum += d * d;
        }
        return sum;
    }
}
