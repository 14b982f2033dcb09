package org.mpi4all.npb.cg;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.mpi4all.npb.Benchmark;
import org.mpi4all.npb.Check;
import org.mpi4all.npb.KernelTrial;
import org.mpi4all.npb.MemoryNeed;
import org.mpi4all.npb.NpbClass;
import org.mpi4all.npb.NpbRandom;
import org.mpi4all.npb.ProcessRule;
import org.mpi4all.npb.Report;
import org.mpi4all.npb.RunContext;
import org.mpi4all.npb.Trial;
import org.mpi4all.npb.comm.Comm;

/**
 * CG, the conjugate gradient benchmark (NPB 3.4-MPI {@code CG/cg.f}): the inverse power method estimates
 * the smallest eigenvalue of a large sparse symmetric positive definite matrix with random structure, each
 * step solving a linear system by 25 conjugate gradient iterations. The matrix is distributed over a 2-D
 * process grid ({@link CgGrid}); the verified quantity is zeta = shift + 1/(x·z) after the last step.
 */
public final class ConjugateGradient implements Benchmark {
    private static final double EPSILON = 1.0e-10;

    /**
     * @param na            the matrix order
     * @param nonzer        the nonzeros of each random vector whose outer products make the matrix
     * @param niter         the inverse power steps
     * @param shift         the eigenvalue shift
     * @param zetaReference the official zeta
     */
    record Parameters(int na, int nonzer, int niter, double shift, double zetaReference) {
        static Parameters of(NpbClass npbClass) {
            return switch (npbClass) {
                case S -> new Parameters(1400, 7, 15, 10.0, 8.5971775078648);
                case W -> new Parameters(7000, 8, 15, 12.0, 10.362595087124);
                case A -> new Parameters(14000, 11, 15, 20.0, 17.130235054029);
                case B -> new Parameters(75000, 13, 75, 60.0, 22.712745482631);
                case C -> new Parameters(150000, 15, 75, 110.0, 28.973605592845);
                case D -> new Parameters(1500000, 21, 100, 500.0, 52.514532105794);
                case E -> new Parameters(9000000, 26, 100, 1.5e3, 77.522164599383);
            };
        }

        /** The floating-point operations NPB counts for the timed iterations. */
        double operations() {
            double perRow = 3.0 + nonzer * (nonzer + 1.0) + 25.0 * (5.0 + nonzer * (nonzer + 1.0)) + 3.0;
            return 2.0 * niter * na * perRow;
        }
    }

    @Override
    public String name() {
        return "CG";
    }

    @Override
    public ProcessRule processRule() {
        return ProcessRule.POWER_OF_TWO;
    }

    @Override
    public MemoryNeed memoryNeed(NpbClass npbClass, int processes) {
        Parameters parameters = Parameters.of(npbClass);
        int na = parameters.na();
        CgGrid grid = new CgGrid(na, processes, 0);
        long slots = CgMatrix.entrySlots(na, parameters.nonzer(), processes, grid.npcols);
        return MemoryNeed.NONE
                .plusInts(3, slots).plusDoubles(2, slots)            // triplets and the compressed matrix
                .plusInts(1, na / grid.nprows + 2L)                  // row starts
                .plusDoubles(1, na + 1L).plusInts(2, na + 1L)        // duplicate summing and marks
                .plusDoubles(4, vectorLength(na, grid))              // x, r, w, q
                .plusDoubles(2, CgSolver.gatheredLength(vectorLength(na, grid))); // z, p
    }

    /** The local vectors' length, naa+2 as the reference allocates them (naa = na / nprows). */
    private static int vectorLength(int na, CgGrid grid) {
        return na / grid.nprows + 2;
    }

    @Override
    public Trial prepare(RunContext context) {
        Parameters parameters = Parameters.of(context.npbClass());
        Comm world = context.world();
        var out = context.out();
        out.printf(Locale.ROOT, "%n%n NAS Parallel Benchmarks 3.4 -- CG Benchmark%n%n Size: %10d  (class %s)%n"
                        + " Iterations: %5d%n Number of processes: %5d%n Number of nonzeroes per row: %8d%n"
                        + " Eigenvalue shift: %9.3f%n",
                parameters.na(), context.npbClass(), parameters.niter(), world.size(), parameters.nonzer(),
                parameters.shift());

        CgGrid grid = new CgGrid(parameters.na(), world.size(), world.rank());
        // The main program draws once (zeta = randlc(tran, amult)) before makea.
        double seed = NpbRandom.nextSeed(314159265.0, CgMatrix.AMULT);
        CgMatrix matrix = CgMatrix.generate(parameters.na(), parameters.nonzer(), parameters.shift(), grid, seed);
        CgSolver solver = new CgSolver(context.backend(), world, grid, matrix, vectorLength(parameters.na(), grid));
        CgTrial trial = new CgTrial(context, parameters, solver);
        trial.reset();
        return trial;
    }

    /** The power iterations from x = (1, ..., 1); zeta is the eigenvalue estimate NPB verifies. */
    private static final class CgTrial extends KernelTrial<Parameters, CgSolver> {
        private double zeta;

        CgTrial(RunContext context, Parameters parameters, CgSolver solver) {
            super(context, parameters, solver);
        }

        /** One power step from x = (1, ..., 1), as NPB's untimed one; the section starts from there again. */
        @Override
        public void untimedStep() {
            solver.startFromOnes();
            solver.conjugateGradient();
            solver.normaliseZIntoX();
        }

        @Override
        public void reset() {
            solver.startFromOnes();
        }

        @Override
        public void timedSection() {
            context.progress().line("   iteration           ||r||                 zeta");
            for (int it = 1; it <= parameters.niter(); it++) {
                double rnorm = solver.conjugateGradient();
                double xz = solver.normaliseZIntoX();
                zeta = parameters.shift() + 1.0 / xz;
                context.progress().line("    %5d      %21.14E%20.13f", it, rnorm, zeta);
            }
        }

        @Override
        public Optional<Report> report(double seconds) {
            return onRankZero(() -> {
                context.out().printf(" Benchmark completed%n");
                return new Report("CG", context.npbClass(), Integer.toString(parameters.na()), parameters.niter(),
                        context.world().size(), seconds, Report.mops(parameters.operations(), seconds), "floating point",
                        List.of(new Check("zeta", zeta, parameters.zetaReference(), EPSILON)),
                        context.backend().description());
            });
        }
    }
}
