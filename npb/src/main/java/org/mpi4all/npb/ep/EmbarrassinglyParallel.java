package org.mpi4all.npb.ep;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.mpi4all.npb.Benchmark;
import org.mpi4all.npb.Check;
import org.mpi4all.npb.MemoryNeed;
import org.mpi4all.npb.NpbClass;
import org.mpi4all.npb.NpbRandom;
import org.mpi4all.npb.ProcessRule;
import org.mpi4all.npb.Progress;
import org.mpi4all.npb.Report;
import org.mpi4all.npb.RunContext;
import org.mpi4all.npb.Trial;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.Op;

/**
 * EP, the embarrassingly parallel benchmark (NPB 3.4-MPI {@code EP/ep.f}): 2<sup>m</sup> pairs of uniform
 * random numbers become Gaussian deviates by the Marsaglia polar method; their sums and their counts in
 * square annuli are combined at the end. The pairs come in batches of 2<sup>16</sup>, dealt to the ranks in
 * blocks; each batch's seed is computed directly from its number, so no rank depends on another.
 */
public final class EmbarrassinglyParallel implements Benchmark {
    /** log2 of the pairs in a batch. */
    private static final int MK = 16;
    private static final int PAIRS_PER_BATCH = 1 << MK;
    /** Number of square annuli the deviates are counted in. */
    private static final int NQ = 10;
    private static final double A = 1220703125.0;
    private static final double S = 271828183.0;
    private static final double EPSILON = 1.0e-8;

    /**
     * @param m           log2 of the number of pairs
     * @param sxReference the official sum of the first deviates
     * @param syReference the official sum of the second deviates
     */
    private record Parameters(int m, double sxReference, double syReference) {
        static Parameters of(NpbClass npbClass) {
            return switch (npbClass) {
                case S -> new Parameters(24, -3.247834652034740e+3, -6.958407078382297e+3);
                case W -> new Parameters(25, -2.863319731645753e+3, -6.320053679109499e+3);
                case A -> new Parameters(28, -4.295875165629892e+3, -1.580732573678431e+4);
                case B -> new Parameters(30, 4.033815542441498e+4, -2.660669192809235e+4);
                case C -> new Parameters(32, 4.764367927995374e+4, -8.084072988043731e+4);
                case D -> new Parameters(36, 1.982481200946593e+5, -1.020596636361769e+5);
                case E -> new Parameters(40, -5.319717441530e+05, -3.688834557731e+05);
            };
        }
    }

    @Override
    public String name() {
        return "EP";
    }

    @Override
    public ProcessRule processRule() {
        return ProcessRule.ANY;
    }

    @Override
    public MemoryNeed memoryNeed(NpbClass npbClass, int processes) {
        return MemoryNeed.NONE.plusDoubles(1, 2L * PAIRS_PER_BATCH).plusDoubles(2, NQ);
    }

    @Override
    public Trial prepare(RunContext context) {
        Parameters parameters = Parameters.of(context.npbClass());
        context.out().printf(Locale.ROOT, "%n%n NAS Parallel Benchmarks 3.4 -- EP Benchmark%n%n"
                        + " Number of random numbers generated: %15d  (class %s)%n"
                        + " Total number of processes:          %15d%n%n",
                1L << (parameters.m() + 1), context.npbClass(), context.world().size());
        EpTrial trial = new EpTrial(context, parameters);
        trial.reset();
        return trial;
    }

    /** Generating this rank's pairs and combining the sums and counts of all ranks. */
    private static final class EpTrial implements Trial {
        private final RunContext context;
        private final Parameters parameters;
        private final double[] x = new double[2 * PAIRS_PER_BATCH];
        private final double[] globalSums = new double[2];
        private final double[] counts = new double[NQ];
        private Tally tally;

        EpTrial(RunContext context, Parameters parameters) {
            this.context = context;
            this.parameters = parameters;
        }

        /**
         * One batch (batch 0, whose seed is S) tallied and thrown away. The reference has no untimed step: a batch
         * gives the JIT the kernel's loops without changing the timed section's work.
         */
        @Override
        public void untimedStep() {
            NpbRandom.fill(S, A, x, 0, 2 * PAIRS_PER_BATCH);
            new Tally().gaussianPairs(x);
        }

        @Override
        public void reset() {
            tally = new Tally();
        }

        @Override
        public void timedSection() {
            Comm world = context.world();
            generate(parameters.m(), world, tally, x, context.progress());
            double[] sums = {tally.sx, tally.sy};
            world.allreduce(sums, 0, globalSums, 0, 2, Op.SUM);
            world.allreduce(tally.q, 0, counts, 0, NQ, Op.SUM);
        }

