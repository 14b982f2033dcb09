package org.mpi4all.codegen.go;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.mpi4all.core.blueprint.Blueprint;

/**
 * Where the wrappers install {@code MPI_ERRORS_RETURN}, so that MPI errors come back to Go as {@code error}
 * values instead of aborting the program: on {@code MPI_COMM_WORLD} and {@code MPI_COMM_SELF} once MPI is
 * initialised (communicators made later inherit it), and on each new window. Files return errors by
 * default; sessions take their handler as an argument.
 */
final class ErrorsReturn {
    /** The Go function the initialising wrappers call. */
    static final String INSTALL = "returnErrors";

    private static final Set<String> INITIALISERS = Set.of("MPI_Init", "MPI_Init_thread");
    private static final Set<String> WINDOW_CONSTRUCTORS = Set.of(
            "MPI_Win_create", "MPI_Win_allocate", "MPI_Win_allocate_shared", "MPI_Win_create_dynamic");

    private final boolean onCommunicators;
    private final boolean onWindows;

    private ErrorsReturn(boolean onCommunicators, boolean onWindows) {
        this.onCommunicators = onCommunicators;
        this.onWindows = onWindows;
    }

    /** What {@code blueprint} offers for it: the setters and the handles they need. */
    static ErrorsReturn of(Blueprint blueprint) {
        boolean errorsReturn = blueprint.constant("MPI_ERRORS_RETURN").isPresent();
        boolean communicators = errorsReturn && blueprint.function("MPI_Comm_set_errhandler").isPresent()
                && blueprint.constant("MPI_COMM_WORLD").isPresent() && blueprint.constant("MPI_COMM_SELF").isPresent();
        boolean windows = errorsReturn && blueprint.function("MPI_Win_set_errhandler").isPresent();
        return new ErrorsReturn(communicators, windows);
    }

    /** The Go expression, of type {@code error}, that the wrapper of {@code function} evaluates after success. */
    Optional<String> after(BoundFunction function) {
        String base = function.name().endsWith("_c") ? function.name().substring(0, function.name().length() - 2) : function.name();
        if (onCommunicators && INITIALISERS.contains(base)) {
            return Optional.of(INSTALL + "()");
        }
        if (onWindows && WINDOW_CONSTRUCTORS.contains(base)) {
            String window = function.names().getLast();   // every window constructor returns the window last
            return Optional.of("MPI_Win_set_errhandler(*" + window + ", MPI_ERRORS_RETURN)");
        }
        return Optional.empty();
    }

    /** What {@link #after} does, for the wrapper's doc comment. */
    String describe(BoundFunction function) {
        return after(function).map(code -> code.startsWith(INSTALL)
                ? "Once MPI is initialised, it installs MPI_ERRORS_RETURN on MPI_COMM_WORLD and MPI_COMM_SELF, so that "
                        + "MPI errors come back as error values."
                : "It installs MPI_ERRORS_RETURN on the new window, so that its errors come back as error values.")
                .orElse("");
    }

    /** The Go function {@value #INSTALL}, if initialisation installs the handler. */
    List<String> helper() {
        if (!onCommunicators) {
            return List.of();
        }
        return List.of(
                "// " + INSTALL + " installs MPI_ERRORS_RETURN on MPI_COMM_WORLD and MPI_COMM_SELF.",
                "func " + INSTALL + "() error {",
                "\tif err := MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); err != nil {",
                "\t\treturn err",
                "\t}",
                "\treturn MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN)",
                "}");
    }
}
