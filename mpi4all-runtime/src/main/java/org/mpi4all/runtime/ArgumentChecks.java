package org.mpi4all.runtime;

import java.lang.foreign.MemorySegment;

/**
 * The checked mode of the generated layer: what each generated function checks, when {@link #ENABLED}, before MPI
 * sees its arguments. Which arguments get which check comes from the MPI standard's parameter kinds (the code
 * generator's {@code ArgumentCheckEmitter}): a buffer with its element count and datatype must hold that many
 * elements; a buffer MPI keeps after the call returns (nonblocking, persistent, one-sided, attached) must be
 * off-heap; every pointer must still be alive; a communicator, datatype, operation, window or group passed by value
 * must not be its {@code MPI_*_NULL}. A failed check is an {@link IllegalArgumentException} (or, for a closed
 * segment, an {@link IllegalStateException}) naming the function and the argument.
 *
 * <p>On unless {@code -Dmpi4all.checked=false} (or {@code MPI4ALL_CHECKED=false}); read once into a constant, so
 * the JIT removes the checks entirely when they are off. See {@code docs/checked-mode.md}.
 */
public final class ArgumentChecks {
    /** Whether the generated functions check their arguments. */
    public static final boolean ENABLED = enabled();

    /** Measures a datatype: fills {@code span} with its lower bound, extent, true lower bound and true extent. */
    public interface DatatypeMeasure {
        void measure(long datatype, long[] span);
    }

    private final DatatypeSpans spans;
    private final long inPlace;
    private final long bottom;
    private final long datatypeNull;

    /**
     * @param measure      how to measure a datatype MPI has not been asked about yet
     * @param inPlace      {@code MPI_IN_PLACE}, and {@code bottom} {@code MPI_BOTTOM}: buffers whose extent the
     *                     segment does not describe (MPI ignores the one, the other addresses absolute memory)
     * @param datatypeNull {@code MPI_DATATYPE_NULL}'s value
     */
    public ArgumentChecks(DatatypeMeasure measure, MemorySegment inPlace, MemorySegment bottom, long datatypeNull) {
        this.spans = new DatatypeSpans(measure);
        this.inPlace = inPlace.address();
        this.bottom = bottom.address();
        this.datatypeNull = datatypeNull;
    }

    /**
     * Checks that {@code buffer} holds {@code count} elements of {@code datatype}: the bytes MPI touches, from the
     * datatype's true lower bound to the last element's true upper bound, lie inside the segment. Nothing is
     * checked for {@code MPI_IN_PLACE} and {@code MPI_BOTTOM}.
     */
    public void buffer(String function, String bufferName, MemorySegment buffer, long count, String countName,
                       long datatype, String datatypeName) {
        alive(function, bufferName, buffer);
        if (count > 0) {
            holds(function, bufferName, buffer, count, countName, datatype, datatypeName);
        }
    }

    /**
     * {@link #offHeap} and {@link #buffer(String, String, MemorySegment, long, String, long, String)} in one, for a
     * buffer MPI keeps using after {@code function} returns (a nonblocking start's): the segment's scope and kind are
     * looked at once, in the one call a start makes per message.
     */
    public void keptBuffer(String function, String bufferName, MemorySegment buffer, long count, String countName,
                           long datatype, String datatypeName) {
        offHeap(function, bufferName, buffer);
        if (count > 0) {
            holds(function, bufferName, buffer, count, countName, datatype, datatypeName);
        }
    }

    /**
     * {@link #buffer(String, String, MemorySegment, long, String, long, String)} for a buffer of a critical
     * function's heap-array form, given as {@code array} from byte {@code offset}. A primitive array is measured,
     * not viewed: its view is made at the downcall alone, where C2 keeps it off the heap, and a view handed here
     * would be allocated wherever C2 declines to inline this method (as it does at call sites it sees as cold). A
     * segment, sliced at {@code offset}, or {@code null} ({@code NULL}) is checked as the segment form checks it;
     * anything else is left to the view, which refuses it.
     *
     * @throws IndexOutOfBoundsException if {@code offset} lies outside the array
     */
    public void buffer(String function, String bufferName, Object array, long offset, long count, String countName,
                       long datatype, String datatypeName) {
        long bytes = HeapBuffers.byteSize(array);
        if (bytes >= 0) {
            if (offset < 0 || offset > bytes) {
                throw new IndexOutOfBoundsException(function + ": argument " + bufferName + " starts at byte offset "
                        + offset + " of a " + array.getClass().getTypeName() + " of " + bytes + " bytes");
            }
            if (count > 0) {
                holds(function, bufferName, bytes - offset, count, countName, datatype, datatypeName);
            }
        } else if (array instanceof MemorySegment || array == null) {
            MemorySegment segment = HeapBuffers.segment(array, function, bufferName);
            buffer(function, bufferName, offset == 0 ? segment : segment.asSlice(offset), count, countName, datatype,
                    datatypeName);
        }
    }

