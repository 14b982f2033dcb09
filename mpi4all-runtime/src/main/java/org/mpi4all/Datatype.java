package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_CHAR;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.Mpi;

/**
 * The type of the elements of a message: a Java primitive type, or a record class mapped to an MPI
 * struct type.
 *
 * <p>Operations infer the datatype from the buffer ({@code int[]} is {@link #INT}, a {@code Point[]}
 * of a record {@code Point} is {@code Datatype.of(Point.class)}); only a
 * {@link java.lang.foreign.MemorySegment}, which has no element type, needs one named with
 * {@link Param#type(Datatype)}. The primitive types map to the MPI types of the same size and
 * meaning: {@code byte} to {@code MPI_INT8_T}, {@code short} to {@code MPI_INT16_T}, {@code char} to
 * {@code MPI_UINT16_T}, {@code int} to {@code MPI_INT32_T}, {@code long} to {@code MPI_INT64_T},
 * {@code float} and {@code double} to {@code MPI_FLOAT} and {@code MPI_DOUBLE}, {@code boolean} to
 * {@code MPI_C_BOOL}.
 *
 * <p>A record type is laid out in native memory as C lays out the struct with the same members
 * ({@link #layout()}), so off-heap arrays of it can be built with that layout and sent without a copy.
 * Its MPI type is created and committed once, on first use, and freed when the {@link Environment}
 * closes.
 */
public final class Datatype implements Attributed<Datatype> {
    /** How the MPI standard classifies a type for the predefined reduction operators (MPI-4.1 §6.9.2). */
    enum Category {
        INTEGER, FLOATING, LOGICAL, PAIR, STRUCT;

        /** This category's bit in a mask of categories (the ones an {@link Op} applies to). */
        final int bit = 1 << ordinal();
    }

    public static final Datatype BYTE = new Datatype("byte", JAVA_BYTE, byte.class, Category.INTEGER, Mpi.MPI_INT8_T);
    public static final Datatype SHORT = new Datatype("short", JAVA_SHORT, short.class, Category.INTEGER, Mpi.MPI_INT16_T);
    public static final Datatype CHAR = new Datatype("char", JAVA_CHAR, char.class, Category.INTEGER, Mpi.MPI_UINT16_T);
    public static final Datatype INT = new Datatype("int", JAVA_INT, int.class, Category.INTEGER, Mpi.MPI_INT32_T);
    public static final Datatype LONG = new Datatype("long", JAVA_LONG, long.class, Category.INTEGER, Mpi.MPI_INT64_T);
    public static final Datatype FLOAT = new Datatype("float", JAVA_FLOAT, float.class, Category.FLOATING, Mpi.MPI_FLOAT);
    public static final Datatype DOUBLE = new Datatype("double", JAVA_DOUBLE, double.class, Category.FLOATING, Mpi.MPI_DOUBLE);
    public static final Datatype BOOLEAN = new Datatype("boolean", JAVA_BOOLEAN, boolean.class, Category.LOGICAL, Mpi.MPI_C_BOOL);

    private static final ClassValue<Datatype> RECORD_TYPES = new ClassValue<>() {
        @Override
        protected Datatype computeValue(Class<?> type) {
            RecordStruct struct = RecordStruct.of(type);
            // A value and its index is MPI's own pair type: MAXLOC and MINLOC reduce only those.
            MPI_Datatype pair = Loc.mpiType(type);
            return pair != null
                    ? new Datatype("Loc." + type.getSimpleName(), struct.layout(), type, Category.PAIR, pair, struct)
                    : new Datatype(type.getSimpleName(), struct.layout(), type, Category.STRUCT, null, struct);
        }
    };

    private final String name;
    private final MemoryLayout layout;
    private final Class<?> javaType;
    private final Category category;
    /** The MPI handle where it needs no environment: a predefined type's, or a {@link #dup duplicate}'s. */
    private final MPI_Datatype fixedHandle;
    private final RecordStruct struct;
    /** {@code layout.byteSize()}, and its log2 where it is a power of two (else -1): read at every call. */
    private final long size;
    private final int sizeShift;

    private Datatype(String name, MemoryLayout layout, Class<?> javaType, Category category, MPI_Datatype predefined) {
        this(name, layout, javaType, category, predefined, null);
    }

