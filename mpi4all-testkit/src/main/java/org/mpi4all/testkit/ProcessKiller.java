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
        byte[] marker = (MpiRun.RUN_MARKER + "=" + runId).getBytes(StandardCharsets.UTF_8);
        long self = ProcessHandle.current().pid();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.map(p -> p.getFileName().toString())
                    .filter(name -> name.chars().allMatch(Character::isDigit))
                    .map(Long::parseLong)
                    .filter(pid -> pid != self && environHolds(pid, marker))
                    .map(ProcessHandle::of)
                    .flatMap(java.util.Optional::stream)
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean environHolds(long pid, byte[] marker) {
        byte[] environ;
        try {
            environ = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
        } catch (IOException | SecurityException e) {
            return false;   // gone, or not ours to read
        }
        outer:
        for (int i = 0; i + marker.length <= environ.length; i++) {
            if (i > 0 && environ[i - 1] != 0) {
                continue;
            }
            for (int j = 0; j < marker.length; j++) {
                if (environ[i + j] != marker[j]) {
                    continue outer;
                }
            }
            if (i + marker.length == environ.length || environ[i + marker.length] == 0) {
                return true;
            }
        }
        return false;
    }
}
