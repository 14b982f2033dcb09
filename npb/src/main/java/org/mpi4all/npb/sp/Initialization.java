package org.mpi4all.npb.sp;

import java.util.Arrays;

/**
 * SP's initial state ({@code SP/initialize.f}, subroutines {@code initialize} and {@code lhsinit}): u by
 * trilinear transfinite interpolation of the exact solution on the grid's faces, then the exact values on the
 * boundary faces; the left-hand sides as identity rows, which the boundary rows stay.
 */
final class Initialization {
    private final ExactSolution exact;
    private final double[] spacing;
    private final double[] values = new double[Cell.EQUATIONS];
    /** The exact solution on the two faces through a point, per axis: face[axis][side][equation]. */
    private final double[][][] face = new double[3][2][Cell.EQUATIONS];
    private final double[] position = new double[3];

    Initialization(Constants constants, ExactSolution exact) {
        this.exact = exact;
        this.spacing = new double[] {constants.dnxm1, constants.dnym1, constants.dnzm1};
    }

    /** Sets u of every cell; {@code cells} in the order of {@link Partition}. */
    void initializeU(Cell[] cells, Partition partition) {
        for (Cell cell : cells) {
            // 1/u is taken on the ghost layers too (compute_rhs): keep them nonzero.
            for (int m = 0; m < Cell.EQUATIONS; m++) {
                double value = m == 0 || m == Cell.EQUATIONS - 1 ? 1.0 : 0.0;
                for (double[] row : cell.u[m]) {
                    Arrays.fill(row, value);
                }
            }
            interpolate(cell);
        }
        int last = partition.cellsPerAxis() - 1;
        for (int axis = 0; axis < 3; axis++) {
            setBoundaryFace(cells[partition.slice(axis, 0)], axis, 0, 0.0);
            Cell upper = cells[partition.slice(axis, last)];
            setBoundaryFace(upper, axis, upper.size[axis] - 1, 1.0);
        }
    }

    /** lhsinit: every left-hand side row the identity (diagonal 2 of each factor is its main diagonal). */
    static void initializeLhs(Cell cell) {
        for (double[][] row : cell.lhs) {
            for (int f = 0; f < 3; f++) {
                for (int d = 1; d <= 4; d++) {
                    Arrays.fill(row[Cell.diagonal(f, d)], d == 2 ? 1.0 : 0.0);
                }
            }
        }
    }

    private void interpolate(Cell cell) {
        for (int k = 0; k < cell.size[2]; k++) {
            for (int j = 0; j < cell.size[1]; j++) {
                for (int i = 0; i < cell.size[0]; i++) {
                    setPosition(cell, i, j, k);
                    int row = cell.row(j, k);
                    int p = Cell.column(i);
                    for (int axis = 0; axis < 3; axis++) {
                        exactOnFaces(axis);
                    }
                    for (int m = 0; m < Cell.EQUATIONS; m++) {
                        double pxi = blend(0, m);
                        double peta = blend(1, m);
                        double pzeta = blend(2, m);
                        cell.u[m][row][p] = pxi + peta + pzeta - pxi * peta - pxi * pzeta - peta * pzeta
                                + pxi * peta * pzeta;
                    }
                }
            }
        }
    }

    /** The exact solution on the faces 0 and 1 of {@code axis} at the current position's other coordinates. */
    private void exactOnFaces(int axis) {
        double saved = position[axis];
        for (int side = 0; side < 2; side++) {
            position[axis] = side;
            exact.at(position[0], position[1], position[2], face[axis][side]);
        }
        position[axis] = saved;
    }

    /** Linear interpolation along {@code axis} between its two faces. */
    private double blend(int axis, int m) {
        double t = position[axis];
        return t * face[axis][1][m] + (1.0 - t) * face[axis][0][m];
    }

    /** u on the cell's points at {@code index} along {@code axis}, where the grid coordinate is {@code coordinate}. */
    private void setBoundaryFace(Cell cell, int axis, int index, double coordinate) {
        Box face = new Box().wholeOf(cell, 0).along(axis, index, index);
        for (int k = face.lo[2]; k <= face.hi[2]; k++) {
            for (int j = face.lo[1]; j <= face.hi[1]; j++) {
                for (int i = face.lo[0]; i <= face.hi[0]; i++) {
                    setPosition(cell, i, j, k);
                    position[axis] = coordinate;
                    exact.at(position[0], position[1], position[2], values);
                    int row = cell.row(j, k);
                    for (int m = 0; m < Cell.EQUATIONS; m++) {
                        cell.u[m][row][Cell.column(i)] = values[m];
                    }
                }
            }
        }
    }

    private void setPosition(Cell cell, int i, int j, int k) {
        position[0] = (i + cell.low[0]) * spacing[0];
        position[1] = (j + cell.low[1]) * spacing[1];
        position[2] = (k + cell.low[2]) * spacing[2];
    }
}
