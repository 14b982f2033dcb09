package org.mpi4all.core.blueprint;

import java.util.Objects;

/**
 * A function of the MPI C interface.
 *
 * @param name      the C name ({@code MPI_Send}, {@code MPIX_Comm_revoke})
 * @param signature return type, parameters, varargs
 * @param origin    how the header declares it
 * @param header    the header file that declares it ({@code mpi.h}, {@code mpio.h}, {@code mpi_proto.h})
 * @param exported  whether the library exports a symbol of this name; a generator must call
 *                  function-like macros and varargs functions through the auxiliary library instead
 * @param standard  whether the MPI standard (4.1 or 5.0, as published in the Forum's apis.json) defines it
 * @param errorCode whether the int it returns is an MPI error code to be checked (the standard's
 *                  {@code ERROR_CODE}/{@code ERROR_CLASS} return kinds; for non-standard functions every
 *                  {@code int} return except queries such as {@code MPIX_Query_cuda_support})
 */
public record FunctionInfo(
        String name,
        Signature signature,
        Origin origin,
        String header,
        boolean exported,
        boolean standard,
        boolean errorCode) {

    /** How a function reaches the C programmer. */
    public enum Origin {
        /** A prototype. */
        PROTOTYPE,
        /** A function-like macro (Open MPI 4.1 {@code MPI_Aint_add}, MPICH's {@code MPI_Comm_c2f}). */
        MACRO
    }

    public FunctionInfo {
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(signature, "signature == null");
        Objects.requireNonNull(origin, "origin == null");
    }
}
