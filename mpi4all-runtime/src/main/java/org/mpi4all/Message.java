package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.Mpi;

/**
 * One buffer of an MPI call, resolved from the Java object that holds it: the one place that infers
 * the datatype and count of a message and knows how each kind of buffer reaches MPI (mpi4py's
 * {@code msgbuffer.pxi}).
 *
 * <table>
 * <caption>The buffers operations accept</caption>
 * <tr><th>buffer</th><th>datatype</th><th>elements</th><th>how MPI gets it</th></tr>
 * <tr><td>{@code byte[] short[] char[] int[] long[] float[] double[]}</td><td>the component type</td>
 *     <td>length</td><td>heap: zero-copy by a critical downcall, or staged (see {@link Call})</td></tr>
 * <tr><td>{@code boolean[]}, {@code R[]} of a record {@code R}</td><td>{@code BOOLEAN}, {@code Datatype.of(R)}</td>
 *     <td>length</td><td>always copied to and from native memory</td></tr>
 * <tr><td>{@code MemorySegment}</td><td>{@link Param#type}, default {@code BYTE}</td>
 *     <td>byteSize / type size</td><td>native: zero-copy; heap ({@code ofArray}): as arrays</td></tr>
 * <tr><td>{@code ByteBuffer ... DoubleBuffer}</td><td>the buffer's element type</td>
 *     <td>remaining()</td><td>direct: zero-copy; heap: as arrays</td></tr>
 * </table>
 *
 * <p>Messages are reused by the thread's {@link Call}; nonblocking operations take a {@link #detach()}ed copy.
 */
final class Message {
    static final int IN = 1;
    static final int OUT = 2;
    static final int INOUT = IN | OUT;

    /** The user's object. */
    Object carrier;
    Datatype type;
    MPI_Datatype handle;
    /** Elements in the message. */
    int count;
    /** Where the message starts in an array carrier, in elements (segments and nio buffers are sliced instead). */
    int offset;
    /** The message's memory without a copy (heap or native), or null when the carrier must be packed. */
    MemorySegment view;
    /** What MPI is handed: {@link #view}, or the native memory the message was staged in. */
    MemorySegment mpi;
    int direction;
    /** How many elements MPI wrote, when fewer than {@link #count} may arrive (a receive); -1 for all. */
    int received = -1;
    /** The blocks MPI writes, when it writes only those (v-collectives); null for the whole message. */
    private int[] blockCounts;
    private int[] blockDispls;

