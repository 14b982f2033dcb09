package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.Mpi;

/**
 * A record class as a C struct: its layout in native memory (members in declaration order, each aligned
 * to its size, as C compilers do), the primitive members MPI's struct type lists, and the copying of
 * record objects to and from that memory. Records live on the Java heap as objects, so they always go
 * through native memory; this class is the only place that knows how.
 */
final class RecordStruct {
    /** A primitive member at {@code offset} of a (possibly nested) struct, for MPI's type map. */
    record Member(long offset, Datatype type) {}

    private sealed interface Component permits Primitive, Nested {}

    private record Primitive(long offset, ValueLayout layout, MethodHandle getter) implements Component {}

    private record Nested(long offset, RecordStruct struct, MethodHandle getter, String name) implements Component {}

    private final Class<?> type;
    private final StructLayout layout;
    private final List<Component> components;
    private final MethodHandle constructor;

    private RecordStruct(Class<?> type, StructLayout layout, List<Component> components, MethodHandle constructor) {
        this.type = type;
        this.layout = layout;
        this.components = components;
        this.constructor = constructor;
    }

    static RecordStruct of(Class<?> type) {
        RecordComponent[] recordComponents = type.getRecordComponents();
        if (recordComponents.length == 0) {
            throw new IllegalArgumentException("record " + type.getName() + " has no components to send");
        }
        List<MemoryLayout> elements = new ArrayList<>();
        List<Component> components = new ArrayList<>();
        Class<?>[] parameterTypes = new Class<?>[recordComponents.length];
        long offset = 0;
        long alignment = 1;
        for (int i = 0; i < recordComponents.length; i++) {
            RecordComponent component = recordComponents[i];
            Class<?> componentType = component.getType();
            parameterTypes[i] = componentType;
            MethodHandle getter = getter(type, component);
            MemoryLayout element;
            Component mapped;
            Datatype primitive = Datatype.ofPrimitive(componentType);
            if (primitive != null) {
                element = primitive.layout();
                offset = align(offset, element.byteAlignment());
                mapped = new Primitive(offset, (ValueLayout) element, getter);
            } else if (componentType.isRecord()) {
                RecordStruct nested = Datatype.of(componentType.asSubclass(Record.class)).struct();
                element = nested.layout;
                offset = align(offset, element.byteAlignment());
                mapped = new Nested(offset, nested, getter, component.getName());
            } else {
                throw new IllegalArgumentException("record " + type.getName() + ": component "
                        + componentType.getTypeName() + " " + component.getName()
                        + " has no MPI struct mapping (only primitive and record components do)");
            }
            long padding = offset - sizeOf(elements);
            if (padding > 0) {
                elements.add(MemoryLayout.paddingLayout(padding));
            }
            elements.add(element.withName(component.getName()));
            components.add(mapped);
            offset += element.byteSize();
            alignment = Math.max(alignment, element.byteAlignment());
        }
        long tail = align(offset, alignment) - offset;
        if (tail > 0) {
            elements.add(MemoryLayout.paddingLayout(tail));
        }
        StructLayout layout = MemoryLayout.structLayout(elements.toArray(MemoryLayout[]::new)).withName(type.getSimpleName());
        return new RecordStruct(type, layout, List.copyOf(components), constructor(type, parameterTypes));
    }

    StructLayout layout() {
        return layout;
    }

    /** The primitive members of the struct, nested ones flattened, in memory order. */
    List<Member> members() {
        List<Member> members = new ArrayList<>();
        addMembers(0, members);
        return members;
    }

    private void addMembers(long base, List<Member> members) {
        for (Component component : components) {
            switch (component) {
                case Primitive p -> members.add(new Member(base + p.offset, Datatype.ofPrimitive(p.layout.carrier())));
                case Nested n -> n.struct.addMembers(base + n.offset, members);
            }
        }
    }

    /** Writes {@code count} records of {@code from}, starting at {@code offset}, to consecutive structs at {@code to}. */
    void write(Object[] from, int offset, int count, MemorySegment to) {
        long extent = layout.byteSize();
        for (int i = 0; i < count; i++) {
            Object record = from[offset + i];
            if (record == null) {
                throw new NullPointerException(type.getSimpleName() + "[] element " + (offset + i) + " is null");
            }
            write(record, to, i * extent);
        }
    }

