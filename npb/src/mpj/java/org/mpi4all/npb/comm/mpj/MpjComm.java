package org.mpi4all.npb.comm.mpj;

import java.util.Objects;
import mpi.Intracomm;
import mpi.MPI;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Op;
import org.mpi4all.npb.comm.Requests;

/** A communicator of MPJ Express: each operation is the mpiJava 1.2 method of the same name. */
final class MpjComm implements Comm {
    private final Intracomm comm;
    private final int rank;
    private final int size;

    MpjComm(Intracomm comm) {
        this.comm = comm;
        this.rank = comm.Rank();
        this.size = comm.Size();
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
        return new MpjComm(comm.Split(color, key));
    }

    @Override
    public Comm dup() {
        return new MpjComm((Intracomm) comm.clone());
    }

    @Override
    public void barrier() {
        comm.Barrier();
    }

    @Override
    public void bcast(double[] buffer, int offset, int count, int root) {
        Objects.checkFromIndexSize(offset, count, buffer.length);
        comm.Bcast(buffer, offset, count, MPI.DOUBLE, checkRank(root));
    }

    @Override
    public void bcast(int[] buffer, int offset, int count, int root) {
        Objects.checkFromIndexSize(offset, count, buffer.length);
        comm.Bcast(buffer, offset, count, MPI.INT, checkRank(root));
    }

    @Override
    public void bcast(long[] buffer, int offset, int count, int root) {
        Objects.checkFromIndexSize(offset, count, buffer.length);
        comm.Bcast(buffer, offset, count, MPI.LONG, checkRank(root));
    }

    @Override
    public void reduce(double[] send, int sendOffset, double[] receive, int receiveOffset, int count, Op op, int root) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        comm.Reduce(send, sendOffset, receive, receiveOffset, count, MPI.DOUBLE, mpjOp(op), checkRank(root));
    }

    @Override
    public void reduce(int[] send, int sendOffset, int[] receive, int receiveOffset, int count, Op op, int root) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        comm.Reduce(send, sendOffset, receive, receiveOffset, count, MPI.INT, mpjOp(op), checkRank(root));
    }

    @Override
    public void reduce(long[] send, int sendOffset, long[] receive, int receiveOffset, int count, Op op, int root) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        comm.Reduce(send, sendOffset, receive, receiveOffset, count, MPI.LONG, mpjOp(op), checkRank(root));
    }

    @Override
    public void allreduce(double[] send, int sendOffset, double[] receive, int receiveOffset, int count, Op op) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        comm.Allreduce(send, sendOffset, receive, receiveOffset, count, MPI.DOUBLE, mpjOp(op));
    }

    @Override
    public void allreduce(int[] send, int sendOffset, int[] receive, int receiveOffset, int count, Op op) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        comm.Allreduce(send, sendOffset, receive, receiveOffset, count, MPI.INT, mpjOp(op));
    }

    @Override
    public void allreduce(long[] send, int sendOffset, long[] receive, int receiveOffset, int count, Op op) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, count);
        comm.Allreduce(send, sendOffset, receive, receiveOffset, count, MPI.LONG, mpjOp(op));
    }

    @Override
    public void alltoall(double[] send, int sendOffset, double[] receive, int receiveOffset, int countPerRank) {
        checkRanges(send.length, sendOffset, receive.length, receiveOffset, (long) countPerRank * size);
        comm.Alltoall(send, sendOffset, countPerRank, MPI.DOUBLE, receive, receiveOffset, countPerRank, MPI.DOUBLE);
    }

    @Override
    public void send(double[] buffer, int offset, int count, int dest, int tag) {
        Objects.checkFromIndexSize(offset, count, buffer.length);
        comm.Send(buffer, offset, count, MPI.DOUBLE, checkRank(dest), tag);
    }

    @Override
    public void isend(MessageBuffer buffer, int offset, int count, int dest, int tag, Requests requests, int slot) {
        MpjRequests slots = (MpjRequests) requests;
        slots.checkStart(buffer, offset, count, slot);
        slots.record(slot, comm.Isend(((MpjBuffer) buffer).array, offset, count, MPI.DOUBLE, checkRank(dest), tag));
    }

    @Override
    public void irecv(MessageBuffer buffer, int offset, int count, int source, int tag, Requests requests, int slot) {
        MpjRequests slots = (MpjRequests) requests;
        slots.checkStart(buffer, offset, count, slot);
        slots.record(slot, comm.Irecv(((MpjBuffer) buffer).array, offset, count, MPI.DOUBLE, checkRank(source), tag));
    }

    private static void checkRanges(int sendLength, int sendOffset, int receiveLength, int receiveOffset, long count) {
        Objects.checkFromIndexSize(sendOffset, count, sendLength);
        Objects.checkFromIndexSize(receiveOffset, count, receiveLength);
    }

    private int checkRank(int peer) {
        return Objects.checkIndex(peer, size);
    }

    private static mpi.Op mpjOp(Op op) {
        return switch (op) {
            case SUM -> MPI.SUM;
            case MAX -> MPI.MAX;
            case MIN -> MPI.MIN;
        };
    }
}
