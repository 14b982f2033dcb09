package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_T_enum;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.MpiException;
import org.mpi4all.runtime.MpiLibrary;

/**
 * MPI's tool information interface ({@code MPI_T}): the implementation's control variables (its tuning
 * knobs, {@link ControlVariable}), performance variables (its counters, read in a
 * {@link PerformanceSession}) and the categories that group them, each with its name, description, type,
 * verbosity and the kind of MPI object it is bound to.
 *
 * {@snippet :
 * try (ToolInterface tools = ToolInterface.init(ThreadLevel.SINGLE)) {
 *     tools.controlVariable("btl_vader_eager_limit").ifPresent(v -> System.out.println(v.readLong()));
 *     try (PerformanceSession session = tools.openSession()) {
 *         PerformanceSession.Handle queue = session.handle(tools.performanceVariable("pml_ob1_unexpected_msgq_length")
 *                 .orElseThrow(), world);
 *         long[] perPeer = queue.readLongs();
 *     }
 * }
 * }
 *
 * <p>The interface has a life of its own, before, during and after MPI's ({@code MPI_T_init_thread},
 * {@code MPI_T_finalize} in {@link #close()}); it may be initialised more than once, each {@code init}
 * matched by a {@code close}. Variable indices and lists stay valid while it is. The lists leave out the
 * variables an implementation withdrew (Open MPI those of the components it did not select), whose indices
 * it keeps.
 */
public final class ToolInterface implements AutoCloseable {
    /** For whom a variable is meant, and in how much detail ({@code MPI_T_VERBOSITY_*}). */
    public enum Verbosity {
        USER_BASIC, USER_DETAIL, USER_ALL, TUNER_BASIC, TUNER_DETAIL, TUNER_ALL, MPIDEV_BASIC, MPIDEV_DETAIL, MPIDEV_ALL;

        static Verbosity ofMpi(int value) {
            return byConstant(Verbosity.class, "MPI_T_VERBOSITY_", value);
        }
    }

    /** The kind of MPI object a variable is bound to ({@code MPI_T_BIND_*}); {@code NO_OBJECT} for the process. */
    public enum Binding {
        NO_OBJECT, MPI_COMM, MPI_DATATYPE, MPI_ERRHANDLER, MPI_FILE, MPI_GROUP, MPI_OP, MPI_REQUEST, MPI_WIN,
        MPI_MESSAGE, MPI_INFO, MPI_SESSION;

        static Binding ofMpi(int value) {
            return byConstant(Binding.class, "MPI_T_BIND_", value);
        }
    }

    /**
     * The C type of a variable's value: how {@code readLong}, {@code readDouble} and {@code readString} read it.
     * MPI_T allows the first seven; Open MPI also uses {@code long}, {@code long long} and {@code bool} (read
     * as 0 or 1). {@code OTHER} is a type the high level does not read.
     */
    public enum ValueType {
        INT(4), UNSIGNED(4), UNSIGNED_LONG(8), UNSIGNED_LONG_LONG(8), COUNT(8), DOUBLE(8), CHAR(1), LONG(8),
        LONG_LONG(8), BOOL(1), OTHER(0);

        final int bytes;

        ValueType(int bytes) {
            this.bytes = bytes;
        }

        static ValueType ofMpi(MPI_Datatype type) {
            for (ValueType candidate : values()) {
                if (candidate.handle().equals(type)) {
                    return candidate;
                }
            }
            return OTHER;
        }

        private MPI_Datatype handle() {
            return switch (this) {
                case INT -> Mpi.MPI_INT;
                case UNSIGNED -> Mpi.MPI_UNSIGNED;
                case UNSIGNED_LONG -> Mpi.MPI_UNSIGNED_LONG;
                case UNSIGNED_LONG_LONG -> Mpi.MPI_UNSIGNED_LONG_LONG;
                case COUNT -> Mpi.MPI_COUNT;
                case DOUBLE -> Mpi.MPI_DOUBLE;
                case CHAR -> Mpi.MPI_CHAR;
                case LONG -> Mpi.MPI_LONG;
                case LONG_LONG -> Mpi.MPI_LONG_LONG;
                case BOOL -> Mpi.MPI_C_BOOL;
                case OTHER -> Mpi.MPI_DATATYPE_NULL;
            };
        }
    }

