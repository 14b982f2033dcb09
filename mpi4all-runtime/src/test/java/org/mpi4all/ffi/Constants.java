package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;
import org.mpi4all.runtime.MpiHandle;

/**
 * Checks on the constants of {@link Mpi}: that they are the values the C macros denote (as the probe's compiled
 * program measured them), and that the native storage the auxiliary library reads them from is still intact,
 * which it would not be if a sentinel such as {@code MPI_STATUS_IGNORE} were passed as the address of a global
 * that MPI then writes a status into.
 */
final class Constants {
    private Constants() {}

    /**
     * The blueprint of the running implementation: the one specialised bindings were generated from, or for neutral
     * ones the blueprint its ABI profile was made from (the repository's {@code abi/}, on the test class path).
     */
    static Blueprint blueprint() {
        return Mpi.LIB.profile() == null ? blueprint("/org/mpi4all/ffi/blueprint.json")
                : blueprint(profileBlueprint(Mpi.LIB.implementation()));
    }

    /** The class-path resource of the blueprint the ABI profile {@code name} was made from. */
    static String profileBlueprint(String name) {
        return "/org/mpi4all/abi/" + name + ".json";
    }

    static Blueprint blueprint(String resource) {
        try (InputStream in = Mpi.class.getResourceAsStream(resource)) {
            return BlueprintJson.fromJson(new String(Objects.requireNonNull(in, resource).readAllBytes(),
                    StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The public constant fields of {@link Mpi}. */
    static List<Field> fields() {
        List<Field> fields = new ArrayList<>();
        for (Field field : Mpi.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && Modifier.isFinal(field.getModifiers())) {
                fields.add(field);
            }
        }
        return fields;
    }

    static Object fieldValue(Field field) {
        try {
            return field.get(null);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * What constant {@code name} reads as now, as the field's Java type: from the auxiliary library's storage of it
     * (specialised bindings), or through the ABI profile again (neutral ones: for a constant that is the pointer an
     * exported variable holds, what the variable holds now).
     */
    static Object nativeValue(String name, Class<?> type) {
        if (type == int.class) {
            return Mpi.LIB.intConstant(name);
        }
        if (type == long.class) {
            return Mpi.LIB.longConstant(name);
        }
        if (type == short.class) {
            return (short) Mpi.LIB.intConstant(name);
        }
        if (type == byte.class) {
            return (byte) Mpi.LIB.intConstant(name);
        }
        if (type == double.class) {
            return Mpi.LIB.doubleConstant(name);
        }
        if (type == String.class) {
            return Mpi.LIB.stringConstant(name);
        }
        if (type == MemorySegment.class) {
            return Mpi.LIB.addressConstant(name);
        }
        if (MpiHandle.class.isAssignableFrom(type) && Mpi.LIB.profile() != null) {
            try {
                return type.getConstructor(long.class).newInstance(Mpi.LIB.handleConstant(name, type.getSimpleName()));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        if (MpiHandle.class.isAssignableFrom(type)) {
            try {
                ValueLayout layout = (ValueLayout) type.getField("LAYOUT").get(null);
                long value = layout.equals(JAVA_INT) ? Mpi.LIB.intConstant(name) : Mpi.LIB.longConstant(name);
                return type.getConstructor(long.class).newInstance(value);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("constant " + name + " has an unexpected type " + type);
    }

    /** Every constant's native storage still holds the value {@link Mpi} read when it was initialised. */
    static void assertNativeStorageMatchesFields() {
        List<String> changed = new ArrayList<>();
        for (Field field : fields()) {
            Object now = nativeValue(field.getName(), field.getType());
            if (!Objects.equals(now, fieldValue(field))) {
                changed.add(field.getName() + " was " + fieldValue(field) + ", its storage now holds " + now);
            }
        }
        assertThat(changed).as("constants whose native storage changed").isEmpty();
    }

    /**
     * After {@code MPI_Init}, the constants read when called are what the library's variables of their name hold
     * now (Intel MPI fills them in {@code MPI_Init}: read when {@link Mpi} was initialised, they were NULL), and NULL
     * where the loaded ABI does not define them.
     */
    static void assertConstantsSetAtInitAreTheLibrarysNow() {
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup library = SymbolLookup.libraryLookup(Mpi.LIB.libraryPath(), arena);
            for (String name : List.of("MPI_F_STATUS_IGNORE", "MPI_F_STATUSES_IGNORE")) {
                MemorySegment value;
                try {
                    value = (MemorySegment) Mpi.class.getMethod(name).invoke(null);
                } catch (NoSuchMethodException e) {
                    continue;   // bindings specialised to an ABI without it (the MPI-5 ABI's)
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
                MemorySegment expected = !Mpi.LIB.defines(name) ? MemorySegment.NULL : library.find(name)
                        .map(variable -> variable.reinterpret(ADDRESS.byteSize()).get(ADDRESS, 0))
                        .orElseThrow(() -> new AssertionError(Mpi.LIB.libraryPath() + " has no variable " + name));
                assertThat(value).as(name).isEqualTo(expected);
            }
        }
    }

    /**
     * Every constant the probe measured a value for has that value in {@link Mpi}; sentinels are the addresses
     * the C macros denote ({@code MPI_IN_PLACE} is {@code (void *) 1} or whatever the header says), never the
     * address of a variable holding them; predefined callbacks are the library's functions.
     */
    static void assertPointerConstantsAreTheValuesTheMacrosDenote() {
        Blueprint blueprint = blueprint();
        List<String> wrong = new ArrayList<>();
        int compared = 0;
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup library = SymbolLookup.libraryLookup(Mpi.LIB.libraryPath(), arena);
            for (ConstantInfo constant : blueprint.constants()) {
                Field field;
                try {
                    field = Mpi.class.getField(constant.name());
                } catch (NoSuchFieldException e) {
                    continue;   // the coverage test reports missing constants
                }
                Object value = fieldValue(field);
                long expected;
                if (constant.value() != null) {
                    expected = constant.value();
                } else if (constant.kind() == ConstantKind.FUNCTION && isIdentifier(constant.expansion())) {
                    expected = library.find(constant.expansion()).orElseThrow().address();
                } else {
                    continue;   // a link-time address: only the library knows it
                }
                compared++;
                if (numeric(value) != expected) {
                    wrong.add(constant.name() + " = " + numeric(value) + ", but " + constant.expansion() + " = " + expected);
                }
            }
        }
        assertThat(wrong).as("constants that differ from what their macros denote").isEmpty();
        assertThat(compared).as("constants compared with the blueprint").isGreaterThan(100);
    }

    private static long numeric(Object value) {
        return switch (value) {
            case Integer i -> i;
            case Long l -> l;
            case Short s -> s;
            case Byte b -> b;
            case MemorySegment m -> m.address();
            case MpiHandle h -> h.value();
            default -> throw new AssertionError("not numeric: " + value);
        };
    }

    private static boolean isIdentifier(String text) {
        return text != null && text.matches("[A-Za-z_][A-Za-z0-9_]*");
    }

    /** Predefined handles still do what they are: world and self, basic datatypes, reduction operations. */
    static void assertPredefinedHandlesStillWork(Rank r) {
        assertThat(r.intOut(p -> Mpi.MPI_Comm_size(Mpi.MPI_COMM_WORLD, p))).isEqualTo(r.size);
        assertThat(r.intOut(p -> Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, p))).isEqualTo(r.rank);
        assertThat(r.intOut(p -> Mpi.MPI_Comm_size(Mpi.MPI_COMM_SELF, p))).isEqualTo(1);
        assertThat(r.intOut(p -> Mpi.MPI_Comm_compare(Mpi.MPI_COMM_WORLD, Mpi.MPI_COMM_WORLD, p))).isEqualTo(Mpi.MPI_IDENT);
        assertThat(r.intOut(p -> Mpi.MPI_Type_size(Mpi.MPI_INT, p))).isEqualTo(4);
        assertThat(r.intOut(p -> Mpi.MPI_Type_size(Mpi.MPI_DOUBLE, p))).isEqualTo(8);
        assertThat(r.intOut(p -> Mpi.MPI_Type_size(Mpi.MPI_LONG_LONG, p))).isEqualTo(8);
        assertThat(r.intOut(p -> Mpi.MPI_Type_size(Mpi.MPI_CHAR, p))).isEqualTo(1);
        MemorySegment sum = r.intsFilled(2, 0);
        Mpi.MPI_Allreduce(r.ints(r.rank, 1), sum, 2, Mpi.MPI_INT, Mpi.MPI_SUM, Mpi.MPI_COMM_WORLD);
        assertThat(Rank.ints(sum)).containsExactly(Rank.triangle(r.size), r.size);
        MemorySegment max = r.intsFilled(1, 0);
        Mpi.MPI_Allreduce(r.ints(r.rank), max, 1, Mpi.MPI_INT, Mpi.MPI_MAX, Mpi.MPI_COMM_WORLD);
        assertThat(Rank.ints(max)).containsExactly(r.size - 1);
    }
}
