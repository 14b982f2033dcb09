package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.function.BiConsumer;
import org.mpi4all.ToolInterface.Binding;
import org.mpi4all.ToolInterface.ValueType;
import org.mpi4all.ToolInterface.Verbosity;
import org.mpi4all.ffi.MPI_T_cvar_handle;
import org.mpi4all.ffi.Mpi;

/**
 * A control variable of the implementation ({@code MPI_T_cvar_*}): a setting such as an eager limit, read
 * and, where its {@link Scope} allows, written. A variable bound to a communicator
 * ({@link Binding#MPI_COMM}) is read and written for one, given to each call; the others take none.
 */
public final class ControlVariable {
    /** Where and when the variable may be changed ({@code MPI_T_SCOPE_*}). */
    public enum Scope {
        /** Never changes. */
        CONSTANT,
        /** Cannot be written. */
        READONLY,
        /** Written by one process, for itself. */
        LOCAL,
        /** Written by all processes of a group, each its own value. */
        GROUP,
        /** Written by all processes of a group, with the same value. */
        GROUP_EQ,
        /** Written by all processes, each its own value. */
        ALL,
        /** Written by all processes, with the same value. */
        ALL_EQ;

        static Scope ofMpi(int value) {
            return ToolInterface.byConstant(Scope.class, "MPI_T_SCOPE_", value);
        }
    }

    private final ToolInterface tools;
    private final int index;
    private final String name;
    private final String description;
    private final Verbosity verbosity;
    private final ValueType type;
    private final Binding binding;
    private final Scope scope;

    ControlVariable(ToolInterface tools, int index, String name, String description, Verbosity verbosity, ValueType type,
            Binding binding, Scope scope) {
        this.tools = tools;
        this.index = index;
        this.name = name;
        this.description = description;
        this.verbosity = verbosity;
        this.type = type;
        this.binding = binding;
        this.scope = scope;
    }

    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    public Verbosity verbosity() {
        return verbosity;
    }

    public ValueType type() {
        return type;
    }

    public Binding binding() {
        return binding;
    }

    public Scope scope() {
        return scope;
    }

    /** {@return the value of a variable of one integer} (bound to no object) */
    public long readLong() {
        return readLong(null);
    }

    /** {@return the value of a variable of one integer, for {@code comm}} (null for a variable bound to no object) */
    public long readLong(Communicator comm) {
        long[] values = readLongs(comm);
        ToolInterface.checkSingle(name, values.length);
        return values[0];
    }

    /** {@return the values of an integer variable, for {@code comm}} (null for a variable bound to no object) */
    public long[] readLongs(Communicator comm) {
        return withHandle(comm, (handle, buffer) -> Mpi.MPI_T_cvar_read(handle, buffer.memory),
                buffer -> ToolInterface.longs(name, type, buffer.memory, buffer.count));
    }

    /** {@return the value of a variable of one number, integer or not, for {@code comm}} (null for none) */
    public double readDouble(Communicator comm) {
        double[] values = withHandle(comm, (handle, buffer) -> Mpi.MPI_T_cvar_read(handle, buffer.memory),
                buffer -> ToolInterface.doubles(name, type, buffer.memory, buffer.count));
        ToolInterface.checkSingle(name, values.length);
        return values[0];
    }

    /** {@return the value of a string variable} ({@link ValueType#CHAR}), for {@code comm} (null for none) */
    public String readString(Communicator comm) {
        checkType(type == ValueType.CHAR, "a string");
        return withHandle(comm, (handle, buffer) -> Mpi.MPI_T_cvar_read(handle, buffer.memory),
                buffer -> buffer.memory.getString(0));
    }

    /** Sets a variable of one integer (bound to no object) to {@code value}; see {@link #write(Communicator, long)}. */
    public void write(long value) {
        write(null, value);
    }

