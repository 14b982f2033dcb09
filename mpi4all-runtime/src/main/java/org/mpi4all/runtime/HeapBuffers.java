package org.mpi4all.runtime;

import java.lang.foreign.MemorySegment;

/**
 * What the heap-array overloads of {@code MpiCritical} do with a buffer that is not a primitive array (those they
 * view themselves, inline, so that the JIT keeps the view off the heap).
 */
public final class HeapBuffers {
    private HeapBuffers() {}

    /**
     * {@return {@code buffer} if it is a segment, {@code NULL} if it is null}
     *
     * @throws IllegalArgumentException naming {@code function} and {@code argument} for anything else
     */
    public static MemorySegment segment(Object buffer, String function, String argument) {
        if (buffer instanceof MemorySegment segment) {
            return segment;
        }
        if (buffer == null) {
            return MemorySegment.NULL;
        }
        throw new IllegalArgumentException(function + ": argument " + argument + " is a "
                + buffer.getClass().getTypeName() + "; a buffer is a primitive array or a MemorySegment");
    }
}
