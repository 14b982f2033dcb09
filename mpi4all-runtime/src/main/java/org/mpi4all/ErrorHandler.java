package org.mpi4all;

import org.mpi4all.ffi.MPI_Errhandler;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.MpiLibrary;

/**
 * What MPI does when an operation fails: the predefined error handlers ({@code MPI_ERRORS_*}), for a
 * {@link Session} and the communicators made from it, and for any communicator
 * ({@link Communicator#setErrorHandler(ErrorHandler)}); {@link Callback} is a handler in Java.
 */
public enum ErrorHandler {
    /** The operation returns the error, which becomes an {@link org.mpi4all.runtime.MpiException} ({@code MPI_ERRORS_RETURN}). */
    EXCEPTIONS,
    /** MPI ends the job ({@code MPI_ERRORS_ARE_FATAL}), the default of {@code MPI_COMM_WORLD}. */
    FATAL,
    /** MPI ends the processes of the object's communicator, an MPI-4 handler ({@code MPI_ERRORS_ABORT}). */
    ABORT;

    /** A Java error handler ({@link Communicator#setErrorHandler(Callback)}). */
    @FunctionalInterface
    public interface Callback {
        /**
         * Called by MPI, on the thread of the failing call, before the call returns the error (which then
         * becomes an {@link org.mpi4all.runtime.MpiException}, with what this method throws as its cause).
         * It must not call MPI on the same communicator.
         *
         * @param errorCode   the error code
         * @param errorString the implementation's description of it ({@code MPI_Error_string})
         */
        void onError(int errorCode, String errorString);
    }

    /** The MPI handle, or an exception naming the library that lacks it. */
    MPI_Errhandler handle() {
        return switch (this) {
            case EXCEPTIONS -> Mpi.MPI_ERRORS_RETURN;
            case FATAL -> Mpi.MPI_ERRORS_ARE_FATAL;
            case ABORT -> {
                MpiLibrary library = MpiLibrary.current();
                if (!library.defines("MPI_ERRORS_ABORT")) {
                    throw new UnsupportedOperationException("MPI_ERRORS_ABORT (an MPI-4 error handler) is not defined"
                            + " by the MPI library " + library.libraryPath() + " (" + library.implementation() + ")");
                }
                yield Mpi.MPI_ERRORS_ABORT;
            }
        };
    }
}
