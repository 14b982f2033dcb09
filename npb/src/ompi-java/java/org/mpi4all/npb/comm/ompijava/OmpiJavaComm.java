package org.mpi4all.npb.comm.ompijava;

import java.nio.DoubleBuffer;
import java.util.Objects;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Op;
import org.mpi4all.npb.comm.Requests;

/**
 * A communicator of Open MPI's Java bindings. Their blocking operations take a Java array (copied by the JNI
 * layer) or, for a range that does not start at 0, the bindings' own {@code MPI.slice} view of it.
 */
final class OmpiJavaComm implements Comm {
    private final Intracomm comm;
    private final int rank;
    private final int size;

    OmpiJavaComm(Intracomm comm) throws MPIException {
        this.comm = comm;
        this.rank = comm.getRank();
        this.size = comm.getSize();
    }

    /** An MPI call of the bindings, whose checked {@link MPIException} becomes unchecked, naming the call. */
    interface Call<T> {
        T run() throws MPIException;
    }

    static <T> T call(String name, Call<T> call) {
        try {
            return call.run();
        } catch (MPIException e) {
            throw new IllegalStateException("Open MPI Java: " + name + " failed: " + e.getMessage(), e);
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
        if (color < 0) {
            throw new IllegalArgumentException("split needs a non-negative colour, not " + color);
        }
        return call("split", () -> new OmpiJavaComm(comm.split(color, key)));
    }

    @Override
    public Comm dup() {
        return call("dup", () -> new OmpiJavaComm(comm.dup()));
    }

    @Override
    public void barrier() {
        call("barrier", () -> {
            comm.barrier();
            return null;
        });
    }

    @Override
    public void bcast(double[] buffer, int offset, int count, int root) {
        Objects.checkFromIndexSize(offset, count, buffer.length);
        bcast(from(buffer, offset), count, MPI.DOUBLE, root);
    }

    @Override
    public void bcast(int[] buffer, int offset, int count, int root) {
        Objects.checkFromIndexSize(offset, count, buffer.length);
        bcast(from(buffer, offset), count, MPI.INT, root);
    }

    @Override
    public void bcast(long[] buffer, int offset, int count, int root) {
        Objects.checkFromIndexSize(offset, count, buffer.length);
        bcast(from(buffer, offset), count, MPI.LONG, root);
    }

    private void bcast(Object buffer, int count, Datatype type, int root) {
        call("bcast", () -> {
            comm.bcast(buffer, count, type, checkRank(root));
            return null;
        });
    }

    @Override
    public void reduce(double[] send, int sendOffset, double[] receive, int receiveOffset, int count, Op op, int root) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        reduce(from(send, sendOffset), from(receive, receiveOffset), count, MPI.DOUBLE, op, root);
    }

    @Override
    public void reduce(int[] send, int sendOffset, int[] receive, int receiveOffset, int count, Op op, int root) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        reduce(from(send, sendOffset), from(receive, receiveOffset), count, MPI.INT, op, root);
    }

    @Override
    public void reduce(long[] send, int sendOffset, long[] receive, int receiveOffset, int count, Op op, int root) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        reduce(from(send, sendOffset), from(receive, receiveOffset), count, MPI.LONG, op, root);
    }

    private void reduce(Object send, Object receive, int count, Datatype type, Op op, int root) {
        call("reduce", () -> {
            comm.reduce(send, receive, count, type, mpiOp(op), checkRank(root));
            return null;
        });
    }

    @Override
    public void allreduce(double[] send, int sendOffset, double[] receive, int receiveOffset, int count, Op op) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        allreduce(from(send, sendOffset), from(receive, receiveOffset), count, MPI.DOUBLE, op);
    }

    @Override
    public void allreduce(int[] send, int sendOffset, int[] receive, int receiveOffset, int count, Op op) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        allreduce(from(send, sendOffset), from(receive, receiveOffset), count, MPI.INT, op);
    }

    @Override
    public void allreduce(long[] send, int sendOffset, long[] receive, int receiveOffset, int count, Op op) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        allreduce(from(send, sendOffset), from(receive, receiveOffset), count, MPI.LONG, op);
    }

    private void allreduce(Object send, Object receive, int count, Datatype type, Op op) {
        call("allReduce", () -> {
            comm.allReduce(send, receive, count, type, mpiOp(op));
            return null;
        });
    }

    @Override
    public void alltoall(double[] send, int sendOffset, double[] receive, int receiveOffset, int countPerRank) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, (long) countPerRank * size);
        Object from = from(send, sendOffset);
        Object to = from(receive, receiveOffset);
        call("allToAll", () -> {
            comm.allToAll(from, countPerRank, MPI.DOUBLE, to, countPerRank, MPI.DOUBLE);
            return null;
        });
    }

    @Override
    public void send(double[] buffer, int offset, int count, int dest, int tag) {
        Objects.checkFromIndexSize(offset, count, buffer.length);
        Object from = from(buffer, offset);
        call("send", () -> {
            comm.send(from, count, MPI.DOUBLE, checkRank(dest), tag);
            return null;
        });
    }

    @Override
    public void isend(MessageBuffer buffer, int offset, int count, int dest, int tag, Requests requests, int slot) {
        OmpiJavaRequests slots = (OmpiJavaRequests) requests;
        slots.checkStart(buffer, offset, count, slot);
        DoubleBuffer from = ((OmpiJavaBuffer) buffer).from(offset);
        slots.record(slot, call("iSend", () -> comm.iSend(from, count, MPI.DOUBLE, checkRank(dest), tag)));
    }

    @Override
    public void irecv(MessageBuffer buffer, int offset, int count, int source, int tag, Requests requests, int slot) {
        OmpiJavaRequests slots = (OmpiJavaRequests) requests;
        slots.checkStart(buffer, offset, count, slot);
        DoubleBuffer into = ((OmpiJavaBuffer) buffer).from(offset);
        slots.record(slot, call("iRecv", () -> comm.iRecv(into, count, MPI.DOUBLE, checkRank(source), tag)));
    }

    /** The array itself for a range from 0, else the bindings' view of it from {@code offset}. */
    private static Object from(double[] array, int offset) {
        return offset == 0 ? array : MPI.slice(array, offset);
    }

    private static Object from(int[] array, int offset) {
        return offset == 0 ? array : MPI.slice(array, offset);
    }

    private static Object from(long[] array, int offset) {
        return offset == 0 ? array : MPI.slice(array, offset);
    }

    private static void checkRanges(int sendLength, int sendOffset, int receiveLength, int receiveOffset, long count) {
        Objects.checkFromIndexSize(sendOffset, count, sendLength);
        Objects.checkFromIndexSize(receiveOffset, count, receiveLength);
    }

    private int checkRank(int peer) {
        return Objects.checkIndex(peer, size);
    }

    private static mpi.Op mpiOp(Op op) {
        return switch (op) {
            case SUM -> MPI.SUM;
            case MAX -> MPI.MAX;
            case MIN -> MPI.MIN;
        };
    }
}