    private Datatype(String name, MemoryLayout layout, Class<?> javaType, Category category, MPI_Datatype fixedHandle,
            RecordStruct struct) {
        this.name = name;
        this.layout = layout;
        this.javaType = javaType;
        this.category = category;
        this.fixedHandle = fixedHandle;
        this.struct = struct;
        this.size = layout.byteSize();
        this.sizeShift = Long.bitCount(size) == 1 ? Long.numberOfTrailingZeros(size) : -1;
    }

    /**
     * {@return the struct type of the record class {@code recordClass}}, the same object for every call.
     * Its components must be primitives or records of such (nested records are laid out inline).
     *
     * @throws IllegalArgumentException if a component is of another type (a {@code String}, an array ...)
     *                                  or the record has no components
     */
    public static Datatype of(Class<? extends Record> recordClass) {
        Objects.requireNonNull(recordClass, "recordClass == null");
        if (!recordClass.isRecord()) {
            throw new IllegalArgumentException("not a record class: " + recordClass.getName());
        }
        return RECORD_TYPES.get(recordClass);
    }

    /** The datatype of the elements of {@code arrayClass}, or null if it has none. */
    static Datatype ofArrayClass(Class<?> arrayClass) {
        Class<?> element = arrayClass.getComponentType();
        if (element == null) {
            return null;
        }
        if (element.isRecord()) {
            return RECORD_TYPES.get(element);
        }
        return ofPrimitive(element);
    }

    static Datatype ofPrimitive(Class<?> type) {
        if (type == byte.class) {
            return BYTE;
        } else if (type == short.class) {
            return SHORT;
        } else if (type == char.class) {
            return CHAR;
        } else if (type == int.class) {
            return INT;
        } else if (type == long.class) {
            return LONG;
        } else if (type == float.class) {
            return FLOAT;
        } else if (type == double.class) {
            return DOUBLE;
        } else if (type == boolean.class) {
            return BOOLEAN;
        }
        return null;
    }

    /** The Java type name ({@code int}) or the record's simple name. */
    public String name() {
        return name;
    }

    /** The bytes one element takes in native memory, padding included (the MPI extent). */
    public long size() {
        return size;
    }

    /** How many whole elements {@code bytes} bytes hold, or -1 if they are not a whole number of them. */
    long elementsIn(long bytes) {
        if (sizeShift >= 0) {
            return (bytes & (size - 1)) == 0 ? bytes >>> sizeShift : -1;
        }
        return bytes % size == 0 ? bytes / size : -1;
    }

    /** The layout of one element in native memory. */
    public MemoryLayout layout() {
        return layout;
    }

    /** The primitive type or record class of the elements. */
    public Class<?> javaType() {
        return javaType;
    }

    /**
     * Whether the type's handle needs no environment: MPI predefines it (the primitive ones), or it is a
     * {@link #dup duplicate}.
     */
    boolean hasFixedHandle() {
        return fixedHandle != null;
    }

    /** Whether this is a record's struct type. */
    public boolean isRecord() {
        return struct != null;
    }

    /** The bytes of one element MPI transfers: {@link #size()} without the padding of a struct. */
    long dataSize() {
        return struct != null ? struct.dataSize() : size();
    }

    Category category() {
        return category;
    }

    RecordStruct struct() {
        return struct;
    }

    /** The MPI handle: fixed, or the record's struct type, committed in {@code environment} on first use. */
    MPI_Datatype handle(Environment environment) {
        return fixedHandle != null ? fixedHandle : environment.committedType(this);
    }

    /**
     * {@return a duplicate of this type} ({@code MPI_Type_dup}): the same elements, layout and Java type under an
     * MPI handle of its own, which gives native segments as {@link Param#type type(duplicate)} and carries
     * attributes apart from this type's. The attributes of this type whose key has a copier come along, with the
     * value the copier makes ({@link AttributeKey#forDatatypes}); MPI frees the duplicate, deleting its
     * attributes, when {@code environment} closes.
     *
     * @throws IllegalStateException if the environment is closed
     */
    public Datatype dup(Environment environment) {
        environment.check();
        MPI_Datatype original = handle(environment);
        MPI_Datatype copy;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_dup(original, out);
            copy = MPI_Datatype.read(out);
        }
        environment.onClose(() -> RecordStruct.freeMpiType(copy));
        return new Datatype(name + ".dup", layout, javaType, category, copy, struct);
    }

    @Override
    public String toString() {
        return name;
    }
}
