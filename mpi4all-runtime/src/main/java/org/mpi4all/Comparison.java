package org.mpi4all;

import org.mpi4all.ffi.Mpi;

/** How two communicators or two groups relate ({@code MPI_Comm_compare}, {@code MPI_Group_compare}). */
public enum Comparison {
    /** The same object ({@code MPI_IDENT}). */
    IDENT,
    /** Same members in the same order, different contexts ({@code MPI_CONGRUENT}); never for groups. */
    CONGRUENT,
    /** Same members, different order ({@code MPI_SIMILAR}). */
    SIMILAR,
    /** Anything else ({@code MPI_UNEQUAL}). */
    UNEQUAL;

    static Comparison ofMpiValue(int value) {
        if (value == Mpi.MPI_IDENT) {
            return IDENT;
        } else if (value == Mpi.MPI_CONGRUENT) {
            return CONGRUENT;
        } else if (value == Mpi.MPI_SIMILAR) {
            return SIMILAR;
        } else if (value == Mpi.MPI_UNEQUAL) {
            return UNEQUAL;
        }
        throw new IllegalStateException("MPI reported an unknown comparison result: " + value);
    }
}
