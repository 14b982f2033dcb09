package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_CHAR_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;
import org.mpi4all.Datatype.Category;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.MPI_User_function;
import org.mpi4all.ffi.Mpi;

/**
 * A reduction operator: one of MPI's predefined ones, or a Java function.
 *
 * {@snippet :
 * long[] max = world.allreduce(values, Op.MAX);                         // MPI_MAX, run by MPI
 * double[] norms = world.allreduce(v, Op.ofDoubles(Math::hypot));      // a Java function, called by MPI
 * short[] gcds = world.allreduce(s, Op.ofShorts(Gcd::of));             // on ints, narrowed back
 * Point[] sum = world.allreduce(points, Op.ofRecords(Point.class, Point::plus));
 * }
 *
 * <p>A predefined operator applies to the types the MPI standard allows (MPI-4.1 §6.9.2): {@code SUM},
 * {@code PROD}, {@code MAX}, {@code MIN} to numbers, the logical ones to integers and {@code boolean},
 * the bitwise ones to integers, {@code MAXLOC} and {@code MINLOC} to the {@link Loc} pairs. A Java operator applies to the one element type it was made for. Both
 * are checked before MPI is called: a mismatch is an {@link IllegalArgumentException}.
 *
 * <p>A Java operator is an upcall: MPI calls it with parts of the buffers, and it combines them element
 * by element, {@code inout[i] = f(in[i], inout[i])} (so for a non-commutative operator, {@code f(a, b)}
 * is "a, then b" in rank order). If it throws, the exception is kept, the reduction is finished with
 * what it left, and the exception is rethrown to the caller of the reduction on that rank. It must
 * not call MPI. Its MPI handle is created on first use and freed when the environment closes.
 */
public final class Op {
    // The categories of elements each operator applies to, as a mask of Category.bit: a reduction tests it at every
    // call, and a mask is one AND where an EnumSet is a class check and a shift.
    private static final int NUMBERS = Category.INTEGER.bit | Category.FLOATING.bit;
    private static final int LOGICAL = Category.INTEGER.bit | Category.LOGICAL.bit;
    private static final int BITS = Category.INTEGER.bit;
    private static final int PAIRS = Category.PAIR.bit;
    private static final int ANY = -1;

    public static final Op SUM = new Op("SUM", Mpi.MPI_SUM, NUMBERS);
    public static final Op PROD = new Op("PROD", Mpi.MPI_PROD, NUMBERS);
    public static final Op MAX = new Op("MAX", Mpi.MPI_MAX, NUMBERS);
    public static final Op MIN = new Op("MIN", Mpi.MPI_MIN, NUMBERS);
    public static final Op LAND = new Op("LAND", Mpi.MPI_LAND, LOGICAL);
    public static final Op LOR = new Op("LOR", Mpi.MPI_LOR, LOGICAL);
    public static final Op LXOR = new Op("LXOR", Mpi.MPI_LXOR, LOGICAL);
    public static final Op BAND = new Op("BAND", Mpi.MPI_BAND, BITS);
    public static final Op BOR = new Op("BOR", Mpi.MPI_BOR, BITS);
    public static final Op BXOR = new Op("BXOR", Mpi.MPI_BXOR, BITS);
    /** The largest value and its index, of {@link Loc} elements (the smallest index among equal values). */
    public static final Op MAXLOC = new Op("MAXLOC", Mpi.MPI_MAXLOC, PAIRS);
    /** The smallest value and its index, of {@link Loc} elements (the smallest index among equal values). */
    public static final Op MINLOC = new Op("MINLOC", Mpi.MPI_MINLOC, PAIRS);
    /** The new value replaces the old: one-sided {@link Window#accumulate} only (an atomic put). */
    public static final Op REPLACE = new Op("REPLACE", Mpi.MPI_REPLACE, ANY);
    /** The old value stays: one-sided {@link Window#getAccumulate} only (an atomic get). */
    public static final Op NO_OP = new Op("NO_OP", Mpi.MPI_NO_OP, ANY);

    /** Combines element {@code i} of {@code in} into element {@code i} of {@code inout}. */
    @FunctionalInterface
    private interface ElementCombiner {
        void combine(MemorySegment in, MemorySegment inout, int i);
    }

    /**
     * The exception a Java operator threw on this thread, kept until the caller of the reduction takes it.
     * It must not unwind through MPI's frames, and the operator keeps it from the generated layer's record
     * of callback failures ({@code Upcalls}), which the next MPI function to return would throw: that may be
     * a wait or test completing several requests, whose completions must be recorded first.
     */
    private static final ThreadLocal<Throwable> FAILURE = new ThreadLocal<>();
    /** How many threads are running a Java operator now (see {@link #anyRunning}). */
    private static final AtomicInteger RUNNING = new AtomicInteger();

