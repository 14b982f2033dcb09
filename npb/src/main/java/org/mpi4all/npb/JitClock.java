package org.mpi4all.npb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * How long this JVM's JIT has worked so far, in milliseconds: what {@link WarmUp} waits to see stand still.
 *
 * <p>The JVM's own figure ({@link CompilationMXBean#getTotalCompilationTime()}) counts a compilation only once it
 * has finished, so a large method's C2 compilation (0.4 s for SP's fluxes on one rank) looks quiet through every
 * step it spans and then runs in the timed section, taking a core from the ranks on a machine with as many ranks
 * as cores. Where Linux shows threads' CPU time ({@code /proc/self/task/TID/schedstat}, nanoseconds), this clock
 * is the CPU time of the compiler threads, which grows while a compilation runs; elsewhere it is the JVM's figure.
 */
final class JitClock implements DoubleSupplier {
    private static final Path TASKS = Path.of("/proc/self/task");
    /** HotSpot names its compiler threads "C1 CompilerThread0", "C2 CompilerThread1"... (15 characters kept). */
    private static final String COMPILER_THREAD = "CompilerThre";

    /** Whether each thread seen so far is a compiler thread, by its id: a thread's name is read once. */
    private final Map<String, Boolean> compilerThreads = new HashMap<>();

    private JitClock() {}

    /** The compiler threads' CPU time where {@code /proc} shows it, else the JVM's compilation time; 0 if neither. */
    static DoubleSupplier create() {
        JitClock threads = new JitClock();
        if (threads.readable()) {
            return threads;
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        // Without a JIT whose time is known there is nothing to wait for: every step counts as quiet.
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit::getTotalCompilationTime : () -> 0;
    }

    private boolean readable() {
        try {
            return getAsDouble() > 0;
        } catch (UncheckedIOException | NumberFormatException e) {
            return false;
        }
    }

    @Override
    public double getAsDouble() {
        long nanos = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                if (isCompilerThread(task)) {
                    nanos += cpuNanos(task);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return nanos / 1e6;
    }

    private boolean isCompilerThread(Path task) {
        return compilerThreads.computeIfAbsent(task.getFileName().toString(),
                id -> read(task.resolve("comm")).contains(COMPILER_THREAD));
    }

    /** The first field of schedstat: the time the thread has run on a CPU. 0 if the thread has just ended. */
    private static long cpuNanos(Path task) {
        String schedstat = read(task.resolve("schedstat"));
        return schedstat.isEmpty() ? 0 : Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
    }

    /** The file's text; empty when it is gone (its thread ended between the listing and the read). */
    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            return "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
