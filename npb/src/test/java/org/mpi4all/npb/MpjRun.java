package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Runs a Java program on N ranks of MPJ Express ({@code scripts/mpj-express run}, every rank a thread of one
 * JVM) and collects its exit status and output. A run that exceeds its timeout is killed with everything it
 * started; every process of a run carries a marker on its command line, so a test can check that none is
 * left.
 */
final class MpjRun {
    private static final String MARKER = "-Dnpb.test.run=";

    /**
     * @param exitCode the JVM's exit status, -1 if it was killed on timeout
     * @param stdout   all ranks' standard output
     * @param stderr   all ranks' standard error
     * @param timedOut whether the run was killed for exceeding its timeout
     * @param runId    the marker its processes carried
     */
    record Result(int exitCode, String stdout, String stderr, boolean timedOut, String runId) {
        /** The processes of this run still alive: none, once {@link MpjRun} has returned. */
        List<ProcessHandle> leftoverProcesses() {
            return ProcessHandle.allProcesses()
                    .filter(p -> p.info().arguments().map(a -> List.of(a).contains(MARKER + runId)).orElse(false))
                    .toList();
        }

        String describe() {
            return (timedOut ? "timed out" : "exit " + exitCode) + "\n[stdout]\n" + stdout + "\n[stderr]\n" + stderr;
        }
    }

    private final List<String> jvmOptions = new ArrayList<>();
    private Duration timeout = Duration.ofMinutes(2);

    private MpjRun() {}

    static MpjRun create() {
        requireMpjExpress();
        return new MpjRun();
    }

    MpjRun jvmOption(String option) {
        jvmOptions.add(option);
        return this;
    }

    MpjRun timeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** Runs npb.jar (the one this build packaged) with {@code args} on {@code ranks} ranks. */
    Result npb(int ranks, String... args) {
        List<String> program = new ArrayList<>(List.of("-jar", System.getProperty("npb.jar", "target/npb.jar")));
        program.addAll(List.of(args));
        return run(ranks, program);
    }

    /** Runs {@code mainClass} from the test class path with {@code args} on {@code ranks} ranks. */
    Result main(int ranks, Class<?> mainClass, String... args) {
        String testClassPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        // mpi4all-ompi-java is there to compile the Open MPI backend; its package mpi would hide MPJ Express's.
        String classPath = String.join(File.pathSeparator, Arrays.stream(testClassPath.split(File.pathSeparator))
                .filter(entry -> !Path.of(entry).getFileName().toString().startsWith("mpi4all-ompi-java"))
                .toList());
        List<String> program = new ArrayList<>(List.of("-cp", classPath, mainClass.getName()));
        program.addAll(List.of(args));
        return run(ranks, program);
    }

    private Result run(int ranks, List<String> program) {
        String runId = UUID.randomUUID().toString();
        List<String> command = new ArrayList<>(List.of(script().toString(), "run", "-np", Integer.toString(ranks)));
        command.add(MARKER + runId);
        command.addAll(jvmOptions);
        command.addAll(program);
        try {
            Path dir = Files.createTempDirectory("npb-mpj-run-");
            File out = dir.resolve("stdout").toFile();
            File err = dir.resolve("stderr").toFile();
            Process process = new ProcessBuilder(command).redirectOutput(out).redirectError(err)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            Result result = new Result(finished ? process.exitValue() : -1, Files.readString(out.toPath()),
                    Files.readString(err.toPath()), !finished, runId);
            Files.delete(out.toPath());
            Files.delete(err.toPath());
            Files.delete(dir);
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    private static Path script() {
        return Path.of(System.getProperty("mpi4all.root", "..")).resolve("scripts/mpj-express");
    }

    /**
     * Fails, saying what to do, unless {@code scripts/mpj-express setup} has run on this machine and this
     * build included the MPJ backend (which needs the jar setup installs).
     */
    static void requireMpjExpress() {
        try {
            Class.forName("org.mpi4all.npb.comm.mpj.MpjBackend", false, MpjRun.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            fail("npb was built without the MPJ Express backend: run scripts/mpj-express setup, then rebuild");
        }
        try {
            Process facts = new ProcessBuilder(script().toString(), "facts").redirectErrorStream(true).start();
            String output = new String(facts.getInputStream().readAllBytes());
            if (facts.waitFor() != 0) {
                fail("MPJ Express is needed for the multi-rank runs: run scripts/mpj-express setup, then rebuild (" + output.strip() + ")");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + script(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
