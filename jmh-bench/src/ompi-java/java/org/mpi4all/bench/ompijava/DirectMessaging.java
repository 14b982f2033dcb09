package org.mpi4all.bench.ompijava;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import mpi.MPI;
import mpi.MPIException;

/** Open MPI's Java bindings with direct NIO buffers, which they pass to C without a copy. */
public final class DirectMessaging extends OmpiJavaMessaging {
    private ByteBuffer message;
    private DoubleBuffer sendDoubles;
    private DoubleBuffer receiveDoubles;

    @Override
    protected void allocateBlocking(int bytes) {
        message = MPI.newByteBuffer(bytes);
        sendDoubles = MPI.newDoubleBuffer(bytes / Double.BYTES);
        receiveDoubles = MPI.newDoubleBuffer(bytes / Double.BYTES);
    }

    @Override
    public boolean supportsNonblocking() {
        return true;
    }

    @Override
    public void send(int bytes, int peer) {
        try {
            MPI.COMM_WORLD.send(message, bytes, MPI.BYTE, peer, 0);
        } catch (MPIException e) {
            throw failed("send", e);
        }
    }

    @Override
    public void receive(int bytes, int peer) {
        try {
            MPI.COMM_WORLD.recv(message, bytes, MPI.BYTE, peer, 0);
        } catch (MPIException e) {
            throw failed("recv", e);
        }
    }

    @Override
    public void allreduce(int doubles) {
        try {
            MPI.COMM_WORLD.allReduce(sendDoubles, receiveDoubles, doubles, MPI.DOUBLE, MPI.SUM);
        } catch (MPIException e) {
            throw failed("allReduce", e);
        }
    }
}
