package org.mpi4all.core.blueprint;

/** What kind of value a constant denotes. */
public enum ConstantKind {
    /** An integer ({@code MPI_ANY_SOURCE}, {@code MPI_THREAD_MULTIPLE}, {@code MPI_ERR_RANK}). */
    INTEGER,
    /** A floating-point number. */
    FLOAT,
    /** A predefined handle ({@code MPI_COMM_WORLD}, {@code MPI_INT}, {@code MPI_SUM}, {@code MPI_REQUEST_NULL}). */
    HANDLE,
    /** A sentinel address ({@code MPI_IN_PLACE}, {@code MPI_BOTTOM}, {@code MPI_STATUS_IGNORE}, {@code MPI_UNWEIGHTED}). */
    POINTER,
    /** A predefined callback or its null ({@code MPI_COMM_NULL_COPY_FN}, {@code MPI_CONVERSION_FN_NULL}). */
    FUNCTION,
    /** A string. */
    STRING
}