    /**
     * Resolves {@code carrier}.
     *
     * @param operation for messages
     * @param typeParam the {@link Param#type} given, or null
     * @param offset    elements to skip (arrays) or to add to the position (nio) or the start (segments)
     * @param count     elements in the message, or -1 for all that follow {@code offset}
     * @param direction {@link #IN}, {@link #OUT} or both: whether MPI reads it, writes it, or both
     */
    Message resolve(Environment environment, String operation, Object carrier, Datatype typeParam, int offset,
            int count, int direction) {
        if (carrier == null) {
            throw new NullPointerException(operation + ": the buffer is null");
        }
        this.carrier = carrier;
        this.direction = direction;
        this.offset = 0;
        this.received = -1;
        this.blockCounts = null;
        this.blockDispls = null;
        long available;
        switch (carrier) {
            case byte[] a -> { type = Datatype.BYTE; available = a.length; view = MemorySegment.ofArray(a); }
            case short[] a -> { type = Datatype.SHORT; available = a.length; view = MemorySegment.ofArray(a); }
            case char[] a -> { type = Datatype.CHAR; available = a.length; view = MemorySegment.ofArray(a); }
            case int[] a -> { type = Datatype.INT; available = a.length; view = MemorySegment.ofArray(a); }
            case long[] a -> { type = Datatype.LONG; available = a.length; view = MemorySegment.ofArray(a); }
            case float[] a -> { type = Datatype.FLOAT; available = a.length; view = MemorySegment.ofArray(a); }
            case double[] a -> { type = Datatype.DOUBLE; available = a.length; view = MemorySegment.ofArray(a); }
            case boolean[] a -> { type = Datatype.BOOLEAN; available = a.length; view = null; }
            case MemorySegment s -> {
                type = typeParam != null ? typeParam : Datatype.BYTE;
                if (s.byteSize() % type.size() != 0) {
                    throw new IllegalArgumentException(operation + ": a segment of " + s.byteSize()
                            + " bytes is not a whole number of " + type + " (" + type.size() + " bytes)");
                }
                available = s.byteSize() / type.size();
                view = s;
            }
            case Buffer b -> {
                type = nioType(operation, b);
                available = b.remaining();
                view = MemorySegment.ofBuffer(b);
            }
            case Object[] a when a.getClass().getComponentType().isRecord() -> {
                type = Datatype.ofArrayClass(a.getClass());
                available = a.length;
                view = null;
            }
            default -> throw new IllegalArgumentException(operation + ": cannot send or receive a "
                    + carrier.getClass().getTypeName() + "; a buffer is a primitive array, a record array,"
                    + " a MemorySegment or a java.nio buffer");
        }
        if (typeParam != null && typeParam != type) {
            throw new IllegalArgumentException(operation + ": type(" + typeParam + ") does not match "
                    + describe(carrier));
        }
        if (offset > available) {
            throw new IllegalArgumentException(operation + ": offset " + offset + " is beyond the " + available
                    + " elements of " + describe(carrier));
        }
        long elements = count < 0 ? available - offset : count;
        if (offset + elements > available) {
            throw new IllegalArgumentException(operation + ": count " + elements
                    + (offset > 0 ? " from offset " + offset : "") + " exceeds the " + available
                    + " elements of " + describe(carrier));
        }
        if (elements > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(operation + ": " + elements + " elements exceed MPI's int count");
        }
        if ((direction & OUT) != 0 && view != null && view.isReadOnly()) {
            throw new IllegalArgumentException(operation + ": cannot receive into " + describe(carrier)
                    + ", which is read-only");
        }
        this.count = (int) elements;
        if (view != null) {
            if (offset > 0) {
                view = view.asSlice(offset * type.size());
            }
        } else {
            this.offset = offset;
        }
        this.handle = type.handle(environment);
        this.mpi = view;
        return this;
    }

    boolean isHeap() {
        return view != null && !view.isNative();
    }

    /** Whether MPI can only get the data through a copy ({@code boolean[]}, record arrays). */
    boolean isPacked() {
        return view == null;
    }

    long bytes() {
        return count * type.size();
    }

    /** Whether MPI gets a copy rather than the carrier's own memory. */
    boolean isStaged() {
        return mpi != view;
    }

    /** Hands MPI {@code memory} instead of the carrier, copying the data there first if MPI reads it. */
    void stage(MemorySegment memory) {
        mpi = memory;
        if ((direction & IN) != 0) {
            copy(0, count, true);
        }
    }

    /**
     * Limits what {@link #unstage()} copies back to what a receive wrote: the element count of its
     * {@code status}. Without this, the rest of the buffer would be overwritten with stale staging memory.
     */
    void limitToReceived(MemorySegment status, MemorySegment intScratch) {
        Mpi.MPI_Get_count(status, Mpi.MPI_BYTE, intScratch);
        received = (int) (intScratch.get(JAVA_INT, 0) / type.dataSize());
    }

    /** Limits what {@link #unstage()} copies back to the blocks a v-collective writes; what lies between them stays. */
    void limitToBlocks(int[] counts, int[] displs) {
        blockCounts = counts;
        blockDispls = displs;
    }

    /** Copies what MPI wrote into the staged memory back to the carrier; nothing if it was not staged. */
    void unstage() {
        if (mpi == view || (direction & OUT) == 0) {
            return;
        }
        if (blockCounts != null) {
            for (int i = 0; i < blockCounts.length; i++) {
                copy(blockDispls[i], blockCounts[i], false);
            }
        } else {
            copy(0, received >= 0 ? Math.min(received, count) : count, false);
        }
    }

