package org.mpi4all.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Kills every process of a run: the launcher's descendants (taken before anything dies, so reparented
 * ones are not missed) and any process carrying the run's marker in its environment (daemons that
 * detached from the launcher).
 */
final class ProcessKiller {
    private ProcessKiller() {}

    static void killRun(Process launcher, String runId) {
        List<ProcessHandle> tree = new ArrayList<>(launcher.descendants().toList());
        tree.add(launcher.toHandle());
        tree.forEach(ProcessHandle::destroyForcibly);
        killMarked(runId);
        tree.forEach(p -> p.onExit().orTimeout(5, java.util.concurrent.TimeUnit.SECONDS).exceptionally(t -> p).join());
    }

    /** Kills the processes whose environment holds {@code RUN_MARKER=runId}; returns how many there were. */
    static int killMarked(String runId) {
        List<ProcessHandle> marked = markedProcesses(runId);
        marked.forEach(ProcessHandle::destroyForcibly);
        marked.forEach(p -> p.onExit().orTimeout(5, java.util.concurrent.TimeUnit.SECONDS).exceptionally(t -> p).join());
        return marked.size();
    }

    /** The live processes whose environment holds {@code RUN_MARKER=runId}. */
    static List<ProcessHandle> markedProcesses(String runId) {
        String marker = MpiRun.RUN_MARKER + "=" + runId;
        long self = ProcessHandle.current().pid();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.map(p -> p.getFileName().toString())
                    .filter(name -> name.chars().allMatch(Character::isDigit))
                    .map(Long::parseLong)
                    .filter(pid -> pid != self && environ(pid).contains(marker))
                    .map(ProcessHandle::of)
                    .flatMap(java.util.Optional::stream)
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * Whether a process carries the marker of a run other than {@code runId}: it belongs to another test JVM's
     * run (CI runs the suite on several implementations at once), not to a leak of this one.
     */
    static boolean markedForAnotherRun(long pid, String runId) {
        String variable = MpiRun.RUN_MARKER + "=";
        return environ(pid).stream().anyMatch(entry -> entry.startsWith(variable) && !entry.equals(variable + runId));
    }

    /** The process's environment entries; none when it is gone or not ours to read. */
    private static List<String> environ(long pid) {
        try {
            byte[] environ = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
            return List.of(new String(environ, StandardCharsets.UTF_8).split("\0"));
        } catch (IOException | SecurityException e) {
            return List.of();
        }
    }
}
