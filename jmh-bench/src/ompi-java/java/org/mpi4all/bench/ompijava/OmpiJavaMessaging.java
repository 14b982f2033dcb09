package org.mpi4all.bench.ompijava;

import java.nio.ByteBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import org.mpi4all.bench.Messaging;

/**
 * What the contenders on Open MPI's own Java bindings (JNI) share: every operation, and nonblocking ones on
 * direct buffers, the only kind these bindings accept there. Subclasses choose where the blocking operations'
 * buffers live: the bindings' blocking calls take arrays and direct buffers alike (as {@code Object}).
 * {@link MPIException} is checked here, unchecked for the benchmarks.
 */
abstract class OmpiJavaMessaging implements Messaging {
    private ByteBuffer[] windowRegions;
    private Request[] requests;
    /** The blocking operations' message, and the doubles to reduce and the result: arrays or direct buffers. */
    protected Object message;
    protected Object sendDoubles;
    protected Object receiveDoubles;

    @Override
    public String[] init(String[] args) {
        try {
            return MPI.Init(args);
        } catch (MPIException e) {
            throw failed("MPI.Init", e);
        }
    }

    @Override
    public void finish() {
        try {
            MPI.Finalize();
        } catch (MPIException e) {
            throw failed("MPI.Finalize", e);
        }
    }

    @Override
    public int rank() {
        return commRank();
    }

    @Override
    public int size() {
        try {
            return MPI.COMM_WORLD.getSize();
        } catch (MPIException e) {
            throw failed("getSize", e);
        }
    }

    @Override
    public void barrier() {
        try {
            MPI.COMM_WORLD.barrier();
        } catch (MPIException e) {
            throw failed("barrier", e);
        }
    }

    @Override
    public void allocate(int bytes, int window) {
        ByteBuffer buffer = MPI.newByteBuffer(bytes * window);
        windowRegions = new ByteBuffer[window];
        requests = new Request[window];
        for (int region = 0; region < window; region++) {
            windowRegions[region] = MPI.slice(buffer, region * bytes);
        }
        allocateBlocking(bytes);
    }

    /** Allocates {@link #message} of {@code bytes}, {@link #sendDoubles} and {@link #receiveDoubles} of {@code bytes / 8} doubles. */
    protected abstract void allocateBlocking(int bytes);

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

    @Override
    public void startSend(int region, int bytes, int peer) {
        try {
            requests[region] = MPI.COMM_WORLD.iSend(windowRegions[region], bytes, MPI.BYTE, peer, 0);
        } catch (MPIException e) {
            throw failed("iSend", e);
        }
    }

    @Override
    public void startReceive(int region, int bytes, int peer) {
        try {
            requests[region] = MPI.COMM_WORLD.iRecv(windowRegions[region], bytes, MPI.BYTE, peer, 0);
        } catch (MPIException e) {
            throw failed("iRecv", e);
        }
    }

    @Override
    public void completeAll(int regions) {
        if (regions != requests.length) {
            throw new IllegalArgumentException("completeAll waits for the whole window of " + requests.length + ", not " + regions);
        }
        try {
            Request.waitAll(requests);
        } catch (MPIException e) {
            throw failed("Request.waitAll", e);
        }
    }

    @Override
    public int commRank() {
        try {
            return MPI.COMM_WORLD.getRank();
        } catch (MPIException e) {
            throw failed("getRank", e);
        }
    }

    @Override
    public double wtime() {
        try {
            return MPI.wtime();
        } catch (MPIException e) {
            throw failed("MPI.wtime", e);
        }
    }

    static IllegalStateException failed(String call, MPIException e) {
        return new IllegalStateException("Open MPI Java: " + call + " failed: " + e.getMessage(), e);
    }
}