    /** Copies elements {@code from .. from+n} of the message between the carrier and the staged memory. */
    private void copy(int from, int n, boolean toStaged) {
        if (n == 0) {
            return;
        }
        long at = from * type.size();
        if (view != null) {
            if (toStaged) {
                MemorySegment.copy(view, at, mpi, at, n * type.size());
            } else {
                MemorySegment.copy(mpi, at, view, at, n * type.size());
            }
        } else if (carrier instanceof boolean[] a) {
            for (int i = from; i < from + n; i++) {
                if (toStaged) {
                    mpi.set(JAVA_BOOLEAN, i, a[offset + i]);
                } else {
                    a[offset + i] = mpi.get(JAVA_BOOLEAN, i);
                }
            }
        } else if (toStaged) {
            type.struct().write((Object[]) carrier, offset + from, n, mpi.asSlice(at));
        } else {
            type.struct().read(mpi.asSlice(at), (Object[]) carrier, offset + from, n);
        }
    }

    /** A copy that outlives the thread's next call, for a nonblocking operation to complete later. */
    Message detach() {
        Message copy = new Message();
        copy.carrier = carrier;
        copy.type = type;
        copy.handle = handle;
        copy.count = count;
        copy.offset = offset;
        copy.view = view;
        copy.mpi = mpi;
        copy.direction = direction;
        copy.received = received;
        copy.blockCounts = blockCounts;
        copy.blockDispls = blockDispls;
        return copy;
    }

    void clear() {
        carrier = null;
        view = null;
        mpi = null;
    }

    // ---- buffers made by operations ---------------------------------------------------------------

    /** A new buffer of the kind of {@code like}, with room for {@code count} elements of {@code type}. */
    static Object allocateLike(Object like, Datatype type, int count) {
        return switch (like) {
            case MemorySegment s -> Arena.ofAuto().allocate(type.layout(), count);
            case Buffer b -> b.isDirect() ? directBuffer(b.getClass(), type, count) : heapBuffer(b, count);
            default -> Array.newInstance(like.getClass().getComponentType(), count);
        };
    }

    /**
     * A new buffer of class {@code kind} (an array class, {@code MemorySegment.class} or a {@code java.nio}
     * buffer class) for {@code count} elements, and the datatype it holds.
     */
    static Object allocate(String operation, Class<?> kind, Datatype typeParam, int count) {
        if (kind.isArray()) {
            Datatype type = Datatype.ofArrayClass(kind);
            if (type == null) {
                throw new IllegalArgumentException(operation + ": cannot receive a " + kind.getTypeName());
            }
            return Array.newInstance(kind.getComponentType(), count);
        }
        if (kind == MemorySegment.class) {
            return Arena.ofAuto().allocate((typeParam != null ? typeParam : Datatype.BYTE).layout(), count);
        }
        if (Buffer.class.isAssignableFrom(kind)) {
            return directBuffer(kind, null, count);
        }
        throw new IllegalArgumentException(operation + ": cannot receive a " + kind.getTypeName()
                + "; a buffer is a primitive array, a record array, a MemorySegment or a java.nio buffer");
    }

    /** The datatype of buffers of class {@code kind}, as {@link #allocate} makes them. */
    static Datatype typeOf(String operation, Class<?> kind, Datatype typeParam) {
        if (kind.isArray()) {
            return Datatype.ofArrayClass(kind);
        }
        if (kind == MemorySegment.class) {
            return typeParam != null ? typeParam : Datatype.BYTE;
        }
        return nioType(operation, kind);
    }

    private static Object heapBuffer(Buffer like, int count) {
        return switch (like) {
            case ByteBuffer b -> ByteBuffer.allocate(count);
            case ShortBuffer b -> ShortBuffer.allocate(count);
            case CharBuffer b -> CharBuffer.allocate(count);
            case IntBuffer b -> IntBuffer.allocate(count);
            case LongBuffer b -> LongBuffer.allocate(count);
            case FloatBuffer b -> FloatBuffer.allocate(count);
            case DoubleBuffer b -> DoubleBuffer.allocate(count);
            default -> throw new AssertionError(like.getClass());
        };
    }

