package org.mpi4all.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.mpi4all.core.mpi.MpiImplementation;

/**
 * The lines-of-code table of {@code docs/high-level-api.md} (KaMPIng's Table I for mpi4all): counted
 * here from the sources, and checked against the table so that it cannot go stale. A failure prints
 * the table as it should be.
 *
 * <p>A line of code is a line that is not blank, not a comment, and not a {@code package},
 * {@code import} or {@code #include} line. The non-communicating parts each version shares
 * ({@code Workloads.java}, {@code workloads.h}) are not counted, as in KaMPIng's comparison.
 */
class LinesOfCodeTest {
    private static final Pattern BLOCK_COMMENT = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern LINE_COMMENT = Pattern.compile("//[^\\n]*");

    /** program, C source, low-level Java source, high-level Java source (relative to the project root). */
    private static final List<List<String>> PROGRAMS = List.of(
            List.of("ring", "native/examples/ring.c", java("lowlevel/Ring"), java("highlevel/Ring")),
            List.of("pi", "native/examples/pi.c", java("Pi"), java("highlevel/Pi")),
            List.of("allgather of varying sizes", "native/examples/allgatherv.c", java("lowlevel/AllgatherVarying"),
                    java("highlevel/AllgatherVarying")),
            List.of("sample sort", "native/examples/samplesort.c", java("lowlevel/SampleSort"), java("highlevel/SampleSort")),
            List.of("BFS, sparse exchange (NBX)", "native/examples/bfs.c", java("lowlevel/Bfs"), java("highlevel/Bfs")));

    @Test
    void theTableInTheDocsMatchesTheSources() throws IOException {
        Path root = MpiImplementation.projectRoot();
        StringBuilder table = new StringBuilder("| program | C | generated low level | high level |\n|---|---|---|---|\n");
        for (List<String> program : PROGRAMS) {
            table.append("| ").append(program.getFirst());
            for (String source : program.subList(1, 4)) {
                table.append(" | ").append(linesOfCode(root.resolve(source)));
            }
            table.append(" |\n");
        }
        String docs = Files.readString(root.resolve("docs/high-level-api.md"));
        assertThat(docs).as("docs/high-level-api.md should hold this table:\n" + table).contains(table);
    }

    static long linesOfCode(Path source) throws IOException {
        String text = LINE_COMMENT.matcher(BLOCK_COMMENT.matcher(Files.readString(source)).replaceAll("")).replaceAll("");
        return text.lines().map(String::strip)
                .filter(line -> !line.isEmpty())
                .filter(line -> !line.startsWith("package ") && !line.startsWith("import ") && !line.startsWith("#include"))
                .count();
    }

    private static String java(String name) {
        return "examples/src/main/java/org/mpi4all/examples/" + name + ".java";
    }
}
