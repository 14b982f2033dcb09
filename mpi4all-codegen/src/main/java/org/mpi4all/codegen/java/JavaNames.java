package org.mpi4all.codegen.java;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.SourceVersion;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.blueprint.Signature;

/** Java identifiers for C names, and C declarations for javadoc. */
final class JavaNames {
    private JavaNames() {}

    /** The parameters' C names, made valid and distinct as Java identifiers ({@code native} becomes {@code native_}). */
    static List<String> parameterNames(List<Parameter> parameters) {
        List<String> names = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (Parameter parameter : parameters) {
            String name = parameter.name();
            if (!SourceVersion.isIdentifier(name) || SourceVersion.isKeyword(name)) {
                name = name + "_";
            }
            while (!taken.add(name)) {
                name = name + "_";
            }
            names.add(name);
        }
        return names;
    }

    /** {@code base}, or {@code base} with underscores appended, whichever none of {@code taken} is. */
    static String unused(String base, List<String> taken) {
        String name = base;
        while (taken.contains(name)) {
            name = name + "_";
        }
        return name;
    }

    /** The C declaration of a function, as the header would write it: {@code int MPI_Send(const void *buf, ...)}. */
    static String declaration(String name, Signature signature) {
        return signature.declaration(name);
    }
}
