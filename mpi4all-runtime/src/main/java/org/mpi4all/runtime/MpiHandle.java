package org.mpi4all.runtime;

/**
 * An MPI handle ({@code MPI_Comm}, {@code MPI_Datatype} ...) as the generated bindings carry it: the C
 * value widened to a {@code long}, so that Java code is the same whether the implementation's handles
 * are integers (the MPICH family) or pointers (Open MPI, the MPI-5 ABI).
 */
public interface MpiHandle {
    /** The handle's C value. */
    long value();
}
