package org.mpi4all.runtime;

import java.lang.foreign.MemorySegment;

/**
 * What the heap-array overloads of {@code MpiCritical} need of a buffer besides its view: a primitive array's size
 * for the checks (they view arrays themselves, at the downcall, so that the JIT keeps the view off the heap), and
 * what to do with anything else.
 */
public final class HeapBuffers {
    private HeapBuffers() {}

    /**
     * {@return how many bytes {@code buffer} holds if it is a primitive array, else -1}; measured without a view,
     * which would escape from wherever the JIT did not inline this.
     */
    public static long byteSize(Object buffer) {
        if (buffer instanceof double[] doubles) {
            return doubles.length * (long) Double.BYTES;
        } else if (buffer instanceof byte[] bytes) {
            return bytes.length;
        } else if (buffer instanceof int[] ints) {
            return ints.length * (long) Integer.BYTES;
        } else if (buffer instanceof long[] longs) {
            return longs.length * (long) Long.BYTES;
        } else if (buffer instanceof float[] floats) {
            return floats.length * (long) Float.BYTES;
        } else if (buffer instanceof short[] shorts) {
            return shorts.length * (long) Short.BYTES;
        } else if (buffer instanceof char[] chars) {
            return chars.length * (long) Character.BYTES;
        }
        return -1;
    }

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