    /**
     * A performance variable ({@code MPI_T_pvar_get_info}); read it through a {@link PerformanceSession}.
     *
     * @param index      its index in this interface
     * @param varClass   what it measures ({@code MPI_T_PVAR_CLASS_*}: {@code COUNTER}, {@code SIZE} ...)
     * @param readOnly   whether it cannot be written or reset
     * @param continuous whether it is always active (it cannot be started or stopped)
     * @param atomic     whether it can be read and reset in one step
     */
    public record PerformanceVariable(int index, String name, String description, Verbosity verbosity, VarClass varClass,
            ValueType type, Binding binding, boolean readOnly, boolean continuous, boolean atomic) {}

    /** What a performance variable measures ({@code MPI_T_PVAR_CLASS_*}). */
    public enum VarClass {
        STATE, LEVEL, SIZE, PERCENTAGE, HIGHWATERMARK, LOWWATERMARK, COUNTER, AGGREGATE, TIMER, GENERIC;

        static VarClass ofMpi(int value) {
            return byConstant(VarClass.class, "MPI_T_PVAR_CLASS_", value);
        }
    }

    /**
     * A category ({@code MPI_T_category_get_info}): variables and categories that belong together, by index.
     *
     * @param controlVariables     the indices of its control variables
     * @param performanceVariables the indices of its performance variables
     * @param categories           the indices of its subcategories
     */
    public record Category(int index, String name, String description, List<Integer> controlVariables,
            List<Integer> performanceVariables, List<Integer> categories) {}

    /** Room for a variable's name and description: longer ones are cut (MPI_T reports the length it wrote). */
    private static final int NAME_ROOM = 1024;
    private static final int DESCRIPTION_ROOM = 16384;

    private final ThreadLevel threadLevel;
    private boolean closed;

    private ToolInterface(ThreadLevel threadLevel) {
        this.threadLevel = threadLevel;
    }

