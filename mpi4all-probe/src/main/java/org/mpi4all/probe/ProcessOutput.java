package org.mpi4all.probe;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** What a finished command printed, and how it ended. */
record ProcessOutput(List<String> command, int exitCode, String stdout, String stderr) {

    /** How long any single compiler or probe program may take before the probe gives up on it. */
    private static final long TIMEOUT_SECONDS = 300;

    boolean succeeded() {
        return exitCode == 0;
    }

    /** The first line of stderr that reports an error, else its first non-blank line, else the exit status. */
    String firstErrorLine() {
        List<String> lines = stderr.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        return lines.stream().filter(l -> l.contains("error") || l.contains("Error"))
                .findFirst()
                .or(() -> lines.stream().findFirst())
                .orElse("exit status " + exitCode);
    }

    /** Runs {@code command} in {@code directory} with {@code environment} added to this process's own. */
    static ProcessOutput run(List<String> command, Path directory, Map<String, String> environment) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().putAll(environment);
        // Plain ASCII diagnostics in a stable form, whatever the user's locale.
        builder.environment().put("LC_ALL", "C");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new ProbeException("cannot run " + command.getFirst() + ": " + e.getMessage(), e);
        }
        try {
            process.getOutputStream().close();
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
            String stdout = read(process.getInputStream());
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new ProbeException(String.join(" ", command) + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            return new ProcessOutput(List.copyOf(command), process.exitValue(), stdout, stderr.join());
        } catch (IOException e) {
            throw new ProbeException("cannot read the output of " + command.getFirst() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ProbeException("interrupted while running " + command.getFirst(), e);
        }
    }

    private static String read(InputStream stream) {
        try (stream) {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
