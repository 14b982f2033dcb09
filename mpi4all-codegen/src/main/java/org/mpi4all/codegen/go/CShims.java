package org.mpi4all.codegen.go;

import java.util.ArrayList;
import java.util.List;
import org.mpi4all.core.blueprint.ImplementationInfo;

/**
 * {@value #FILE}: one {@code static inline} C function per MPI function, the only C the Go wrappers call.
 * A shim takes what Go can safely hold (pointer handles as {@code uintptr_t}, stand-ins for small
 * sentinels), hands MPI what it declares, and calls function-like macros and varargs functions through
 * the auxiliary library. The compiler inlines it into cgo's own wrapper, so it costs nothing.
 */
final class CShims {
    static final String FILE = "mpi4all_shims.h";

    private CShims() {}

    /** The shim of one function: {@code static inline int mpi4all_go_MPI_Send(...) { return MPI_Send(...); }}. */
    static String shim(BoundFunction function) {
        List<String> parameters = new ArrayList<>();
        List<String> arguments = new ArrayList<>();
        for (int i = 0; i < function.parameters().size(); i++) {
            GoCarrier carrier = function.parameters().get(i);
            String name = function.names().get(i);
            parameters.add(carrier.shimType().spell(name));
            arguments.add(carrier.toMpi(name));
        }
        String call = function.target() + "(" + String.join(", ", arguments) + ")";
        String body = function.result() instanceof GoCarrier.Void
                ? "{ " + call + "; }"
                : "{ return " + function.result().fromMpi(call) + "; }";
        String declarator = function.shimName() + "(" + (parameters.isEmpty() ? "void" : String.join(", ", parameters)) + ")";
        return "static inline " + function.result().shimType().spell(declarator) + " " + body;
    }

    /** The whole header, given the shims. */
    static String file(ImplementationInfo implementation, StandIns standIns, List<String> shims) {
        StringBuilder c = new StringBuilder(CSources.comment(implementation))
                .append("#ifndef MPI4ALL_SHIMS_H\n#define MPI4ALL_SHIMS_H\n\n")
                .append("#include \"").append(CSources.HEADER).append("\"\n\n");
        if (!standIns.isEmpty()) {
            c.append(standIns.translator()).append('\n');
        }
        shims.forEach(shim -> c.append(shim).append('\n'));
        return c.append("\n#endif\n").toString();
    }
}
