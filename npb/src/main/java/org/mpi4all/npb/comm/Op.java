package org.mpi4all.npb.comm;

/** The reduction operations of the NPB benchmarks ({@code MPI_SUM}, {@code MPI_MAX}, {@code MPI_MIN}). */
public enum Op {
    SUM,
    MAX,
    MIN
}