        @Override
        public Optional<Report> report(double seconds) {
            if (context.world().rank() != 0) {
                return Optional.empty();
            }
            printResults(context, parameters.m(), seconds, globalSums, counts);
            List<Check> checks = List.of(
                    new Check("sx", globalSums[0], parameters.sxReference(), EPSILON),
                    new Check("sy", globalSums[1], parameters.syReference(), EPSILON));
            double randoms = Math.pow(2.0, parameters.m() + 1);
            return Optional.of(new Report("EP", context.npbClass(), Long.toString(1L << (parameters.m() + 1)), 0,
                    context.world().size(), seconds, Report.mops(randoms, seconds), "Random numbers generated", checks,
                    context.backend().description()));
        }
    }

    /** This rank's share of the batches: a block of consecutive batch numbers, the first ranks one more. */
    private static void generate(int m, Comm world, Tally tally, double[] x, Progress progress) {
        long batches = 1L << (m - MK);
        long perRank = batches / world.size();
        long larger = batches % world.size();
        long mine = perRank + (world.rank() < larger ? 1 : 0);
        long first = world.rank() < larger
                ? world.rank() * mine
                : larger * (perRank + 1) + (world.rank() - larger) * perRank;
        double an = batchMultiplier();
        for (long k = 0; k < mine; k++) {
            NpbRandom.fill(batchSeed(first + k, an), A, x, 0, 2 * PAIRS_PER_BATCH);
            tally.gaussianPairs(x);
            if ((k + 1) * 10 / mine > k * 10 / mine) {
                progress.line(String.format(Locale.ROOT, " EP: %3d%% of rank 0's %d batches done", (k + 1) * 100 / mine, mine));
            }
        }
    }

    /** A<sup>2·2<sup>16</sup></sup> mod 2<sup>46</sup>: the multiplier from one batch's seed to the next. */
    private static double batchMultiplier() {
        double t = A;
        for (int i = 0; i <= MK; i++) {
            t = NpbRandom.nextSeed(t, t);
        }
        return t;
    }

    /** The seed batch {@code kk} starts from: S·an<sup>kk</sup>, by binary powering as ep.f does. */
    private static double batchSeed(long kk, double an) {
        double seed = S;
        double power = an;
        for (long rest = kk; ; rest /= 2) {
            if (rest % 2 == 1) {
                seed = NpbRandom.nextSeed(seed, power);
            }
            if (rest / 2 == 0) {
                return seed;
            }
            power = NpbRandom.nextSeed(power, power);
        }
    }

    private static void printResults(RunContext context, int m, double seconds, double[] sums, double[] counts) {
        double pairs = 0;
        for (double count : counts) {
            pairs += count;
        }
        var out = context.out();
        out.printf(Locale.ROOT, " EP Benchmark Results:%n%n CPU Time =%10.4f%n N = 2^%5d%n No. Gaussian Pairs =%15.0f%n"
                + " Sums = %25.15E%25.15E%n Counts:%n", seconds, m, pairs, sums[0], sums[1]);
        for (int i = 0; i < NQ; i++) {
            out.printf(Locale.ROOT, "%3d%15.0f%n", i, counts[i]);
        }
    }

    /** One rank's running sums and annulus counts. */
    private static final class Tally {
        double sx;
        double sy;
        final double[] q = new double[NQ];

        /** Accepts the pairs of {@code x} that fall in the unit circle and tallies their Gaussian deviates. */
        void gaussianPairs(double[] x) {
            double sumX = sx;
            double sumY = sy;
            for (int i = 0; i < x.length; i += 2) {
                double x1 = 2.0 * x[i] - 1.0;
                double x2 = 2.0 * x[i + 1] - 1.0;
                double t1 = x1 * x1 + x2 * x2;
                if (t1 <= 1.0) {
                    double t2 = Math.sqrt(-2.0 * NaturalLog.of(t1) / t1);
                    double t3 = x1 * t2;
                    double t4 = x2 * t2;
                    // ep.f's max(abs(t3), abs(t4)) truncated, as the larger truncation: the same annulus (truncation
                    // is monotone and t3, t4 are finite), without Math.max(double, double)'s NaN and -0.0 blends.
                    q[Math.max((int) Math.abs(t3), (int) Math.abs(t4))] += 1.0;
                    sumX += t3;
                    sumY += t4;
                }
            }
            sx = sumX;
            sy = sumY;
        }
    }
}
