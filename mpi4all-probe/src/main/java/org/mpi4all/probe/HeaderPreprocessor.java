package org.mpi4all.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pipeline stage 1: preprocesses {@code #include <mpi.h>} with the wrapper, keeping line markers and macro
 * definitions ({@code -E -dD}), and learns from {@code -Wp,-v} which directories the compiler searches on its own.
 */
final class HeaderPreprocessor {
    private static final String SOURCE = "m4a_header.c";
    private static final Pattern MPI_H = Pattern.compile("^# \\d+ \"([^\"]*/mpi\\.h)\" 1", Pattern.MULTILINE);

    /**
     * @param text                     the preprocessed translation unit
     * @param mpiHeader                the {@code mpi.h} the wrapper found
     * @param searchedDirectories      every directory the compiler searched for {@code <...>} includes, in order
     */
    record Result(String text, Path mpiHeader, List<Path> searchedDirectories) {}

    private HeaderPreprocessor() {}

    static Result preprocess(CompilerWrapper wrapper, Path workDirectory) {
        write(workDirectory.resolve(SOURCE), "#include <mpi.h>\n");
        // -Wp,-v rather than -v: MPICH's wrappers answer -v themselves, on standard output.
        ProcessOutput output = wrapper.run(workDirectory, List.of("-E", "-dD", "-Wp,-v", SOURCE));
        if (!output.succeeded()) {
            throw new ProbeException(wrapper + " cannot compile #include <mpi.h>: " + output.firstErrorLine());
        }
        Matcher mpiH = MPI_H.matcher(output.stdout());
        if (!mpiH.find()) {
            throw new ProbeException(wrapper + " compiled #include <mpi.h> but no mpi.h file was read");
        }
        return new Result(output.stdout(), Path.of(mpiH.group(1)).normalize(), searchedDirectories(output.stderr()));
    }

    /** The list GCC and Clang print between "#include <...> search starts here:" and "End of search list.". */
    private static List<Path> searchedDirectories(String verboseOutput) {
        List<Path> directories = new ArrayList<>();
        boolean inList = false;
        for (String line : verboseOutput.lines().toList()) {
            if (line.startsWith("#include <...> search starts here")) {
                inList = true;
            } else if (line.startsWith("End of search list")) {
                break;
            } else if (inList && line.startsWith(" ")) {
                directories.add(Path.of(line.strip().replace(" (framework directory)", "")).normalize());
            }
        }
        return directories;
    }

    static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
