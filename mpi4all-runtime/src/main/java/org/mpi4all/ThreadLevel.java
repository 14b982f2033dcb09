package org.mpi4all;

import org.mpi4all.ffi.Mpi;

/**
 * How much threading an MPI process uses, in increasing order ({@code MPI_THREAD_*}). Request one with
 * {@link Environment#init(String[], ThreadLevel)}; MPI may provide less, which
 * {@link Environment#threadLevel()} tells.
 */
public enum ThreadLevel {
    /** Only one thread exists ({@code MPI_THREAD_SINGLE}). */
    SINGLE,
    /** Threads exist, but only the one that initialised MPI calls it ({@code MPI_THREAD_FUNNELED}). */
    FUNNELED,
    /** Any thread calls MPI, but never two at once ({@code MPI_THREAD_SERIALIZED}). */
    SERIALIZED,
    /** Any thread calls MPI at any time ({@code MPI_THREAD_MULTIPLE}). */
    MULTIPLE;

    int mpiValue() {
        return switch (this) {
            case SINGLE -> Mpi.MPI_THREAD_SINGLE;
            case FUNNELED -> Mpi.MPI_THREAD_FUNNELED;
            case SERIALIZED -> Mpi.MPI_THREAD_SERIALIZED;
            case MULTIPLE -> Mpi.MPI_THREAD_MULTIPLE;
        };
    }

    static ThreadLevel ofMpiValue(int value) {
        for (ThreadLevel level : values()) {
            if (level.mpiValue() == value) {
                return level;
            }
        }
        throw new IllegalStateException("MPI reported an unknown thread level: " + value);
    }
}
