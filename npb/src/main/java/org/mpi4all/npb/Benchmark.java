package org.mpi4all.npb;

import java.util.Optional;

/**
 * One NAS Parallel Benchmark: which process counts it runs on, how much memory a class needs, and the run
 * itself. Implementations keep no state between runs: a run's state lives in the {@link Trial} it prepares.
 */
public interface Benchmark {

    /** The benchmark's NPB name, e.g. {@code CG}. */
    String name();

    ProcessRule processRule();

    /**
     * The most processes {@code npbClass} can be split over: a decomposition finer than the grid cannot work
     * (SP's cells need at least three points along each axis). Unlimited unless a benchmark says otherwise.
     */
    default int maxProcesses(NpbClass npbClass) {
        return Integer.MAX_VALUE;
    }

    /** What a process allocates for {@code npbClass} on {@code processes} processes; called before allocating. */
    MemoryNeed memoryNeed(NpbClass npbClass, int processes);

    /**
     * Sets the benchmark up on every rank of {@code context.world()} and leaves the state where the timed section
     * starts; NPB's untimed step is the trial's {@link Trial#untimedStep()}, which {@link #run} leaves to a
     * {@link WarmUp}. Collective.
     */
    Trial prepare(RunContext context);

    /**
     * Runs the benchmark on every rank of {@code context.world()} as NPB does: set up, the untimed warm-up, one
     * timed section started together after a barrier, its time on the slowest rank.
     *
     * @return the report with the warm-up's outcome, on rank 0; empty on the other ranks
     */
    default Optional<Report> run(RunContext context, WarmUp warmUp) {
        Trial trial = prepare(context);
        WarmUp.Outcome warm = warmUp.run(trial, context);
        context.world().barrier();
        double start = context.backend().wtime();
        trial.timedSection();
        return trial.report(context.secondsOnSlowestRank(start)).map(report -> report.withWarmUp(warm));
    }
}
