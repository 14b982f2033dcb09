package org.mpi4all.npb.sp;

import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Requests;

/**
 * Fills u's ghost layers of every cell with the neighbouring cells' values ({@code SP/copy_faces.f} and
 * {@code define.f}). Along each axis all of a process's cells border cells of the same two processes, so one
 * message per neighbour, six in all, carries every face: the two outermost layers of each cell face for all
 * five equations, cell by cell in the order both sides number their cells. All twelve messages are started
 * at once and completed together; the stencil needs no corner values, so no staging is needed.
 */
final class FaceExchange {
    /** Tags of the messages sent towards the lower (west, south, bottom) and upper neighbours, as in sp_data.f. */
    private static final int[] TOWARDS_LOWER = {3000, 5000, 6000};
    private static final int[] TOWARDS_UPPER = {2000, 4000, 7000};
    private static final int LAYERS = 2;

    private final Comm comm;
    private final Partition partition;
    private final Cell[] cells;
    private final MessageBuffer out;
    private final MessageBuffer in;
    private final Requests requests;
    private final Box box = new Box();
    /** Where each direction's data starts in the buffers, and how much there is: [axis][0 lower, 1 upper]. */
    private final int[][] offset = new int[3][2];
    private final int[][] length = new int[3][2];

    /**
     * @param out, in buffers of at least {@link #bufferLength} doubles, shared with the solver
     */
    FaceExchange(Comm comm, Partition partition, Cell[] cells, MessageBuffer out, MessageBuffer in, Backend backend) {
        this.comm = comm;
        this.partition = partition;
        this.cells = cells;
        this.out = out;
        this.in = in;
        this.requests = backend.requests(12);
        int position = 0;
        for (int axis = 0; axis < 3; axis++) {
            for (int side = 0; side < 2; side++) {
                offset[axis][side] = position;
                length[axis][side] = faceDoubles(cells, axis, side);
                position += length[axis][side];
            }
        }
    }

    /** The doubles all faces of {@code cells} take: what the buffers must hold for the exchange. */
    static int bufferLength(Cell[] cells) {
        int total = 0;
        for (int axis = 0; axis < 3; axis++) {
            total += faceDoubles(cells, axis, 0) + faceDoubles(cells, axis, 1);
        }
        return total;
    }

    /** An upper bound of {@link #bufferLength} for p cells of at most {@code maxCellSize} points per axis. */
    static long maxBufferLength(int maxCellSize, int cellsPerAxis) {
        return 6L * cellsPerAxis * Cell.EQUATIONS * LAYERS * maxCellSize * maxCellSize;
    }

    /** The doubles of the faces sent towards the lower (side 0) or upper (side 1) neighbour along {@code axis}. */
    private static int faceDoubles(Cell[] cells, int axis, int side) {
        int total = 0;
        for (Cell cell : cells) {
            if (!onBoundary(cell, axis, side)) {
                total += Cell.EQUATIONS * LAYERS * cell.size[(axis + 1) % 3] * cell.size[(axis + 2) % 3];
            }
        }
        return total;
    }

    private static boolean onBoundary(Cell cell, int axis, int side) {
        return side == 0 ? cell.start[axis] == 1 : cell.end[axis] == 1;
    }

    /** Exchanges the faces; collective over the processes of the partition. */
    void exchange() {
        for (int axis = 0; axis < 3; axis++) {
            for (int side = 0; side < 2; side++) {
                pack(axis, side);
            }
        }
        for (int axis = 0; axis < 3; axis++) {
            // What the successor sends towards its lower side arrives for our upper ghosts, and vice versa.
            comm.irecv(in, offset[axis][1], length[axis][1], partition.successor(axis), TOWARDS_LOWER[axis],
                    requests, 4 * axis);
            comm.irecv(in, offset[axis][0], length[axis][0], partition.predecessor(axis), TOWARDS_UPPER[axis],
                    requests, 4 * axis + 1);
            comm.isend(out, offset[axis][1], length[axis][1], partition.successor(axis), TOWARDS_UPPER[axis],
                    requests, 4 * axis + 2);
            comm.isend(out, offset[axis][0], length[axis][0], partition.predecessor(axis), TOWARDS_LOWER[axis],
                    requests, 4 * axis + 3);
        }
        requests.waitAll();
        for (int axis = 0; axis < 3; axis++) {
            for (int side = 0; side < 2; side++) {
                unpack(axis, side);
            }
        }
    }

    /** Packs the two outermost layers on {@code side} of every cell that has a neighbour there. */
    private void pack(int axis, int side) {
        int position = offset[axis][side];
        for (Cell cell : cells) {
            if (onBoundary(cell, axis, side)) {
                continue;
            }
            int from = side == 0 ? 0 : cell.size[axis] - LAYERS;
            box.wholeOf(cell, 0).along(axis, from, from + LAYERS - 1);
            for (double[][] u : cell.u) {
                position = copy(u, cell, out, position, true);
            }
        }
    }

    /** Unpacks the neighbour's layers into the ghost layers on {@code side} of every cell that has one. */
    private void unpack(int axis, int side) {
        int position = offset[axis][side];
        for (Cell cell : cells) {
            if (onBoundary(cell, axis, side)) {
                continue;
            }
            int from = side == 0 ? -LAYERS : cell.size[axis];
            box.wholeOf(cell, 0).along(axis, from, from + LAYERS - 1);
            for (double[][] u : cell.u) {
                position = copy(u, cell, in, position, false);
            }
        }
    }

    /** Copies the box of {@code u} to the buffer from {@code position} (or back); returns the next position. */
    private int copy(double[][] u, Cell cell, MessageBuffer buffer, int position, boolean toBuffer) {
        // Element by element: rows across an x face are two points long, too short for a bulk copy to pay.
        for (int k = box.lo[2]; k <= box.hi[2]; k++) {
            for (int j = box.lo[1]; j <= box.hi[1]; j++) {
                double[] row = u[cell.row(j, k)];
                for (int i = Cell.column(box.lo[0]); i <= Cell.column(box.hi[0]); i++) {
                    if (toBuffer) {
                        buffer.set(position++, row[i]);
                    } else {
                        row[i] = buffer.get(position++);
                    }
                }
            }
        }
        return position;
    }
}
