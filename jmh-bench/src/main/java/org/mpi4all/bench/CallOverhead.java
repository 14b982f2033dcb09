package org.mpi4all.bench;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * The cost of crossing from Java into the MPI library and back, on the two cheapest MPI calls there are:
 * {@code MPI_Comm_rank} (reads a field of the communicator) and {@code MPI_Wtime} (reads a clock). Every rank
 * makes its calls on its own; the score is one call.
 */
public class CallOverhead extends MpiBenchmark {

    @Override
    protected void prepare() {
        // no buffers: the calls take none
    }

    @Benchmark
    public int commRank() {
        return mpi.commRank();
    }

    @Benchmark
    public double wtime() {
        return mpi.wtime();
    }
}
