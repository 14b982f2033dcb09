package org.mpi4all.bench.highlevel;

import org.mpi4all.Communicator;
import org.mpi4all.ffi.MPI_Comm;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the benchmarks of {@link HighLevelBench} share: the message size, the world (and its handle, for the
 * generated layer), the peer each rank exchanges with, and a barrier before every iteration, so that the ranks
 * start it together. The peer is the next rank, the rank itself on one rank ({@code -np 1}, where no call waits for
 * another process: see {@link LayersBenchmark}).
 */
@State(Scope.Benchmark)
public abstract class RankPair {
    /** Set by {@link HighLevelBench} for each size. */
    @Param("8")
    public int bytes;

    protected Communicator world;
    protected MPI_Comm comm;
    protected int peer;
    /** Whether this rank starts a ping-pong (rank 0) rather than answering it. */
    protected boolean initiator;
    protected int doubles;

    /** Reads the world and the size; each benchmark's trial setup calls it first. */
    protected void join() {
        world = HighLevelBench.world();
        comm = world.handle();
        peer = (world.rank() + 1) % world.size();
        initiator = world.rank() == 0;
        doubles = bytes / Double.BYTES;
    }

    @Setup(Level.Iteration)
    public void startTogether() {
        world.barrier();
    }
}
