package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/**
 * The processes of a communicator arranged in a grid ({@code MPI_Cart_create}), each dimension periodic
 * (a ring) or not: made by {@link Communicator#createCartesian}.
 *
 * {@snippet :
 * CartesianCommunicator ring = world.createCartesian(new int[] {world.size()}, new boolean[] {true}, false);
 * CartesianCommunicator.Shift next = ring.shift(0, 1);
 * int[] got = ring.sendrecv(mine, next.destination(), new int[mine.length], next.source());
 * }
 *
 * <p>Its neighbours, for the neighbour collectives, are per dimension the process one step below and
 * the one one step above ({@link Communicator#PROC_NULL} at the edge of a non-periodic dimension).
 */
public final class CartesianCommunicator extends TopologyCommunicator {
    /** Where a shift along a dimension receives from and sends to; {@link Communicator#PROC_NULL} beyond an edge. */
    public record Shift(int source, int destination) {}

    private final int[] dims;
    private final boolean[] periods;
    private final int[] coords;

    CartesianCommunicator(Environment environment, MPI_Comm handle, String name) {
        super(environment, handle, name);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ndims = arena.allocate(JAVA_INT);
            Mpi.MPI_Cartdim_get(handle, ndims);
            int n = ndims.get(JAVA_INT, 0);
            MemorySegment d = arena.allocate(JAVA_INT, Math.max(n, 1));
            MemorySegment p = arena.allocate(JAVA_INT, Math.max(n, 1));
            MemorySegment c = arena.allocate(JAVA_INT, Math.max(n, 1));
            Mpi.MPI_Cart_get(handle, n, d, p, c);
            this.dims = Arrays.copyOf(d.toArray(JAVA_INT), n);
            this.coords = Arrays.copyOf(c.toArray(JAVA_INT), n);
            this.periods = new boolean[n];
            for (int i = 0; i < n; i++) {
                periods[i] = p.getAtIndex(JAVA_INT, i) != 0;
            }
        }
    }

    /** {@return the number of dimensions} */
    public int dimensions() {
        return dims.length;
    }

    /** {@return the number of processes along each dimension} */
    public int[] dims() {
        return dims.clone();
    }

    /** {@return whether each dimension wraps around} */
    public boolean[] periods() {
        return periods.clone();
    }

    /** {@return this process's coordinates} */
    public int[] coords() {
        return coords.clone();
    }

    /** {@return the coordinates of {@code rank}} ({@code MPI_Cart_coords}) */
    public int[] coords(int rank) {
        MPI_Comm comm = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(JAVA_INT, Math.max(dims.length, 1));
            Mpi.MPI_Cart_coords(comm, rank, dims.length, c);
            return Arrays.copyOf(c.toArray(JAVA_INT), dims.length);
        }
    }

    /**
     * {@return the rank at {@code coords}} ({@code MPI_Cart_rank}); along a periodic dimension,
     * coordinates out of range wrap around.
     *
     * @throws IllegalArgumentException if {@code coords} does not have one coordinate per dimension
     */
    public int rank(int... coords) {
        if (coords.length != dims.length) {
            throw new IllegalArgumentException("rank: " + coords.length + " coordinates for " + dims.length + " dimensions");
        }
        MPI_Comm comm = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(JAVA_INT);
            Mpi.MPI_Cart_rank(comm, coords.length == 0 ? MemorySegment.NULL : arena.allocateFrom(JAVA_INT, coords), result);
            return result.get(JAVA_INT, 0);
        }
    }

    /**
     * {@return where a shift by {@code displacement} along {@code direction} moves data}
     * ({@code MPI_Cart_shift}): the source to receive from and the destination to send to.
     */
    public Shift shift(int direction, int displacement) {
        MPI_Comm comm = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ranks = arena.allocate(JAVA_INT, 2);
            Mpi.MPI_Cart_shift(comm, direction, displacement, ranks, ranks.asSlice(4));
            return new Shift(ranks.getAtIndex(JAVA_INT, 0), ranks.getAtIndex(JAVA_INT, 1));
        }
    }

    /**
     * {@return the grid of the processes that share this one's coordinates in the dimensions not kept}
     * ({@code MPI_Cart_sub}): a row, a column, a plane. Collective.
     */
    public CartesianCommunicator sub(boolean... keep) {
        if (keep.length != dims.length) {
            throw new IllegalArgumentException("sub: " + keep.length + " flags for " + dims.length + " dimensions");
        }
        MPI_Comm comm = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment remain = arena.allocate(JAVA_INT, Math.max(keep.length, 1));
            for (int i = 0; i < keep.length; i++) {
                remain.setAtIndex(JAVA_INT, i, keep[i] ? 1 : 0);
            }
            MPI_Comm sub = Management.created(out -> Mpi.MPI_Cart_sub(comm, remain, out));
            return new CartesianCommunicator(environment, sub, toString() + ".sub" + Arrays.toString(keep));
        }
    }

    @Override
    public int[] sources() {
        return neighbours();
    }

    @Override
    public int[] destinations() {
        return neighbours();
    }

    /**
     * From the standard (MPI-4.1 §8.6): for a Cartesian topology the neighbours are, per dimension, the
     * source and then the destination of a shift by 1; a process receives from and sends to the same ones.
     */
    private int[] neighbours() {
        int[] neighbours = new int[2 * dims.length];
        for (int d = 0; d < dims.length; d++) {
            Shift shift = shift(d, 1);
            neighbours[2 * d] = shift.source();
            neighbours[2 * d + 1] = shift.destination();
        }
        return neighbours;
    }
}
