package org.mpi4all.npb.ft;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.mpi4all.npb.Benchmark;
import org.mpi4all.npb.Check;
import org.mpi4all.npb.KernelTrial;
import org.mpi4all.npb.MemoryNeed;
import org.mpi4all.npb.NpbClass;
import org.mpi4all.npb.ProcessRule;
import org.mpi4all.npb.Report;
import org.mpi4all.npb.ReportWriter;
import org.mpi4all.npb.RunContext;
import org.mpi4all.npb.Trial;
import org.mpi4all.npb.comm.Comm;

/**
 * FT, the 3-D FFT PDE benchmark (NPB 3.4-MPI {@code FT/ft.f}): solves ∂u/∂t = α∇²u on a periodic grid by a
 * forward 3-D FFT of random initial conditions, then, every time step, an exponential decay of each Fourier
 * mode and an inverse 3-D FFT, whose checksum is verified against the official value of that step.
 */
public final class FourierTransform implements Benchmark {
    private static final double EPSILON = 1.0e-12;

    /** Chooses the process grid for a number of processes and a grid of nz planes. */
    interface GridChoice {
        ProcessGrid choose(int processes, int nz);
    }

    private final GridChoice gridChoice;

    public FourierTransform() {
        this(ProcessGrid::standard);
    }

    /** A FT whose process grid {@code gridChoice} picks, as the reference's inputft.data can (for tests). */
    FourierTransform(GridChoice gridChoice) {
        this.gridChoice = gridChoice;
    }

    @Override
    public String name() {
        return "FT";
    }

    @Override
    public ProcessRule processRule() {
        return ProcessRule.POWER_OF_TWO;
    }

    /** As many processes as the 2-D layout can split the grid over: nz rows of min(ny, nz) columns. */
    @Override
    public int maxProcesses(NpbClass npbClass) {
        FtParameters parameters = FtParameters.of(npbClass);
        return parameters.nz() * Math.min(parameters.ny(), parameters.nz());
    }

    /** u0, u1, u2 (complex) and the evolution factors, each 1/P of the grid, and the FFT's scratch blocks. */
    @Override
    public MemoryNeed memoryNeed(NpbClass npbClass, int processes) {
        FtParameters parameters = FtParameters.of(npbClass);
        long share = parameters.points() / processes;
        return MemoryNeed.NONE.plusDoubles(3, 2 * share).plusDoubles(1, share)
                .plusDoubles(1, LineFfts.scratchDoubles(maxLength(parameters), LineFfts.DEFAULT_BLOCK));
    }

    private static int maxLength(FtParameters parameters) {
        return Math.max(parameters.nx(), Math.max(parameters.ny(), parameters.nz()));
    }

    @Override
    public Trial prepare(RunContext context) {
        FtParameters parameters = FtParameters.of(context.npbClass());
        Comm world = context.world();
        ProcessGrid grid = gridChoice.choose(world.size(), parameters.nz());
        printHeader(context, parameters, grid);
        return new FtTrial(context, parameters, new Solver(parameters, grid, world));
    }

    /** The set-up and the time steps, all timed as in the reference; one checksum per step. */
    private static final class FtTrial extends KernelTrial<FtParameters, Solver> {
        private final double[] sums;

        FtTrial(RunContext context, FtParameters parameters, Solver solver) {
            super(context, parameters, solver);
            this.sums = new double[2 * parameters.niter()];
        }

        /**
         * One pass through the set-up and a forward FFT, as the reference's untimed initialisation (its
         * "Initialization time"), which touches all data.
         */
        @Override
        public void untimedStep() {
            solver.setUp();
        }

        /**
         * The untimed step and one time step, whose checksum is thrown away: the reference's untimed step does not
         * reach the evolution, the inverse FFT's transposes and the checksum, which the section runs every step.
         */
        @Override
        public void warmUpStep() {
            solver.setUp();
            solver.step(context.world());
        }

        /** Nothing: the timed section starts with the set-up itself. */
        @Override
        public void reset() {}

