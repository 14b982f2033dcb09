package org.mpi4all.npb;

import java.io.PrintStream;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.Op;

/**
 * What a benchmark run gets on each rank.
 *
 * @param backend  the message-passing library, for buffers, requests and the clock
 * @param world    every rank of the run
 * @param npbClass the problem class
 * @param out      where NPB's own header lines go: standard output on rank 0, nowhere elsewhere
 * @param progress where progress lines go
 */
public record RunContext(Backend backend, Comm world, NpbClass npbClass, PrintStream out, Progress progress) {

    /**
     * The seconds since {@code start} (a {@link Backend#wtime()}) on the slowest rank, known on rank 0: the
     * benchmark's time as the reference takes it ({@code mpi_reduce} with {@code MPI_MAX}). Collective.
     */
    public double secondsOnSlowestRank(double start) {
        double[] seconds = {backend.wtime() - start};
        double[] slowest = new double[1];
        world.reduce(seconds, 0, slowest, 0, 1, Op.MAX, 0);
        return slowest[0];
    }
}