    private static Buffer directBuffer(Class<?> kind, Datatype type, int count) {
        Datatype elements = type != null ? type : nioType("allocate", kind);
        ByteBuffer bytes = ByteBuffer.allocateDirect(Math.multiplyExact(count, (int) elements.size()))
                .order(ByteOrder.nativeOrder());
        if (ByteBuffer.class.isAssignableFrom(kind)) {
            return bytes;
        } else if (ShortBuffer.class.isAssignableFrom(kind)) {
            return bytes.asShortBuffer();
        } else if (CharBuffer.class.isAssignableFrom(kind)) {
            return bytes.asCharBuffer();
        } else if (IntBuffer.class.isAssignableFrom(kind)) {
            return bytes.asIntBuffer();
        } else if (LongBuffer.class.isAssignableFrom(kind)) {
            return bytes.asLongBuffer();
        } else if (FloatBuffer.class.isAssignableFrom(kind)) {
            return bytes.asFloatBuffer();
        }
        return bytes.asDoubleBuffer();
    }

    private static Datatype nioType(String operation, Buffer buffer) {
        Datatype type = nioType(operation, buffer.getClass());
        ByteOrder order = switch (buffer) {
            case ByteBuffer b -> ByteOrder.nativeOrder();   // bytes have no order
            case ShortBuffer b -> b.order();
            case CharBuffer b -> b.order();
            case IntBuffer b -> b.order();
            case LongBuffer b -> b.order();
            case FloatBuffer b -> b.order();
            case DoubleBuffer b -> b.order();
            default -> ByteOrder.nativeOrder();
        };
        if (order != ByteOrder.nativeOrder()) {
            throw new IllegalArgumentException(operation + ": " + describe(buffer) + " in " + order
                    + " byte order; MPI reads native order (" + ByteOrder.nativeOrder()
                    + "): make it from a ByteBuffer with .order(ByteOrder.nativeOrder())");
        }
        return type;
    }

    private static Datatype nioType(String operation, Class<?> kind) {
        if (ByteBuffer.class.isAssignableFrom(kind)) {
            return Datatype.BYTE;
        } else if (ShortBuffer.class.isAssignableFrom(kind)) {
            return Datatype.SHORT;
        } else if (CharBuffer.class.isAssignableFrom(kind)) {
            return Datatype.CHAR;
        } else if (IntBuffer.class.isAssignableFrom(kind)) {
            return Datatype.INT;
        } else if (LongBuffer.class.isAssignableFrom(kind)) {
            return Datatype.LONG;
        } else if (FloatBuffer.class.isAssignableFrom(kind)) {
            return Datatype.FLOAT;
        } else if (DoubleBuffer.class.isAssignableFrom(kind)) {
            return Datatype.DOUBLE;
        }
        throw new IllegalArgumentException(operation + ": cannot send or receive a " + kind.getTypeName());
    }

    /** {@code int[10]}, {@code a MemorySegment of 40 bytes}, {@code a direct IntBuffer with 10 remaining}. */
    static String describe(Object carrier) {
        return switch (carrier) {
            case MemorySegment s -> "a MemorySegment of " + s.byteSize() + " bytes";
            case Buffer b -> (b.isDirect() ? "a direct " : "a heap ") + kindOf(b).getSimpleName() + " with "
                    + b.remaining() + " remaining";
            default -> carrier.getClass().getComponentType().getSimpleName() + "[" + Array.getLength(carrier) + "]";
        };
    }

    /** The class a buffer's kind is known by: its array class, {@code MemorySegment} or its {@code java.nio} buffer class. */
    static Class<?> kindOf(Object buffer) {
        return switch (buffer) {
            case MemorySegment s -> MemorySegment.class;
            case ByteBuffer b -> ByteBuffer.class;
            case ShortBuffer b -> ShortBuffer.class;
            case CharBuffer b -> CharBuffer.class;
            case IntBuffer b -> IntBuffer.class;
            case LongBuffer b -> LongBuffer.class;
            case FloatBuffer b -> FloatBuffer.class;
            case DoubleBuffer b -> DoubleBuffer.class;
            default -> buffer.getClass();
        };
    }
}
