package org.mpi4all.probe;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.mpi4all.core.mpi.MpiImplementation;

/** An MPI C compiler wrapper ({@code mpicc}, {@code mpiicx}, ...) and the environment it must run in. */
public final class CompilerWrapper {

    /** The wrapper names looked for on {@code PATH}, in this order, when none is given. */
    public static final List<String> NAMES_ON_PATH =
            List.of("mpicc", "mpiicc", "mpiicx", "mpigcc", "mpicc.openmpi", "mpicc.mpich");

    private final Path path;
    private final Map<String, String> environment;

    private CompilerWrapper(Path path, Map<String, String> environment) {
        this.path = Objects.requireNonNull(path, "path == null");
        this.environment = Map.copyOf(environment);
    }

    /**
     * The wrapper at {@code mpicc}, run with {@code environment} added to this process's own.
     *
     * @throws ProbeException if {@code mpicc} is not an executable file
     */
    public static CompilerWrapper of(Path mpicc, Map<String, String> environment) {
        if (!Files.isRegularFile(mpicc) || !Files.isExecutable(mpicc)) {
            throw new ProbeException("compiler wrapper " + mpicc + " is not an executable file");
        }
        return new CompilerWrapper(mpicc.toAbsolutePath().normalize(), environment);
    }

    public static CompilerWrapper of(Path mpicc) {
        return of(mpicc, Map.of());
    }

    /** The wrapper of an implementation {@code scripts/mpi} installed, with the environment it needs. */
    public static CompilerWrapper of(MpiImplementation implementation) {
        return of(implementation.mpicc(), implementation.environment());
    }

    /**
     * The first of {@link #NAMES_ON_PATH} found in the directories of {@code searchPath} (a {@code PATH} value).
     *
     * @throws ProbeException if there is none
     */
    public static CompilerWrapper findOnPath(String searchPath) {
        String dirs = searchPath == null ? "" : searchPath;
        for (String name : NAMES_ON_PATH) {
            for (String dir : dirs.split(File.pathSeparator)) {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return of(candidate);
                }
            }
        }
        throw new ProbeException("no MPI compiler wrapper on PATH (looked for " + String.join(", ", NAMES_ON_PATH)
                + "): give one with --mpicc or name an implementation with --mpi");
    }

    public Path path() {
        return path;
    }

    /** The variables added to this process's environment when the wrapper runs, sorted by name. */
    public Map<String, String> environment() {
        return new TreeMap<>(environment);
    }

    /** This wrapper with {@code name=value} added to its environment. */
    CompilerWrapper withEnvironment(String name, String value) {
        Map<String, String> extended = new TreeMap<>(environment);
        extended.put(name, value);
        return new CompilerWrapper(path, extended);
    }

    /** Runs the wrapper with {@code arguments} in {@code directory}. */
    ProcessOutput run(Path directory, List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(path.toString());
        command.addAll(arguments);
        return ProcessOutput.run(command, directory, environment);
    }

    /** Runs a program the wrapper built, in the wrapper's environment (so it finds the same libraries). */
    ProcessOutput runProgram(Path program, Path directory) {
        return ProcessOutput.run(List.of(program.toString()), directory, environment);
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
