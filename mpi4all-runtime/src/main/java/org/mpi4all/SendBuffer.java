package org.mpi4all;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.Mpi;

/**
 * The buffer of buffered sends (MPI-4.1 §3.6, {@code MPI_Buffer_attach}): native memory the high level allocates,
 * attaches to MPI for the whole process and frees once MPI has detached it, so that no Java code holds memory MPI
 * may still be sending from. At most one is attached at a time; the environment detaches it when it closes.
 */
final class SendBuffer {
    /** The memory attached now, or null; an MPI process has one environment, so one per process. */
    private static MemorySegment attached;
    /** Whether the environment detaches the buffer when it closes (registered on the first attach). */
    private static boolean registered;

    private SendBuffer() {}

    static synchronized void attach(Environment environment, long bytes) {
        environment.check();
        if (attached != null) {
            throw new IllegalStateException("attachBuffer: a buffer of " + attached.byteSize() + " bytes is attached"
                    + " already: detachBuffer() first");
        }
        if (bytes <= Mpi.MPI_BSEND_OVERHEAD || bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("attachBuffer: " + bytes + " bytes: a buffer holds more than the "
                    + Mpi.MPI_BSEND_OVERHEAD + " bytes of MPI_BSEND_OVERHEAD and at most " + Integer.MAX_VALUE);
        }
        MemorySegment memory = NativeMemory.allocate(bytes);
        try {
            Mpi.MPI_Buffer_attach(memory, (int) bytes);
        } catch (RuntimeException e) {
            NativeMemory.free(memory);
            throw e;
        }
        if (!registered) {
            registered = true;
            environment.onClose(SendBuffer::detachIfAttached);
        }
        attached = memory;
    }

    /** Waits until every buffered message left ({@code MPI_Buffer_detach}), frees the buffer and returns its size. */
    static synchronized long detach(Environment environment) {
        environment.check();
        if (attached == null) {
            throw new IllegalStateException("detachBuffer: no buffer is attached");
        }
        long bytes = attached.byteSize();
        detachIfAttached();
        return bytes;
    }

    private static synchronized void detachIfAttached() {
        if (attached == null) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            Mpi.MPI_Buffer_detach(arena.allocate(ADDRESS), arena.allocate(JAVA_INT));
        }
        NativeMemory.free(attached);
        attached = null;
    }

    /** Checks that a buffered send of {@code message} can fit in the attached buffer. */
    static synchronized void require(String operation, Message message) {
        if (attached == null) {
            throw new IllegalStateException(operation + ": buffered() needs a buffer: Environment.attachBuffer(bytes)"
                    + " first");
        }
        long needed = message.bytes() + Mpi.MPI_BSEND_OVERHEAD;
        if (needed > attached.byteSize()) {
            throw new IllegalArgumentException(operation + ": a buffered send of " + message.bytes() + " bytes needs "
                    + needed + " bytes of buffer (with MPI_BSEND_OVERHEAD), but " + attached.byteSize()
                    + " are attached");
        }
    }
}
