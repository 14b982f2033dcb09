package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/** A communicator with a Cartesian topology. */
public final class CartComm extends Intracomm {

    CartComm(MPI_Comm handle) {
        super(handle);
    }

    @Override
    CartComm wrap(MPI_Comm newHandle) {
        return new CartComm(newHandle);
    }

    @Override
    public CartComm clone() {
        return (CartComm) super.clone();
    }

    @Override
    public CartComm dup() throws MPIException {
        return (CartComm) super.dup();
    }

    @Override
    public CartComm iDup() throws MPIException {
        return (CartComm) super.iDup();
    }

    @Override
    public CartComm dupWithInfo(Info info) throws MPIException {
        return (CartComm) super.dupWithInfo(info);
    }

    private int dimensions() throws MPIException {
        return Native.get(arena -> {
            MemorySegment ndims = arena.allocate(JAVA_INT);
            Mpi.MPI_Cartdim_get(handle, ndims);
            return Native.intAt(ndims);
        });
    }

    public CartParms getTopo() throws MPIException {
        int ndims = dimensions();
        return Native.get(arena -> {
            MemorySegment dims = arena.allocate(JAVA_INT, Math.max(1, ndims));
            MemorySegment periods = arena.allocate(JAVA_INT, Math.max(1, ndims));
            MemorySegment coords = arena.allocate(JAVA_INT, Math.max(1, ndims));
            Mpi.MPI_Cart_get(handle, ndims, dims, periods, coords);
            boolean[] periodic = new boolean[ndims];
            for (int i = 0; i < ndims; i++) {
                periodic[i] = periods.getAtIndex(JAVA_INT, i) != 0;
            }
            return new CartParms(ints(dims, ndims), periodic, ints(coords, ndims));
        });
    }

    private static int[] ints(MemorySegment memory, int count) {
        return Native.toInts(memory.asSlice(0, 4L * count));
    }

    public int getRank(int[] coords) throws MPIException {
        return Native.get(arena -> {
            MemorySegment rank = arena.allocate(JAVA_INT);
            Mpi.MPI_Cart_rank(handle, Native.ints(arena, coords), rank);
            return Native.intAt(rank);
        });
    }

    public int[] getCoords(int rank) throws MPIException {
        int ndims = dimensions();
        return Native.get(arena -> {
            MemorySegment coords = arena.allocate(JAVA_INT, Math.max(1, ndims));
            Mpi.MPI_Cart_coords(handle, rank, ndims, coords);
            return ints(coords, ndims);
        });
    }

    public ShiftParms shift(int direction, int disp) throws MPIException {
        return Native.get(arena -> {
            MemorySegment source = arena.allocate(JAVA_INT);
            MemorySegment dest = arena.allocate(JAVA_INT);
            Mpi.MPI_Cart_shift(handle, direction, disp, source, dest);
            return new ShiftParms(Native.intAt(source), Native.intAt(dest));
        });
    }

    /** The subgrid of the dimensions {@code remainDims} keeps. */
    public CartComm sub(boolean[] remainDims) throws MPIException {
        return new CartComm(make((arena, comm) ->
                Mpi.MPI_Cart_sub(handle, Native.ints(arena, flags(remainDims)), comm)));
    }

    public int map(int[] dims, boolean[] periods) throws MPIException {
        return Native.get(arena -> {
            MemorySegment rank = arena.allocate(JAVA_INT);
            Mpi.MPI_Cart_map(handle, dims.length, Native.ints(arena, dims), Native.ints(arena, flags(periods)), rank);
            return Native.intAt(rank);
        });
    }

    /** Fills the zero entries of {@code dims} with a balanced factorisation of {@code nnodes}. */
    public static void createDims(int nnodes, int[] dims) throws MPIException {
        Native.run(arena -> {
            MemorySegment memory = Native.ints(arena, dims);
            Mpi.MPI_Dims_create(nnodes, dims.length, memory);
            MemorySegment.copy(memory, JAVA_INT, 0, dims, 0, dims.length);
        });
    }
}
