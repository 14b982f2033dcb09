package org.mpi4all.npb.sp;

/**
 * One cell of the multi-partition and the fields SP keeps on it ({@code SP/sp_data.f}): the solution u, the
 * right-hand side, the forcing term, the three pentadiagonal systems' diagonals (the reference's lhs) and the
 * derived point values of compute_rhs.
 *
 * <p>Every field of a process's cells has the same shape: −2 ... size+1 along each axis (two ghost layers,
 * which u needs and the others tolerate), held as one array per row along x: {@code field[row(j, k)][column(i)]}.
 * A point's neighbours along y and z are then the same column of other rows, which C2 can vectorise loops over
 * (it cannot for loads at run-time offsets into the array being stored). Moving one point along axis d moves
 * {@code rowStep[d]} rows and {@code columnStep[d]} columns.
 *
 * <p>The left-hand side has a row per diagonal ({@link #lhs}{@code [row][n][column]}), as the reference keeps an
 * array per diagonal: the solves along y and z then read every array at one column. Diagonals 0 and 4 of every
 * factor are the dissipation's coefficients alone, which depend only on a point's position along the direction:
 * they are kept by position ({@link #diagonal0}, {@link #diagonal4}), and a row holds diagonals 1 to 4 (4 as the
 * elimination scales it).
 */
final class Cell {
    static final int GHOSTS = 2;
    static final int EQUATIONS = 5;
    /** Diagonals 1 to 4 of each of the three factors are stored per point. */
    static final int STORED_PER_FACTOR = 4;
    static final int DIAGONALS = 3 * STORED_PER_FACTOR;

    /** Points along each axis, without ghosts. */
    final int[] size = new int[3];
    /** The global index of the cell's point 0 along each axis. */
    final int[] low = new int[3];
    /** 1 where the cell lies on the grid's lower boundary along an axis (its first point is a boundary point), else 0. */
    final int[] start = new int[3];
    /** 1 where the cell lies on the grid's upper boundary along an axis, else 0. */
    final int[] end = new int[3];
    /** The position of the cell among the cells along each axis. */
    final int[] coordinate = new int[3];
    /** The rows one point along each axis moves: 0 along x. */
    final int[] rowStep;
    /** The columns one point along each axis moves: 1 along x, 0 along y and z. */
    final int[] columnStep = {1, 0, 0};
    /** Where each dissipation stencil applies along each axis. */
    final Dissipation.Piece[][] dissipation = new Dissipation.Piece[3][];

    final double[][][] u = new double[EQUATIONS][][];
    final double[][][] rhs = new double[EQUATIONS][][];
    final double[][][] forcing = new double[EQUATIONS][][];
    /** The five equations' right-hand-side rows, by row: {@code rhsRows[row][m] == rhs[m][row]}. */
    final double[][][] rhsRows;
    /** Diagonal d (1 to 4) of factor f of the point at column i of a row at {@code lhs[row][diagonal(f, d)][i]}. */
    final double[][][] lhs;
    /**
     * Diagonal 0 of every factor (the coefficient of the unknown two points back) along each axis, by the point's
     * {@link #indexAlong index} along it: the dissipation stencil's, times dt·dssp; 0 outside the interior.
     */
    final double[][] diagonal0 = new double[3][];
    /** Diagonal 4 (two points ahead) before the elimination scales it, as {@link #diagonal0}. */
    final double[][] diagonal4 = new double[3][];
    final double[][] rhoI;
    final double[][] us;
    final double[][] vs;
    final double[][] ws;
    final double[][] square;
    final double[][] qs;
    final double[][] speed;
    final double[][] ainv;
    /** us, vs, ws by axis: the velocity along each direction. */
    final double[][][] velocity;
    /** Scratch for the left-hand side: the largest eigenvalue bound along the direction being solved. */
    final double[][] rhoAlong;

