package org.mpi4all.codegen.go;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.blueprint.Signature;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CType;

/**
 * Go functions as MPI callbacks. cgo cannot make a C function pointer of a Go func value, so for each
 * callback type ({@code MPI_User_function}, {@code MPI_Comm_errhandler_function}, ...) the package has
 * {@value #SLOTS} C functions, trampolines, each calling an exported Go function with its slot number,
 * which calls the Go function registered in that slot. {@code NewMPI_User_function(f)} registers
 * {@code f} and returns its trampoline as a {@code *MPI_User_function}.
 */
final class Callbacks {
    /** The trampolines per type; the runtime's {@code callbackSlotCount} must be the same. */
    static final int SLOTS = 16;
    static final String GO_FILE = "callbacks.go";
    static final String C_FILE = "mpi4all_callbacks.c";

    /** A callback type with the carriers of its parameters and result. */
    private record Callback(TypeInfo type, List<String> names, List<GoCarrier> parameters, GoCarrier result) {
        String name() {
            return type.name();
        }

        Signature signature() {
            return type.signature();
        }

        /** The Go function the trampolines call. */
        String exported() {
            return "mpi4allGo_" + name();
        }

        /** The C array of the trampolines. */
        String slots() {
            return "mpi4all_go_" + name() + "_slots";
        }
    }

    private final Blueprint blueprint;
    private final List<Callback> callbacks = new ArrayList<>();

    /** The callback types of {@code blueprint}, reporting each one Go cannot express to {@code skipped}. */
    Callbacks(Blueprint blueprint, GoTypes types, Consumer<GoBindingsGenerator.Skip> skipped) {
        this.blueprint = blueprint;
        for (TypeInfo type : blueprint.types()) {
            if (type.kind() != TypeKind.FUNCTION || !GoTypes.isGoTypeName(type.name()) || type.signature() == null
                    || isAlias(type)) {
                continue;
            }
            try {
                List<Parameter> parameters = type.signature().parameters();
                callbacks.add(new Callback(type, GoIdentifiers.parameterNames(parameters),
                        parameters.stream().map(p -> types.carrier(p.type())).toList(),
                        types.carrier(type.signature().returns())));
            } catch (GoTypes.UnsupportedTypeException e) {
                skipped.accept(new GoBindingsGenerator.Skip(type.name(), "callbacks in Go: " + e.getMessage()));
            }
        }
    }

    boolean isEmpty() {
        return callbacks.isEmpty();
    }

    /** The declarations of the trampoline arrays, for the package's header. */
    List<String> declarations() {
        return callbacks.stream()
                .map(c -> "extern " + c.name() + " *const " + c.slots() + "[" + SLOTS + "];")
                .toList();
    }

    /** {@value #GO_FILE}: per type, the exported function the trampolines call and the constructor. */
    String goFile() {
        List<String> parts = new ArrayList<>();
        for (Callback callback : callbacks) {
            parts.add(goDeclarations(callback));
        }
        return GoBindingsGenerator.goFile(blueprint.implementation(), CSources.HEADER, String.join("\n", parts));
    }

    private static String goDeclarations(Callback callback) {
        String name = callback.name();
        String registry = "slots_" + name;
        List<String> goParameters = new ArrayList<>();
        List<String> cgoParameters = new ArrayList<>(List.of("slot C.int"));
        List<String> arguments = new ArrayList<>();
        for (int i = 0; i < callback.parameters().size(); i++) {
            GoCarrier carrier = callback.parameters().get(i);
            String parameter = callback.names().get(i);
            goParameters.add(parameter + " " + carrier.goType());
            cgoParameters.add(parameter + " " + carrier.cgoType());
            arguments.add(carrier.fromShim(parameter));
        }
        boolean returns = !(callback.result() instanceof GoCarrier.Void);
        String funcType = "func(" + String.join(", ", goParameters) + ")"
                + (returns ? " " + callback.result().goType() : "");
        String call = registry + ".get(int(slot))(" + String.join(", ", arguments) + ")";
        GoSource go = new GoSource()
                .line("var " + registry + " callbackSlots[" + funcType + "]")
                .line("")
                .comment(callback.exported() + " is what the C functions of " + name + " call.")
                .line("//")
                .line("//export " + callback.exported())
                .line("func " + callback.exported() + "(" + String.join(", ", cgoParameters) + ")"
                        + (returns ? " " + callback.result().cgoType() : "") + " {")
                .line("\t" + (returns ? "return " + callback.result().toShim(call) : call))
                .line("}")
                .line("")
                .comment("New" + name + " makes f a C function of type\n\n\t" + callback.signature().declaration(name)
                        + "\n\nfor MPI to call: it returns the C function pointer to give MPI, and the function that "
                        + "frees the registration once MPI can no longer call it (once what it was given to is freed). "
                        + "At most " + SLOTS
                        + " Go functions of this type are registered at a time. f runs on the thread MPI calls it on"
                        + (callback.signature().varargs() ? ", without the variable arguments" : "") + ".")
                .line("func New" + name + "(f " + funcType + ") (*" + name + ", func(), error) {")
                .line("\tslot, release, err := " + registry + ".add(f, \"" + name + "\")")
                .line("\tif err != nil {")
                .line("\t\treturn nil, nil, err")
                .line("\t}")
                .line("\treturn (*" + name + ")(C." + callback.slots() + "[slot]), release, nil")
                .line("}");
        return go.toString();
    }

