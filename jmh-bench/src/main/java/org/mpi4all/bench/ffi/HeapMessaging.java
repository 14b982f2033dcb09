package org.mpi4all.bench.ffi;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;

/**
 * mpi4all with Java arrays on the heap, passed without a copy through the critical downcalls of
 * {@link MpiCritical} ({@code MemorySegment.ofArray}). Only blocking operations can take heap arrays: the
 * garbage collector may move an array once a call has returned.
 */
public final class HeapMessaging extends Mpi4allMessaging {
    private MemorySegment message;
    private MemorySegment sendDoubles;
    private MemorySegment receiveDoubles;

    @Override
    protected void allocateBlocking(int bytes) {
        // The segments wrap the arrays once, here: a call then allocates nothing.
        message = MemorySegment.ofArray(new byte[bytes]);
        sendDoubles = MemorySegment.ofArray(new double[bytes / Double.BYTES]);
        receiveDoubles = MemorySegment.ofArray(new double[bytes / Double.BYTES]);
    }

    @Override
    public boolean supportsNonblocking() {
        return false;
    }

    @Override
    public void send(int bytes, int peer) {
        MpiCritical.MPI_Send(message, bytes, Mpi.MPI_BYTE, peer, 0, Mpi.MPI_COMM_WORLD);
    }

    @Override
    public void receive(int bytes, int peer) {
        MpiCritical.MPI_Recv(message, bytes, Mpi.MPI_BYTE, peer, 0, Mpi.MPI_COMM_WORLD, Mpi.MPI_STATUS_IGNORE);
    }

    @Override
    public void allreduce(int doubles) {
        MpiCritical.MPI_Allreduce(sendDoubles, receiveDoubles, doubles, Mpi.MPI_DOUBLE, Mpi.MPI_SUM, Mpi.MPI_COMM_WORLD);
    }
}