    /**
     * @param c         which of the process's cells
     * @param extent    the allocated points along each axis, ghosts included: the same for all of a process's cells
     * @param dtdssp    dt·dssp, the dissipation's factor in the left-hand side
     */
    Cell(Partition partition, int c, int[] extent, double dtdssp) {
        int last = partition.cellsPerAxis() - 1;
        for (int axis = 0; axis < 3; axis++) {
            size[axis] = partition.size(c, axis);
            low[axis] = partition.low(c, axis);
            coordinate[axis] = partition.coordinate(c, axis);
            start[axis] = coordinate[axis] == 0 ? 1 : 0;
            end[axis] = coordinate[axis] == last ? 1 : 0;
            dissipation[axis] = Dissipation.pieces(size[axis], start[axis], end[axis]);
            diagonal0[axis] = new double[extent[axis]];
            diagonal4[axis] = new double[extent[axis]];
            for (Dissipation.Piece piece : dissipation[axis]) {
                for (int position = piece.from(); position <= piece.to(); position++) {
                    diagonal0[axis][position + GHOSTS] = piece.stencil().m2() * dtdssp;
                    diagonal4[axis][position + GHOSTS] = piece.stencil().p2() * dtdssp;
                }
            }
        }
        rowStep = new int[] {0, 1, extent[1]};
        int rows = rowsPerField(extent);
        for (int m = 0; m < EQUATIONS; m++) {
            u[m] = new double[rows][extent[0]];
            rhs[m] = new double[rows][extent[0]];
            forcing[m] = new double[rows][extent[0]];
        }
        rhsRows = new double[rows][EQUATIONS][];
        for (int row = 0; row < rows; row++) {
            for (int m = 0; m < EQUATIONS; m++) {
                rhsRows[row][m] = rhs[m][row];
            }
        }
        lhs = new double[rows][DIAGONALS][extent[0]];
        rhoI = new double[rows][extent[0]];
        us = new double[rows][extent[0]];
        vs = new double[rows][extent[0]];
        ws = new double[rows][extent[0]];
        square = new double[rows][extent[0]];
        qs = new double[rows][extent[0]];
        speed = new double[rows][extent[0]];
        ainv = new double[rows][extent[0]];
        velocity = new double[][][] {us, vs, ws};
        rhoAlong = new double[rows][extent[0]];
    }

    /** The rows every field of a cell of this extent holds. */
    static int rowsPerField(int[] extent) {
        return extent[1] * extent[2];
    }

    /**
     * The doubles per point a cell allocates (in rows of its fields): u, rhs, forcing, lhs, eight point values and
     * one scratch field.
     */
    static int fields() {
        return 3 * EQUATIONS + DIAGONALS + 9;
    }

    /** The row of the points (·, j, k), j and k from −2 to size+1. */
    int row(int j, int k) {
        return j + GHOSTS + rowStep[2] * (k + GHOSTS);
    }

    /** Where diagonal d (1 to 4) of factor f (0 to 2) is in a row of {@link #lhs}. */
    static int diagonal(int f, int d) {
        return STORED_PER_FACTOR * f + d - 1;
    }

    /**
     * The index along {@code axis} of the points at {@code column} of {@code row}: their position along it + GHOSTS
     * (the column along x, j + GHOSTS along y, k + GHOSTS along z).
     */
    int indexAlong(int axis, int row, int column) {
        return switch (axis) {
            case 0 -> column;
            case 1 -> row % rowStep[2];
            default -> row / rowStep[2];
        };
    }

    /** The column of the points (i, ·, ·), i from −2 to size+1. */
    static int column(int i) {
        return i + GHOSTS;
    }

    /** The first interior point along {@code axis}: 1 on the grid's lower boundary, else 0. */
    int firstInterior(int axis) {
        return start[axis];
    }

    /** The last interior point along {@code axis}. */
    int lastInterior(int axis) {
        return size[axis] - end[axis] - 1;
    }
}
