package org.mpi4all.npb.sp;

import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.Op;

/**
 * The RMS norms SP is verified by ({@code SP/error.f}): of the error u − exact solution over the whole grid,
 * and of the residual (the right-hand side) over its interior, per equation, each sum of squares divided by
 * (n − 2) for each of the three axes.
 */
final class Norms {
    private final ExactSolution exact;
    private final double[] spacing;
    private final int[] gridPoints;
    private final Box box = new Box();
    private final double[] values = new double[Cell.EQUATIONS];

    Norms(Constants constants, ExactSolution exact, int[] gridPoints) {
        this.exact = exact;
        this.spacing = new double[] {constants.dnxm1, constants.dnym1, constants.dnzm1};
        this.gridPoints = gridPoints;
    }

    /** error_norm: the RMS norms of u − exact, on every process; collective. */
    double[] error(Cell[] cells, Comm comm) {
        double[] sums = new double[Cell.EQUATIONS];
        for (Cell cell : cells) {
            box.wholeOf(cell, 0);
            for (int k = box.lo[2]; k <= box.hi[2]; k++) {
                double zeta = (k + cell.low[2]) * spacing[2];
                for (int j = box.lo[1]; j <= box.hi[1]; j++) {
                    double eta = (j + cell.low[1]) * spacing[1];
                    for (int i = box.lo[0]; i <= box.hi[0]; i++) {
                        exact.at((i + cell.low[0]) * spacing[0], eta, zeta, values);
                        int row = cell.row(j, k);
                        for (int m = 0; m < Cell.EQUATIONS; m++) {
                            double add = cell.u[m][row][Cell.column(i)] - values[m];
                            sums[m] += add * add;
                        }
                    }
                }
            }
        }
        return rms(sums, comm);
    }

    /** rhs_norm: the RMS norms of the right-hand side on the interior, on every process; collective. */
    double[] residual(Cell[] cells, Comm comm) {
        double[] sums = new double[Cell.EQUATIONS];
        for (Cell cell : cells) {
            box.interiorOf(cell);
            for (int k = box.lo[2]; k <= box.hi[2]; k++) {
                for (int j = box.lo[1]; j <= box.hi[1]; j++) {
                    for (int i = box.lo[0]; i <= box.hi[0]; i++) {
                        int row = cell.row(j, k);
                        for (int m = 0; m < Cell.EQUATIONS; m++) {
                            double add = cell.rhs[m][row][Cell.column(i)];
                            sums[m] += add * add;
                        }
                    }
                }
            }
        }
        return rms(sums, comm);
    }

    private double[] rms(double[] sums, Comm comm) {
        double[] total = new double[Cell.EQUATIONS];
        comm.allreduce(sums, 0, total, 0, Cell.EQUATIONS, Op.SUM);
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            for (int d = 0; d < 3; d++) {
                total[m] = total[m] / (gridPoints[d] - 2);
            }
            total[m] = Math.sqrt(total[m]);
        }
        return total;
    }
}
