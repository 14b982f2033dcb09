package org.mpi4all.probe;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pipeline stage 3a: asks the wrapper's own preprocessor what object-like macros expand to (one run for all
 * of them), so that no macro semantics are reimplemented here.
 */
final class MacroExpander {
    private static final String SOURCE = "m4a_expand.c";
    private static final Pattern EXPANSION = Pattern.compile("m4a_begin (\\d+) (.*?) ?m4a_end", Pattern.DOTALL);

    private MacroExpander() {}

    /** The full expansion of every macro in {@code names}, whitespace collapsed. */
    static Map<String, String> expand(CompilerWrapper wrapper, Path workDirectory, List<String> names) {
        StringBuilder source = new StringBuilder("#include <mpi.h>\n");
        for (int i = 0; i < names.size(); i++) {
            source.append("m4a_begin ").append(i).append(' ').append(names.get(i)).append(" m4a_end\n");
        }
        HeaderPreprocessor.write(workDirectory.resolve(SOURCE), source.toString());
        ProcessOutput output = wrapper.run(workDirectory, List.of("-E", "-P", SOURCE));
        if (!output.succeeded()) {
            throw new ProbeException(wrapper + " cannot expand the MPI macros: " + output.firstErrorLine());
        }
        Map<String, String> expansions = new HashMap<>();
        Matcher matcher = EXPANSION.matcher(output.stdout());
        while (matcher.find()) {
            expansions.put(names.get(Integer.parseInt(matcher.group(1))), matcher.group(2).replaceAll("\\s+", " ").strip());
        }
        if (expansions.size() != names.size()) {
            throw new ProbeException(wrapper + " expanded " + expansions.size() + " of " + names.size() + " MPI macros");
        }
        return expansions;
    }
}