    /** {@value #C_FILE}: the trampolines, {@value #SLOTS} per type, and their arrays. */
    String cFile() {
        StringBuilder c = new StringBuilder(CSources.comment(blueprint.implementation()))
                .append("#include \"").append(CSources.HEADER).append("\"\n")
                .append("#include \"_cgo_export.h\" /* the Go functions the trampolines call */\n");
        for (Callback callback : callbacks) {
            c.append("\n/* ").append(callback.name()).append(": C functions that call the Go function in their slot. */\n");
            List<String> trampolines = new ArrayList<>();
            for (int slot = 0; slot < SLOTS; slot++) {
                String trampoline = "mpi4all_go_" + callback.name() + "_" + slot;
                trampolines.add(trampoline);
                c.append(trampoline(callback, trampoline, slot)).append('\n');
            }
            c.append(callback.name()).append(" *const ").append(callback.slots()).append("[").append(SLOTS).append("] = {\n    ")
                    .append(String.join(",\n    ", trampolines)).append("\n};\n");
        }
        return c.toString();
    }

    /** One trampoline: {@code static int mpi4all_go_T_3(...) { return mpi4allGo_T(3, ...); }}. */
    private static String trampoline(Callback callback, String name, int slot) {
        List<String> parameters = new ArrayList<>();
        List<String> arguments = new ArrayList<>(List.of(Integer.toString(slot)));
        for (int i = 0; i < callback.parameters().size(); i++) {
            String parameter = callback.names().get(i);
            CType declared = CDeclarationParser.parseType(callback.signature().parameters().get(i).type());
            parameters.add(declared.spell(parameter));
            arguments.add(toGo(callback.parameters().get(i), parameter));
        }
        if (callback.signature().varargs()) {
            parameters.add("...");
        }
        String call = callback.exported() + "(" + String.join(", ", arguments) + ")";
        boolean returns = !(callback.result() instanceof GoCarrier.Void);
        String declarator = name + "(" + (parameters.isEmpty() ? "void" : String.join(", ", parameters)) + ")";
        CType result = CDeclarationParser.parseType(callback.signature().returns());
        return "static " + result.spell(declarator) + " { " + (returns ? "return " + callback.result().toMpi(call) : call) + "; }";
    }

    /**
     * The C argument handing MPI's value of parameter {@code name} to the exported Go function, whose C
     * prototype cgo writes without {@code const}.
     */
    private static String toGo(GoCarrier carrier, String name) {
        if (carrier instanceof GoCarrier.Pointer pointer) {
            return "(" + withoutConst(pointer.shimType()).spelling() + ")" + name;
        }
        return carrier.fromMpi(name);
    }

    private static CType withoutConst(CType type) {
        return switch (type) {
            case CType.Named named -> named.unqualified();
            case CType.Pointer pointer -> new CType.Pointer(withoutConst(pointer.target()));
            case CType.Array array -> new CType.Array(withoutConst(array.element()), array.length());
            case CType.Function function -> function;
        };
    }

    /** Whether a function type is another's second name ({@code MPI_Comm_errhandler_fn}): it gets no trampolines. */
    private boolean isAlias(TypeInfo type) {
        return type.definition() != null && blueprint.type(type.definition())
                .map(t -> t.kind() == TypeKind.FUNCTION)
                .orElse(false);
    }
}
