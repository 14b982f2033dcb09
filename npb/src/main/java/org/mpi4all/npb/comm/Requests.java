package org.mpi4all.npb.comm;

/**
 * A fixed set of slots for the requests of nonblocking operations, allocated once by {@link Backend#requests}
 * and reused, so that starting and completing a message allocates nothing. {@link Comm#isend} and
 * {@link Comm#irecv} record a request in a free slot; completing it frees the slot again.
 */
public interface Requests {

    /** The number of slots. */
    int size();

    /** Waits until the request in {@code slot} has completed ({@code MPI_Wait}), then frees the slot; a free slot returns at once. */
    void waitFor(int slot);

    /** Waits until every recorded request has completed ({@code MPI_Waitall}), then frees every slot. */
    void waitAll();
}
