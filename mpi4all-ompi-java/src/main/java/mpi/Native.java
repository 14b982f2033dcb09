package mpi;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.nio.Buffer;
import java.nio.charset.StandardCharsets;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.MpiException;

/**
 * What every class of this package does to call the generated layer: turn the buffers of Open MPI's API (Java
 * arrays and NIO buffers) into memory segments, and the runtime's unchecked errors into {@link MPIException}.
 *
 * <p>A buffer is addressed from its element 0 (not from its position): that is what Open MPI's bindings do, and
 * {@link MPI#slice} is how a program starts a buffer further in, counted in elements of the array or buffer.
 */
final class Native {
    private Native() {
    }

    /** An MPI call whose errors become {@link MPIException}s. */
    interface Body {
        void run() throws MPIException;
    }

    /** An MPI call that may allocate temporary native memory in {@code arena}. */
    interface Action {
        void run(Arena arena) throws MPIException;
    }

    /** An MPI call that returns a value and may allocate temporary native memory in {@code arena}. */
    interface Result<T> {
        T run(Arena arena) throws MPIException;
    }

    static void run(Body body) throws MPIException {
        MPI.check();
        try {
            body.run();
        } catch (MpiException e) {
            throw new MPIException(e);
        } catch (IllegalStateException e) {
            throw unwrapCallbackFailure(e);
        }
    }

    static void run(Action action) throws MPIException {
        get(arena -> {
            action.run(arena);
            return null;
        });
    }

    static <T> T get(Result<T> body) throws MPIException {
        MPI.check();
        return anyTime(body);
    }

    /** {@link #get}, also before {@code MPI.Init} and after {@code MPI.Finalize}: for the calls MPI allows then. */
    static <T> T anyTime(Result<T> body) throws MPIException {
        try (Arena arena = Arena.ofConfined()) {
            return body.run(arena);
        } catch (MpiException e) {
            throw new MPIException(e);
        } catch (IllegalStateException e) {
            throw unwrapCallbackFailure(e);
        }
    }

    /** A Java operator (or other callback) that threw an MPIException: the caller gets that exception. */
    private static MPIException unwrapCallbackFailure(IllegalStateException e) {
        if (e.getCause() instanceof MPIException cause) {
            return cause;
        }
        throw e;
    }

    /**
     * The memory of a blocking call's buffer: a Java array or an NIO buffer, from its element 0. Heap memory is
     * only for the {@code MpiCritical} functions. A {@code boolean[]} (which no segment can view) is copied into a
     * byte array; {@link #copyBack} returns a receive buffer's values to it.
     */
    static MemorySegment segment(Object buffer) {
        return switch (buffer) {
            case null -> MemorySegment.NULL;
            case byte[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            case boolean[] a -> booleansAsBytes(a);
            case Buffer b -> MemorySegment.ofBuffer(b.duplicate().clear());
            default -> throw new IllegalArgumentException("an MPI buffer must be a Java array of a primitive type or an"
                    + " NIO buffer, not a " + buffer.getClass().getName());
        };
    }

    private static MemorySegment booleansAsBytes(boolean[] values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = values[i] ? (byte) 1 : 0;
        }
        return MemorySegment.ofArray(bytes);
    }

    /** After a call that wrote {@code memory}, the values of a {@code boolean[]} buffer (others need nothing). */
    static void copyBack(Object buffer, MemorySegment memory) {
        if (buffer instanceof boolean[] values) {
            for (int i = 0; i < values.length; i++) {
                values[i] = memory.get(JAVA_BYTE, i) != 0;
            }
        }
    }

    /** The memory of a nonblocking call's buffer: it must be direct, since MPI uses it after the call returns. */
    static MemorySegment direct(Buffer buffer) {
        if (buffer == null) {
            return MemorySegment.NULL;
        }
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("a nonblocking operation needs a direct buffer (MPI.new*Buffer), not a"
                    + " heap " + buffer.getClass().getSimpleName());
        }
        return MemorySegment.ofBuffer(buffer.duplicate().clear());
    }

    /** {@code memory} itself if it is native, else a native copy of it (for calls that cannot take heap memory). */
    static MemorySegment offHeap(MemorySegment memory, SegmentAllocator allocator) {
        if (memory.isNative()) {
            return memory;
        }
        return allocator.allocate(memory.byteSize(), 8).copyFrom(memory);
    }

    /** The buffer a reduction sends: {@code MPI_IN_PLACE} where the program gave none. */
    static MemorySegment inPlaceOr(MemorySegment memory) {
        return memory.equals(MemorySegment.NULL) ? Mpi.MPI_IN_PLACE : memory;
    }

    static MemorySegment ints(SegmentAllocator allocator, int[] values) {
        return values == null ? MemorySegment.NULL : allocator.allocateFrom(JAVA_INT, values);
    }

    /** Byte displacements as the {@code MPI_Aint} array the C functions take. */
    static MemorySegment aints(SegmentAllocator allocator, int[] values) {
        MemorySegment memory = allocator.allocate(JAVA_LONG, values.length);
        for (int i = 0; i < values.length; i++) {
            memory.setAtIndex(JAVA_LONG, i, values[i]);
        }
        return memory;
    }

    static int[] toInts(MemorySegment memory) {
        return memory.toArray(JAVA_INT);
    }

    static MemorySegment string(SegmentAllocator allocator, String value) {
        return allocator.allocateFrom(value, StandardCharsets.UTF_8);
    }

    /** A string MPI reads only at the root (a port name): {@code NULL} where a non-root passes none. */
    static MemorySegment rootString(SegmentAllocator allocator, String value) {
        return value == null ? MemorySegment.NULL : string(allocator, value);
    }

    /** The C string in {@code memory} of at most {@code length} bytes. */
    static String string(MemorySegment memory, int length) {
        return new String(memory.asSlice(0, length).toArray(JAVA_BYTE), StandardCharsets.UTF_8);
    }

    private static final long SCRATCH_BYTES = 256;
    private static final ThreadLocal<MemorySegment> SCRATCH =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(SCRATCH_BYTES, 16));

    /**
     * This thread's native memory for the outputs of a frequent call (a request, a status, a flag): the
     * nonblocking calls and waits of a loop then allocate nothing. Valid until the thread's next MPI call.
     */
    static MemorySegment scratch() {
        return SCRATCH.get();
    }

    static int intAt(MemorySegment memory) {
        return memory.get(JAVA_INT, 0);
    }
}
