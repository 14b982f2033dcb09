package org.mpi4all.probe;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.mpi4all.core.blueprint.Signature;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;
import org.mpi4all.core.c.CDeclaration;
import org.mpi4all.core.c.CType;

/**
 * The named types a blueprint describes: every typedef and type macro named {@code MPI_}/{@code MPIX_} in
 * MPI's headers, every type the functions and constants use, and everything those refer to (their typedef
 * chains, struct members, callback parameters), down to the C basic types.
 */
final class TypeCatalog {

    /**
     * The handle types of the MPI standard (MPI-5.0 §2.5.1 and the tool interface, Chapter 15). In the MPICH
     * family most are {@code int} typedefs, which nothing but this list and the null-handle convention
     * below tells from ordinary integers such as {@code MPI_Fint}.
     */
    static final Set<String> STANDARD_HANDLES = Set.of(
            "MPI_Comm", "MPI_Datatype", "MPI_Errhandler", "MPI_File", "MPI_Group", "MPI_Info", "MPI_Message",
            "MPI_Op", "MPI_Request", "MPI_Session", "MPI_Win", "MPI_T_enum", "MPI_T_cvar_handle",
            "MPI_T_pvar_handle", "MPI_T_pvar_session", "MPI_T_event_registration", "MPI_T_event_instance");

    /** The C basic types, measured always since constants of any of them may appear. */
    static final List<String> BASIC_TYPES = List.of(
            "_Bool", "char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
            "long", "unsigned long", "long long", "unsigned long long", "float", "double", "long double");

    private final TypeTable table;
    private final Set<String> names = new LinkedHashSet<>();

    TypeCatalog(TypeTable table) {
        this.table = table;
    }

    /** Adds a type and everything it refers to. */
    void add(CType type) {
        switch (type) {
            case CType.Named named -> addName(named.name());
            case CType.Pointer pointer -> add(pointer.target());
            case CType.Array array -> add(array.element());
            case CType.Function function -> {
                add(function.returns());
                function.parameters().forEach(this::add);
            }
        }
    }

    void addName(String name) {
        if (name.endsWith(CType.ANONYMOUS_BODY) || !names.add(name)) {
            return; // An untagged aggregate is described by the typedef that declares it.
        }
        table.definition(name).ifPresent(this::add);
        table.structOf(new CType.Named(name)).ifPresent(s -> fields(s).forEach(f -> add(f.type())));
    }

    /** The names collected so far, in the order they were reached. */
    Set<String> names() {
        return names;
    }

    TypeTable.Category category(String name) {
        return table.category(new CType.Named(name));
    }

    /** Whether a C program can apply {@code sizeof} to the type. */
    boolean isMeasurable(String name) {
        TypeTable.Category category = category(name);
        return category == TypeTable.Category.INTEGER || category == TypeTable.Category.FLOAT
                || category == TypeTable.Category.POINTER || category == TypeTable.Category.STRUCT;
    }

    /** The named members of a struct, with those of anonymous struct and union members brought up (C11). */
    List<CDeclaration.Struct.Field> fields(CDeclaration.Struct struct) {
        List<CDeclaration.Struct.Field> fields = new ArrayList<>();
        for (CDeclaration.Struct.Field field : struct.fields()) {
            if (field.name() != null) {
                fields.add(field);
            } else if (field.bitWidth() < 0) {
                table.structOf(field.type()).ifPresent(inner -> fields.addAll(fields(inner)));
            }
        }
        return fields;
    }

    /**
     * Describes type {@code name}.
     *
     * @param hasConstantOfType whether a constant (first argument) of that type (second) exists, which is how
     *                     a non-standard integer handle shows: MPICH's {@code MPIX_STREAM_NULL} of type {@code MPIX_Stream}
     * @param signature    the signature of a function type or function pointer type
     */
    TypeInfo describe(String name, Measurements measurements, BiPredicate<String, String> hasConstantOfType,
            Function<String, Signature> signature) {
        CType named = new CType.Named(name);
        Optional<CType> definition = table.definition(name);
        CType canonical = table.canonical(named);
        TypeTable.Category category = table.category(named);
        Optional<Measurements.Type> measured = measurements.type(name);
        TypeKind kind = kind(name, category);
        TypeInfo.HandleCarrier carrier = null;
        if (isHandle(name, hasConstantOfType)) {
            kind = TypeKind.HANDLE;
            carrier = category == TypeTable.Category.INTEGER ? TypeInfo.HandleCarrier.INTEGER : TypeInfo.HandleCarrier.POINTER;
        }
        List<TypeInfo.Field> fields = new ArrayList<>();
        if (category == TypeTable.Category.STRUCT) {
            Map<String, Measurements.Field> offsets = measurements.fieldsOf(name);
            for (CDeclaration.Struct.Field field : fields(table.structOf(named).orElseThrow())) {
                Measurements.Field at = offsets.get(field.name());
                if (at != null) {
                    fields.add(new TypeInfo.Field(field.name(), field.type().spelling(), at.offset(), at.size()));
                }
            }
        }
        boolean callable = canonical instanceof CType.Function
                || canonical instanceof CType.Pointer p && p.target() instanceof CType.Function;
        return new TypeInfo(name, kind, definition.map(CType::spelling).orElse(null), canonical.spelling(),
                measured.map(Measurements.Type::size).orElse(0L),
                measured.map(Measurements.Type::align).orElse(0L),
                measured.map(Measurements.Type::signed).orElse(null),
                carrier, fields, callable ? signature.apply(name) : null);
    }

    private static TypeKind kind(String name, TypeTable.Category category) {
        return switch (category) {
            case VOID -> TypeKind.VOID;
            case INTEGER -> TypeKind.INTEGER;
            case FLOAT -> TypeKind.FLOAT;
            case POINTER -> TypeKind.POINTER;
            case FUNCTION -> TypeKind.FUNCTION;
            case STRUCT -> TypeKind.STRUCT;
            case OPAQUE -> TypeKind.OPAQUE;
        };
    }

    /**
     * A handle is a standard handle type, an MPI-named pointer to a struct the headers never define, or an
     * MPI-named integer type with a null-handle constant ({@code MPIX_Stream} and {@code MPIX_STREAM_NULL}).
     */
    boolean isHandle(String name, BiPredicate<String, String> hasConstantOfType) {
        if (!HeaderInventory.isMpiName(name) || table.definition(name).isEmpty()) {
            return false;
        }
        if (STANDARD_HANDLES.contains(name) || table.isPointerToIncompleteAggregate(new CType.Named(name))) {
            return true;
        }
        int underscore = name.indexOf('_');
        String nullConstant = name.substring(0, underscore) + name.substring(underscore).toUpperCase(Locale.ROOT) + "_NULL";
        return category(name) == TypeTable.Category.INTEGER && hasConstantOfType.test(nullConstant, name);
    }
}
