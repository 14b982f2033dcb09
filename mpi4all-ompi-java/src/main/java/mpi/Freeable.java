package mpi;

/** An object holding an MPI handle that the program frees. */
public interface Freeable {
    void free() throws MPIException;
}
