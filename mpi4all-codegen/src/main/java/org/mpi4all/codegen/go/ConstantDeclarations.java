package org.mpi4all.codegen.go;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.mpi4all.core.auxiliary.AuxLibrarySource;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CType;

/**
 * constants.go: every constant, with the value the C macro or enum constant denotes, never the address
 * of storage a program could overwrite. Integers are Go constants that cgo evaluates from {@code mpi.h}
 * when the package is built (so they can size arrays and label switch cases); every other constant is
 * read once, when the package is initialised, from the auxiliary library's read-only copy of it.
 */
final class ConstantDeclarations {
    private final Blueprint blueprint;
    private final GoTypes types;
    private final StandIns standIns;

    ConstantDeclarations(Blueprint blueprint, GoTypes types, StandIns standIns) {
        this.blueprint = blueprint;
        this.types = types;
        this.standIns = standIns;
    }

    /** Whether the constant is a Go constant, evaluated by cgo, rather than read from the auxiliary library. */
    static boolean isGoConstant(ConstantInfo constant) {
        return constant.kind() == ConstantKind.INTEGER && constant.origin() != ConstantInfo.Origin.VARIABLE;
    }

    /** The constants Go reads from the auxiliary library. */
    List<ConstantInfo> fromAuxLibrary() {
        return blueprint.constants().stream()
                .filter(c -> !isGoConstant(c) && standIns.forConstant(c.name()).isEmpty())
                .toList();
    }

    /** The file, reporting each constant it cannot declare to {@code skipped}. */
    String file(Consumer<GoBindingsGenerator.Skip> skipped) {
        List<GoSource.Spec> constants = new ArrayList<>();
        List<GoSource.Spec> variables = new ArrayList<>();
        for (ConstantInfo constant : blueprint.constants()) {
            if (isGoConstant(constant)) {
                constants.add(new GoSource.Spec(constant.name(), "= C." + constant.name()));
                continue;
            }
            try {
                variables.add(new GoSource.Spec(constant.name(), "= " + value(constant)));
            } catch (GoTypes.UnsupportedTypeException e) {
                skipped.accept(new GoBindingsGenerator.Skip(constant.name(), e.getMessage()));
            }
        }
        GoSource go = new GoSource();
        if (!constants.isEmpty()) {
            go.comment("The integer constants: the values of mpi.h's macros and enum constants, which cgo evaluates "
                            + "when the package is built.")
                    .block("const (", constants, ")")
                    .line("");
        }
        if (!variables.isEmpty()) {
            go.comment("The other constants (handles, sentinels, predefined callbacks, strings), read once from the "
                            + "auxiliary library when the package is initialised: the values the C macros denote.")
                    .block("var (", variables, ")")
                    .line("");
        }
        errorClasses(go);
        return GoBindingsGenerator.goFile(blueprint.implementation(), CSources.HEADER, go.toString());
    }

    /** The Go expression of a constant read from C. */
    private String value(ConstantInfo constant) {
        String fromAux = "C." + AuxLibrarySource.PREFIX + constant.name();
        CType type = CDeclarationParser.parseType(constant.type());
        return switch (constant.kind()) {
            case HANDLE -> {
                if (!(types.carrier(constant.type()) instanceof GoCarrier.Handle handle)) {
                    throw new GoTypes.UnsupportedTypeException("handle constant of type " + constant.type());
                }
                // A pointer handle goes straight into an integer: Go must not hold (MPI_Comm)0x101 in a pointer.
                yield handle.goType() + "{" + (handle.pointerCarrier()
                        ? "C.uintptr_t(uintptr(unsafe.Pointer(" + fromAux + ")))"
                        : fromAux) + "}";
            }
            case POINTER, FUNCTION -> {
                String address = standIns.forConstant(constant.name())
                        .map(s -> "&C." + StandIns.ARRAY + "[" + s.index() + "]")
                        .orElse(fromAux);
                String goType = types.goType(type);
                String pointer = "unsafe.Pointer(" + address + ")";
                yield goType.equals("unsafe.Pointer") ? pointer : GoCarrier.conversion(goType, pointer);
            }
            case STRING -> "C.GoString(" + fromAux + ")";
            case INTEGER, FLOAT -> GoCarrier.conversion(types.goType(type), fromAux);
        };
    }

    /** {@code errorClasses}, the names of the error classes, which {@code ErrorClassName} looks up. */
    private void errorClasses(GoSource go) {
        go.comment("errorClasses names the error classes, for ErrorClassName.")
                .line("var errorClasses = []struct {")
                .line("\tclass int32")
                .line("\tname  string")
                .line("}{");
        for (ConstantInfo constant : blueprint.constants()) {
            String name = constant.name();
            boolean errorClass = (name.startsWith("MPI_ERR_") || name.startsWith("MPI_T_ERR_") || name.startsWith("MPIX_ERR_"))
                    && !name.endsWith("_LASTCODE") && isGoConstant(constant);
            if (errorClass) {
                go.line("\t{" + name + ", \"" + name + "\"},");
            }
        }
        go.line("}");
    }
}
