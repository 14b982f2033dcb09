package org.mpi4all.npb.mg;

import static org.mpi4all.npb.mg.MgGrid.DOWN;
import static org.mpi4all.npb.mg.MgGrid.UP;

import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Requests;

/**
 * MG's exchange of ghost faces with the neighbouring processes (NPB 3.4-MPI {@code mg.f}: {@code comm3},
 * {@code comm3_ex}, {@code ready}, {@code give3}, {@code take3} and their {@code _ex} and single-process
 * variants). Axis by axis, each process posts receives from both neighbours, sends its two border planes, then
 * unpacks what arrived into its ghost planes; periodic boundaries make the grid a torus.
 *
 * <p>A face is a box of the level's array, copied with the first index fastest: the order in which mg.f fills
 * its {@code buff} arrays. Outgoing faces are packed into Java arrays and sent blocking; incoming ones arrive
 * in backend message buffers and are unpacked from there.
 */
final class MgExchange {
    private final Comm comm;
    private final MgGrid grid;
    /** Per direction (DOWN, UP): the face sent that way, and the face received for that way's ghost. */
    private final double[][] outgoing = new double[2][];
    private final MessageBuffer[] incoming = new MessageBuffer[2];
    private final Requests requests;
    /** The face being copied: lo1, hi1, lo2, hi2, lo3, hi3 (1-based, inclusive). */
    private final int[] box = new int[6];
    /** The dimensions of the box being exchanged. */
    private final int[] dimensions = new int[3];

    /** @param faceCapacity the most points of a face message (the reference's nm2) */
    MgExchange(Backend backend, Comm comm, MgGrid grid, int faceCapacity) {
        this.comm = comm;
        this.grid = grid;
        for (int dir = DOWN; dir <= UP; dir++) {
            outgoing[dir] = new double[faceCapacity];
            incoming[dir] = backend.allocate(faceCapacity);
        }
        requests = backend.requests(2);
    }

    /** comm3: fills the ghost planes of level k's box u from the neighbours; a dead process zeroes its box. */
    void exchange(double[] u, int uo, int n1, int n2, int n3, int k) {
        if (grid.dead[k]) {
            MgKernels.zero(u, uo, n1, n2, n3);
            return;
        }
        setDimensions(n1, n2, n3);
        for (int axis = 0; axis < 3; axis++) {
            if (comm.size() == 1) {
                exchangeWithItself(axis, u, uo);
                continue;
            }
            ready(axis, DOWN, k);
            ready(axis, UP, k);
            give(axis, UP, u, uo, k, false);
            give(axis, DOWN, u, uo, k, false);
            take(axis, DOWN, u, uo, false);
            take(axis, UP, u, uo, false);
        }
    }

    /**
     * comm3_ex: after interpolating to level k, processes that were dead on the coarser level take the border
     * points their live neighbours give them. A single process is never dead, so it has nothing to do.
     */
    void exchangeExtra(double[] u, int uo, int n1, int n2, int n3, int k) {
        if (comm.size() == 1) {
            return;
        }
        setDimensions(n1, n2, n3);
        for (int axis = 0; axis < 3; axis++) {
            if (grid.takeEx[axis][k]) {
                ready(axis, DOWN, k);
                ready(axis, UP, k);
                take(axis, DOWN, u, uo, true);
                take(axis, UP, u, uo, true);
            }
            if (grid.giveEx[axis][k]) {
                give(axis, UP, u, uo, k, true);
                give(axis, DOWN, u, uo, k, true);
            }
        }
    }

    private void setDimensions(int n1, int n2, int n3) {
        dimensions[0] = n1;
        dimensions[1] = n2;
        dimensions[2] = n3;
    }

    /** The tag of the faces travelling in direction {@code dir} along {@code axis} (mg.f's msg_type). */
    private static int tag(int axis, int dir) {
        return 100 * ((dir == UP ? 1 : -1) + 2 + 10 * (axis + 1));
    }

