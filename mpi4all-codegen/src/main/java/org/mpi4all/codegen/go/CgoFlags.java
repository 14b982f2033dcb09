package org.mpi4all.codegen.go;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The {@code #cgo CFLAGS} and {@code LDFLAGS} lines, from the compile and link flags the implementation's
 * compiler wrapper reports: the package compiles and links exactly as {@code mpicc} would (no hard-coded
 * {@code -lmpi}, which links Open MPI's library where MPICH's is meant).
 */
final class CgoFlags {
    /** The arguments cgo's #cgo line takes without quotes. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./=,+:%@-]+");

    /**
     * Deprecated MPI functions (MPI_Attr_get, ...) are part of the interface too: their shims must not
     * make every build of the package print warnings.
     */
    static final String QUIET = "-Wno-deprecated-declarations";

    private CgoFlags() {}

    /** The {@code #cgo} lines of the package's preamble. */
    static List<String> lines(List<String> compileFlags, List<String> linkFlags) {
        List<String> cflags = new ArrayList<>(compileFlags);
        cflags.add(QUIET);
        List<String> lines = new ArrayList<>();
        lines.add("#cgo CFLAGS: " + join(cflags));
        List<String> ldflags = cgoLinkFlags(linkFlags);
        if (!ldflags.isEmpty()) {
            lines.add("#cgo LDFLAGS: " + join(ldflags));
        }
        return lines;
    }

    /**
     * The link flags in the spelling cgo's security check accepts: it rejects {@code -Xlinker X} (Intel
     * MPI's wrapper uses it) but accepts the equivalent {@code -Wl,X}.
     */
    static List<String> cgoLinkFlags(List<String> linkFlags) {
        List<String> flags = new ArrayList<>();
        for (int i = 0; i < linkFlags.size(); i++) {
            String flag = linkFlags.get(i);
            if (flag.equals("-Xlinker")) {
                if (i + 1 == linkFlags.size()) {
                    throw new IllegalArgumentException("link flags end in -Xlinker without an argument: " + linkFlags);
                }
                flags.add("-Wl," + linkFlags.get(++i));
            } else {
                flags.add(flag);
            }
        }
        return flags;
    }

    private static String join(List<String> flags) {
        return String.join(" ", flags.stream().map(CgoFlags::quote).toList());
    }

    /**
     * A flag as a #cgo line needs it: as it is, or in quotes when it holds other characters (cgo splits the
     * line on spaces, honours single and double quotes and knows no escapes).
     */
    private static String quote(String flag) {
        if (PLAIN.matcher(flag).matches()) {
            return flag;
        }
        if (!flag.contains("\"")) {
            return "\"" + flag + "\"";
        }
        if (!flag.contains("'")) {
            return "'" + flag + "'";
        }
        throw new IllegalArgumentException("a #cgo line cannot hold a flag with both kinds of quotes: " + flag);
    }
}
