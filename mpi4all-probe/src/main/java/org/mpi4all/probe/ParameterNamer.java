package org.mpi4all.probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.c.CType;
import org.mpi4all.core.standard.StandardApi;

/**
 * Names parameters and annotates them with the standard's semantics. A parameter takes the name its header
 * gives it, else the MPI standard's name for that position (when the standard's parameter count matches),
 * else a name derived from its type ({@code MPI_Status *} -> {@code status_ptr}, {@code int} ->
 * {@code int_value}), numbered when several would be equal. Derived names are recorded, so that the cases are
 * visible rather than hidden behind plausible names.
 */
final class ParameterNamer {
    private final StandardApi standard;
    private final Map<String, List<String>> derived = new TreeMap<>();

    ParameterNamer(StandardApi standard) {
        this.standard = standard;
    }

    /**
     * The parameters of {@code owner} (a function or callback type).
     *
     * @param headerNames the header's names, null where it gives none
     * @param fallback    names to use before deriving any (those of a typedef this one aliases); may be empty
     */
    List<Parameter> parameters(String owner, CType.Function type, List<String> headerNames, List<String> fallback) {
        int count = type.parameters().size();
        Optional<StandardApi.Procedure> procedure = standard.procedure(owner)
                .filter(p -> p.parameters().size() == count);
        List<String> names = new ArrayList<>();
        List<Integer> unnamed = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = i < headerNames.size() ? headerNames.get(i) : null;
            if (name == null && procedure.isPresent()) {
                name = procedure.get().parameters().get(i).name();
            }
            if (name == null && fallback.size() == count) {
                name = fallback.get(i);
            }
            if (name == null) {
                unnamed.add(i);
            }
            names.add(name);
        }
        if (!unnamed.isEmpty()) {
            List<String> made = derive(type.parameters());
            for (int i : unnamed) {
                names.set(i, made.get(i));
            }
            derived.put(owner, unnamed.stream().map(names::get).toList());
        }
        List<Parameter> parameters = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String spelling = type.parameters().get(i).spelling();
            if (procedure.isPresent()) {
                StandardApi.Parameter standardParameter = procedure.get().parameters().get(i);
                parameters.add(new Parameter(names.get(i), spelling, standardParameter.direction(),
                        renameLength(standardParameter.length(), procedure.get(), names),
                        standardParameter.description().isEmpty() ? null : standardParameter.description()));
            } else {
                parameters.add(new Parameter(names.get(i), spelling));
            }
        }
        return parameters;
    }

    /** The owners whose parameters got derived names, with those names, by owner. */
    Map<String, List<String>> derivedNames() {
        return derived;
    }

    /** A standard length expression with the standard's parameter names replaced by this header's. */
    private static String renameLength(String length, StandardApi.Procedure procedure, List<String> headerNames) {
        if (length == null) {
            return null;
        }
        Map<String, String> renames = new HashMap<>();
        for (int i = 0; i < headerNames.size(); i++) {
            renames.put(procedure.parameters().get(i).name(), headerNames.get(i));
        }
        StringBuilder renamed = new StringBuilder();
        for (String part : length.split("((?<=\\W)|(?=\\W))")) {
            renamed.append(renames.getOrDefault(part, part));
        }
        return renamed.toString();
    }

    /** Names from types: {@code void *} -> {@code void_ptr}, {@code MPI_Comm} -> {@code comm}, duplicates numbered. */
    static List<String> derive(List<CType> types) {
        List<String> names = types.stream().map(ParameterNamer::nameFor).toList();
        Map<String, Integer> totals = new HashMap<>();
        names.forEach(n -> totals.merge(n, 1, Integer::sum));
        Map<String, Integer> seen = new HashMap<>();
        List<String> unique = new ArrayList<>();
        for (String name : names) {
            unique.add(totals.get(name) == 1 ? name : name + seen.merge(name, 1, Integer::sum));
        }
        return unique;
    }

    private static String nameFor(CType type) {
        int pointers = 0;
        CType base = type;
        while (base instanceof CType.Pointer || base instanceof CType.Array) {
            base = base instanceof CType.Pointer p ? p.target() : ((CType.Array) base).element();
            pointers++;
        }
        String word = switch (base) {
            case CType.Named named -> {
                String name = named.name().replaceFirst("^(struct|union|enum) ", "");
                boolean mpi = name.startsWith("MPI_") || name.startsWith("MPIX_");
                name = name.replaceFirst("^MPIX?_", "").toLowerCase(java.util.Locale.ROOT).replace(' ', '_');
                yield mpi || pointers > 0 ? name : name + "_value";
            }
            case CType.Function function -> "function";
            default -> "value";
        };
        return word + "_ptr".repeat(pointers);
    }
}
