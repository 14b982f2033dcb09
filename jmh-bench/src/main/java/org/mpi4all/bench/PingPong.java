package org.mpi4all.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Latency: rank 0 sends {@code bytes} bytes to rank 1, which sends them back ({@code MPI_Send}/{@code MPI_Recv});
 * the score is the time of one round trip.
 */
public class PingPong extends MpiBenchmark {

    @Param("8")
    public int bytes;

    private int peer;
    private boolean initiator;

    @Override
    protected void prepare() {
        peer = peerOfTwo();
        initiator = mpi.rank() == 0;
        mpi.allocate(bytes, 1);
    }

    @Benchmark
    public void roundTrip() {
        if (initiator) {
            mpi.send(bytes, peer);
            mpi.receive(bytes, peer);
        } else {
            mpi.receive(bytes, peer);
            mpi.send(bytes, peer);
        }
    }
}
