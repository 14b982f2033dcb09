package org.mpi4all.npb.comm.mpi4all;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.npb.comm.Requests;

/** Request slots as an off-heap {@code MPI_Request} array, which {@code MPI_Waitall} takes as it is. */
final class Mpi4allRequests implements Requests {
    private final MemorySegment slots;
    private final int size;

    Mpi4allRequests(Arena arena, int size) {
        if (size < 0) {
            throw new IllegalArgumentException("a request set needs a non-negative size, not " + size);
        }
        this.size = size;
        this.slots = MPI_Request.allocateArray(arena, Math.max(size, 1));
        for (int slot = 0; slot < size; slot++) {
            MPI_Request.write(slots, slot, Mpi.MPI_REQUEST_NULL);
        }
    }

    @Override
    public int size() {
        return size;
    }

    /** The slot's memory, for the operation that records its request there; the slot must be free. */
    MemorySegment freeSlot(int slot) {
        if (!MPI_Request.read(slots, slot).equals(Mpi.MPI_REQUEST_NULL)) {
            throw new IllegalStateException("request slot " + slot + " still holds an incomplete request");
        }
        return slots.asSlice(slot * MPI_Request.LAYOUT.byteSize(), MPI_Request.LAYOUT);
    }

    @Override
    public void waitFor(int slot) {
        java.util.Objects.checkIndex(slot, size);
        // MPI_Wait sets a completed request to MPI_REQUEST_NULL, which frees the slot; a free slot returns at once.
        Mpi.MPI_Wait(slots.asSlice(slot * MPI_Request.LAYOUT.byteSize(), MPI_Request.LAYOUT), Mpi.MPI_STATUS_IGNORE);
    }

    @Override
    public void waitAll() {
        Mpi.MPI_Waitall(size, slots, Mpi.MPI_STATUSES_IGNORE);
    }
}