    /** ready: posts the receive of the face that travels in direction {@code dir}, from the opposite neighbour. */
    private void ready(int axis, int dir, int k) {
        comm.irecv(incoming[dir], 0, incoming[dir].length(), grid.neighbour[axis][1 - dir][k], tag(axis, dir),
                requests, dir);
    }

    /** give3 (or give3_ex): packs the border plane(s) on side {@code dir} and sends them to that neighbour. */
    private void give(int axis, int dir, double[] u, int uo, int k, boolean extra) {
        int count = pack(u, uo, dimensions, givenFace(axis, dir, extra), outgoing[dir]);
        comm.send(outgoing[dir], 0, count, grid.neighbour[axis][dir][k], tag(axis, dir));
    }

    /** take3 (or take3_ex): waits for the face travelling in direction {@code dir} and unpacks it into the ghosts. */
    private void take(int axis, int dir, double[] u, int uo, boolean extra) {
        requests.waitFor(dir);
        unpack(incoming[dir], u, uo, dimensions, takenFace(axis, dir, extra));
    }

    /** comm1p: with one process the neighbour on both sides is this process: copy the faces across. */
    private void exchangeWithItself(int axis, double[] u, int uo) {
        int up = pack(u, uo, dimensions, givenFace(axis, UP, false), outgoing[UP]);
        int down = pack(u, uo, dimensions, givenFace(axis, DOWN, false), outgoing[DOWN]);
        incoming[UP].copyFrom(outgoing[UP], 0, 0, up);
        incoming[DOWN].copyFrom(outgoing[DOWN], 0, 0, down);
        unpack(incoming[DOWN], u, uo, dimensions, takenFace(axis, DOWN, false));
        unpack(incoming[UP], u, uo, dimensions, takenFace(axis, UP, false));
    }

    /**
     * The plane(s) sent in direction {@code dir}: the first interior plane downwards, the last one upwards
     * ({@code _ex}: the last two). Across the face, axes before {@code axis} span the whole box (their ghosts are
     * already filled) and later axes the interior; {@code _ex} faces span the whole box.
     */
    private int[] givenFace(int axis, int dir, boolean extra) {
        spanFace(axis, extra);
        int last = dimensions[axis];
        box[2 * axis] = dir == DOWN ? 2 : last - 1;
        box[2 * axis + 1] = dir == DOWN || !extra ? box[2 * axis] : last;
        return box;
    }

    /** The ghost plane(s) the face travelling in direction {@code dir} fills: the top one for DOWN, the bottom one(s) for UP. */
    private int[] takenFace(int axis, int dir, boolean extra) {
        spanFace(axis, extra);
        int last = dimensions[axis];
        box[2 * axis] = dir == DOWN ? last : 1;
        box[2 * axis + 1] = dir == DOWN ? last : extra ? 2 : 1;
        return box;
    }

    private void spanFace(int axis, boolean extra) {
        for (int d = 0; d < 3; d++) {
            boolean whole = extra || d < axis;
            box[2 * d] = whole ? 1 : 2;
            box[2 * d + 1] = whole ? dimensions[d] : dimensions[d] - 1;
        }
    }

    private static int pack(double[] u, int uo, int[] n, int[] face, double[] target) {
        int count = 0;
        for (int i3 = face[4]; i3 <= face[5]; i3++) {
            for (int i2 = face[2]; i2 <= face[3]; i2++) {
                int base = uo - 1 + n[0] * ((i2 - 1) + n[1] * (i3 - 1));
                for (int i1 = face[0]; i1 <= face[1]; i1++) {
                    target[count++] = u[base + i1];
                }
            }
        }
        return count;
    }

    private static void unpack(MessageBuffer source, double[] u, int uo, int[] n, int[] face) {
        int count = 0;
        for (int i3 = face[4]; i3 <= face[5]; i3++) {
            for (int i2 = face[2]; i2 <= face[3]; i2++) {
                int base = uo - 1 + n[0] * ((i2 - 1) + n[1] * (i3 - 1));
                for (int i1 = face[0]; i1 <= face[1]; i1++) {
                    u[base + i1] = source.get(count++);
                }
            }
        }
    }
}
