package org.mpi4all.codegen.go;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Go function for one C function: its C name, Go parameter types, a call of the shim through cgo, and
 * the error code returned as an {@code error}.
 */
final class GoWrapper {
    /** The Go function that turns an error code into an {@code error} (in the package's errors.go). */
    static final String CHECK = "check";

    private GoWrapper() {}

    static String of(BoundFunction function, ErrorsReturn errorsReturn) {
        List<String> parameters = new ArrayList<>();
        List<String> arguments = new ArrayList<>();
        for (int i = 0; i < function.parameters().size(); i++) {
            GoCarrier carrier = function.parameters().get(i);
            String name = function.names().get(i);
            parameters.add(name + " " + carrier.goType());
            arguments.add(carrier.toShim(name));
        }
        String call = "C." + function.shimName() + "(" + String.join(", ", arguments) + ")";
        Optional<String> after = errorsReturn.after(function);

        GoSource go = new GoSource().comment(doc(function, errorsReturn));
        String signature = "func " + function.name() + "(" + String.join(", ", parameters) + ")";
        if (function.returnsErrorCode()) {
            String checked = CHECK + "(\"" + function.name() + "\", " + call + ")";
            go.line(signature + " error {");
            if (after.isPresent()) {
                go.line("\tif err := " + checked + "; err != nil {")
                        .line("\t\treturn err")
                        .line("\t}")
                        .line("\treturn " + after.get());
            } else {
                go.line("\treturn " + checked);
            }
        } else if (function.result() instanceof GoCarrier.Void) {
            go.line(signature + " {").line("\t" + call);
        } else {
            go.line(signature + " " + function.result().goType() + " {")
                    .line("\treturn " + function.result().fromShim(call));
        }
        return go.line("}").toString();
    }

    private static String doc(BoundFunction function, ErrorsReturn errorsReturn) {
        String how;
        if (function.info().signature().varargs()) {
            how = "without its variable arguments, through the auxiliary library (cgo cannot call a variadic C function).";
        } else if (!function.info().exported()) {
            how = "a function-like macro in C, through the auxiliary library.";
        } else {
            how = "";
        }
        String result = function.returnsErrorCode()
                ? "It returns the error code as an *Error, nil for MPI_SUCCESS."
                : "";
        String after = errorsReturn.describe(function);
        return function.name() + " calls\n\n\t" + function.info().signature().declaration(function.name()) + "\n\n"
                + String.join(" ", List.of(how, result, after).stream().filter(s -> !s.isEmpty()).toList());
    }
}
