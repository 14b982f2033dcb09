package org.mpi4all.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What every MPI benchmark shares: it runs on every rank of an {@code mpirun} (no forked JVMs: the JVM that
 * called {@code MPI_Init} must be the one that measures), in single-shot mode so that every rank runs the same
 * number of operations ({@link MpiBenchmarks} sets the batch of each iteration from the {@link BenchPlan}),
 * and ranks start each iteration together after a barrier. Rank 0's times are the ones reported.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(0)
public abstract class MpiBenchmark {

    /** The contender ({@link Messagings#names()}); {@link MpiBenchmarks} sets it to the one it started. */
    @Param("mpi4all-segment")
    public String messaging;

    protected Messaging mpi;

    @Setup(Level.Trial)
    public final void start() {
        mpi = Messagings.current(messaging);
        prepare();
        mpi.barrier();
    }

    /** Allocates what the benchmark's operations use; {@link #mpi} is ready. */
    protected abstract void prepare();

    @Setup(Level.Iteration)
    public final void startTogether() {
        mpi.barrier();
    }

    /** The other rank of a two-rank benchmark; fails on any other number of ranks. */
    protected final int peerOfTwo() {
        if (mpi.size() != 2) {
            throw new IllegalStateException(getClass().getSimpleName() + " runs on exactly 2 ranks, not " + mpi.size());
        }
        return 1 - mpi.rank();
    }
}
