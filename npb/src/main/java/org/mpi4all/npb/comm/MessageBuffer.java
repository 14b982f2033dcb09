package org.mpi4all.npb.comm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A buffer of doubles for nonblocking messages, allocated by a {@link Backend} in the memory its library can
 * send from and receive into while the program goes on: off-heap memory for a native MPI, a direct buffer for
 * Open MPI's Java bindings, a plain array for a pure-Java library. Benchmark code packs outgoing data into it
 * and unpacks incoming data from it in place, as the Fortran reference fills its {@code buff} arrays, so no
 * message is copied on its way to the library.
 *
 * <p>Element access goes through the {@link MemorySegment} every backend provides; backends subclass this
 * class to keep their library's view of the same memory beside it.
 */
public class MessageBuffer {
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE;

    private final MemorySegment segment;
    private final int length;

    /**
     * @param segment the buffer's memory: a whole number of doubles, aligned for doubles
     */
    protected MessageBuffer(MemorySegment segment) {
        this.segment = Objects.requireNonNull(segment, "segment");
        if (segment.byteSize() % Double.BYTES != 0 || segment.byteSize() / Double.BYTES > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a message buffer holds a whole number of doubles, at most "
                    + Integer.MAX_VALUE + ", not " + segment.byteSize() + " bytes");
        }
        this.length = (int) (segment.byteSize() / Double.BYTES);
    }

    /** The number of doubles the buffer holds. */
    public final int length() {
        return length;
    }

    public final double get(int index) {
        return segment.getAtIndex(DOUBLE, index);
    }

    public final void set(int index, double value) {
        segment.setAtIndex(DOUBLE, index, value);
    }

    /** Copies {@code count} doubles from {@code source[sourceOffset...]} to this buffer from {@code index}. */
    public final void copyFrom(double[] source, int sourceOffset, int index, int count) {
        MemorySegment.copy(source, sourceOffset, segment, DOUBLE, (long) index * Double.BYTES, count);
    }

    /** Copies {@code count} doubles of this buffer from {@code index} to {@code target[targetOffset...]}. */
    public final void copyTo(int index, double[] target, int targetOffset, int count) {
        MemorySegment.copy(segment, DOUBLE, (long) index * Double.BYTES, target, targetOffset, count);
    }

    /** The buffer's memory, for the backend that passes it to its library. */
    public final MemorySegment segment() {
        return segment;
    }

    /**
     * Checks that {@code count} doubles from {@code offset} lie inside the buffer, for backends to call before
     * handing a range to their library.
     */
    public final void checkRange(int offset, int count) {
        Objects.checkFromIndexSize(offset, count, length);
    }
}
