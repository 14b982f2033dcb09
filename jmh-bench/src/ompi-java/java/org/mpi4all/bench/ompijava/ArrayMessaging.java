package org.mpi4all.bench.ompijava;

import mpi.MPI;
import mpi.MPIException;

/**
 * Open MPI's Java bindings with Java arrays, their natural use: the JNI layer copies each array into native
 * memory (through a pool of 64 KiB buffers) and back. Nonblocking operations take only direct buffers there,
 * so this contender has none.
 */
public final class ArrayMessaging extends OmpiJavaMessaging {
    private byte[] message;
    private double[] sendDoubles;
    private double[] receiveDoubles;

    @Override
    protected void allocateBlocking(int bytes) {
        message = new byte[bytes];
        sendDoubles = new double[bytes / Double.BYTES];
        receiveDoubles = new double[bytes / Double.BYTES];
    }

    @Override
    public boolean supportsNonblocking() {
        return false;
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
