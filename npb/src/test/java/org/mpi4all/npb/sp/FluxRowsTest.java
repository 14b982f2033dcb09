package org.mpi4all.npb.sp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The rows around a row hold the cell's values at their offsets, whether copied afresh or slid along. */
class FluxRowsTest {
    private static final int GRID_POINTS = 8;

    private static Cell numberedCell() {
        int[] extent = Adi.extent(GRID_POINTS, 1);
        Cell cell = new Cell(new Partition(1, 0, new int[] {GRID_POINTS, GRID_POINTS, GRID_POINTS}), 0, extent);
        int field = 0;
        for (double[][] fields : new double[][][] {cell.u, cell.rhs, cell.velocity}) {
            for (double[] values : fields) {
                number(values, ++field);
            }
        }
        for (double[] values : new double[][] {cell.qs, cell.rhoI, cell.square}) {
            number(values, ++field);
        }
        return cell;
    }

    /** Element p of the field numbered f holds f·10⁶ + p. */
    private static void number(double[] values, int f) {
        for (int p = 0; p < values.length; p++) {
            values[p] = f * 1e6 + p;
        }
    }

    @Test
    void rowsHoldTheFieldsAtTheirOffsetsAlongEachAxis() {
        Cell cell = numberedCell();
        int length = GRID_POINTS;
        for (int axis = 0; axis < 3; axis++) {
            int s = cell.stride[axis];
            FluxRows rows = new FluxRows(cell.stride[1]);
            // A row and the next along y or z (slid along when the axis is y or z), then one farther (afresh).
            for (int j : new int[] {3, 4, 6}) {
                int first = axis == 2 ? cell.index(0, 2, j) : cell.index(0, j, 2);
                rows.gather(cell, first, length, s);
                assertRows(rows.u, cell.u, first, length, s);
                assertRows(rows.velocity, cell.velocity, first, length, s);
                assertRows(new double[][][] {rows.qs, rows.rhoI, rows.square},
                        new double[][] {cell.qs, cell.rhoI, cell.square}, first, length, s);
                for (int m = 0; m < Cell.EQUATIONS; m++) {
                    assertThat(Arrays.copyOf(rows.rhs[m], length))
                            .containsExactly(Arrays.copyOfRange(cell.rhs[m], first, first + length));
                }
            }
        }
    }

    /** rows[f][n] holds field f from n − k/2 steps, k rows. */
    private static void assertRows(double[][][] rows, double[][] fields, int first, int length, int s) {
        for (int f = 0; f < fields.length; f++) {
            int k = rows[f].length;
            for (int n = 0; n < k; n++) {
                int from = first + (n - k / 2) * s;
                assertThat(Arrays.copyOf(rows[f][n], length))
                        .containsExactly(Arrays.copyOfRange(fields[f], from, from + length));
            }
        }
    }
}
