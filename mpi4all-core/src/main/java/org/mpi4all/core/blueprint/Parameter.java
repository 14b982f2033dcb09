package org.mpi4all.core.blueprint;

import java.util.Objects;

/**
 * A function or callback parameter.
 *
 * @param name      the name the header gives it, else the MPI standard's name for it; never made up
 * @param type      its C type spelling (see {@code docs/blueprint.md}): {@code const void *},
 *                  {@code int [][3]}, {@code MPI_Datatype}
 * @param direction from the MPI standard where the function is standard: {@code in}, {@code out} or
 *                  {@code inout}; null otherwise
 * @param length    from the MPI standard: for an array parameter, the expression giving its length
 *                  (e.g. {@code count}, {@code size of comm}); null otherwise
 * @param description from the MPI standard: what the parameter is ("initial address of send buffer"); null
 *                  where the function is not standard or the standard gives no description
 */
public record Parameter(String name, String type, String direction, String length, String description) {
    public Parameter {
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(type, "type == null");
    }

    public Parameter(String name, String type) {
        this(name, type, null, null, null);
    }
}
