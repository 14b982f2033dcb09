package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Status;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.MpiLibrary;

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
        return toInt(largeCount());
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
        return toInt(bytes / type.dataSize());
    }

    /**
     * Whether the library has {@code MPI_Get_count_c}: without it (Open MPI 4.1 and 5) no message has more bytes
     * than an int counts, and {@code MPI_UNDEFINED} is the count of a status that counts nothing (a send's).
     */
    private static final class LargeCounting {
        static final boolean PROVIDED = MpiLibrary.current().provides("MPI_Get_count_c");
    }

    private static int toInt(long elements) {
        if (elements > Integer.MAX_VALUE) {
            throw new IllegalStateException("the message has " + elements + " elements, more than an int counts:"
                    + " see largeCount()");
        }
        return (int) elements;
    }

    /**
     * {@return the number of elements received} of the receive buffer's datatype, as {@link #count()}, where that
     * may exceed an int (a native segment received through MPI's large-count functions)
     */
    public long largeCount() {
        requireFilled();
        return bytes / elementBytes;
    }

    /**
     * Reads the native {@code status} of a message received as {@code received} (null for a probe), with
     * {@code scratch} (8 bytes, aligned) for the count.
     */
    void fill(MemorySegment status, Datatype received, MemorySegment scratch) {
        source = MPI_Status.MPI_SOURCE(status);
        tag = MPI_Status.MPI_TAG(status);
        Mpi.MPI_Get_count(status, Mpi.MPI_BYTE, scratch);
        int count = scratch.get(JAVA_INT, 0);
        if (count == Mpi.MPI_UNDEFINED && LargeCounting.PROVIDED) {
            // more bytes than an int counts: only the large-count function tells them
            Mpi.MPI_Get_count_c(status, Mpi.MPI_BYTE, scratch);
            bytes = scratch.get(JAVA_LONG, 0);
        } else {
            bytes = count;
        }
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
