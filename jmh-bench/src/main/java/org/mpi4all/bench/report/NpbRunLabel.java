package org.mpi4all.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code scripts/bench-npb} and {@code scripts/bench-fortran} record for one NPB run, from its exit status and
 * output: the seconds of its report, or why it has none ({@code timeout}, {@code failed-STATUS},
 * {@code unverified}, {@code not-implemented}, {@code unsupported-ranks}, {@code too-big}); {@link NpbRuns} reads
 * these labels back.
 *
 * <pre>
 * NpbRunLabel npb|jmh|report STATUS OUTPUT-FILE
 * </pre>
 * {@code npb}: a one-shot run of the Java port ({@code npb.jar}, which exits 1 when verification fails, 2 for a
 * rank count its benchmark refuses, 3 for a class that does not fit in memory); {@code jmh}: its JMH run, which
 * prints no report ({@code verified} when it exits 0); {@code report}: any run that must exit 0 and print a report
 * saying SUCCESSFUL (NASA's Fortran exits 0 whatever its verification says; {@code scripts/bench-fortran} holds
 * the Java port to the same rule). Prints the label.
 */
public final class NpbRunLabel {
    /** Which rules label the run. */
    enum Rules { NPB, JMH, REPORT }

    private static final int TIMEOUT = 124;
    private static final int KILLED = 137;

    private NpbRunLabel() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 3 || !args[0].matches("npb|jmh|report") || !args[1].matches("[0-9]+")) {
            System.err.println("usage: NpbRunLabel npb|jmh|report STATUS OUTPUT-FILE");
            System.exit(2);
        }
        Rules rules = Rules.valueOf(args[0].toUpperCase(Locale.ROOT));
        System.out.println(of(rules, Integer.parseInt(args[1]), Files.readString(Path.of(args[2]))));
    }

    /** The label of a run that exited with {@code status} after printing {@code output}. */
    static String of(Rules rules, int status, String output) {
        if (status == TIMEOUT || status == KILLED) {
            return "timeout";
        }
        NpbReport report = NpbReport.parse(output);
        Optional<String> seconds = report.time().flatMap(time -> report.seconds());
        return switch (rules) {
            case REPORT -> status != 0 ? "failed-" + status
                    : report.verification().filter("SUCCESSFUL"::equals).isEmpty() ? "unverified"
                    : seconds.orElse("failed-no-time");
            case JMH -> status == 0 ? "verified" : refused(status, output);
            case NPB -> status == 0 && seconds.isPresent() ? seconds.get() : refused(status, output);
        };
    }

    /** Why the Java port gave no time. */
    private static String refused(int status, String output) {
        if (output.contains("not implemented")) {
            return "not-implemented";
        } else if (status == 2 && output.contains("needs a")) {
            return "unsupported-ranks";
        } else if (status == 3) {
            return "too-big";
        }
        return "failed-" + status;
    }
}
