package org.mpi4all.npb.sp;

/**
 * One cell of the multi-partition and the fields SP keeps on it ({@code SP/sp_data.f}): the solution u, the
 * right-hand side, the forcing term and the 15 diagonals of the three pentadiagonal systems (5 per equation
 * set, the reference's lhs), and the derived point values of compute_rhs.
 *
 * <p>The reference stores each diagonal as an array of its own; here the 15 diagonals of a point are adjacent
 * ({@link #lhs} element {@code DIAGONALS·p + n}): the solver reads five of them per row and writes all 15 per
 * point, and 15 separate streams of writes cost several times as much as one.
 *
 * <p>Every field of a process's cells has the same shape: −2 ... size+1 along each axis (two ghost layers,
 * which u needs and the others tolerate), x fastest. {@link #index} gives the array index of a point; moving
 * one point along axis d adds {@code stride[d]}.
 */
final class Cell {
    static final int GHOSTS = 2;
    static final int EQUATIONS = 5;
    static final int DIAGONALS = 15;

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
    final int[] stride;
    private final int origin;
    /** Where each dissipation stencil applies along each axis. */
    final Dissipation.Piece[][] dissipation = new Dissipation.Piece[3][];

    final double[][] u = new double[EQUATIONS][];
    final double[][] rhs = new double[EQUATIONS][];
    final double[][] forcing = new double[EQUATIONS][];
    /** Diagonal n of point p at index {@code DIAGONALS·p + n}: n = 5f + d for diagonal d of factor f. */
    final double[] lhs;
    final double[] rhoI;
    final double[] us;
    final double[] vs;
    final double[] ws;
    final double[] square;
    final double[] qs;
    final double[] speed;
    final double[] ainv;
    /** us, vs, ws by axis: the velocity along each direction. */
    final double[][] velocity;
    /** Scratch for the left-hand side: the largest eigenvalue bound along the direction being solved. */
    final double[] rhoAlong;

    /**
     * @param c         which of the process's cells
     * @param extent    the allocated points along each axis, ghosts included: the same for all of a process's cells
     */
    Cell(Partition partition, int c, int[] extent) {
        int last = partition.cellsPerAxis() - 1;
        for (int axis = 0; axis < 3; axis++) {
            size[axis] = partition.size(c, axis);
            low[axis] = partition.low(c, axis);
            coordinate[axis] = partition.coordinate(c, axis);
            start[axis] = coordinate[axis] == 0 ? 1 : 0;
            end[axis] = coordinate[axis] == last ? 1 : 0;
            dissipation[axis] = Dissipation.pieces(size[axis], start[axis], end[axis]);
        }
        stride = new int[] {1, extent[0], extent[0] * extent[1]};
        origin = GHOSTS * (1 + stride[1] + stride[2]);
        int points = pointsPerField(extent);
        for (int m = 0; m < EQUATIONS; m++) {
            u[m] = new double[points];
            rhs[m] = new double[points];
            forcing[m] = new double[points];
        }
        lhs = new double[DIAGONALS * points];
        rhoI = new double[points];
        us = new double[points];
        vs = new double[points];
        ws = new double[points];
        square = new double[points];
        qs = new double[points];
        speed = new double[points];
        ainv = new double[points];
        velocity = new double[][] {us, vs, ws};
        rhoAlong = new double[points];
    }

    /** The doubles every field of a cell of this extent holds. */
    static int pointsPerField(int[] extent) {
        return extent[0] * extent[1] * extent[2];
    }

    /** The doubles per point of the arrays a cell allocates: u, rhs, forcing, lhs, eight point values and one scratch field. */
    static int fields() {
        return 3 * EQUATIONS + DIAGONALS + 9;
    }

    /** The array index of point (i, j, k), each from −2 to size+1. */
    int index(int i, int j, int k) {
        return origin + i + stride[1] * j + stride[2] * k;
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