        @Override
        public void timedSection() {
            solver.setUp();
            for (int iter = 1; iter <= parameters.niter(); iter++) {
                double[] sum = solver.step(context.world());
                sums[2 * iter - 2] = sum[0];
                sums[2 * iter - 1] = sum[1];
                context.out().printf(Locale.ROOT, " T =%5d     Checksum =%22.12E%22.12E%n", iter, sum[0], sum[1]);
                context.progress().line(String.format(Locale.ROOT, " FT: time step %d of %d", iter, parameters.niter()));
            }
        }

        @Override
        public Optional<Report> report(double seconds) {
            return onRankZero(() -> FourierTransform.report(context, parameters, seconds, sums));
        }
    }

    private static void printHeader(RunContext context, FtParameters parameters, ProcessGrid grid) {
        context.out().printf(Locale.ROOT, "%n%n NAS Parallel Benchmarks 3.4 -- FT Benchmark%n%n"
                        + " Size                : %s  (class %s)%n"
                        + " Iterations          :        %7d%n"
                        + " Number of processes :        %7d%n"
                        + " Processor array     :      %4dx%4d%n"
                        + " Layout type         :          %5s%n",
                ReportWriter.grid(parameters.nx(), parameters.ny(), parameters.nz()),
                context.npbClass(), parameters.niter(), grid.processes(), grid.np1(), grid.np2(),
                grid.layout().label());
    }

    private static Report report(RunContext context, FtParameters parameters, double seconds, double[] sums) {
        List<Check> checks = new ArrayList<>();
        for (int t = 0; t < parameters.niter(); t++) {
            // The reference bounds |sum − ref| / |ref| of the complex sum; bounding each part relative to itself
            // is at least as strict: if both parts pass, so does the complex number.
            checks.add(new Check("sum" + (t + 1) + ".re", sums[2 * t], parameters.checksumsRe()[t], EPSILON));
            checks.add(new Check("sum" + (t + 1) + ".im", sums[2 * t + 1], parameters.checksumsIm()[t], EPSILON));
        }
        double points = parameters.points();
        double operations = points * (14.8157 + 7.19641 * Math.log(points)
                + (5.23518 + 7.21113 * Math.log(points)) * parameters.niter());
        return new Report("FT", context.npbClass(),
                ReportWriter.grid(parameters.nx(), parameters.ny(), parameters.nz()), parameters.niter(),
                context.world().size(), seconds, Report.mops(operations, seconds), "floating point", checks,
                context.backend().description());
    }

    /** One process's arrays and the operations of the time loop. */
    private static final class Solver {
        private final FtParameters parameters;
        private final Decomposition decomposition;
        private final Fft3d fft;
        private final Evolution evolution;
        private final Checksum checksum;
        private final double[] u0;
        private final double[] u1;
        private final double[] u2;

        Solver(FtParameters parameters, ProcessGrid grid, Comm world) {
            this.parameters = parameters;
            decomposition = new Decomposition(parameters.nx(), parameters.ny(), parameters.nz(), grid, world.rank());
            fft = new Fft3d(decomposition, world, maxLength(parameters));
            evolution = new Evolution(decomposition, parameters.nx(), parameters.ny(), parameters.nz());
            checksum = new Checksum(decomposition, parameters.nx(), parameters.ny(), parameters.nz());
            int doubles = 2 * decomposition.localPoints();
            u0 = new double[doubles];
            u1 = new double[doubles];
            u2 = new double[doubles];
        }

        /** The evolution factors, the initial conditions in u1 and their transform in u0. */
        void setUp() {
            evolution.computeFactors();
            InitialConditions.fill(u1, decomposition, parameters.nx(), parameters.ny());
            fft.forward(u1, u0);
        }

        /** One time step: evolve u0, transform it back into u2, and return its checksum (on rank 0). */
        double[] step(Comm world) {
            evolution.step(u0, u1);
            fft.inverse(u1, u2);
            return checksum.of(u2, world);
        }
    }
}
