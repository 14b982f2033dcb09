package org.mpi4all;

import org.mpi4all.ffi.Mpi;

/**
 * What {@link Communicator#spawn} started.
 *
 * @param children   the intercommunicator to the started processes (the remote group, in the order of the
 *                   commands); their {@link Environment#parent()} is its other side
 * @param errorCodes one MPI error code per process asked for, in the same order: {@code 0}
 *                   ({@code MPI_SUCCESS}) for each that started
 */
public record Spawned(Intercommunicator children, int[] errorCodes) {
    /** {@return whether every process asked for started} */
    public boolean allStarted() {
        for (int code : errorCodes) {
            if (code != Mpi.MPI_SUCCESS) {
                return false;
            }
        }
        return true;
    }
}
