package org.mpi4all.core.blueprint;

import java.util.Objects;

/**
 * A constant of the MPI C interface.
 *
 * @param name       the C name ({@code MPI_COMM_WORLD})
 * @param type       the C spelling of its type ({@code MPI_Comm}, {@code int}, {@code void *},
 *                   {@code MPI_Status *}, {@code MPI_Comm_copy_attr_function *})
 * @param kind       what kind of value it is
 * @param origin     how the header declares it
 * @param expression the macro's replacement text as the header writes it (macros only)
 * @param expansion  what that text fully expands to with the implementation's preprocessor (macros only)
 * @param value      the value, measured by a compiled program, when it is the same in every process:
 *                   integers, integer handles, and addresses that are integer constants
 *                   ({@code (void *) 1}); null when it is a link-time address such as Open MPI's
 *                   {@code &ompi_mpi_comm_world}, which only the auxiliary library can give at run time
 * @param floatValue the value of a {@link ConstantKind#FLOAT} constant; null otherwise
 * @param text       the value of a {@link ConstantKind#STRING} constant; null otherwise
 */
public record ConstantInfo(
        String name,
        String type,
        ConstantKind kind,
        Origin origin,
        String expression,
        String expansion,
        Long value,
        Double floatValue,
        String text) {

    /** How a header declares a constant. */
    public enum Origin {
        /** {@code #define MPI_ANY_SOURCE -1}. */
        MACRO,
        /** {@code enum { MPI_THREAD_SINGLE, ... }}. */
        ENUM,
        /**
         * {@code extern int * const MPI_UNWEIGHTED;} (MPICH): an object the library defines, whose value is
         * read at load time.
         */
        VARIABLE
    }

    public ConstantInfo {
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(type, "type == null");
        Objects.requireNonNull(kind, "kind == null");
        Objects.requireNonNull(origin, "origin == null");
    }

    /** A constant whose expansion is not recorded. */
    public ConstantInfo(String name, String type, ConstantKind kind, Origin origin, String expression, Long value,
            Double floatValue, String text) {
        this(name, type, kind, origin, expression, null, value, floatValue, text);
    }
}
