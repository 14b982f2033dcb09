package org.mpi4all.npb.sp;

/**
 * The values a direction's fluxes read around one row of a cell's points, copied out of the cell's fields into
 * separate row arrays: u at −2 ... 2 steps along the direction, the point values at −1 ... 1, and the row's
 * right-hand side, all indexed by the position in the row.
 *
 * <p>Why copies: C2 (JDK 25) vectorises a loop only if it can tell that no store meets a later load. It can
 * for separate arrays read at the index they are written at (either they differ, or it is the same element),
 * not for the cell's fields read at p ± s, s known only at run time, and written at p. The copies cost one
 * {@code System.arraycopy} per row array, fewer when the rows come one after another along the direction: the
 * rows then slide along, and only the newest is copied.
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
    /** Where {@link #gather} last copied from. */
    private Cell lastCell;
    private int lastFirst;
    private int lastStride;
    private int lastLength;

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
        // The row next along the direction shares all but one row of each field with this one.
        boolean next = cell == lastCell && first == lastFirst + s && s == lastStride && length == lastLength;
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            copyAround(cell.u[m], u[m], first, length, s, next);
            System.arraycopy(cell.rhs[m], first, rhs[m], 0, length);
        }
        for (int a = 0; a < 3; a++) {
            copyAround(cell.velocity[a], velocity[a], first, length, s, next);
        }
        copyAround(cell.qs, qs, first, length, s, next);
        copyAround(cell.rhoI, rhoI, first, length, s, next);
        copyAround(cell.square, square, first, length, s, next);
        lastCell = cell;
        lastFirst = first;
        lastStride = s;
        lastLength = length;
    }

    /**
     * Rows n = 0 ... k−1 of {@code rows} from the field at (n − k/2) steps; if {@code next}, rows holds those of
     * the row one step before, and all but the last move down by one.
     */
    private static void copyAround(double[] field, double[][] rows, int first, int length, int s, boolean next) {
        int last = rows.length - 1;
        if (next) {
            double[] oldest = rows[0];
            System.arraycopy(rows, 1, rows, 0, last);
            rows[last] = oldest;
            System.arraycopy(field, first + (last - rows.length / 2) * s, oldest, 0, length);
            return;
        }
        int from = first - rows.length / 2 * s;
        for (double[] row : rows) {
            System.arraycopy(field, from, row, 0, length);
            from += s;
        }
    }

    /** Forgets the rows copied so far: the cell's values have changed since. */
    void forget() {
        lastCell = null;
    }

    /** Writes the row's right-hand side back into the cell. */
    void scatter(Cell cell, int first, int length) {
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            System.arraycopy(rhs[m], 0, cell.rhs[m], first, length);
        }
    }
}
