package org.mpi4all.probe;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pipeline stage 4: compiles the measuring program with the implementation's own wrapper and runs it. When
 * the program does not compile, the items on the lines the compiler blames are dropped with the compiler's
 * message as the reason and it is compiled again, so one bad constant costs one extra compile, not one
 * compile per constant.
 */
final class Measurer {
    private static final String SOURCE = "m4a_measure.c";
    private static final String PROGRAM = "m4a_measure";
    /** More rounds than this means the compiler's errors do not point at items. */
    private static final int MAX_COMPILES = 8;
    private static final Pattern DIAGNOSTIC = Pattern.compile("^(.*?):(\\d+):(?:\\d+:)? (fatal error|error|note|warning): (.*)$");

    private Measurer() {}

    /**
     * The measured values; {@code dropped} receives each item the compiler rejected with the reason.
     *
     * @throws ProbeException if the program fails for a reason no item explains, or fails to run
     */
    static Measurements measure(CompilerWrapper wrapper, Path workDirectory, MeasurementProgram.Plan plan,
            Map<MeasurementProgram.Item, String> dropped, Consumer<String> log) {
        List<MeasurementProgram.Item> items = new ArrayList<>(plan.items());
        for (int compile = 1; ; compile++) {
            MeasurementProgram.Source source = MeasurementProgram.write(
                    new MeasurementProgram.Plan(items, plan.symbols(), plan.anchorSymbol(), plan.libraryVersion()));
            HeaderPreprocessor.write(workDirectory.resolve(SOURCE), source.text());
            ProcessOutput output = wrapper.run(workDirectory, List.of("-w", "-O0", "-o", PROGRAM, SOURCE, "-ldl"));
            if (output.succeeded()) {
                break;
            }
            Map<MeasurementProgram.Item, String> blamed = blame(output.stderr(), source.itemsByLine());
            if (blamed.isEmpty() || compile == MAX_COMPILES) {
                throw new ProbeException("the measuring program " + workDirectory.resolve(SOURCE)
                        + " does not compile with " + wrapper + ": " + output.firstErrorLine());
            }
            log.accept("compile " + compile + ": dropping " + blamed.size() + " item(s) the compiler rejected");
            dropped.putAll(blamed);
            items.removeAll(blamed.keySet());
        }
        ProcessOutput run = wrapper.runProgram(workDirectory.resolve(PROGRAM), workDirectory);
        if (!run.succeeded()) {
            throw new ProbeException("the measuring program " + workDirectory.resolve(PROGRAM) + " failed ("
                    + (run.exitCode() > 128 ? "signal " + (run.exitCode() - 128) : "exit " + run.exitCode()) + "): "
                    + run.firstErrorLine());
        }
        return parse(run.stdout());
    }

    /** The items whose lines the compiler's errors (and the notes following each error) point at. */
    static Map<MeasurementProgram.Item, String> blame(String stderr, Map<Integer, MeasurementProgram.Item> itemsByLine) {
        Map<MeasurementProgram.Item, String> blamed = new LinkedHashMap<>();
        String error = null;
        for (String line : stderr.lines().toList()) {
            Matcher diagnostic = DIAGNOSTIC.matcher(line);
            if (!diagnostic.matches()) {
                continue;
            }
            String severity = diagnostic.group(3);
            if (severity.endsWith("error")) {
                error = diagnostic.group(4).strip();
            } else if (severity.equals("warning")) {
                error = null;
            }
            if (error != null && Path.of(diagnostic.group(1)).getFileName().toString().equals(SOURCE)) {
                MeasurementProgram.Item item = itemsByLine.get(Integer.parseInt(diagnostic.group(2)));
                if (item != null) {
                    blamed.putIfAbsent(item, error);
                }
            }
        }
        return blamed;
    }

    static Measurements parse(String output) {
        Measurements.Builder measurements = new Measurements.Builder();
        for (String line : output.lines().toList()) {
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "C" -> measurements.constant(f[1], new Measurements.Constant(f[2], f[3].equals("1"),
                        switch (f[4]) {
                            case "integer", "pointer" -> new Measurements.Value.Integer(Long.parseLong(f[5]), f[4].equals("pointer"));
                            case "float" -> new Measurements.Value.Floating(parseHexFloat(f[5]));
                            case "string" -> new Measurements.Value.Text(text(f[5]));
                            default -> throw new ProbeException("the measuring program printed an unknown value kind: " + line);
                        }));
                case "T" -> measurements.type(f[1], new Measurements.Type(Long.parseLong(f[2]), Long.parseLong(f[3]),
                        f[4].equals("-") ? null : f[4].equals("1")));
                case "F" -> measurements.field(f[1], f[2], new Measurements.Field(Long.parseLong(f[3]), Long.parseLong(f[4])));
                case "S" -> measurements.exported(f[1]);
                case "L" -> measurements.library(text(f[1]));
                case "V" -> measurements.libraryVersion(text(f[1]));
                default -> throw new ProbeException("the measuring program printed an unexpected line: " + line);
            }
        }
        return measurements.build();
    }

    private static String text(String hex) {
        return new String(HexFormat.of().parseHex(hex), StandardCharsets.UTF_8);
    }

    /** {@code %La} output such as {@code 0xc.8p-3}, which Java's hexadecimal float syntax reads too. */
    private static double parseHexFloat(String text) {
        return switch (text) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan", "-nan" -> Double.NaN;
            default -> Double.parseDouble(text.contains("p") ? text : text + "p0");
        };
    }
}
