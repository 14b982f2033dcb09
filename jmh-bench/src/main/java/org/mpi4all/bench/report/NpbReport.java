package org.mpi4all.bench.report;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values of an NPB {@code print_results} report as rank 0 prints it, the Java port and NASA's Fortran alike
 * ({@code " Time in seconds =                     1.23"}); a field the output does not have is empty.
 */
record NpbReport(Optional<String> seconds, Optional<String> mopsTotal, Optional<String> mopsPerProcess,
        Optional<String> verification) {

    static NpbReport parse(String output) {
        return new NpbReport(field(output, "Time in seconds"), field(output, "Mop/s total"),
                field(output, "Mop/s/process"), field(output, "Verification"));
    }

    /** The time in seconds, or empty when the report has none or it is not a number. */
    Optional<Double> time() {
        return seconds.filter(s -> s.matches("[0-9]+(\\.[0-9]*)?")).map(Double::valueOf);
    }

    /** The value of the first line "LABEL = value" (trimmed), the way print_results aligns them. */
    private static Optional<String> field(String output, String label) {
        Matcher m = Pattern.compile("^ *" + Pattern.quote(label) + " *= *(.*?) *$", Pattern.MULTILINE).matcher(output);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
