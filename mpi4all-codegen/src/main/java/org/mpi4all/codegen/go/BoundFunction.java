package org.mpi4all.codegen.go;

import java.util.List;
import org.mpi4all.core.auxiliary.AuxLibrarySource;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.c.CType;

/**
 * A C function with the {@link GoCarrier}s of its parameters and result: what both its C shim and its
 * Go wrapper are written from.
 *
 * @param names the parameter names, valid in Go and in C
 */
record BoundFunction(FunctionInfo info, List<String> names, List<GoCarrier> parameters, GoCarrier result) {
    /** The prefix of the shims' names: {@code mpi4all_go_MPI_Send}. */
    static final String SHIM_PREFIX = "mpi4all_go_";

    /**
     * Binds {@code function}.
     *
     * @throws GoTypes.UnsupportedTypeException if a parameter or the result has no Go form
     */
    static BoundFunction bind(FunctionInfo function, GoTypes types) {
        List<Parameter> parameters = function.signature().parameters();
        return new BoundFunction(function, GoIdentifiers.parameterNames(parameters),
                parameters.stream().map(p -> types.carrier(p.type())).toList(),
                types.carrier(function.signature().returns()));
    }

    String name() {
        return info.name();
    }

    String shimName() {
        return SHIM_PREFIX + info.name();
    }

    /** Whether the int it returns is an MPI error code, which Go returns as an {@code error}. */
    boolean returnsErrorCode() {
        return info.errorCode() && result instanceof GoCarrier.Scalar scalar && scalar.shimType().equals(new CType.Named("int"));
    }

    /** Whether C offers it only as a function-like macro or with varargs: the auxiliary library wraps it then. */
    boolean viaAuxLibrary() {
        return !info.exported() || info.signature().varargs();
    }

    /** The C function the shim calls. */
    String target() {
        return viaAuxLibrary() ? AuxLibrarySource.PREFIX + info.name() : info.name();
    }
}