    /**
     * Initialises the tool interface ({@code MPI_T_init_thread}), before or after MPI; the thread level is
     * the interface's own.
     */
    public static ToolInterface init(ThreadLevel required) {
        Objects.requireNonNull(required, "required == null");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment provided = arena.allocate(JAVA_INT);
            Mpi.MPI_T_init_thread(required.mpiValue(), provided);
            return new ToolInterface(ThreadLevel.ofMpiValue(provided.get(JAVA_INT, 0)));
        }
    }

    /** {@return the thread level the interface provided} */
    public ThreadLevel threadLevel() {
        return threadLevel;
    }

    /** {@return every control variable} ({@code MPI_T_cvar_get_num}, {@code MPI_T_cvar_get_info}) */
    public List<ControlVariable> controlVariables() {
        check();
        int count = number(Mpi::MPI_T_cvar_get_num);
        List<ControlVariable> variables = new ArrayList<>(count);
        try (Arena arena = Arena.ofConfined()) {
            Strings strings = new Strings(arena);
            MemorySegment ints = arena.allocate(JAVA_INT, 3);
            MemorySegment type = MPI_Datatype.allocate(arena);
            MemorySegment enumType = MPI_T_enum.allocate(arena);
            for (int i = 0; i < count; i++) {
                strings.reset();
                int index = i;
                if (!withdrawnSkipped(() -> Mpi.MPI_T_cvar_get_info(index, strings.name, strings.nameLength, ints, type,
                        enumType, strings.description, strings.descriptionLength, ints.asSlice(4), ints.asSlice(8)))) {
                    continue;
                }
                variables.add(new ControlVariable(this, i, strings.name(), strings.description(),
                        Verbosity.ofMpi(ints.getAtIndex(JAVA_INT, 0)), ValueType.ofMpi(MPI_Datatype.read(type)),
                        Binding.ofMpi(ints.getAtIndex(JAVA_INT, 1)),
                        ControlVariable.Scope.ofMpi(ints.getAtIndex(JAVA_INT, 2))));
            }
        }
        return variables;
    }

    /** {@return the control variable called {@code name}}, empty if the implementation has none */
    public Optional<ControlVariable> controlVariable(String name) {
        return controlVariables().stream().filter(v -> v.name().equals(name)).findFirst();
    }

    /** {@return every performance variable} ({@code MPI_T_pvar_get_num}, {@code MPI_T_pvar_get_info}) */
    public List<PerformanceVariable> performanceVariables() {
        check();
        int count = number(Mpi::MPI_T_pvar_get_num);
        List<PerformanceVariable> variables = new ArrayList<>(count);
        try (Arena arena = Arena.ofConfined()) {
            Strings strings = new Strings(arena);
            MemorySegment ints = arena.allocate(JAVA_INT, 6);
            MemorySegment type = MPI_Datatype.allocate(arena);
            MemorySegment enumType = MPI_T_enum.allocate(arena);
            for (int i = 0; i < count; i++) {
                strings.reset();
                int index = i;
                if (!withdrawnSkipped(() -> Mpi.MPI_T_pvar_get_info(index, strings.name, strings.nameLength, ints,
                        ints.asSlice(4), type, enumType, strings.description, strings.descriptionLength, ints.asSlice(8),
                        ints.asSlice(12), ints.asSlice(16), ints.asSlice(20)))) {
                    continue;
                }
                variables.add(new PerformanceVariable(i, strings.name(), strings.description(),
                        Verbosity.ofMpi(ints.getAtIndex(JAVA_INT, 0)), VarClass.ofMpi(ints.getAtIndex(JAVA_INT, 1)),
                        ValueType.ofMpi(MPI_Datatype.read(type)), Binding.ofMpi(ints.getAtIndex(JAVA_INT, 2)),
                        ints.getAtIndex(JAVA_INT, 3) != 0, ints.getAtIndex(JAVA_INT, 4) != 0,
                        ints.getAtIndex(JAVA_INT, 5) != 0));
            }
        }
        return variables;
    }

    /** {@return the performance variable called {@code name}}, empty if the implementation has none */
    public Optional<PerformanceVariable> performanceVariable(String name) {
        return performanceVariables().stream().filter(v -> v.name().equals(name)).findFirst();
    }

    /** {@return every category} ({@code MPI_T_category_get_num}, {@code MPI_T_category_get_info} and the index lists) */
    public List<Category> categories() {
        check();
        int count = number(Mpi::MPI_T_category_get_num);
        List<Category> categories = new ArrayList<>(count);
        try (Arena arena = Arena.ofConfined()) {
            Strings strings = new Strings(arena);
            MemorySegment numbers = arena.allocate(JAVA_INT, 3);
            for (int i = 0; i < count; i++) {
                strings.reset();
                int index = i;
                if (!withdrawnSkipped(() -> Mpi.MPI_T_category_get_info(index, strings.name, strings.nameLength,
                        strings.description, strings.descriptionLength, numbers, numbers.asSlice(4), numbers.asSlice(8)))) {
                    continue;
                }
                List<Integer> cvars = indices(arena, numbers.getAtIndex(JAVA_INT, 0),
                        (length, out) -> Mpi.MPI_T_category_get_cvars(index, length, out));
                List<Integer> pvars = indices(arena, numbers.getAtIndex(JAVA_INT, 1),
                        (length, out) -> Mpi.MPI_T_category_get_pvars(index, length, out));
                List<Integer> subcategories = indices(arena, numbers.getAtIndex(JAVA_INT, 2),
                        (length, out) -> Mpi.MPI_T_category_get_categories(index, length, out));
                categories.add(new Category(i, strings.name(), strings.description(), cvars, pvars, subcategories));
            }
        }
        return categories;
    }

    /** {@return a new performance-variable session} ({@code MPI_T_pvar_session_create}); close it when done */
    public PerformanceSession openSession() {
        check();
        return new PerformanceSession(this);
    }

    /**
     * Ends this initialisation of the interface ({@code MPI_T_finalize}).
     *
     * @throws IllegalStateException if it was closed already
     */
    @Override
    public void close() {
        check();
        closed = true;
        Mpi.MPI_T_finalize();
    }

    void check() {
        if (closed) {
            throw new IllegalStateException("the tool interface was finalized");
        }
    }

    // ---- shared by the variables ----------------------------------------------------------------

    /**
     * The address MPI_T takes for the object a variable is bound to: {@code NULL} for none, else a pointer to
     * the communicator's handle (the only binding the high level offers).
     */
    static MemorySegment boundObject(Arena arena, String variable, Binding binding, Communicator comm) {
        if (binding == Binding.NO_OBJECT) {
            if (comm != null) {
                throw new IllegalArgumentException(variable + " is bound to no object: give no communicator");
            }
            return MemorySegment.NULL;
        }
        if (binding != Binding.MPI_COMM) {
            throw new UnsupportedOperationException(variable + " is bound to an " + binding
                    + " object: the high level binds variables to communicators only");
        }
        if (comm == null) {
            throw new IllegalArgumentException(variable + " is bound to a communicator: give one");
        }
        MemorySegment slot = MPI_Comm.allocate(arena);
        MPI_Comm.write(slot, 0, comm.handle());
        return slot;
    }

    /** The {@code count} values of {@code type} in {@code values}, as longs. */
    static long[] longs(String variable, ValueType type, MemorySegment values, int count) {
        long[] result = new long[count];
        for (int i = 0; i < count; i++) {
            result[i] = switch (type) {
                case INT -> values.getAtIndex(JAVA_INT, i);
                case UNSIGNED -> Integer.toUnsignedLong(values.getAtIndex(JAVA_INT, i));
                case UNSIGNED_LONG, UNSIGNED_LONG_LONG, COUNT, LONG, LONG_LONG -> values.getAtIndex(JAVA_LONG, i);
                case BOOL -> values.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) != 0 ? 1 : 0;
                case DOUBLE, CHAR, OTHER -> throw new IllegalArgumentException(variable + " holds " + type
                        + ", not integers");
            };
        }
        return result;
    }

    /** The {@code count} values of {@code type} in {@code values}, as doubles. */
    static double[] doubles(String variable, ValueType type, MemorySegment values, int count) {
        if (type == ValueType.DOUBLE) {
            return Arrays.copyOf(values.asSlice(0, 8L * count).toArray(JAVA_DOUBLE), count);
        }
        return Arrays.stream(longs(variable, type, values, count)).asDoubleStream().toArray();
    }

    /** Checks that the high level knows the size of the variable's values, before MPI writes them. */
    static void checkKnownType(String variable, ValueType type) {
        if (type == ValueType.OTHER) {
            throw new IllegalArgumentException(variable + " is of an MPI datatype the high level does not read");
        }
    }

    /** Checks that a variable holds one value, for the single-value reads. */
    static void checkSingle(String variable, int count) {
        if (count != 1) {
            throw new IllegalArgumentException(variable + " holds " + count + " values: read them all (readLongs,"
                    + " readDoubles)");
        }
    }

    static <E extends Enum<E>> E byConstant(Class<E> type, String prefix, int value) {
        MpiLibrary library = MpiLibrary.current();
        for (E candidate : type.getEnumConstants()) {
            String constant = prefix + candidate.name();
            if (library.defines(constant) && library.intConstant(constant) == value) {
                return candidate;
            }
        }
        throw new IllegalStateException("MPI_T reported a value of " + prefix + "* that no constant has: " + value);
    }

    /**
     * Runs a {@code *_get_info} call; false if the index is of a withdrawn variable. Open MPI withdraws the
     * variables of components it unloads during {@code MPI_Init}, keeping their indices, and answers
     * {@code MPI_T_ERR_INVALID_INDEX} (control variables) or {@code MPI_T_ERR_INVALID} (performance variables,
     * Open MPI 4.1) for them.
     */
    private static boolean withdrawnSkipped(Runnable getInfo) {
        try {
            getInfo.run();
            return true;
        } catch (MpiException e) {
            if (e.errorCode() == Mpi.MPI_T_ERR_INVALID_INDEX || e.errorCode() == Mpi.MPI_T_ERR_INVALID) {
                return false;
            }
            throw e;
        }
    }

    @FunctionalInterface
    private interface NumberFunction {
        void get(MemorySegment out);
    }

    @FunctionalInterface
    private interface IndexFunction {
        void get(int length, MemorySegment out);
    }

    private static int number(NumberFunction function) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            function.get(out);
            return out.get(JAVA_INT, 0);
        }
    }

    private static List<Integer> indices(Arena arena, int count, IndexFunction function) {
        if (count == 0) {
            return List.of();
        }
        MemorySegment out = arena.allocate(JAVA_INT, count);
        function.get(count, out);
        return Arrays.stream(out.toArray(JAVA_INT)).boxed().toList();
    }

    /** The name and description buffers of the {@code *_get_info} functions, with their in-out lengths. */
    private static final class Strings {
        final MemorySegment name;
        final MemorySegment description;
        final MemorySegment nameLength;
        final MemorySegment descriptionLength;

        Strings(Arena arena) {
            name = arena.allocate(NAME_ROOM);
            description = arena.allocate(DESCRIPTION_ROOM);
            nameLength = arena.allocate(JAVA_INT);
            descriptionLength = arena.allocate(JAVA_INT);
        }

        void reset() {
            nameLength.set(JAVA_INT, 0, NAME_ROOM);
            descriptionLength.set(JAVA_INT, 0, DESCRIPTION_ROOM);
            name.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) 0);
            description.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) 0);
        }

        String name() {
            return name.getString(0);
        }

        String description() {
            return description.getString(0);
        }
    }
}
