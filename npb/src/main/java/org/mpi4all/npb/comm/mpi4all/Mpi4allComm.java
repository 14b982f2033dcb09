package org.mpi4all.npb.comm.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Op;
import org.mpi4all.npb.comm.Requests;

/**
 * A communicator of the generated layer. Heap arrays go to MPI as heap segments through the critical
 * variants of the blocking functions, so no message is copied.
 */
final class Mpi4allComm implements Comm {
    private final MPI_Comm comm;
    private final String name;
    private final int rank;
    private final int size;

    Mpi4allComm(MPI_Comm comm, String name) {
        this.comm = comm;
        this.name = name;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_rank(comm, value);
            this.rank = value.get(JAVA_INT, 0);
            Mpi.MPI_Comm_size(comm, value);
            this.size = value.get(JAVA_INT, 0);
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Comm split(int color, int key) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment created = MPI_Comm.allocate(arena);
            Mpi.MPI_Comm_split(comm, color, key, created);
            return new Mpi4allComm(MPI_Comm.read(created), name + " split by colour " + color);
        }
    }

    @Override
    public Comm dup() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment created = MPI_Comm.allocate(arena);
            Mpi.MPI_Comm_dup(comm, created);
            return new Mpi4allComm(MPI_Comm.read(created), "duplicate of " + name);
        }
    }

    @Override
    public void barrier() {
        Mpi.MPI_Barrier(comm);
    }

    @Override
    public void bcast(double[] buffer, int offset, int count, int root) {
        MpiCritical.MPI_Bcast(heap(buffer, offset, count), count, Mpi.MPI_DOUBLE, root, comm);
    }

    @Override
    public void bcast(int[] buffer, int offset, int count, int root) {
        MpiCritical.MPI_Bcast(heap(buffer, offset, count), count, Mpi.MPI_INT, root, comm);
    }

    @Override
    public void bcast(long[] buffer, int offset, int count, int root) {
        MpiCritical.MPI_Bcast(heap(buffer, offset, count), count, Mpi.MPI_INT64_T, root, comm);
    }

    @Override
    public void reduce(double[] send, int sendOffset, double[] receive, int receiveOffset, int count, Op op, int root) {
        // Only the root's receive range is written, so only the root's must exist.
        MemorySegment result = rank == root ? heap(receive, receiveOffset, count) : MemorySegment.NULL;
        MpiCritical.MPI_Reduce(heap(send, sendOffset, count), result, count, Mpi.MPI_DOUBLE, mpiOp(op), root, comm);
    }

    @Override
    public void reduce(int[] send, int sendOffset, int[] receive, int receiveOffset, int count, Op op, int root) {
        // Only the root's receive range is written, so only the root's must exist.
        MemorySegment result = rank == root ? heap(receive, receiveOffset, count) : MemorySegment.NULL;
        MpiCritical.MPI_Reduce(heap(send, sendOffset, count), result, count, Mpi.MPI_INT, mpiOp(op), root, comm);
    }

    @Override
    public void reduce(long[] send, int sendOffset, long[] receive, int receiveOffset, int count, Op op, int root) {
        // Only the root's receive range is written, so only the root's must exist.
        MemorySegment result = rank == root ? heap(receive, receiveOffset, count) : MemorySegment.NULL;
        MpiCritical.MPI_Reduce(heap(send, sendOffset, count), result, count, Mpi.MPI_INT64_T, mpiOp(op), root, comm);
    }

    @Override
    public void allreduce(double[] send, int sendOffset, double[] receive, int receiveOffset, int count, Op op) {
        MpiCritical.MPI_Allreduce(heap(send, sendOffset, count), heap(receive, receiveOffset, count), count,
                Mpi.MPI_DOUBLE, mpiOp(op), comm);
    }

    @Override
    public void allreduce(int[] send, int sendOffset, int[] receive, int receiveOffset, int count, Op op) {
        MpiCritical.MPI_Allreduce(heap(send, sendOffset, count), heap(receive, receiveOffset, count), count,
                Mpi.MPI_INT, mpiOp(op), comm);
    }

    @Override
    public void allreduce(long[] send, int sendOffset, long[] receive, int receiveOffset, int count, Op op) {
        MpiCritical.MPI_Allreduce(heap(send, sendOffset, count), heap(receive, receiveOffset, count), count,
                Mpi.MPI_INT64_T, mpiOp(op), comm);
    }

    @Override
    public void alltoall(double[] send, int sendOffset, double[] receive, int receiveOffset, int countPerRank) {
        int total = Math.multiplyExact(countPerRank, size);
        MpiCritical.MPI_Alltoall(heap(send, sendOffset, total), countPerRank, Mpi.MPI_DOUBLE,
                heap(receive, receiveOffset, total), countPerRank, Mpi.MPI_DOUBLE, comm);
    }

    @Override
    public void send(double[] buffer, int offset, int count, int dest, int tag) {
        MpiCritical.MPI_Send(heap(buffer, offset, count), count, Mpi.MPI_DOUBLE, dest, tag, comm);
    }

    @Override
    public void isend(MessageBuffer buffer, int offset, int count, int dest, int tag, Requests requests, int slot) {
        buffer.checkRange(offset, count);
        Mpi.MPI_Isend(range(buffer, offset, count), count, Mpi.MPI_DOUBLE, dest, tag, comm, slotOf(requests, slot));
    }

    @Override
    public void irecv(MessageBuffer buffer, int offset, int count, int source, int tag, Requests requests, int slot) {
        buffer.checkRange(offset, count);
        Mpi.MPI_Irecv(range(buffer, offset, count), count, Mpi.MPI_DOUBLE, source, tag, comm, slotOf(requests, slot));
    }

    private static MemorySegment heap(double[] array, int offset, int count) {
        Objects.checkFromIndexSize(offset, count, array.length);
        return MemorySegment.ofArray(array).asSlice(offset * (long) Double.BYTES, count * (long) Double.BYTES);
    }

    private static MemorySegment heap(int[] array, int offset, int count) {
        Objects.checkFromIndexSize(offset, count, array.length);
        return MemorySegment.ofArray(array).asSlice(offset * (long) Integer.BYTES, count * (long) Integer.BYTES);
    }

    private static MemorySegment heap(long[] array, int offset, int count) {
        Objects.checkFromIndexSize(offset, count, array.length);
        return MemorySegment.ofArray(array).asSlice(offset * (long) Long.BYTES, count * (long) Long.BYTES);
    }

    private static MemorySegment range(MessageBuffer buffer, int offset, int count) {
        return buffer.segment().asSlice(offset * (long) Double.BYTES, count * (long) Double.BYTES);
    }

    private static MemorySegment slotOf(Requests requests, int slot) {
        if (!(requests instanceof Mpi4allRequests ours)) {
            throw new IllegalArgumentException("requests from another backend: " + requests.getClass().getName());
        }
        return ours.freeSlot(slot);
    }

    private static MPI_Op mpiOp(Op op) {
        return switch (op) {
            case SUM -> Mpi.MPI_SUM;
            case MAX -> Mpi.MPI_MAX;
            case MIN -> Mpi.MPI_MIN;
        };
    }

    @Override
    public String toString() {
        return name;
    }
}
