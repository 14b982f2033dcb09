package org.mpi4all.npb;

import java.util.List;
import java.util.Optional;

/**
 * What a benchmark run reports, as NPB's {@code print_results} does, plus the values it verified.
 *
 * @param benchmark       the benchmark's name, e.g. {@code CG}
 * @param npbClass        the problem class
 * @param size            the problem size as NPB prints it: a number, or a grid {@code "  32x  32x  32"}
 * @param iterations      the benchmark's iteration count (0 for EP)
 * @param processes       the number of processes of the run
 * @param seconds         the timed section's duration, the largest over the processes
 * @param mopsTotal       millions of operations per second, by NPB's operation count for the benchmark
 * @param operationType   what the operations are, e.g. {@code floating point}
 * @param checks          the verified quantities
 * @param backend         the message-passing library, for the record
 * @param warmUp          what the untimed warm-up before the timed section did, once the launcher has added it
 */
public record Report(
        String benchmark,
        NpbClass npbClass,
        String size,
        int iterations,
        int processes,
        double seconds,
        double mopsTotal,
        String operationType,
        List<Check> checks,
        String backend,
        Optional<WarmUp.Outcome> warmUp) {

    public Report {
        checks = List.copyOf(checks);
    }

    /** A benchmark's report, before the launcher adds the warm-up's outcome. */
    public Report(String benchmark, NpbClass npbClass, String size, int iterations, int processes, double seconds,
                  double mopsTotal, String operationType, List<Check> checks, String backend) {
        this(benchmark, npbClass, size, iterations, processes, seconds, mopsTotal, operationType, checks, backend,
                Optional.empty());
    }

    /** This report with the outcome of the warm-up that ran before its timed section. */
    public Report withWarmUp(WarmUp.Outcome outcome) {
        return new Report(benchmark, npbClass, size, iterations, processes, seconds, mopsTotal, operationType, checks,
                backend, Optional.of(outcome));
    }

    /** Millions of operations per second, or 0 when the time is 0 (as NPB does). */
    public static double mops(double operations, double seconds) {
        return seconds > 0 ? operations / seconds / 1.0e6 : 0.0;
    }

    /** Whether there was something to verify and every check passed. */
    public boolean verified() {
        return !checks.isEmpty() && checks.stream().allMatch(Check::passed);
    }
}
