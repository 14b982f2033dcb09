package org.mpi4all.bench.ffi;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.Mpi;

/** mpi4all with off-heap {@link MemorySegment}s and the plain downcalls of {@link Mpi}: zero-copy by construction. */
public final class SegmentMessaging extends Mpi4allMessaging {
    private MemorySegment message;
    private MemorySegment sendDoubles;
    private MemorySegment receiveDoubles;

    @Override
    protected void allocateBlocking(int bytes) {
        message = arena.allocate(bytes, PAGE);
        sendDoubles = arena.allocate(bytes, PAGE);
        receiveDoubles = arena.allocate(bytes, PAGE);
    }

    @Override
    public boolean supportsNonblocking() {
        return true;
    }

    @Override
    public void send(int bytes, int peer) {
        Mpi.MPI_Send(message, bytes, Mpi.MPI_BYTE, peer, 0, Mpi.MPI_COMM_WORLD);
    }

    @Override
    public void receive(int bytes, int peer) {
        Mpi.MPI_Recv(message, bytes, Mpi.MPI_BYTE, peer, 0, Mpi.MPI_COMM_WORLD, Mpi.MPI_STATUS_IGNORE);
    }

    @Override
    public void allreduce(int doubles) {
        Mpi.MPI_Allreduce(sendDoubles, receiveDoubles, doubles, Mpi.MPI_DOUBLE, Mpi.MPI_SUM, Mpi.MPI_COMM_WORLD);
    }
}