    /**
     * The segment form of {@link #holds(String, String, long, long, String, long, String)}: a start's or a send's
     * check looks up the datatype and compares, and nothing else. The sentinels {@code MPI_IN_PLACE} and
     * {@code MPI_BOTTOM}, whose extent the segment does not describe, are looked for only when that comparison fails or
     * the datatype was never measured (next to a sentinel, a datatype MPI ignores may be {@code MPI_DATATYPE_NULL}).
     */
    private void holds(String function, String bufferName, MemorySegment buffer, long count, String countName,
                       long datatype, String datatypeName) {
        DatatypeSpans.Span span = spans.measuredBefore(datatype);
        if (span != null && span.fits(count, buffer.byteSize())) {
            return;
        }
        // A heap segment's address is an offset in its array, never a sentinel.
        boolean sentinel = buffer.isNative() && (buffer.address() == inPlace || buffer.address() == bottom);
        if (!sentinel) {
            holds(function, bufferName, buffer.byteSize(), count, countName, datatype, datatypeName);
        }
    }

    private void holds(String function, String bufferName, long bytes, long count, String countName, long datatype,
                       String datatypeName) {
        DatatypeSpans.Span span = spans.measuredBefore(datatype);
        if (span == null) {
            // MPI_DATATYPE_NULL is never measured: checked here, not on every call.
            notNull(datatype, datatypeNull, function, datatypeName, "MPI_DATATYPE_NULL");
            span = spans.measured(datatype);
        }
        if (!span.fits(count, bytes)) {
            throw shortBuffer(function, bufferName, bytes, count, countName, datatype, datatypeName, span);
        }
    }

    /** Forgets what was measured of {@code datatype}, which is about to be freed or changed. */
    public void forget(long datatype) {
        spans.forget(datatype);
    }

    /** Checks that {@code handle} is not {@code nullValue}, the handle type's {@code nullName}. */
    public static void notNull(long handle, long nullValue, String function, String argument, String nullName) {
        if (handle == nullValue) {
            throw new IllegalArgumentException(function + ": argument " + argument + " is " + nullName
                    + ", which " + function + " does not accept (a freed handle is " + nullName + " too)");
        }
    }

    /**
     * {@link #alive(String, String, MemorySegment)} for a buffer of a critical function's heap-array form: a
     * primitive array (or {@code null}) is always alive, and only a segment is looked at.
     */
    public static void alive(String function, String argument, Object array) {
        if (array instanceof MemorySegment segment) {
            alive(function, argument, segment);
        }
    }

    /** Checks that {@code segment}'s memory has not been freed (its arena closed). */
    public static void alive(String function, String argument, MemorySegment segment) {
        if (!segment.scope().isAlive()) {
            throw freed(function, argument);
        }
    }

    private static IllegalStateException freed(String function, String argument) {
        return new IllegalStateException(function + ": argument " + argument
                + " is a segment whose arena is closed (its memory is freed)");
    }

    /**
     * Checks that {@code buffer}, which MPI keeps using after {@code function} returns, is off-heap: the garbage
     * collector moves heap arrays.
     */
    public static void offHeap(String function, String argument, MemorySegment buffer) {
        alive(function, argument, buffer);
        if (!buffer.isNative()) {
            throw new IllegalArgumentException(function + ": argument " + argument + " is a heap segment ("
                    + buffer.heapBase().map(base -> base.getClass().getSimpleName()).orElse("heap") + "), but MPI"
                    + " keeps using it after " + function + " returns, and the garbage collector moves heap"
                    + " arrays: pass off-heap memory (Arena.allocate)");
        }
    }

    private static IllegalArgumentException shortBuffer(String function, String bufferName, long bytes,
                                                        long count, String countName, long datatype,
                                                        String datatypeName, DatatypeSpans.Span span) {
        long first = span.first(count);
        long end = span.end(count);
        String reach = first < 0
                ? "reach " + -first + " bytes before its start"
                : "need " + (end == Long.MAX_VALUE ? "more than Long.MAX_VALUE" : Long.toString(end)) + " bytes";
        return new IllegalArgumentException(String.format(
                "%s: argument %s is %d bytes, but %s=%d elements of %s (datatype 0x%x: extent %d, true lower bound %d,"
                        + " true extent %d) %s", function, bufferName, bytes, countName, count,
                datatypeName, datatype, span.extent(), span.trueLb(), span.trueExtent(), reach));
    }

    private static boolean enabled() {
        String value = System.getProperty("mpi4all.checked");
        if (value == null) {
            value = System.getenv("MPI4ALL_CHECKED");
        }
        return value == null || !value.strip().equalsIgnoreCase("false");
    }
}
