package org.mpi4all.npb.cg;

import org.mpi4all.npb.NpbRandom;

/**
 * This process's block of CG's sparse symmetric matrix in compressed rows, generated as NPB 3.4-MPI's
 * {@code makea}, {@code sprnvc}, {@code vecset} and {@code sparse} do: the sum of {@code na} outer products of
 * random sparse vectors with geometrically decreasing weights, plus (rcond − shift) on the diagonal. Every
 * process draws the whole random sequence and keeps the entries of its block, so the matrix is the same for
 * any number of processes.
 */
final class CgMatrix {
    static final double RCOND = 0.1;
    static final double AMULT = 1220703125.0;

    /** Row j's entries (j local, from 0) are {@code [rowStart[j], rowStart[j+1])}. */
    final int[] rowStart;
    /** Each entry's column, local: the global column minus {@code firstCol}. */
    final int[] column;
    final double[] value;

    private CgMatrix(int[] rowStart, int[] column, double[] value) {
        this.rowStart = rowStart;
        this.column = column;
        this.value = value;
    }

    /**
     * The number of entries the generation may produce on one process before merging duplicates
     * ({@code alloc_space}'s bound); the arrays of the matrix and of its generation have this length.
     */
    static long entrySlots(int na, int nonzer, int nprocs, int npcols) {
        long n = na;
        return n * (nonzer + 1) / nprocs * (nonzer + 1) + nonzer + n * (nonzer + 2 + nprocs / 256) / npcols;
    }

    /**
     * Generates the block of {@code grid}'s process.
     *
     * @param seed the random seed after the main program's first draw
     */
    static CgMatrix generate(int na, int nonzer, double shift, CgGrid grid, double seed) {
        Triplets triplets = new Triplets((int) entrySlots(na, nonzer, grid.nprows * grid.npcols, grid.npcols));
        triplets.addOuterProducts(na, nonzer, grid, seed);
        for (int i = grid.firstRow; i <= grid.lastRow; i++) {
            if (i >= grid.firstCol && i <= grid.lastCol) {
                triplets.add(i, i, RCOND - shift);
            }
        }
        CgMatrix matrix = triplets.toCompressedRows(na, grid.firstRow, grid.lastRow);
        for (int k = 0; k < matrix.rowStart[grid.localRows()]; k++) {
            matrix.column[k] -= grid.firstCol;
        }
        return matrix;
    }

    /** The (row, column, value) entries of the block, duplicates not yet summed ({@code arow}, {@code acol}, {@code aelt}). */
    private static final class Triplets {
        final int[] row;
        final int[] column;
        final double[] value;
        int count;

        Triplets(int slots) {
            row = new int[slots];
            column = new int[slots];
            value = new double[slots];
        }

        void add(int r, int c, double v) {
            if (count == row.length) {
                throw new IllegalStateException("the matrix has more entries than the " + row.length
                        + " CG's reference allocates for this process");
            }
            row[count] = r;
            column[count] = c;
            value[count] = v;
            count++;
        }

        /** makea's main loop: for each outer row, the entries of v·vᵀ that fall into the block, scaled. */
        void addOuterProducts(int na, int nonzer, CgGrid grid, double seed) {
            SparseVectors vectors = new SparseVectors(na, nonzer, seed);
            double size = 1.0;
            double ratio = Math.pow(RCOND, 1.0 / na);
            for (int outer = 1; outer <= na; outer++) {
                int nzv = vectors.next();
                nzv = vectors.set(nzv, outer, 0.5);
                for (int e = 0; e < nzv; e++) {
                    int jcol = vectors.index[e];
                    if (jcol >= grid.firstCol && jcol <= grid.lastCol) {
                        double scale = size * vectors.value[e];
                        for (int f = 0; f < nzv; f++) {
                            int irow = vectors.index[f];
                            if (irow >= grid.firstRow && irow <= grid.lastRow) {
                                add(irow, jcol, vectors.value[f] * scale);
                            }
                        }
                    }
                }
                size *= ratio;
            }
        }

