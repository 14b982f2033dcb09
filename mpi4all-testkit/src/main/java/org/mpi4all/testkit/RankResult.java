package org.mpi4all.testkit;

import java.util.List;
import java.util.Optional;

/**
 * What one rank of a run left behind.
 *
 * @param rank     the rank in {@code MPI_COMM_WORLD}
 * @param exitCode the exit status of the rank's process, or empty if it never finished (killed on timeout)
 * @param stdout   everything the rank printed on standard output
 * @param stderr   everything the rank printed on standard error
 */
public record RankResult(int rank, Optional<Integer> exitCode, String stdout, String stderr) {

    public boolean succeeded() {
        return exitCode.isPresent() && exitCode.get() == 0;
    }

    /** The rank's standard output, a line each. */
    public List<String> lines() {
        return stdout.lines().toList();
    }

    /**
     * The value of the last {@code key=value} line the rank printed, for programs that report results as
     * such lines.
     */
    public Optional<String> value(String key) {
        String prefix = key + "=";
        return lines().reversed().stream().filter(l -> l.startsWith(prefix)).findFirst()
                .map(l -> l.substring(prefix.length()));
    }
}
