package org.mpi4all.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The Markdown table {@code scripts/npb-table} prints: one row per benchmark, class and process count, with the
 * values of NPB's own report of the run whose time is the median of the repeats (all values from that one run,
 * so that they belong together; of an even count, the faster of the middle two). A cell whose run failed says
 * its exit status and NPB's message instead.
 *
 * <p>{@code NpbReportTable RUNS-TSV}: one tab-separated line per run, in the order they ran: bench, class,
 * processes, exit status, and the path of the run's output without its ending ({@code PATH.out} holds standard
 * output, {@code PATH.err} standard error).
 */
public final class NpbReportTable {
    private NpbReportTable() {}

    /** One run of npb.jar (or NASA's binary): what ran, how it ended, and what it printed. */
    record Run(String bench, String npbClass, int processes, int status, String output, String errors) {
        /** NPB's one-line message on standard error ({@code npb: ...}), without its prefix, or empty. */
        Optional<String> reason() {
            return errors.lines().filter(line -> line.startsWith("npb:")).findFirst().map(line -> line.substring(4).strip());
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: NpbReportTable RUNS-TSV");
            System.exit(2);
        }
        System.out.print(table(read(Path.of(args[0]))));
    }

    /** The runs a RUNS-TSV file lists, with their outputs. */
    static List<Run> read(Path index) throws IOException {
        return Files.readAllLines(index).stream().filter(line -> !line.isBlank()).map(line -> run(index, line)).toList();
    }

    private static Run run(Path index, String line) {
        String[] f = line.split("\t");
        if (f.length != 5 || !f[2].matches("[0-9]+") || !f[3].matches("[0-9]+")) {
            throw new IllegalArgumentException(index + ": a run is 'bench class processes status output-path', tab-separated, not: " + line);
        }
        return new Run(f[0], f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]), text(Path.of(f[4] + ".out")), text(Path.of(f[4] + ".err")));
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the run's output " + file + ": " + e.getMessage(), e);
        }
    }

    static String table(List<Run> runs) {
        Map<List<Object>, List<Run>> cells = runs.stream().collect(Collectors.groupingBy(
                r -> List.of(r.bench(), r.npbClass(), r.processes()), LinkedHashMap::new, Collectors.toList()));
        StringBuilder md = new StringBuilder("| benchmark | class | processes | time (s) | Mop/s total | Mop/s/process | verification |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (var cell : cells.entrySet()) {
            md.append("| ").append(cell.getKey().stream().map(Object::toString).collect(Collectors.joining(" | "))).append(" | ")
                    .append(values(cell.getValue())).append(" |\n");
        }
        return md.toString();
    }

    /** The four value cells of one row. */
    private static String values(List<Run> repeats) {
        Optional<Run> failed = repeats.stream().filter(r -> r.status() != 0).findFirst();
        if (failed.isPresent()) {
            return "– | – | – | exit " + failed.get().status() + failed.get().reason().map(reason -> ": " + reason).orElse("");
        }
        List<NpbReport> reports = repeats.stream().map(r -> NpbReport.parse(r.output())).toList();
        if (reports.stream().anyMatch(r -> r.time().isEmpty())) {
            return "– | – | – | exit 0 without a time in NPB's report";
        }
        List<NpbReport> byTime = reports.stream().sorted(Comparator.comparing(r -> r.time().orElseThrow())).toList();
        NpbReport median = byTime.get((byTime.size() - 1) / 2);
        return String.join(" | ", median.seconds().orElseThrow(), median.mopsTotal().orElse("–"),
                median.mopsPerProcess().orElse("–"), median.verification().orElse("–"));
    }
}