    /**
     * Sets a variable of one integer to {@code value}, for {@code comm} (null for a variable bound to no
     * object) ({@code MPI_T_cvar_write}). The scope says who must write it: {@code ALL} and {@code ALL_EQ}
     * variables are written by every process.
     *
     * @throws IllegalStateException    if the variable cannot be written ({@code CONSTANT}, {@code READONLY})
     * @throws IllegalArgumentException if it does not hold one integer, or {@code value} does not fit its type
     */
    public void write(Communicator comm, long value) {
        checkWritable();
        checkType(type != ValueType.CHAR && type != ValueType.DOUBLE && type != ValueType.OTHER, "an integer");
        if ((type == ValueType.INT && (int) value != value)
                || (type == ValueType.UNSIGNED && (value < 0 || value > 0xFFFF_FFFFL))) {
            throw new IllegalArgumentException("write: " + value + " does not fit " + name + ", of type " + type);
        }
        withHandle(comm, (handle, buffer) -> {
            ToolInterface.checkSingle(name, buffer.count);
            if (type == ValueType.BOOL) {
                buffer.memory.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) (value != 0 ? 1 : 0));
            } else if (type.bytes == 4) {
                buffer.memory.set(JAVA_INT, 0, (int) value);
            } else {
                buffer.memory.set(JAVA_LONG, 0, value);
            }
            Mpi.MPI_T_cvar_write(handle, buffer.memory);
        }, buffer -> null);
    }

    /** Sets a string variable ({@link ValueType#CHAR}) to {@code value}, for {@code comm} (null for none). */
    public void write(Communicator comm, String value) {
        checkWritable();
        checkType(type == ValueType.CHAR, "a string");
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        withHandle(comm, (handle, buffer) -> {
            if (bytes.length + 1 > buffer.count) {
                throw new IllegalArgumentException("write: " + name + " holds at most " + (buffer.count - 1)
                        + " bytes, not " + bytes.length);
            }
            MemorySegment.copy(bytes, 0, buffer.memory, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, bytes.length);
            buffer.memory.set(java.lang.foreign.ValueLayout.JAVA_BYTE, bytes.length, (byte) 0);
            Mpi.MPI_T_cvar_write(handle, buffer.memory);
        }, buffer -> null);
    }

    @Override
    public String toString() {
        return "ControlVariable[" + name + ", " + type + ", " + scope + ", " + binding + ", " + verbosity + "]";
    }

    /** Room for a variable's values: its {@code count} elements of its type. */
    private record Buffer(MemorySegment memory, int count) {}

    private interface Access<R> {
        R after(Buffer buffer);
    }

    /** Allocates a handle for the variable (bound to {@code comm}), does {@code action}, frees the handle. */
    private <R> R withHandle(Communicator comm, BiConsumer<MPI_T_cvar_handle, Buffer> action, Access<R> result) {
        tools.check();
        ToolInterface.checkKnownType(name, type);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment object = ToolInterface.boundObject(arena, name, binding, comm);
            MemorySegment slot = MPI_T_cvar_handle.allocate(arena);
            MemorySegment count = arena.allocate(JAVA_INT);
            Mpi.MPI_T_cvar_handle_alloc(index, object, slot, count);
            MPI_T_cvar_handle handle = MPI_T_cvar_handle.read(slot);
            try {
                int elements = count.get(JAVA_INT, 0);
                Buffer buffer = new Buffer(arena.allocate((long) type.bytes * Math.max(elements, 1) + 1, 8), elements);
                action.accept(handle, buffer);
                return result.after(buffer);
            } finally {
                Mpi.MPI_T_cvar_handle_free(slot);
            }
        }
    }

    private void checkWritable() {
        if (scope == Scope.CONSTANT || scope == Scope.READONLY) {
            throw new IllegalStateException("write: " + name + " cannot be written (scope " + scope + ")");
        }
    }

    private void checkType(boolean matches, String what) {
        if (!matches) {
            throw new IllegalArgumentException(name + " holds " + type + ", not " + what);
        }
    }
}
