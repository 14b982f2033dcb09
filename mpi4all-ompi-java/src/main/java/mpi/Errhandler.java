package mpi;

import org.mpi4all.ffi.MPI_Errhandler;

/** An {@code MPI_Errhandler}: {@code MPI.ERRORS_RETURN}, {@code MPI.ERRORS_ARE_FATAL} or one a getter returned. */
public final class Errhandler {
    final MPI_Errhandler handle;

    Errhandler(MPI_Errhandler handle) {
        this.handle = handle;
    }
}
