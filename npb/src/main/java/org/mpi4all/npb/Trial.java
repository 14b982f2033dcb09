package org.mpi4all.npb;

import java.util.Optional;

/**
 * One benchmark set up on every rank for one class and split at NPB's timed section, so that the section can run
 * again from the same starting state: once in {@link Benchmark#run} (NPB's own one-shot timing), as often as a
 * harness asks in jmh-bench's {@code NpbKernel} (JMH's warm-up and measured iterations). Every method is
 * collective: all ranks call it, in the same order.
 */
public interface Trial {

    /**
     * One untimed step of the benchmark's own work, the step NPB runs once before its timed section to touch code
     * and data ({@link WarmUp} may repeat it): the section's operations on its arrays and messages. It may leave any
     * state; {@link #reset()} afterwards brings back the section's start.
     */
    void untimedStep();

    /**
     * What {@link WarmUp#JIT} repeats until the JIT is quiet: the untimed step, unless the timed section runs code the
     * untimed step does not reach (FT's time steps), which is then added here so that the JIT compiles it before the
     * section. Untimed; {@link #reset()} afterwards brings back the section's start.
     */
    default void warmUpStep() {
        untimedStep();
    }

    /** Brings the state back to where the timed section starts (untimed: NPB's own initialisation). */
    void reset();

    /** NPB's timed section: what the reference times between its timer start and stop. */
    void timedSection();

    /**
     * The report of the timed section just run, with its values verified against the official ones.
     *
     * @param seconds the timed section's duration on the slowest rank (known on rank 0)
     * @return the report on rank 0; empty on the other ranks
     */
    Optional<Report> report(double seconds);
}
