package org.mpi4all.npb.sp;

/**
 * The values a direction's fluxes read around one row of a cell's points, copied out of the cell's fields into
 * separate row arrays: u at −2 ... 2 steps along the direction, the point values at −1 ... 1, and the row's
 * right-hand side, all indexed by the position in the row.
 *
 * <p>Why copies: C2 (JDK 25) vectorises a loop only if it can tell that no store meets a later load. It can
 * for separate arrays read at the index they are written at (either they differ, or it is the same element),
 * not for the cell's fields read at p ± s, s known only at run time, and written at p. The copies cost one
 * {@code System.arraycopy} per row array; the flux loops on them run in vector instructions.
 */
final class FluxRows {
    /** u[m][n]: equation m at n − 2 steps along the direction. */
    final double[][][] u = new double[Cell.EQUATIONS][5][];
    /** velocity[a][n]: the velocity along axis a (us, vs, ws) at n − 1 steps. */
    final double[][][] velocity = new double[3][3][];
    final double[][] qs = new double[3][];
    final double[][] rhoI = new double[3][];
    final double[][] square = new double[3][];
    /** The right-hand side of the row's points, equation by equation. */
    final double[][] rhs = new double[Cell.EQUATIONS][];
    /** A row for a partial sum. */
    final double[] scratch;

    /** @param length the longest row: a cell's extent along x */
    FluxRows(int length) {
        for (double[][] rows : u) {
            allocate(rows, length);
        }
        for (double[][] rows : velocity) {
            allocate(rows, length);
        }
        allocate(qs, length);
        allocate(rhoI, length);
        allocate(square, length);
        allocate(rhs, length);
        scratch = new double[length];
    }

    private static void allocate(double[][] rows, int length) {
        for (int n = 0; n < rows.length; n++) {
            rows[n] = new double[length];
        }
    }

    /** Copies the values around the {@code length} points from array index {@code first}, {@code s} the stride along the direction. */
    void gather(Cell cell, int first, int length, int s) {
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            copyAround(cell.u[m], u[m], first, length, s);
            System.arraycopy(cell.rhs[m], first, rhs[m], 0, length);
        }
        for (int a = 0; a < 3; a++) {
            copyAround(cell.velocity[a], velocity[a], first, length, s);
        }
        copyAround(cell.qs, qs, first, length, s);
        copyAround(cell.rhoI, rhoI, first, length, s);
        copyAround(cell.square, square, first, length, s);
    }

    /** Rows n = 0 ... k−1 of {@code rows} from the field at (n − k/2) steps. */
    private static void copyAround(double[] field, double[][] rows, int first, int length, int s) {
        int from = first - rows.length / 2 * s;
        for (double[] row : rows) {
            System.arraycopy(field, from, row, 0, length);
            from += s;
        }
    }

    /** Writes the row's right-hand side back into the cell. */
    void scatter(Cell cell, int first, int length) {
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            System.arraycopy(rhs[m], 0, cell.rhs[m], first, length);
        }
    }
}
