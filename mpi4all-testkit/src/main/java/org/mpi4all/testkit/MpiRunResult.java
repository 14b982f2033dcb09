package org.mpi4all.testkit;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The outcome of an {@link MpiRun}: the launcher's status and output, and each rank's.
 *
 * @param runId          the marker every process of the run carried in {@value MpiRun#RUN_MARKER}
 * @param description    the command line, for messages
 * @param ranks          one entry per requested rank, in rank order (a rank that never started has no exit code)
 * @param launcherExit   the launcher's exit status, or -1 after a timeout
 * @param launcherOutput what the launcher itself printed (its error reports)
 * @param timedOut       whether the run was killed for exceeding its timeout
 */
public record MpiRunResult(
        String runId,
        String description, List<RankResult> ranks, int launcherExit, String launcherOutput, boolean timedOut) {

    /** The processes of this run still alive: none, once {@link MpiRun#run()} has returned. */
    public java.util.List<ProcessHandle> leftoverProcesses() {
        return ProcessKiller.markedProcesses(runId);
    }

    /**
     * The live processes whose command line holds {@code fragment}, such as a rank's main class, except those
     * marked as another run's: finds a process of this run that escaped its marker.
     */
    public java.util.List<ProcessHandle> processesRunning(String fragment) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(fragment))
                .filter(p -> !ProcessKiller.markedForAnotherRun(p.pid(), runId))
                .toList();
    }

    public RankResult rank(int rank) {
        return ranks.get(rank);
    }

    public boolean succeeded() {
        return !timedOut && launcherExit == 0 && ranks.stream().allMatch(RankResult::succeeded);
    }

    /** Fails, naming every rank that did not succeed and what it printed, unless every rank succeeded. */
    public MpiRunResult assertSucceeded() {
        if (!succeeded()) {
            throw new AssertionError(report());
        }
        return this;
    }

    /** Runs {@code check} on every rank's result; a failing check names the rank. */
    public MpiRunResult assertEachRank(Consumer<RankResult> check) {
        for (RankResult rank : ranks) {
            try {
                check.accept(rank);
            } catch (AssertionError e) {
                throw new AssertionError("rank " + rank.rank() + " of " + ranks.size() + ": " + e.getMessage()
                        + "\n--- rank " + rank.rank() + " stdout ---\n" + rank.stdout(), e);
            }
        }
        return this;
    }

    /** A readable account of the run for failure messages. */
    public String report() {
        String head = timedOut
                ? "timed out and was killed: " + description
                : "failed (launcher exit " + launcherExit + "): " + description;
        String perRank = ranks.stream()
                .map(r -> "--- rank " + r.rank() + ": "
                        + r.exitCode().map(c -> "exit " + c).orElse("did not finish")
                        + (r.stdout().isBlank() ? "" : "\n[stdout]\n" + tail(r.stdout()))
                        + (r.stderr().isBlank() ? "" : "\n[stderr]\n" + tail(r.stderr())))
                .collect(Collectors.joining("\n"));
        return head + "\n" + perRank
                + (launcherOutput.isBlank() ? "" : "\n--- launcher ---\n" + tail(launcherOutput));
    }

    private static String tail(String text) {
        List<String> lines = text.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
