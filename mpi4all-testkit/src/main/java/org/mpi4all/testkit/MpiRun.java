package org.mpi4all.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.mpi4all.core.mpi.MpiImplementation;

/**
 * Runs a Java program on N ranks under an MPI implementation's own launcher and collects every rank's
 * exit status and output:
 *
 * <pre>{@code
 * MpiRun.java(PingPong.class).ranks(4).run().assertSucceeded()
 *     .assertEachRank(r -> assertEquals("42", r.value("sum").orElseThrow()));
 * }</pre>
 *
 * <p>Each rank runs under a small shell wrapper that sends its output to files of its own and records its
 * exit status, so results are per rank whatever the implementation. A run that exceeds its timeout is
 * killed with everything it started (the launcher, its daemons and proxies, every rank), found both as
 * descendants of the launcher and by a marker in their environment, so nothing outlives the test.
 */
public final class MpiRun {
    /** The environment variable that marks every process of a run, so stragglers can be found and killed. */
    public static final String RUN_MARKER = "MPI4ALL_TEST_RUN";

    private static final String RANK_WRAPPER = """
            #!/bin/sh
            # Runs one rank with its output in files of its own and records its exit status.
            rank=${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-${PMI_RANK:-${PMI_ID:-unknown}}}}
            "$@" >"$MPI4ALL_RUN_DIR/rank-$rank.out" 2>"$MPI4ALL_RUN_DIR/rank-$rank.err"
            status=$?
            echo $status >"$MPI4ALL_RUN_DIR/rank-$rank.exit"
            exit $status
            """;

    private final List<String> command;
    private MpiImplementation implementation;
    private int ranks = 2;
    private Duration timeout = Duration.ofSeconds(120);
    private final Map<String, String> environment = new LinkedHashMap<>();

    private MpiRun(List<String> command) {
        this.command = List.copyOf(command);
    }

    /** Runs any command on every rank. */
    public static MpiRun command(List<String> command) {
        return new MpiRun(command);
    }

    /**
     * Runs {@code mainClass} on every rank in a JVM like the one running the test: same {@code java}, same
     * class path, native access enabled.
     */
    public static MpiRun java(Class<?> mainClass, String... args) {
        List<String> line = new ArrayList<>(javaCommand());
        line.add(mainClass.getName());
        line.addAll(List.of(args));
        return new MpiRun(line);
    }

    /** {@code java} with the test's class path and native access: the start of a rank's command line. */
    public static List<String> javaCommand() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp", classPath);
    }

    public MpiRun ranks(int ranks) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks must be at least 1, not " + ranks);
        }
        this.ranks = ranks;
        return this;
    }

    public MpiRun timeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** The implementation to launch with; by default the one {@link TestMpi#implementation()} selects. */
    public MpiRun implementation(MpiImplementation implementation) {
        this.implementation = implementation;
        return this;
    }

    public MpiRun environment(String name, String value) {
        environment.put(name, value);
        return this;
    }

    /** Launches the ranks, waits for them (at most the timeout) and returns what each left behind. */
    public MpiRunResult run() {
        MpiImplementation mpi = implementation != null ? implementation : TestMpi.implementation();
        String runId = UUID.randomUUID().toString();
        Path dir = createRunDirectory();
        try {
            Path wrapper = dir.resolve("rank.sh");
            Files.writeString(wrapper, RANK_WRAPPER);
            Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwx------"));
            List<String> rankCommand = new ArrayList<>(List.of("/bin/sh", wrapper.toString()));
            rankCommand.addAll(command);
            List<String> launch = mpi.launchCommand(ranks, rankCommand);
            Path launcherLog = dir.resolve("launcher.log");
            ProcessBuilder builder = new ProcessBuilder(launch)
                    .redirectErrorStream(true)
                    .redirectOutput(launcherLog.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            builder.environment().putAll(mpi.environment());
            builder.environment().putAll(environment);
            builder.environment().put("MPI4ALL_RUN_DIR", dir.toString());
            builder.environment().put(RUN_MARKER, runId);
            Process launcher = builder.start();
            boolean finished = launcher.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                ProcessKiller.killRun(launcher, runId);
            } else {
                // A launcher that exits normally may still leave a rank behind when it fails itself.
                ProcessKiller.killMarked(runId);
            }
            List<RankResult> results = new ArrayList<>();
            for (int rank = 0; rank < ranks; rank++) {
                results.add(new RankResult(rank,
                        readExit(dir.resolve("rank-" + rank + ".exit")),
                        read(dir.resolve("rank-" + rank + ".out")),
                        read(dir.resolve("rank-" + rank + ".err"))));
            }
            return new MpiRunResult(runId, String.join(" ", launch), List.copyOf(results),
                    finished ? launcher.exitValue() : -1, read(launcherLog), !finished);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command + " under " + mpi.name() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ProcessKiller.killMarked(runId);
            throw new IllegalStateException("interrupted while waiting for the ranks", e);
        } finally {
            deleteRecursively(dir);
        }
    }

    private static Path createRunDirectory() {
        try {
            return Files.createTempDirectory("mpi4all-run-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the rank outputs: " + e.getMessage(), e);
        }
    }

    private static Optional<Integer> readExit(Path file) {
        String text = read(file).strip();
        return text.isEmpty() ? Optional.empty() : Optional.of(Integer.parseInt(text));
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static void deleteRecursively(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // A leftover temporary directory is harmless.
        }
    }
}
