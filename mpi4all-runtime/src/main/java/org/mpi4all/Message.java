package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
    /** The {@link #count} of a message of more than 2^31-1 elements, which only a native segment holds. */
    static final int LARGE = -1;

    private static final int NOT_AN_ARRAY = -1;
    private static final int BYTES = 0;
    private static final int SHORTS = 1;
    private static final int CHARS = 2;
    private static final int INTS = 3;
    private static final int LONGS = 4;
    private static final int FLOATS = 5;
    private static final int DOUBLES = 6;

    /** The user's object. */
    Object carrier;
    Datatype type;
    MPI_Datatype handle;
    /**
     * Elements in the message, or {@link #LARGE} if they exceed an int: {@link #largeCount} holds them then, and
     * only the large-count functions can take them (see {@link Downcall}).
     */
    int count;
    /** The elements of a {@link #LARGE} message. */
    private long largeCount;
    int direction;
    /** How many elements MPI wrote, when fewer than {@link #count} may arrive (a receive); -1 for all. */
    int received = -1;
    /** Which primitive array the carrier is ({@link #BYTES} ... {@link #DOUBLES}), or {@link #NOT_AN_ARRAY}. */
    private int arrayKind;
    /** Where the message starts in an array carrier, in elements (segments and nio buffers are sliced instead). */
    private int offset;
    /** The memory of a segment or {@code java.nio} buffer carrier, from the message's start; null for arrays. */
    private MemorySegment segment;
    /** The native memory the message was staged in, or null. */
    private MemorySegment staged;
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
            long count, int direction) {
        // The common cases, kept small enough for the JIT to inline into every operation: a primitive
        // array, or a native segment of bytes or of the named type, from its start, whole or the count
        // given (a reduction's result buffer) when it fits; anything else, misuse included, resolves below.
        if (offset == 0) {
            int array = arrayKindOf(carrier);
            if (array != NOT_AN_ARRAY && typeParam == null) {
                int length = Array.getLength(carrier);
                if (count <= length) {
                    return fromStart(carrier, ARRAY_TYPES[array], count < 0 ? length : (int) count, array, null,
                            direction);
                }
            } else if (carrier instanceof MemorySegment s && s.isNative()
                    && ((direction & OUT) == 0 || !s.isReadOnly())) {
                Datatype type = typeParam != null ? typeParam : Datatype.BYTE;
                long elements = type.elementsIn(s.byteSize());
                if (elements >= 0 && elements <= Integer.MAX_VALUE && count <= elements && type.hasFixedHandle()) {
                    return fromStart(carrier, type, (int) (count < 0 ? elements : count), NOT_AN_ARRAY, s, direction);
                }
            }
        }
        return resolveAny(environment, operation, carrier, typeParam, offset, count, direction);
    }

    /**
     * The elements in {@code carrier} if MPI can be handed it whole, as it is, so that a blocking call needs no
     * call state (see {@code Reductions.reduction}): a live native segment of a whole number of the predefined
     * {@code typeParam} (default {@code BYTE}) that MPI may write, if it does; or, if {@code heapInPlace} (a
     * critical downcall may take it), a primitive array, without {@code typeParam}. Else -1. {@link #wholeType}
     * is its datatype. {@link #resolve} tests the same inline, but for the arena, which the checked call it leads to
     * looks at: calling this instead made the 8-byte ping-pongs 2-5% slower in JMH.
     *
     * <p>The short paths hand such a buffer to the generated functions without the checked mode
     * ({@code MpiPrechecked}), so this is their check of it: the bytes MPI touches are the whole segment or array
     * (a predefined or duplicated datatype's extent is its size), and a segment whose arena is closed is not
     * whole, so that it goes the long way, whose checked call names it.
     */
    static int wholeCount(Object carrier, Datatype typeParam, int direction, boolean heapInPlace) {
        if (carrier instanceof MemorySegment s) {
            if (s.isNative() && ((direction & OUT) == 0 || !s.isReadOnly()) && s.scope().isAlive()) {
                Datatype type = typeParam != null ? typeParam : Datatype.BYTE;
                if (type.hasFixedHandle()) {
                    long elements = type.elementsIn(s.byteSize());   // -1 if not a whole number
                    return elements <= Integer.MAX_VALUE ? (int) elements : -1;
                }
            }
        } else if (heapInPlace && typeParam == null && arrayKindOf(carrier) != NOT_AN_ARRAY) {
            return Array.getLength(carrier);
        }
        return -1;
    }

    /** The datatype of a buffer {@link #wholeCount} accepted. */
    static Datatype wholeType(Object carrier, Datatype typeParam) {
        // a segment first: it would otherwise be compared with every array class
        if (carrier instanceof MemorySegment) {
            return typeParam != null ? typeParam : Datatype.BYTE;
        }
        return ARRAY_TYPES[arrayKindOf(carrier)];
    }

    private static final Datatype[] ARRAY_TYPES = {Datatype.BYTE, Datatype.SHORT, Datatype.CHAR, Datatype.INT,
        Datatype.LONG, Datatype.FLOAT, Datatype.DOUBLE};

    private static int arrayKindOf(Object carrier) {
        Class<?> kind = carrier == null ? null : carrier.getClass();
        if (kind == double[].class) {
            return DOUBLES;
        } else if (kind == int[].class) {
            return INTS;
        } else if (kind == long[].class) {
            return LONGS;
        } else if (kind == byte[].class) {
            return BYTES;
        } else if (kind == float[].class) {
            return FLOATS;
        } else if (kind == short[].class) {
            return SHORTS;
        } else if (kind == char[].class) {
            return CHARS;
        }
        return NOT_AN_ARRAY;
    }

    private Message fromStart(Object carrier, Datatype type, int count, int arrayKind, MemorySegment segment,
            int direction) {
        this.carrier = carrier;
        // Stored only when they change (in a loop, never): a reference stored into this long-lived
        // object costs a GC barrier.
        if (this.type != type) {
            this.type = type;
        }
        MPI_Datatype handle = type.handle(null);
        if (this.handle != handle) {
            this.handle = handle;
        }
        this.count = count;
        this.arrayKind = arrayKind;
        this.segment = segment;
        this.offset = 0;
        this.direction = direction;
        return this;
    }

    /** Resolves any buffer, with any offset, count and type: what {@link #resolve} does not do inline. */
    private Message resolveAny(Environment environment, String operation, Object carrier, Datatype typeParam,
            int offset, long count, int direction) {
        if (carrier == null) {
            throw new NullPointerException(operation + ": the buffer is null");
        }
        // received, the blocks and staged were reset by clear(), after the thread's previous call
        this.carrier = carrier;
        this.direction = direction;
        this.segment = null;
        this.arrayKind = NOT_AN_ARRAY;
        long available;
        // An if-chain on the class, not a pattern switch: this runs on every call, and is cheapest so.
        Class<?> kind = carrier.getClass();
        if (kind == double[].class) {
            type = Datatype.DOUBLE;
            available = ((double[]) carrier).length;
            arrayKind = DOUBLES;
        } else if (kind == int[].class) {
            type = Datatype.INT;
            available = ((int[]) carrier).length;
            arrayKind = INTS;
        } else if (kind == long[].class) {
            type = Datatype.LONG;
            available = ((long[]) carrier).length;
            arrayKind = LONGS;
        } else if (kind == byte[].class) {
            type = Datatype.BYTE;
            available = ((byte[]) carrier).length;
            arrayKind = BYTES;
        } else if (kind == float[].class) {
            type = Datatype.FLOAT;
            available = ((float[]) carrier).length;
            arrayKind = FLOATS;
        } else if (kind == short[].class) {
            type = Datatype.SHORT;
            available = ((short[]) carrier).length;
            arrayKind = SHORTS;
        } else if (kind == char[].class) {
            type = Datatype.CHAR;
            available = ((char[]) carrier).length;
            arrayKind = CHARS;
        } else if (kind == boolean[].class) {
            type = Datatype.BOOLEAN;
            available = ((boolean[]) carrier).length;
        } else if (carrier instanceof MemorySegment s) {
            type = typeParam != null ? typeParam : Datatype.BYTE;
            available = type.elementsIn(s.byteSize());
            if (available < 0) {
                throw new IllegalArgumentException(operation + ": a segment of " + s.byteSize()
                        + " bytes is not a whole number of " + type + " (" + type.size() + " bytes)");
            }
            segment = s;
        } else if (carrier instanceof Buffer b) {
            type = nioType(operation, b);
            available = b.remaining();
            segment = MemorySegment.ofBuffer(b);
        } else if (carrier instanceof Object[] a && kind.getComponentType().isRecord()) {
            type = Datatype.ofArrayClass(kind);
            available = a.length;
        } else {
            throw new IllegalArgumentException(operation + ": cannot send or receive a " + kind.getTypeName()
                    + "; a buffer is a primitive array, a record array, a MemorySegment or a java.nio buffer");
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
        if ((direction & OUT) != 0 && segment != null && segment.isReadOnly()) {
            throw new IllegalArgumentException(operation + ": cannot receive into " + describe(carrier)
                    + ", which is read-only");
        }
        if (elements > Integer.MAX_VALUE && (segment == null || !segment.isNative())) {
            // only a segment holds that many; handed over as it is, never staged, so never on the heap
            throw new IllegalArgumentException(operation + ": " + elements + " elements exceed an int count, which"
                    + " only a native segment may (" + describe(carrier) + " is on the heap)");
        }
        this.count = elements > Integer.MAX_VALUE ? LARGE : (int) elements;
        this.largeCount = elements;
        if (segment != null) {
            this.offset = 0;
            if (offset > 0) {
                segment = segment.asSlice(offset * type.size());
            }
        } else {
            this.offset = offset;
        }
        this.handle = type.handle(environment);
        return this;
    }

    /** What a plain (not critical) downcall is handed: the staged copy, or the native segment. */
    MemorySegment mpi() {
        return staged != null ? staged : segment;
    }

    /**
     * What the downcall is handed. A critical downcall gets an array in place: a view made here, at
     * each call, so that once this is inlined the JIT keeps the view off the heap (a view kept in a
     * field would be allocated at every call). Callers pass a constant, so only one path remains.
     */
    MemorySegment mpi(boolean critical) {
        if (!critical || arrayKind == NOT_AN_ARRAY) {
            return mpi();
        }
        MemorySegment whole = arrayView(carrier, arrayKind);
        return offset == 0 ? whole : whole.asSlice(offset * type.size());
    }

    /** {@return a view of the whole primitive array {@code array}} */
    static MemorySegment arrayView(Object array) {
        return arrayView(array, arrayKindOf(array));
    }

    private static MemorySegment arrayView(Object array, int arrayKind) {
        return switch (arrayKind) {
            case BYTES -> MemorySegment.ofArray((byte[]) array);
            case SHORTS -> MemorySegment.ofArray((short[]) array);
            case CHARS -> MemorySegment.ofArray((char[]) array);
            case INTS -> MemorySegment.ofArray((int[]) array);
            case LONGS -> MemorySegment.ofArray((long[]) array);
            case FLOATS -> MemorySegment.ofArray((float[]) array);
            default -> MemorySegment.ofArray((double[]) array);
        };
    }

    /**
     * What a critical downcall's array overload is handed ({@code MpiCritical}'s methods taking {@code Object} and
     * a byte offset): the array itself, which it views where it calls MPI, so that the view is never allocated
     * whether or not the JIT inlines it here; or the segment {@link #mpi()} hands over.
     */
    Object criticalBuffer() {
        return arrayKind == NOT_AN_ARRAY ? mpi() : carrier;
    }

    /** The byte offset into {@link #criticalBuffer()} MPI gets. */
    long criticalOffset() {
        return arrayKind == NOT_AN_ARRAY ? 0 : offset * type.size();
    }

    /** Whether MPI would get memory on the Java heap, which can only be passed by a critical downcall. */
    boolean isHeap() {
        return arrayKind != NOT_AN_ARRAY || (segment != null && !segment.isNative());
    }

    /** Whether MPI can only get the data through a copy ({@code boolean[]}, record arrays). */
    boolean isPacked() {
        return arrayKind == NOT_AN_ARRAY && segment == null;
    }

    /** Whether the message has more than 2^31-1 elements: see {@link #count}. */
    boolean isLarge() {
        return count == LARGE;
    }

    /** The elements in the message, int or {@link #isLarge() large}. */
    long elements() {
        return count == LARGE ? largeCount : count;
    }

    long bytes() {
        return elements() * type.size();
    }

    /** Whether MPI gets a copy rather than the carrier's own memory. */
    boolean isStaged() {
        return staged != null;
    }

    /** Hands MPI {@code memory} instead of the carrier, copying the data there first if MPI reads it. */
    void stage(MemorySegment memory) {
        staged = memory;
        if ((direction & IN) != 0) {
            copy(0, count, true);
        }
    }

    /** Copies the carrier's data to the staged memory again, if MPI reads it (a persistent send's next start). */
    void restage() {
        if (staged != null && (direction & IN) != 0) {
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
        if (staged == null || (direction & OUT) == 0) {
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

    /**
     * Copies elements {@code from .. from+n} of the carrier to the staged memory, if staged (a partition made ready).
     * The range is a long, as a partition's is; a staged message has at most 2^31-1 elements (only a native segment
     * holds more, and it is never staged), so it is an int range here.
     */
    void restage(long from, long n) {
        if (staged != null) {
            copy((int) from, (int) n, true);
        }
    }

    /** Copies elements {@code from .. from+n} of the staged memory back to the carrier, if staged (a partition arrived). */
    void unstage(long from, long n) {
        if (staged != null) {
            copy((int) from, (int) n, false);
        }
    }

    /** Copies elements {@code from .. from+n} of the message between the carrier and the staged memory. */
    private void copy(int from, int n, boolean toStaged) {
        if (n == 0) {
            return;
        }
        long at = from * type.size();
        if (arrayKind != NOT_AN_ARRAY) {
            ValueLayout layout = (ValueLayout) type.layout();
            if (toStaged) {
                MemorySegment.copy(carrier, offset + from, staged, layout, at, n);
            } else {
                MemorySegment.copy(staged, layout, at, carrier, offset + from, n);
            }
        } else if (segment != null) {
            if (toStaged) {
                MemorySegment.copy(segment, at, staged, at, n * type.size());
            } else {
                MemorySegment.copy(staged, at, segment, at, n * type.size());
            }
        } else if (carrier instanceof boolean[] a) {
            for (int i = from; i < from + n; i++) {
                if (toStaged) {
                    staged.set(JAVA_BOOLEAN, i, a[offset + i]);
                } else {
                    a[offset + i] = staged.get(JAVA_BOOLEAN, i);
                }
            }
        } else if (toStaged) {
            type.struct().write((Object[]) carrier, offset + from, n, staged.asSlice(at));
        } else {
            type.struct().read(staged.asSlice(at), (Object[]) carrier, offset + from, n);
        }
    }

    /** A copy that outlives the thread's next call, for a nonblocking operation to complete later. */
    Message detach() {
        Message copy = new Message();
        copy.carrier = carrier;
        copy.type = type;
        copy.handle = handle;
        copy.count = count;
        copy.largeCount = largeCount;
        copy.direction = direction;
        copy.received = received;
        copy.arrayKind = arrayKind;
        copy.offset = offset;
        copy.segment = segment;
        copy.staged = staged;
        copy.blockCounts = blockCounts;
        copy.blockDispls = blockDispls;
        return copy;
    }

    /** Forgets the call: drops the references to the caller's buffers and what limited the copy back. */
    void clear() {
        carrier = null;
        segment = null;
        staged = null;
        received = -1;
        blockCounts = null;
        blockDispls = null;
    }

    // ---- buffers made by operations ---------------------------------------------------------------

    /** A new buffer of the kind of {@code like}, with room for {@code count} elements of {@code type}. */
    static Object allocateLike(Object like, Datatype type, long count) {
        if (like instanceof MemorySegment) {
            return Arena.ofAuto().allocate(type.layout(), count);
        }
        int elements = Math.toIntExact(count);   // checked by the caller, who names the operation
        return switch (like) {
            case Buffer b -> b.isDirect() ? directBuffer(b.getClass(), type, elements) : heapBuffer(b, elements);
            default -> Array.newInstance(like.getClass().getComponentType(), elements);
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
