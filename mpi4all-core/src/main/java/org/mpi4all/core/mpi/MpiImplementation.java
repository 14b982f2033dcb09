package org.mpi4all.core.mpi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The facts {@code scripts/mpi} knows about an installed MPI implementation: how to compile against it,
 * which library to load, how to launch ranks and with which environment. {@code scripts/mpi} is the single
 * source of truth; this class only reads what it prints.
 *
 * @param name       the implementation name ({@code openmpi}, {@code mpich}, {@code intelmpi}, {@code mpich5}, {@code openmpi5})
 * @param version    its version
 * @param prefix     its installation prefix
 * @param mpicc      the C compiler wrapper
 * @param mpirun     the launcher
 * @param mpirunArgs the flags the launcher needs on this machine kind (as root, oversubscribed, unpinned)
 * @param library    the shared library to load
 * @param environment variables the launcher and every rank need
 */
public record MpiImplementation(
        String name,
        String version,
        Path prefix,
        Path mpicc,
        Path mpirun,
        List<String> mpirunArgs,
        Path library,
        Map<String, String> environment) {

    /** The names {@code scripts/mpi} knows. */
    public static final List<String> NAMES = List.of("openmpi", "mpich", "intelmpi", "mpich5", "openmpi5", "mpiabi");

    public MpiImplementation {
        Objects.requireNonNull(name, "name == null");
        mpirunArgs = List.copyOf(mpirunArgs);
        environment = Map.copyOf(environment);
    }

    /** The facts of the installed implementation {@code name}, read from {@code scripts/mpi facts}. */
    public static MpiImplementation facts(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException(
                    "unknown MPI implementation '" + name + "' (choose one of: " + String.join(", ", NAMES) + ")");
        }
        return parse(runScript("facts", name));
    }

    /** The {@code mpirun ... -np ranks command...} line that launches {@code command} on {@code ranks} ranks. */
    public List<String> launchCommand(int ranks, List<String> command) {
        List<String> line = new ArrayList<>();
        line.add(mpirun.toString());
        line.addAll(mpirunArgs);
        line.add("-np");
        line.add(Integer.toString(ranks));
        line.addAll(command);
        return line;
    }

    static MpiImplementation parse(String facts) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : facts.split("\n")) {
            int eq = line.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String key = line.substring(0, eq);
            String value = line.substring(eq + 1);
            if (key.startsWith("env.")) {
                env.put(key.substring("env.".length()), value);
            } else {
                values.put(key, value);
            }
        }
        for (String required : List.of("name", "mpicc", "mpirun", "lib")) {
            if (values.getOrDefault(required, "").isEmpty()) {
                throw new IllegalStateException("scripts/mpi printed no '" + required + "' fact:\n" + facts);
            }
        }
        String args = values.getOrDefault("mpirun_args", "").trim();
        return new MpiImplementation(
                values.get("name"),
                values.getOrDefault("version", ""),
                Path.of(values.getOrDefault("prefix", "/")),
                Path.of(values.get("mpicc")),
                Path.of(values.get("mpirun")),
                args.isEmpty() ? List.of() : Arrays.asList(args.split("\\s+")),
                Path.of(values.get("lib")),
                env);
    }

    /** The project's root directory: {@code -Dmpi4all.root}, else the nearest ancestor holding {@code scripts/mpi}. */
    public static Path projectRoot() {
        String configured = System.getProperty("mpi4all.root");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isExecutable(dir.resolve("scripts/mpi"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "cannot find the mpi4all project root (scripts/mpi): set -Dmpi4all.root=<checkout>");
    }

    private static String runScript(String... args) {
        List<String> command = new ArrayList<>();
        command.add(projectRoot().resolve("scripts/mpi").toString());
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(false).start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (process.waitFor() != 0) {
                throw new IllegalStateException(err.isEmpty() ? String.join(" ", command) + " failed" : err);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        }
    }
}