    /** Reads {@code count} consecutive structs at {@code from} into records of {@code to}, starting at {@code offset}. */
    void read(MemorySegment from, Object[] to, int offset, int count) {
        long extent = layout.byteSize();
        for (int i = 0; i < count; i++) {
            to[offset + i] = read(from, i * extent);
        }
    }

    void write(Object record, MemorySegment to, long at) {
        try {
            for (Component component : components) {
                switch (component) {
                    case Primitive p -> Primitives.set(to, at + p.offset, p.layout, p.getter.invoke(record));
                    case Nested n -> {
                        Object nested = n.getter.invoke(record);
                        if (nested == null) {
                            throw new NullPointerException(type.getSimpleName() + "." + n.name + " is null");
                        }
                        n.struct.write(nested, to, at + n.offset);
                    }
                }
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot read the components of a " + type.getName(), t);
        }
    }

    Object read(MemorySegment from, long at) {
        Object[] arguments = new Object[components.size()];
        for (int i = 0; i < arguments.length; i++) {
            arguments[i] = switch (components.get(i)) {
                case Primitive p -> Primitives.get(from, at + p.offset, p.layout);
                case Nested n -> n.struct.read(from, at + n.offset);
            };
        }
        try {
            return constructor.invoke(arguments);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot construct a " + type.getName(), t);
        }
    }

    /**
     * Creates and commits the MPI struct type of the record ({@code MPI_Type_create_struct} of the
     * primitive members, resized to the extent of {@link #layout()} so that arrays of it line up).
     */
    MPI_Datatype createMpiType() {
        List<Member> members = members();
        int n = members.size();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment lengths = arena.allocate(JAVA_INT, n);
            MemorySegment displacements = arena.allocate(JAVA_LONG, n);
            MemorySegment types = MPI_Datatype.allocateArray(arena, n);
            for (int i = 0; i < n; i++) {
                lengths.setAtIndex(JAVA_INT, i, 1);
                displacements.setAtIndex(JAVA_LONG, i, members.get(i).offset());
                // the members are primitive: their MPI types are predefined, in no environment
                MPI_Datatype.write(types, i, members.get(i).type().handle(null));
            }
            MemorySegment struct = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_create_struct(n, lengths, displacements, types, struct);
            MemorySegment resized = MPI_Datatype.allocate(arena);
            try {
                Mpi.MPI_Type_create_resized(MPI_Datatype.read(struct), 0, layout.byteSize(), resized);
            } finally {
                Mpi.MPI_Type_free(struct);
            }
            Mpi.MPI_Type_commit(resized);
            return MPI_Datatype.read(resized);
        }
    }

    static void freeMpiType(MPI_Datatype type) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment handle = MPI_Datatype.allocate(arena);
            MPI_Datatype.write(handle, 0, type);
            Mpi.MPI_Type_free(handle);
        }
    }

    /** The bytes of one element's data, without padding: what MPI counts in a message. */
    long dataSize() {
        return members().stream().mapToLong(m -> m.type().size()).sum();
    }

    private static MethodHandle getter(Class<?> type, RecordComponent component) {
        try {
            var accessor = component.getAccessor();
            accessor.setAccessible(true);
            return MethodHandles.lookup().unreflect(accessor).asType(MethodType.methodType(Object.class, Object.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("record " + type.getName() + ": cannot read component "
                    + component.getName() + ": " + e.getMessage(), e);
        }
    }

    private static MethodHandle constructor(Class<?> type, Class<?>[] parameterTypes) {
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(parameterTypes);
            canonical.setAccessible(true);
            return MethodHandles.lookup().unreflectConstructor(canonical)
                    .asType(MethodType.genericMethodType(parameterTypes.length))
                    .asSpreader(Object[].class, parameterTypes.length);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("record " + type.getName() + ": cannot use its canonical constructor: "
                    + e.getMessage(), e);
        }
    }

    private static long align(long offset, long alignment) {
        return (offset + alignment - 1) / alignment * alignment;
    }

    private static long sizeOf(List<MemoryLayout> elements) {
        return elements.stream().mapToLong(MemoryLayout::byteSize).sum();
    }
}
