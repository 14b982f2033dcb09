package org.mpi4all.probe;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.mpi4all.core.c.CDeclaration;
import org.mpi4all.core.c.CType;

/**
 * The C types a translation unit defines, by name: typedefs (and macros that stand for types, such as Open
 * MPI's {@code #define MPI_Fint int}), struct and union definitions, enums. Resolves a type to its canonical
 * form and tells what category a type falls in.
 */
final class TypeTable {

    /** What a canonical type is, before the blueprint tells handles from other typedefs. */
    enum Category { VOID, INTEGER, FLOAT, POINTER, FUNCTION, STRUCT, OPAQUE }

    private static final Set<String> INTEGERS = Set.of(
            "_Bool", "char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
            "long", "unsigned long", "long long", "unsigned long long", "__int128", "unsigned __int128");
    private static final Set<String> FLOATS = Set.of(
            "float", "double", "long double", "_Float16", "_Float32", "_Float64", "_Float128", "_Float32x",
            "_Float64x", "__float128");

    private final Map<String, CType> definitions = new HashMap<>();
    private final Map<String, CDeclaration.Typedef> typedefs = new HashMap<>();
    private final Map<String, CDeclaration.Struct> structs = new HashMap<>();
    private final Map<String, CDeclaration.Struct> untaggedStructs = new HashMap<>();

    TypeTable(List<CDeclaration> declarations) {
        for (CDeclaration declaration : declarations) {
            switch (declaration) {
                case CDeclaration.Typedef t -> {
                    typedefs.putIfAbsent(t.name(), t);
                    definitions.putIfAbsent(t.name(), t.type());
                }
                case CDeclaration.Struct s when s.name() != null -> structs.putIfAbsent(s.type().name(), s);
                case CDeclaration.Struct s when s.typedefName() != null -> untaggedStructs.putIfAbsent(s.typedefName(), s);
                default -> { }
            }
        }
    }

    /** Records a macro that names a type ({@code #define MPI_Fint int}) as if it were a typedef. */
    void addMacroType(String name, CType type) {
        definitions.put(name, type);
    }

    /** The names that denote types: typedefs and type macros. */
    Set<String> typeNames() {
        return definitions.keySet();
    }

    /** What typedef or type macro {@code name} stands for. */
    Optional<CType> definition(String name) {
        return Optional.ofNullable(definitions.get(name));
    }

    Optional<CDeclaration.Typedef> typedef(String name) {
        return Optional.ofNullable(typedefs.get(name));
    }

    /** {@code type} with every typedef resolved; a {@code const} on a typedef name carries over. */
    CType canonical(CType type) {
        return switch (type) {
            case CType.Named named -> {
                CType definition = definitions.get(named.name());
                if (definition == null) {
                    yield named;
                }
                CType resolved = canonical(definition);
                yield named.isConst() ? resolved.withConst() : resolved;
            }
            case CType.Pointer pointer -> new CType.Pointer(canonical(pointer.target()), pointer.isConst());
            case CType.Array array -> new CType.Array(canonical(array.element()), array.length());
            case CType.Function function -> new CType.Function(canonical(function.returns()),
                    function.parameters().stream().map(this::canonical).toList(), function.varargs());
        };
    }

    /** The category of {@code type} once its typedefs are resolved. */
    Category category(CType type) {
        CType canonical = canonical(type);
        return switch (canonical) {
            case CType.Pointer pointer -> Category.POINTER;
            case CType.Function function -> Category.FUNCTION;
            case CType.Array array -> Category.OPAQUE;
            case CType.Named named -> {
                String name = named.name();
                if (name.equals("void")) {
                    yield Category.VOID;
                } else if (INTEGERS.contains(name) || name.startsWith("enum ")) {
                    yield Category.INTEGER;
                } else if (FLOATS.contains(name)) {
                    yield Category.FLOAT;
                } else if (structOf(type).isPresent()) {
                    yield Category.STRUCT;
                }
                yield Category.OPAQUE;
            }
        };
    }

    /**
     * The struct or union definition that {@code type} names: through a tag ({@code struct ompi_status_public_t})
     * or a chain of typedefs, ending possibly at an untagged one ({@code typedef struct {...} MPI_Status;}).
     */
    Optional<CDeclaration.Struct> structOf(CType type) {
        if (!(type instanceof CType.Named named)) {
            return Optional.empty();
        }
        CDeclaration.Struct tagged = structs.get(named.name());
        if (tagged != null) {
            return Optional.of(tagged);
        }
        CDeclaration.Struct untagged = untaggedStructs.get(named.name());
        if (untagged != null) {
            return Optional.of(untagged);
        }
        CType definition = definitions.get(named.name());
        return definition == null ? Optional.empty() : structOf(definition);
    }

    /** Whether {@code type} is a pointer to a struct or union the headers never define (an opaque handle). */
    boolean isPointerToIncompleteAggregate(CType type) {
        return canonical(type) instanceof CType.Pointer pointer
                && pointer.target() instanceof CType.Named target
                && (target.name().startsWith("struct ") || target.name().startsWith("union "))
                && structOf(target).isEmpty();
    }
}