        /** sparse: bucket-sorts the entries by row, then sums duplicates in each row, dropping zeros. */
        CgMatrix toCompressedRows(int na, int firstRow, int lastRow) {
            int rows = lastRow - firstRow + 1;
            int[] rowStart = new int[rows + 1];
            for (int e = 0; e < count; e++) {
                rowStart[row[e] - firstRow + 1]++;
            }
            for (int j = 1; j <= rows; j++) {
                rowStart[j] += rowStart[j - 1];
            }
            double[] a = new double[row.length];
            int[] colidx = new int[row.length];
            for (int e = 0; e < count; e++) {
                int k = rowStart[row[e] - firstRow]++;
                a[k] = value[e];
                colidx[k] = column[e];
            }
            System.arraycopy(rowStart, 0, rowStart, 1, rows);
            rowStart[0] = 0;
            sumDuplicates(na, rows, rowStart, colidx, a);
            return new CgMatrix(rowStart, colidx, a);
        }

        private static void sumDuplicates(int na, int rows, int[] rowStart, int[] colidx, double[] a) {
            double[] x = new double[na + 1];
            boolean[] marked = new boolean[na + 1];
            int[] nzloc = new int[na];
            int nza = 0;
            int rowBegin = rowStart[0];
            for (int j = 0; j < rows; j++) {
                int nzrow = 0;
                for (int k = rowBegin; k < rowStart[j + 1]; k++) {
                    int i = colidx[k];
                    x[i] += a[k];
                    if (!marked[i] && x[i] != 0.0) {
                        marked[i] = true;
                        nzloc[nzrow++] = i;
                    }
                }
                for (int k = 0; k < nzrow; k++) {
                    int i = nzloc[k];
                    marked[i] = false;
                    double xi = x[i];
                    x[i] = 0.0;
                    if (xi != 0.0) {
                        a[nza] = xi;
                        colidx[nza] = i;
                        nza++;
                    }
                }
                rowBegin = rowStart[j + 1];
                rowStart[j + 1] = nza;
            }
        }
    }

    /** The random sparse vectors of makea ({@code sprnvc} and {@code vecset}), drawn from one sequence. */
    private static final class SparseVectors {
        final int n;
        final int nonzer;
        /** The smallest power of two not below n (and at least 2): positions are drawn in 1..nn1. */
        final int nn1;
        final double[] value;
        final int[] index;
        final boolean[] marked;
        double seed;

        SparseVectors(int n, int nonzer, double seed) {
            this.n = n;
            this.nonzer = nonzer;
            int power = 2;
            while (power < n) {
                power *= 2;
            }
            this.nn1 = power;
            this.value = new double[nonzer + 1];
            this.index = new int[nonzer + 1];
            this.marked = new boolean[n + 1];
            this.seed = seed;
        }

        /** sprnvc: draws {@code nonzer} distinct positions (1-based) with their values; returns the count. */
        int next() {
            int nzv = 0;
            while (nzv < nonzer) {
                seed = NpbRandom.nextSeed(seed, AMULT);
                double vecelt = NpbRandom.uniform(seed);
                seed = NpbRandom.nextSeed(seed, AMULT);
                int i = (int) (nn1 * NpbRandom.uniform(seed)) + 1;
                if (i <= n && !marked[i]) {
                    marked[i] = true;
                    value[nzv] = vecelt;
                    index[nzv] = i;
                    nzv++;
                }
            }
            for (int k = 0; k < nzv; k++) {
                marked[index[k]] = false;
            }
            return nzv;
        }

        /** vecset: sets position {@code i} to {@code val}, appending it if absent; returns the new count. */
        int set(int nzv, int i, double val) {
            boolean found = false;
            for (int k = 0; k < nzv; k++) {
                if (index[k] == i) {
                    value[k] = val;
                    found = true;
                }
            }
            if (!found) {
                value[nzv] = val;
                index[nzv] = i;
                return nzv + 1;
            }
            return nzv;
        }
    }
}
