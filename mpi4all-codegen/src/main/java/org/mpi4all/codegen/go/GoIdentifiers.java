package org.mpi4all.codegen.go;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.mpi4all.core.blueprint.Parameter;

/** Go identifiers for C names. */
final class GoIdentifiers {
    private static final Set<String> KEYWORDS = Set.of(
            "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func",
            "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct",
            "switch", "type", "var");

    /** Names a wrapper's or a callback's body uses, which a parameter must not hide. */
    private static final Set<String> USED_BY_WRAPPERS = Set.of("C", "unsafe", "check", "err", "slot");

    private GoIdentifiers() {}

    static boolean isKeyword(String name) {
        return KEYWORDS.contains(name);
    }

    /** A C struct member's name as a Go field name: as it is, unless it is a keyword. */
    static String fieldName(String cName) {
        return isKeyword(cName) ? cName + "_" : cName;
    }

    /**
     * The parameters' C names, made valid and distinct as Go parameter names: a keyword or a name the
     * wrapper needs gets an underscore ({@code type} becomes {@code type_}), a missing one its position.
     */
    static List<String> parameterNames(List<Parameter> parameters) {
        List<String> names = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < parameters.size(); i++) {
            String name = parameters.get(i).name();
            if (name.isEmpty()) {
                name = "arg" + i;
            } else if (KEYWORDS.contains(name) || USED_BY_WRAPPERS.contains(name)) {
                name = name + "_";
            }
            while (!taken.add(name)) {
                name = name + "_";
            }
            names.add(name);
        }
        return names;
    }
}
