package org.mpi4all.core.blueprint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ABI profile of one implementation: what the implementation-neutral Java layer needs to know at run time
 * to bind to its library, and nothing else. Which handle types are C {@code int}s and which are pointers, the
 * layout of {@code MPI_Status}, every constant's value (a number, the address of an exported symbol, or the
 * pointer an exported variable holds), and the functions the library does not export (macros the runtime
 * computes in Java, or finds in an auxiliary library).
 *
 * <p>A profile is a line-oriented text file, one fact per line, fields separated by tabs, written from a
 * blueprint by {@link #write} and read by the runtime ({@code org.mpi4all.runtime.AbiProfile}) without a JSON
 * parser, so that binding to a known implementation costs a few milliseconds and no dependency:
 * <pre>
 * mpi4all-abi-profile 1
 * implementation  openmpi  openmpi  4.1.4  Open MPI v4.1.4, package: Debian OpenMPI, ...
 * handle          MPI_Comm  pointer
 * struct          MPI_Status  24  MPI_SOURCE:int:0  MPI_TAG:int:4  MPI_ERROR:int:8  _cancelled:int:12  _ucount:long:16
 * constant        MPI_ANY_SOURCE  -1
 * constant        MPI_COMM_WORLD  &amp;ompi_mpi_comm_world
 * constant        MPI_UNWEIGHTED  *MPI_UNWEIGHTED
 * constant        MPI_AINT_FMT_DEC_SPEC  "%ld"
 * function        MPI_Aint_add  java
 * </pre>
 * {@code docs/blueprint.md} documents every line kind.
 */
public final class AbiProfile {
    public static final String HEADER = "mpi4all-abi-profile 1";

    /** A constant whose value only the auxiliary library can give (an expression the profile cannot express). */
    public static final String AUX = "aux";
    /** A function the library does not export but the runtime computes in Java ({@link #JAVA_FUNCTIONS}). */
    public static final String JAVA = "java";

    /** Function-like macros whose meaning is fixed by the standard, so that Java can compute them. */
    private static final Set<String> ADDRESS_ARITHMETIC = Set.of("MPI_Aint_add", "MPI_Aint_diff");
    private static final Pattern HANDLE_CONVERSION = Pattern.compile("MPI_(\\w+)_(c2f|f2c)");

    /** A cast to a pointer type or to an MPI typedef: {@code (void *)}, {@code (MPI_Comm)}, {@code (struct x *)}. */
    private static final Pattern CAST = Pattern.compile(
            "\\(\\s*(?:(?:const|struct)\\s+)?[A-Za-z_]\\w*(?:\\s*\\*)+\\s*\\)|\\(\\s*MPI_\\w+\\s*\\)(?=\\s*[&(A-Za-z_])");
    /** Parentheses around a name or an address-of a name. */
    private static final Pattern PARENTHESISED_NAME = Pattern.compile("\\(\\s*(&?\\s*[A-Za-z_]\\w*)\\s*\\)");
    private static final Pattern SYMBOL = Pattern.compile("(&\\s*)?([A-Za-z_]\\w*)");

    private AbiProfile() {}

    /** The profile text of {@code blueprint}. */
    public static String write(Blueprint blueprint) {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        lines.add(line("implementation", indexEntry(blueprint)));
        for (TypeInfo type : blueprint.types()) {
            if (type.isHandle()) {
                lines.add(line("handle", type.name(),
                        type.carrier() == TypeInfo.HandleCarrier.INTEGER ? "int" : "pointer"));
            }
        }
        blueprint.type("MPI_Status").ifPresent(status -> lines.add(struct(status)));
        for (ConstantInfo constant : blueprint.constants()) {
            lines.add(line("constant", constant.name(), value(constant)));
        }
        for (FunctionInfo function : blueprint.functions()) {
            if (!function.exported()) {
                lines.add(line("function", function.name(), javaComputable(blueprint, function.name()) ? JAVA : AUX));
            }
        }
        return String.join("\n", lines) + "\n";
    }

    /**
     * What the runtime's list of profiles says of {@code blueprint}'s, so that it parses only the one it selects:
     * name, family, version and the first line of {@code MPI_Get_library_version}, tab-separated.
     */
    public static String indexEntry(Blueprint blueprint) {
        ImplementationInfo implementation = blueprint.implementation();
        return line(implementation.name(), implementation.family(), implementation.version(),
                firstLine(implementation.libraryVersion()));
    }

    /**
     * Whether Java can compute the function-like macro {@code name}: address arithmetic, and the Fortran handle
     * conversions of an implementation whose handle of that kind is the Fortran integer itself (MPICH's
     * {@code #define MPI_Comm_c2f(comm) (MPI_Fint)(comm)}).
     */
    static boolean javaComputable(Blueprint blueprint, String name) {
        if (ADDRESS_ARITHMETIC.contains(name)) {
            return true;
        }
        Matcher conversion = HANDLE_CONVERSION.matcher(name);
        if (!conversion.matches()) {
            return false;
        }
        String handleType = "MPI_" + (conversion.group(1).equals("Type") ? "Datatype" : conversion.group(1));
        return blueprint.type(handleType)
                .map(t -> t.isHandle() && t.carrier() == TypeInfo.HandleCarrier.INTEGER)
                .orElse(false);
    }

    private static String struct(TypeInfo status) {
        List<String> fields = new ArrayList<>(List.of("struct", status.name(), Long.toString(status.size())));
        for (TypeInfo.Field field : status.fields()) {
            String kind = switch ((int) field.size()) {
                case 4 -> "int";
                case 8 -> "long";
                default -> "bytes" + field.size();
            };
            fields.add(field.name() + ":" + kind + ":" + field.offset());
        }
        return String.join("\t", fields);
    }

    /**
     * A constant's value as the profile spells it: the measured number; a string in quotes; {@code &symbol} for a
     * link-time address the header takes of an exported object or function ({@code &ompi_mpi_comm_world},
     * {@code MPIR_Dup_fn}); {@code *symbol} for the pointer an exported variable holds (MPICH's
     * {@code extern int * const MPI_UNWEIGHTED}); else {@value #AUX}.
     */
    static String value(ConstantInfo constant) {
        if (constant.kind() == ConstantKind.STRING) {
            return constant.text() == null ? AUX : quote(constant.text());
        }
        if (constant.kind() == ConstantKind.FLOAT) {
            return constant.floatValue() == null ? AUX : "double:" + constant.floatValue();
        }
        if (constant.value() != null) {
            return Long.toString(constant.value());
        }
        if (constant.origin() == ConstantInfo.Origin.VARIABLE) {
            return "*" + constant.name();
        }
        return symbolAddress(constant).map(symbol -> "&" + symbol).orElse(AUX);
    }

    /**
     * The symbol whose address the macro denotes, read from its expansion with casts and redundant parentheses set
     * aside: {@code ((MPI_Datatype) ((void *) &(ompi_mpi_int)))} is {@code &ompi_mpi_int}; a function constant such
     * as {@code ((MPI_Comm_copy_attr_function *)MPIR_Dup_fn)} is the function's name. Anything else (a call, an
     * arithmetic expression) is not.
     */
    private static Optional<String> symbolAddress(ConstantInfo constant) {
        String expansion = constant.expansion() != null ? constant.expansion() : constant.expression();
        if (expansion == null) {
            return Optional.empty();
        }
        String text = expansion.strip();
        String previous;
        do {
            previous = text;
            text = CAST.matcher(text).replaceAll("");
            text = PARENTHESISED_NAME.matcher(text).replaceAll("$1").strip();
        } while (!text.equals(previous));
        Matcher symbol = SYMBOL.matcher(text);
        if (!symbol.matches()) {
            return Optional.empty();
        }
        boolean addressTaken = symbol.group(1) != null;
        return addressTaken || constant.kind() == ConstantKind.FUNCTION ? Optional.of(symbol.group(2)) : Optional.empty();
    }

    private static String line(String... fields) {
        return String.join("\t", fields);
    }

    private static String firstLine(String text) {
        return text == null ? "" : text.strip().lines().findFirst().orElse("").strip().replace('\t', ' ');
    }

    /** {@code "text"} with backslash, quote, tab and newline escaped. */
    static String quote(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '\\' -> quoted.append("\\\\");
                case '"' -> quoted.append("\\\"");
                case '\t' -> quoted.append("\\t");
                case '\n' -> quoted.append("\\n");
                default -> quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }
}
