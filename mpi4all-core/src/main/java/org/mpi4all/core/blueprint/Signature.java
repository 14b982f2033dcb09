package org.mpi4all.core.blueprint;

import java.util.List;
import java.util.stream.Collectors;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CType;

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

    /** The C declaration of the function {@code name} with this signature: {@code int MPI_Send(const void *buf, ...)}. */
    public String declaration(String name) {
        String list = parameters.stream()
                .map(p -> CDeclarationParser.parseType(p.type()).spell(p.name()))
                .collect(Collectors.joining(", "));
        if (varargs) {
            list = list.isEmpty() ? "..." : list + ", ...";
        } else if (list.isEmpty()) {
            list = "void";
        }
        CType result = CDeclarationParser.parseType(returns);
        return result.spell(name + "(" + list + ")");
    }
}
