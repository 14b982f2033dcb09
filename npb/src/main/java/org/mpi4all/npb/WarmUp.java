package org.mpi4all.npb;

import java.util.Locale;
import java.util.function.DoubleSupplier;
import org.mpi4all.npb.comm.Op;

/**
 * The untimed warm-up before a benchmark's timed section: its {@link Trial#untimedStep()} run once, as NPB does
 * ({@link #NPB}), or its {@link Trial#warmUpStep()} (the untimed step, plus what the section runs and the untimed
 * step does not reach) repeated until the JIT is quiet on every rank ({@link #JIT}, the default), then
 * {@link Trial#reset()}.
 *
 * <p>Why repeat it: NPB's single step leaves the JIT compiling the kernel's loops and the binding's call path
 * inside the timed section. On one rank per core that costs little (the compiler threads run on an idle core);
 * with as many ranks as cores, every rank busy-polling in MPI, the compilers get a core only by taking it from a
 * rank while its partners wait, and the ranks run slower code meanwhile: CG.A on 2 ranks of 2 cores took ×1.5
 * Fortran's time after one step and about ×1.2 after 30 (docs/benchmarks-journal.md, "The untimed step repeated
 * until the JIT is quiet"). Repeating the benchmark's own step gives the JIT the kernel's real arguments and
 * message shapes, which a warm-up of the calls alone did not.
 *
 * <p>"Quiet" is decided together, so that every rank runs the same number of steps (they communicate): after each
 * step the ranks take the maximum of the milliseconds their JIT worked during the step ({@link JitClock}: its
 * compiler threads' CPU time, so that a compilation counts while it runs, not only once it has finished), and stop
 * once that, summed over the last {@value #QUIET_STEPS} steps, was at most {@value #QUIET_SHARE} of their time,
 * or at the cap: {@code maxSteps} steps
 * or {@code maxSeconds} since the warm-up started (on the slowest rank), whichever comes first.
 *
 * @param name       what {@code --warmup} selects it by
 * @param maxSteps   the most untimed steps
 * @param maxSeconds no step starts once the warm-up has taken this long
 */
public record WarmUp(String name, int maxSteps, double maxSeconds) {
    /** NPB's own warm-up: the untimed step once. */
    public static final WarmUp NPB = new WarmUp("npb", 1, Double.POSITIVE_INFINITY);
    /** The untimed step until the JIT is quiet on every rank; the cap keeps small classes and slow machines short. */
    public static final WarmUp JIT = new WarmUp("jit", 100, 10.0);

    /**
     * The steps over which the JIT must be quiet. Three let CG's warm-up stop in a lull between two rounds of its
     * call path's compilations (the second ran in the timed section: CG.A on 2 ranks 0.36-0.38 s instead of
     * 0.31-0.33), hence a window over which occasional small compilations average out.
     */
    static final int QUIET_STEPS = 10;
    /**
     * The JIT is quiet when no rank's JIT worked more than this share of the last steps' time: a few small
     * compilations keep coming long after the kernel's code is compiled.
     */
    static final double QUIET_SHARE = 0.01;

    public WarmUp {
        if (maxSteps < 1) {
            throw new IllegalArgumentException("a warm-up runs at least one step, not " + maxSteps);
        }
        if (!(maxSeconds > 0)) {
            throw new IllegalArgumentException("a warm-up's time cap must be positive, not " + maxSeconds);
        }
    }

    /** Whether this is NPB's warm-up: a single step, the untimed one; longer warm-ups repeat the warm-up step. */
    private boolean isNpbs() {
        return maxSteps == 1;
    }

    /**
     * The warm-up {@code --warmup NAME} selects.
     *
     * @throws UsageException naming the choices when there is no such warm-up
     */
    public static WarmUp named(String name) {
        for (WarmUp warmUp : new WarmUp[] {JIT, NPB}) {
            if (warmUp.name.equalsIgnoreCase(name)) {
                return warmUp;
            }
        }
        throw new UsageException("unknown warm-up '" + name + "' (choose jit: until the JIT is quiet, or npb: NPB's"
                + " single untimed step)");
    }

    /**
     * What a warm-up did.
     *
     * @param warmUp  the warm-up that ran
     * @param steps   the untimed steps run
     * @param seconds how long they took on the slowest rank, {@link Trial#reset()} included
     * @param quiet   whether it ended because the JIT was quiet (not at its cap)
     */
    public record Outcome(WarmUp warmUp, int steps, double seconds, boolean quiet) {

        /** For the report, e.g. {@code 23 steps, 0.84 s (jit: quiet)}. */
        public String describe() {
            String end = warmUp.isNpbs() ? "" : quiet ? ": quiet" : ": capped, JIT not quiet";
            return String.format(Locale.ROOT, "%d step%s, %.2f s (%s%s)", steps, steps == 1 ? "" : "s", seconds,
                    warmUp.name, end);
        }
    }

    /**
     * Runs the warm-up on every rank of {@code context.world()} and leaves {@code trial} where its timed section
     * starts. Collective.
     */
    public Outcome run(Trial trial, RunContext context) {
        return run(trial, context, JitClock.create());
    }

    /** {@link #run(Trial, RunContext)} with the JIT's work so far, in milliseconds, read from {@code jitMillis}. */
    Outcome run(Trial trial, RunContext context, DoubleSupplier jitMillis) {
        double start = context.backend().wtime();
        int steps = 0;
        boolean quiet = false;
        // The busiest rank's JIT milliseconds and the milliseconds of each of the last QUIET_STEPS steps.
        double[] jitWindow = new double[QUIET_STEPS];
        double[] stepWindow = new double[QUIET_STEPS];
        double[] local = new double[2];
        double[] busiest = new double[2];
        double stepStart = 0;
        do {
            double before = jitMillis.getAsDouble();
            if (isNpbs()) {
                trial.untimedStep();
            } else {
                trial.warmUpStep();
            }
            steps++;
            // Less than before when a compiler thread has ended (the JVM retires idle ones): nothing to wait for.
            local[0] = Math.max(0, jitMillis.getAsDouble() - before);
            local[1] = context.backend().wtime() - start;
            context.world().allreduce(local, 0, busiest, 0, 2, Op.MAX);
            double stepMillis = 1e3 * (busiest[1] - stepStart);
            stepStart = busiest[1];
            jitWindow[steps % QUIET_STEPS] = busiest[0];
            stepWindow[steps % QUIET_STEPS] = stepMillis;
            quiet = steps >= QUIET_STEPS && sum(jitWindow) <= QUIET_SHARE * sum(stepWindow);
            context.progress().line(" warm-up: step %d, %.0f ms of compilations on the busiest rank, %.2f s", steps,
                    busiest[0], busiest[1]);
        } while (!quiet && steps < maxSteps && busiest[1] < maxSeconds);
        trial.reset();
        return new Outcome(this, steps, context.secondsOnSlowestRank(start), quiet);
    }

    private static double sum(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum;
    }
}