    private final String name;
    private final MPI_Op predefined;
    /** The mask of {@code Category.bit}s this operator applies to: none for a Java operator, which has one type. */
    private final int applies;
    private final Datatype elementType;
    private final MPI_User_function function;
    private final boolean commutative;
    private volatile MPI_Op created;

    private Op(String name, MPI_Op predefined, int applies) {
        this(name, predefined, applies, null, null, true);
    }

    private Op(String name, MPI_Op predefined, int applies, Datatype elementType,
            MPI_User_function function, boolean commutative) {
        this.name = name;
        this.predefined = predefined;
        this.applies = applies;
        this.elementType = elementType;
        this.function = function;
        this.commutative = commutative;
    }

    /** {@return a commutative operator on {@code int}s computing {@code f}} */
    public static Op ofInts(IntBinaryOperator f) {
        Objects.requireNonNull(f, "f == null");
        return user(Datatype.INT, (in, inout, i) -> inout.setAtIndex(JAVA_INT_UNALIGNED, i,
                f.applyAsInt(in.getAtIndex(JAVA_INT_UNALIGNED, i), inout.getAtIndex(JAVA_INT_UNALIGNED, i))));
    }

    /**
     * {@return a commutative operator on {@code byte}s computing {@code f}}: as Java's arithmetic on
     * {@code byte}s, {@code f} takes them as {@code int}s, and its result is narrowed as a cast would.
     */
    public static Op ofBytes(IntBinaryOperator f) {
        return narrowing(Datatype.BYTE, f, (segment, i) -> segment.get(JAVA_BYTE, i),
                (segment, i, value) -> segment.set(JAVA_BYTE, i, (byte) value));
    }

    /** {@return a commutative operator on {@code short}s computing {@code f}}, as {@link #ofBytes}. */
    public static Op ofShorts(IntBinaryOperator f) {
        return narrowing(Datatype.SHORT, f, (segment, i) -> segment.getAtIndex(JAVA_SHORT_UNALIGNED, i),
                (segment, i, value) -> segment.setAtIndex(JAVA_SHORT_UNALIGNED, i, (short) value));
    }

    /** {@return a commutative operator on {@code char}s computing {@code f}}, as {@link #ofBytes} (unsigned). */
    public static Op ofChars(IntBinaryOperator f) {
        return narrowing(Datatype.CHAR, f, (segment, i) -> segment.getAtIndex(JAVA_CHAR_UNALIGNED, i),
                (segment, i, value) -> segment.setAtIndex(JAVA_CHAR_UNALIGNED, i, (char) value));
    }

    /** Element {@code i} of a segment of a narrow integer type, widened to an {@code int}. */
    @FunctionalInterface
    private interface IntReader {
        int read(MemorySegment segment, long i);
    }

    /** Stores an {@code int} narrowed to element {@code i} of a segment of a narrow integer type. */
    @FunctionalInterface
    private interface IntWriter {
        void write(MemorySegment segment, long i, int value);
    }

    private static Op narrowing(Datatype type, IntBinaryOperator f, IntReader reader, IntWriter writer) {
        Objects.requireNonNull(f, "f == null");
        return user(type, (in, inout, i) -> writer.write(inout, i,
                f.applyAsInt(reader.read(in, i), reader.read(inout, i))));
    }

    /** {@return a commutative operator on {@code long}s computing {@code f}} */
    public static Op ofLongs(LongBinaryOperator f) {
        Objects.requireNonNull(f, "f == null");
        return user(Datatype.LONG, (in, inout, i) -> inout.setAtIndex(JAVA_LONG_UNALIGNED, i,
                f.applyAsLong(in.getAtIndex(JAVA_LONG_UNALIGNED, i), inout.getAtIndex(JAVA_LONG_UNALIGNED, i))));
    }

    /** A function of two {@code float}s to a {@code float}, which {@code java.util.function} does not have. */
    @FunctionalInterface
    public interface FloatBinaryOperator {
        float applyAsFloat(float left, float right);
    }

    /** {@return a commutative operator on {@code float}s computing {@code f}} */
    public static Op ofFloats(FloatBinaryOperator f) {
        Objects.requireNonNull(f, "f == null");
        return user(Datatype.FLOAT, (in, inout, i) -> inout.setAtIndex(JAVA_FLOAT_UNALIGNED, i,
                f.applyAsFloat(in.getAtIndex(JAVA_FLOAT_UNALIGNED, i), inout.getAtIndex(JAVA_FLOAT_UNALIGNED, i))));
    }

