package org.mpi4all.codegen.java;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    private static final Pattern LATEX_COMMAND = Pattern.compile("\\\\(\\w+)\\{([^{}]*)}");
    private static final Set<String> CODE_COMMANDS = Set.of("mpiarg", "mpicode", "mpiconst", "mpifunc", "code");

    /**
     * The MPI standard's descriptions as Javadoc: its LaTeX markup ({@code \mpiarg{comm}}, {@code \MPI/},
     * {@code ~}) turned into {@code {@code comm}}, "MPI" and spaces.
     */
    static String javadocText(String latex) {
        String text = latex.replace("\\MPI/", "MPI").replace("\\mpi/", "MPI").replace("\\RMA/", "RMA").replace('~', ' ');
        // Innermost commands first (\mbox{\mpicode{false}}); code spans are marked, and braced only at the end.
        String previous;
        do {
            previous = text;
            Matcher command = LATEX_COMMAND.matcher(text);
            text = command.replaceAll(m -> Matcher.quoteReplacement(CODE_COMMANDS.contains(m.group(1))
                    ? "\u0001" + m.group(2) + "\u0002" : m.group(2)));
        } while (!text.equals(previous));
        return text.replace("\u0001", "{@code ").replace("\u0002", "}");
    }

    /** The C declaration of a function, as the header would write it: {@code int MPI_Send(const void *buf, ...)}. */
    static String declaration(String name, Signature signature) {
        return signature.declaration(name);
    }
}
