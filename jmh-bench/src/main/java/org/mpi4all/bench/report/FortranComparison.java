package org.mpi4all.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * NASA's NPB 3.4 Fortran against the Java port, from the result file of {@code scripts/bench-fortran}: for every
 * MPI whose runs it holds ({@code fortran-MPI} and {@code mpi4all-MPI}), one Markdown table row per benchmark,
 * class and rank count with the median time of each (and the range of the runs) and Java's median over
 * Fortran's. The runs of the two were interleaved, so the ratio of medians compares times taken under the same
 * load.
 *
 * <pre>
 * FortranComparison RESULT-FILE
 * </pre>
 */
public final class FortranComparison {
    private static final String FORTRAN = "fortran-";
    private static final String JAVA = "mpi4all-";

    private FortranComparison() {}

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: FortranComparison RESULT-FILE (scripts/bench-fortran's)");
            System.exit(2);
        }
        List<String> table = markdown(NpbRuns.read(Path.of(args[0])));
        if (table.isEmpty()) {
            System.err.println("FortranComparison: " + args[0] + " holds no Fortran runs (backends named fortran-MPI)");
            System.exit(1);
        }
        table.forEach(System.out::println);
    }

    /** The table's lines, or none when the runs hold no Fortran backend. */
    static List<String> markdown(NpbRuns runs) {
        List<String> mpis = runs.backends(List.of()).stream().filter(b -> b.startsWith(FORTRAN))
                .map(b -> b.substring(FORTRAN.length())).toList();
        List<String> lines = new ArrayList<>();
        if (mpis.isEmpty()) {
            return lines;
        }
        lines.add("| MPI | bench | ranks | Fortran s | Java (mpi4all) s | Java ÷ Fortran |");
        lines.add("|---|---|---|---|---|---|");
        for (String mpi : mpis) {
            for (String npbClass : runs.classes()) {
                for (String bench : runs.benches()) {
                    for (int ranks : runs.ranks()) {
                        String fortran = FORTRAN + mpi;
                        String java = JAVA + mpi;
                        if (runs.of(fortran, bench, npbClass, ranks).isEmpty() && runs.of(java, bench, npbClass, ranks).isEmpty()) {
                            continue;
                        }
                        Optional<Double> f = runs.median(fortran, bench, npbClass, ranks);
                        Optional<Double> j = runs.median(java, bench, npbClass, ranks);
                        lines.add("| " + mpi + " | " + bench + "." + npbClass + " | " + ranks
                                + " | " + cell(runs, fortran, bench, npbClass, ranks)
                                + " | " + cell(runs, java, bench, npbClass, ranks)
                                + " | " + (f.isPresent() && j.isPresent() ? String.format(Locale.ROOT, "×%.2f", j.get() / f.get()) : "–")
                                + " |");
                    }
                }
            }
        }
        lines.add("");
        lines.add("Times: median (fastest–slowest) of the verified runs; a run without a time is named by its reason.");
        return lines;
    }

    /** "0.72 (0.70–0.81)", with the runs that produced no time after it. */
    private static String cell(NpbRuns runs, String backend, String bench, String npbClass, int ranks) {
        List<Double> times = runs.times(backend, bench, npbClass, ranks);
        String failures = runs.failures(backend, bench, npbClass, ranks);
        if (times.isEmpty()) {
            return failures.isEmpty() ? "–" : failures;
        }
        String cell = String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", runs.median(backend, bench, npbClass, ranks).orElseThrow(),
                times.getFirst(), times.getLast());
        return failures.isEmpty() ? cell : cell + "; " + failures;
    }
}