    /** {@return a commutative operator on {@code double}s computing {@code f}} */
    public static Op ofDoubles(DoubleBinaryOperator f) {
        Objects.requireNonNull(f, "f == null");
        return user(Datatype.DOUBLE, (in, inout, i) -> inout.setAtIndex(JAVA_DOUBLE_UNALIGNED, i,
                f.applyAsDouble(in.getAtIndex(JAVA_DOUBLE_UNALIGNED, i), inout.getAtIndex(JAVA_DOUBLE_UNALIGNED, i))));
    }

    /** {@return a commutative operator on the records of class {@code type} computing {@code f}} */
    public static <R extends Record> Op ofRecords(Class<R> type, BinaryOperator<R> f) {
        Objects.requireNonNull(f, "f == null");
        Datatype datatype = Datatype.of(type);
        RecordStruct struct = datatype.struct();
        long extent = datatype.size();
        return user(datatype, (in, inout, i) -> struct.write(
                f.apply(type.cast(struct.read(in, i * extent)), type.cast(struct.read(inout, i * extent))),
                inout, i * extent));
    }

    private static Op user(Datatype type, ElementCombiner combiner) {
        long extent = type.size();
        MPI_User_function function = (in, inout, len, datatype) -> {
            RUNNING.incrementAndGet();
            try {
                int n = len.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0);
                MemorySegment a = in.reinterpret(n * extent);
                MemorySegment b = inout.reinterpret(n * extent);
                for (int i = 0; i < n; i++) {
                    combiner.combine(a, b, i);
                }
            } catch (RuntimeException | Error failure) {   // the operators' interfaces throw no checked exception
                Throwable first = FAILURE.get();
                if (first == null) {
                    FAILURE.set(failure);
                } else if (first != failure) {
                    first.addSuppressed(failure);
                }
            } finally {
                RUNNING.decrementAndGet();
            }
        };
        return new Op("Java operator on " + type, null, 0, type, function, true);
    }

    /**
     * Whether a thread, any, is running a Java operator now: while none is, no thread is inside a reduction from an
     * operator, and {@link Call#checkOutside} need not look up its own thread's call.
     */
    static boolean anyRunning() {
        return RUNNING.get() != 0;
    }

    /** Removes and returns what a Java operator threw on this thread since the last call, or null. */
    static Throwable takeFailure() {
        Throwable failure = FAILURE.get();
        if (failure != null) {
            FAILURE.remove();
        }
        return failure;
    }

    /** Rethrows what a Java operator threw on this thread, if anything. */
    static void rethrowFailure() {
        Throwable failure = takeFailure();
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw (RuntimeException) failure;
        }
    }

    /**
     * {@return this Java operator, declared non-commutative}: MPI then combines the contributions in
     * rank order.
     *
     * @throws UnsupportedOperationException for a predefined operator
     */
    public Op nonCommutative() {
        if (predefined != null) {
            throw new UnsupportedOperationException(name + " is predefined; its commutativity is MPI's");
        }
        return new Op(name + " (non-commutative)", null, applies, elementType, function, false);
    }

    /** {@return whether MPI may combine the contributions in any order} */
    public boolean isCommutative() {
        return commutative;
    }

    /** {@return whether this is a Java function, which MPI calls back (so the call must not be critical)} */
    boolean isUserDefined() {
        return predefined == null;
    }

    /**
     * The MPI handle, for a reduction over elements of {@code type}.
     *
     * @throws IllegalArgumentException if the operator does not apply to {@code type}
     */
    MPI_Op handle(Environment environment, Datatype type, String operation) {
        if (predefined != null) {
            if ((applies & type.category().bit) == 0) {
                throw new IllegalArgumentException(operation + ": " + name + " does not apply to " + type);
            }
            return predefined;
        }
        if (type != elementType) {
            throw new IllegalArgumentException(operation + ": the " + name + " cannot reduce " + type);
        }
        MPI_Op handle = created;
        return handle != null ? handle : create(environment);
    }

    private synchronized MPI_Op create(Environment environment) {
        if (created == null) {
            try (Arena local = Arena.ofConfined()) {
                MemorySegment stub = MPI_User_function.allocate(function, environment.arena());
                MemorySegment out = MPI_Op.allocate(local);
                Mpi.MPI_Op_create(stub, commutative ? 1 : 0, out);
                MPI_Op op = MPI_Op.read(out);
                Census.OPERATORS.incrementAndGet();
                environment.onClose(() -> {
                    try (Arena freeing = Arena.ofConfined()) {
                        MemorySegment handle = MPI_Op.allocate(freeing);
                        MPI_Op.write(handle, 0, op);
                        Mpi.MPI_Op_free(handle);
                    }
                    Census.OPERATORS.decrementAndGet();
                });
                created = op;
            }
        }
        return created;
    }

    @Override
    public String toString() {
        return "Op[" + name + "]";
    }
}
