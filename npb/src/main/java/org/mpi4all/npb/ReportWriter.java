package org.mpi4all.npb;

import java.util.Locale;

/** Writes a {@link Report} the way NPB 3.4's {@code print_results} does, followed by the verified values. */
public final class ReportWriter {
    private static final String NPB_VERSION = "3.4";

    private ReportWriter() {}

    public static String format(Report report) {
        StringBuilder text = new StringBuilder();
        text.append("\n\n ").append(report.benchmark()).append(" Benchmark Completed.\n");
        field(text, "Class", report.npbClass().name());
        field(text, "Size", report.size());
        field(text, "Iterations", Integer.toString(report.iterations()));
        field(text, "Time in seconds", fixed(report.seconds()));
        // The untimed warm-up, as a line of its own: the JIT's cost beside the timed steady state.
        report.warmUp().ifPresent(warmUp -> field(text, "Warm-up", warmUp.describe()));
        field(text, "Total processes", Integer.toString(report.processes()));
        field(text, "Active procs", Integer.toString(report.processes()));
        field(text, "Mop/s total", fixed(report.mopsTotal()));
        field(text, "Mop/s/process", fixed(report.mopsTotal() / report.processes()));
        field(text, "Operation type", report.operationType());
        field(text, "Verification", report.verified() ? "  SUCCESSFUL" : "UNSUCCESSFUL");
        field(text, "Version", NPB_VERSION);
        field(text, "Backend", report.backend());
        field(text, "Java", Runtime.version().toString());
        text.append("\n Verified values:\n");
        text.append(String.format(Locale.ROOT, " %-12s %24s %24s %14s %10s%n",
                "quantity", "computed", "reference", "relative error", "tolerance"));
        for (Check check : report.checks()) {
            // 17 significant digits: the value a reader copies from the table is the double the run used.
            text.append(String.format(Locale.ROOT, " %-12s %24.16E %24.16E %14.3E %10.1E%s%n",
                    check.quantity(), check.computed(), check.reference(), check.relativeError(),
                    check.tolerance(), check.passed() ? "" : "  FAILED"));
        }
        return text.toString();
    }

    /** NPB's sizes: a grid as {@code i4,'x',i4,'x',i4}. */
    public static String grid(int n1, int n2, int n3) {
        return String.format(Locale.ROOT, "%4dx%4dx%4d", n1, n2, n3);
    }

    // print_results writes ' Label           = ' and then a value right-aligned in 24 columns.
    private static void field(StringBuilder text, String label, String value) {
        text.append(String.format(Locale.ROOT, " %-16s= %24s%n", label, value));
    }

    private static String fixed(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
