package org.mpi4all.core.blueprint;

import java.util.List;

/**
 * A C function signature.
 *
 * @param returns    the C spelling of the return type
 * @param parameters the parameters in order
 * @param varargs    whether the parameter list ends in {@code ...}
 */
public record Signature(String returns, List<Parameter> parameters, boolean varargs) {
    public Signature {
        parameters = Names.copy(parameters);
    }
}
