package org.mpi4all.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/** {@code MPI_Allreduce} of {@code bytes / 8} doubles with {@code MPI_SUM} over every rank; the score is one reduction. */
public class Allreduce extends MpiBenchmark {

    @Param("8")
    public int bytes;

    @Override
    protected void prepare() {
        if (bytes % Double.BYTES != 0) {
            throw new IllegalArgumentException("allreduce sums doubles: bytes must be a multiple of 8, not " + bytes);
        }
        mpi.allocate(bytes, 1);
    }

    @Benchmark
    public void sum() {
        mpi.allreduce(bytes / Double.BYTES);
    }
}
