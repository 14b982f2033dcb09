package org.mpi4all.bench.mpj;

import mpi.MPI;
import mpi.Request;
import org.mpi4all.bench.Messaging;

/**
 * MPJ Express 0.44 (the mpiJava 1.2 API) on its multicore device, run with {@code scripts/mpj-express run}:
 * every rank is a thread of one JVM with MPJ and the benchmarks in a class loader of its own. It sends from
 * and receives into Java arrays. Note that its {@code MPI.Wtime()} counts whole seconds; it is measured here
 * as a call, never used as a clock.
 */
public final class MpjMessaging implements Messaging {
    private byte[] regions;
    private int regionBytes;
    private Request[] requests;
    private double[] sendDoubles;
    private double[] receiveDoubles;

    @Override
    public String[] init(String[] args) {
        return MPI.Init(args);
    }

    @Override
    public void finish() {
        MPI.Finalize();
    }

    @Override
    public int rank() {
        return MPI.COMM_WORLD.Rank();
    }

    @Override
    public int size() {
        return MPI.COMM_WORLD.Size();
    }

    @Override
    public void barrier() {
        MPI.COMM_WORLD.Barrier();
    }

    @Override
    public void allocate(int bytes, int window) {
        regions = new byte[bytes * window];
        regionBytes = bytes;
        requests = new Request[window];
        sendDoubles = new double[bytes / Double.BYTES];
        receiveDoubles = new double[bytes / Double.BYTES];
    }

    @Override
    public boolean supportsNonblocking() {
        return true;
    }

    @Override
    public void send(int bytes, int peer) {
        MPI.COMM_WORLD.Send(regions, 0, bytes, MPI.BYTE, peer, 0);
    }

    @Override
    public void receive(int bytes, int peer) {
        MPI.COMM_WORLD.Recv(regions, 0, bytes, MPI.BYTE, peer, 0);
    }

    @Override
    public void startSend(int region, int bytes, int peer) {
        requests[region] = MPI.COMM_WORLD.Isend(regions, region * regionBytes, bytes, MPI.BYTE, peer, 0);
    }

    @Override
    public void startReceive(int region, int bytes, int peer) {
        requests[region] = MPI.COMM_WORLD.Irecv(regions, region * regionBytes, bytes, MPI.BYTE, peer, 0);
    }

    @Override
    public void completeAll(int regions) {
        if (regions != requests.length) {
            throw new IllegalArgumentException("completeAll waits for the whole window of " + requests.length + ", not " + regions);
        }
        Request.Waitall(requests);
    }

    @Override
    public void allreduce(int doubles) {
        MPI.COMM_WORLD.Allreduce(sendDoubles, 0, receiveDoubles, 0, doubles, MPI.DOUBLE, MPI.SUM);
    }

    @Override
    public int commRank() {
        return MPI.COMM_WORLD.Rank();
    }

    @Override
    public double wtime() {
        return MPI.Wtime();
    }
}
