package org.mpi4all.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Unidirectional bandwidth, as OSU's {@code osu_bw}: rank 0 starts {@code window} nonblocking sends of
 * {@code bytes} bytes, rank 1 as many receives, both wait for all, and rank 1 acknowledges with a 1-byte
 * message. The score is the time of one window; bandwidth is {@code window * bytes} over it.
 */
public class Bandwidth extends MpiBenchmark {

    @Param("8")
    public int bytes;

    @Param("64")
    public int window;

    private static final int ACK_BYTES = 1;

    private int peer;
    private boolean sender;

    @Override
    protected void prepare() {
        if (!mpi.supportsNonblocking()) {
            throw new IllegalStateException(messaging + " cannot start nonblocking operations on its buffers");
        }
        peer = peerOfTwo();
        sender = mpi.rank() == 0;
        mpi.allocate(bytes, window);
    }

    @Benchmark
    public void window() {
        if (sender) {
            for (int region = 0; region < window; region++) {
                mpi.startSend(region, bytes, peer);
            }
            mpi.completeAll(window);
            mpi.receive(ACK_BYTES, peer);
        } else {
            for (int region = 0; region < window; region++) {
                mpi.startReceive(region, bytes, peer);
            }
            mpi.completeAll(window);
            mpi.send(ACK_BYTES, peer);
        }
    }
}
