package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Status;
import org.mpi4all.ffi.Mpi;

/**
 * What MPI tells about a message received or probed ({@code MPI_Status}): its source, its tag and its
 * size. Pass one with {@link Param#status(Status)} to have a receive fill it, as in mpi4py; probes and
 * completed {@link Request}s return one.
 */
public final class Status {
    private int source = Communicator.ANY_SOURCE;
    private int tag = Communicator.ANY_TAG;
    private long bytes;
    private long elementBytes = 1;
    private boolean filled;

    /** An empty status, for {@link Param#status(Status)} to fill. */
    public Status() {}

    /** {@return the rank that sent the message} */
    public int source() {
        requireFilled();
        return source;
    }

    /** {@return the message's tag} */
    public int tag() {
        requireFilled();
        return tag;
    }

    /**
     * {@return the number of elements received} of the receive buffer's datatype; for a probe, which
     * knows no datatype, the number of bytes (use {@link #count(Datatype)}).
     */
    public int count() {
        requireFilled();
        return (int) (bytes / elementBytes);
    }

    /**
     * {@return the number of elements of {@code type} the message holds}
     *
     * @throws IllegalArgumentException if the message is not a whole number of them
     */
    public int count(Datatype type) {
        requireFilled();
        if (bytes % type.dataSize() != 0) {
            throw new IllegalArgumentException("the message of " + bytes + " bytes is not a whole number of " + type);
        }
        return (int) (bytes / type.dataSize());
    }

    /** Reads the native {@code status} of a message received as {@code received} (null for a probe). */
    void fill(MemorySegment status, Datatype received, MemorySegment intScratch) {
        source = MPI_Status.MPI_SOURCE(status);
        tag = MPI_Status.MPI_TAG(status);
        Mpi.MPI_Get_count(status, Mpi.MPI_BYTE, intScratch);
        bytes = intScratch.get(JAVA_INT, 0);
        elementBytes = received != null ? received.dataSize() : 1;
        filled = true;
    }

    private void requireFilled() {
        if (!filled) {
            throw new IllegalStateException("the status was not filled by a receive, probe or completed request");
        }
    }

    @Override
    public String toString() {
        return filled ? "Status[source=" + source + ", tag=" + tag + ", bytes=" + bytes + "]" : "Status[not filled]";
    }
}
