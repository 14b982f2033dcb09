package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Status;
import org.mpi4all.ffi.Mpi;

/**
 * The status of a completed receive or probe: a copy of the implementation's {@code MPI_Status}, held in a
 * Java array (the blocking calls write it there directly) and read with the generated layout.
 */
public final class Status {
    private final long[] raw = new long[(int) ((MPI_Status.BYTES + 7) / 8)];
    /** The Java array as the memory of an {@code MPI_Status}: for the critical (heap-taking) functions only. */
    final MemorySegment memory = MemorySegment.ofArray(raw);
    private int index = MPI.UNDEFINED;

    Status() {
    }

    /** A copy of the status in native memory {@code status}. */
    static Status copyOf(MemorySegment status) {
        Status copy = new Status();
        copy.memory.copyFrom(status.asSlice(0, MPI_Status.BYTES));
        return copy;
    }

    /** This status, with the index of the request it belongs to (waitAny, testSome...). */
    Status withIndex(int requestIndex) {
        index = requestIndex;
        return this;
    }

    /** A native copy of this status, for the functions that read one. */
    private MemorySegment nativeCopy(Arena arena) {
        return MPI_Status.allocate(arena).copyFrom(memory.asSlice(0, MPI_Status.BYTES));
    }

    public int getCount(Datatype datatype) throws MPIException {
        return Native.get(arena -> {
            MemorySegment count = arena.allocate(JAVA_INT);
            Mpi.MPI_Get_count(nativeCopy(arena), datatype.handle, count);
            return Native.intAt(count);
        });
    }

    public boolean isCancelled() throws MPIException {
        return Native.get(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Test_cancelled(nativeCopy(arena), flag);
            return Native.intAt(flag) != 0;
        });
    }

    public int getElements(Datatype datatype) throws MPIException {
        return Native.get(arena -> {
            MemorySegment count = arena.allocate(JAVA_INT);
            Mpi.MPI_Get_elements(nativeCopy(arena), datatype.handle, count);
            return Native.intAt(count);
        });
    }

    public Count getElementsX(Datatype datatype) throws MPIException {
        return Native.get(arena -> {
            MemorySegment count = arena.allocate(JAVA_LONG);
            Mpi.MPI_Get_elements_x(nativeCopy(arena), datatype.handle, count);
            return new Count(count.get(JAVA_LONG, 0));
        });
    }

    public void setElements(Datatype datatype, int count) throws MPIException {
        Native.run(arena -> {
            MemorySegment status = nativeCopy(arena);
            Mpi.MPI_Status_set_elements(status, datatype.handle, count);
            memory.copyFrom(status);
        });
    }

    public void setElementsX(Datatype datatype, Count count) throws MPIException {
        Native.run(arena -> {
            MemorySegment status = nativeCopy(arena);
            Mpi.MPI_Status_set_elements_x(status, datatype.handle, count.getCount());
            memory.copyFrom(status);
        });
    }

    public void setCancelled(boolean flag) throws MPIException {
        Native.run(arena -> {
            MemorySegment status = nativeCopy(arena);
            Mpi.MPI_Status_set_cancelled(status, flag ? 1 : 0);
            memory.copyFrom(status);
        });
    }

    public int getSource() {
        return MPI_Status.MPI_SOURCE(memory);
    }

    public int getTag() {
        return MPI_Status.MPI_TAG(memory);
    }

    public int getError() {
        return MPI_Status.MPI_ERROR(memory);
    }

    /** The index of the request this status belongs to, or {@code MPI.UNDEFINED}. */
    public int getIndex() {
        return index;
    }
}
