package org.mpi4all.codegen.go;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;
import org.mpi4all.core.c.CDeclarationParser;

/**
 * types.go: a Go type for each type the MPI defines. Integer typedefs become aliases of the Go integer of
 * their size ({@code MPI_Aint = int64}); handles become comparable structs holding the C value; structs
 * ({@code MPI_Status}) get their fields at the offsets the C compiler gives them, which the file checks at
 * compile time; function types become opaque types whose pointers are C function pointers.
 */
final class TypeDeclarations {
    private final Blueprint blueprint;
    private final GoTypes types;

    TypeDeclarations(Blueprint blueprint, GoTypes types) {
        this.blueprint = blueprint;
        this.types = types;
    }

    /** The file, reporting each type it cannot declare to {@code skipped}. */
    String file(Consumer<GoBindingsGenerator.Skip> skipped) {
        List<String> declarations = new ArrayList<>();
        for (TypeKind kind : List.of(TypeKind.INTEGER, TypeKind.FLOAT, TypeKind.HANDLE, TypeKind.STRUCT, TypeKind.FUNCTION)) {
            for (TypeInfo type : blueprint.types()) {
                if (type.kind() == kind && GoTypes.isGoTypeName(type.name())) {
                    try {
                        declarations.add(declaration(type));
                    } catch (GoTypes.UnsupportedTypeException e) {
                        skipped.accept(new GoBindingsGenerator.Skip(type.name(), e.getMessage()));
                    }
                }
            }
        }
        return GoBindingsGenerator.goFile(blueprint.implementation(), CSources.HEADER, String.join("\n", declarations));
    }

    private String declaration(TypeInfo type) {
        return switch (type.kind()) {
            case INTEGER, FLOAT -> alias(type);
            case HANDLE -> handle(type);
            case STRUCT -> struct(type);
            case FUNCTION -> function(type);
            default -> throw new IllegalArgumentException(type.name() + " is no " + type.kind());
        };
    }

    private static String alias(TypeInfo type) {
        String goType = GoTypes.goBasic(type);
        return new GoSource()
                .comment(type.name() + " is C's " + type.name() + " (" + type.canonical() + ", " + type.size() + " bytes).")
                .line("type " + type.name() + " = " + goType)
                .toString();
    }

    private String handle(TypeInfo type) {
        boolean pointer = type.carrier() == TypeInfo.HandleCarrier.POINTER;
        String field = pointer ? "C.uintptr_t" : "C." + type.name();
        String representation = pointer
                ? "a pointer in C (" + type.definition() + "), held as an integer so that Go never mistakes it for a Go pointer"
                : "an integer in C (" + type.definition() + ")";
        String nullHandle = type.name().toUpperCase(java.util.Locale.ROOT) + "_NULL";   // MPI_Comm has MPI_COMM_NULL
        String compare = blueprint.constant(nullHandle).isPresent() ? " (against " + nullHandle + ", for instance)" : "";
        return new GoSource()
                .comment(type.name() + " is an MPI handle, " + representation + ". Handles are values: compare them "
                        + "with ==" + compare + " and copy them freely.")
                .line("type " + type.name() + " struct {")
                .line("\thandle " + field)
                .line("}")
                .toString();
    }

    private String struct(TypeInfo type) {
        List<GoSource.Spec> fields = new ArrayList<>();
        List<String> checks = new ArrayList<>();
        long end = 0;
        for (TypeInfo.Field field : type.fields()) {
            if (field.offset() > end) {
                fields.add(new GoSource.Spec("_", "[" + (field.offset() - end) + "]byte"));
            }
            String name = GoIdentifiers.fieldName(field.name());
            fields.add(new GoSource.Spec(name, types.goType(CDeclarationParser.parseType(field.type()))));
            checks.add("var _ [unsafe.Offsetof(" + type.name() + "{}." + name + ")]byte = [unsafe.Offsetof(C."
                    + type.name() + "{}." + cgoFieldName(field.name()) + ")]byte{}");
            end = field.offset() + field.size();
        }
        long aligned = type.align() > 0 ? (end + type.align() - 1) / type.align() * type.align() : end;
        if (aligned < type.size()) {
            fields.add(new GoSource.Spec("_", "[" + (type.size() - end) + "]byte"));
        }
        checks.addFirst("var _ [unsafe.Sizeof(" + type.name() + "{})]byte = [C.sizeof_" + type.name() + "]byte{}");
        GoSource go = new GoSource()
                .comment(type.name() + " is C's " + type.name() + " (" + type.definition() + ", " + type.size()
                        + " bytes), field for field. Go exports the fields whose C names start with an upper-case "
                        + "letter; the others are the implementation's own.")
                .block("type " + type.name() + " struct {", fields, "}")
                .line("")
                .comment("The layout of " + type.name() + " is the C compiler's: these do not compile otherwise.");
        checks.forEach(go::line);
        return go.toString();
    }

    /** How cgo names a C struct member: a Go keyword gets an underscore in front. */
    private static String cgoFieldName(String cName) {
        return GoIdentifiers.isKeyword(cName) ? "_" + cName : cName;
    }

    private String function(TypeInfo type) {
        String declaration = type.signature() != null ? type.signature().declaration(type.name()) : type.definition();
        return new GoSource()
                .comment(type.name() + " is the C function type\n\n\t" + declaration + "\n\n"
                        + "A *" + type.name() + " is a C function pointer of this type: the value of a predefined "
                        + "constant, or a C function of the program converted with (*mpi." + type.name() + ")(C.f).")
                .line("type " + type.name() + " C." + type.name())
                .toString();
    }
}
