package org.mpi4all.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The repository's scripts ({@code scripts/bench}, {@code scripts/bench-npb}, ...), run by the smoke tests. */
public final class RepositoryScripts {
    public static final Path ROOT = Path.of(System.getProperty("mpi4all.root", "..")).toAbsolutePath().normalize();

    private RepositoryScripts() {}

    /**
     * Runs {@code command} in the repository's root, its output into {@code log}, and fails with the end of the
     * output unless it exits 0 within 15 minutes (a run that does not is killed).
     *
     * @return what the command printed
     */
    public static String runSucceeding(List<String> command, Path log) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        boolean finished = process.waitFor(15, TimeUnit.MINUTES);
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        List<String> lines = Files.readAllLines(log);
        assertThat(finished && process.exitValue() == 0)
                .as("%s succeeds; its output ends:%n%s", String.join(" ", command),
                        String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())))
                .isTrue();
        return String.join("\n", lines);
    }

    /** Whether {@code command} exits 0 within 2 minutes (e.g. {@code scripts/ompi-java facts}: is it set up?). */
    public static boolean succeeds(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return process.waitFor(2, TimeUnit.MINUTES) && process.exitValue() == 0;
    }
}
