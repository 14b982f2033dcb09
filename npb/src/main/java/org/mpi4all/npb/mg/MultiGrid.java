package org.mpi4all.npb.mg;

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
 * MG, the multigrid benchmark (NPB 3.4-MPI {@code MG/mg.f}): V-cycles of a multigrid solver for the 3-D
 * Poisson equation ∇²u = v on an n³ periodic grid, v zero but for ±1 at twenty random points. The grid is
 * decomposed over a 3-D grid of processes ({@link MgGrid}); the verified quantity is the L2 norm of the
 * residual after the last cycle.
 */
public final class MultiGrid implements Benchmark {
    private static final double EPSILON = 1.0e-8;
    /** The residual operator A (a(1) = 0). */
    private static final double[] A = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
    /** The smoothers S(a), for classes S, W and A, and S(b), for the larger ones (c(3) = 0). */
    private static final double[] SMOOTHER_A = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
    private static final double[] SMOOTHER_B = {-3.0 / 17.0, 1.0 / 33.0, -1.0 / 61.0, 0.0};

    /**
     * @param n              the grid's points per dimension
     * @param nit            the V-cycles timed
     * @param rnm2Reference  the official L2 norm of the final residual
     */
    record Parameters(int n, int nit, double rnm2Reference) {
        static Parameters of(NpbClass npbClass) {
            return switch (npbClass) {
                case S -> new Parameters(32, 4, 0.5307707005734e-04);
                case W -> new Parameters(128, 4, 0.6467329375339e-05);
                case A -> new Parameters(256, 4, 0.2433365309069e-05);
                case B -> new Parameters(256, 20, 0.1800564401355e-05);
                case C -> new Parameters(512, 20, 0.5706732285740e-06);
                case D -> new Parameters(1024, 50, 0.1583275060440e-09);
                case E -> new Parameters(2048, 50, 0.5630442584711e-10);
            };
        }
    }

    private static double[] smoother(NpbClass npbClass) {
        return switch (npbClass) {
            case S, W, A -> SMOOTHER_A;
            default -> SMOOTHER_B;
        };
    }

    @Override
    public String name() {
        return "MG";
    }

    @Override
    public ProcessRule processRule() {
        return ProcessRule.POWER_OF_TWO;
    }

    @Override
    public MemoryNeed memoryNeed(NpbClass npbClass, int processes) {
        int n = Parameters.of(npbClass).n();
        long mostLevels = 0;
        long mostFinest = 0;
        for (int rank = 0; rank < processes; rank++) {
            MgGrid grid = new MgGrid(n, processes, rank);
            mostLevels = Math.max(mostLevels, grid.allLevelsLength());
            mostFinest = Math.max(mostFinest, grid.points(grid.lt));
        }
        int lt = Integer.numberOfTrailingZeros(n);
        return MemoryNeed.NONE.plusDoubles(2, mostLevels).plusDoubles(1, mostFinest)   // u, r; v
                .plusDoubles(4, MgSolver.faceCapacity(lt, processes));                  // face messages
    }

    @Override
    public Trial prepare(RunContext context) {
        Parameters parameters = Parameters.of(context.npbClass());
        Comm world = context.world();
        int n = parameters.n();
        var out = context.out();
        out.printf(Locale.ROOT, "%n%n NAS Parallel Benchmarks 3.4 -- MG Benchmark%n%n");

        double initStart = context.backend().wtime();
        MgGrid grid = new MgGrid(n, world.size(), world.rank());
        MgSolver solver = new MgSolver(context.backend(), world, grid, A, smoother(context.npbClass()));
        solver.start(n);
        solver.norms(solver.v, n);
        out.printf(Locale.ROOT, " Size: %4dx%4dx%4d  (class %s)%n Iterations: %4d%n Total number of processes: %6d%n%n",
                n, n, n, context.npbClass(), parameters.nit(), world.size());
        MgTrial trial = new MgTrial(context, parameters, solver);
        out.printf(Locale.ROOT, " Initialization time: %15.3f seconds%n%n", context.backend().wtime() - initStart);
        return trial;
    }

    /** The V-cycles from u = 0; the residual's norm rnm2 is what NPB verifies. */
    private static final class MgTrial extends KernelTrial<Parameters, MgSolver> {
        private double rnm2;

        MgTrial(RunContext context, Parameters parameters, MgSolver solver) {
            super(context, parameters, solver);
        }

        /** One V-cycle from the current u, as NPB's untimed one; the section starts from u = 0 again. */
        @Override
        public void untimedStep() {
            solver.residual();
            solver.norms(solver.r, parameters.n());
            solver.vCycle();
            solver.residual();
        }

        @Override
        public void reset() {
            solver.start(parameters.n());
        }

        @Override
        public void timedSection() {
            int n = parameters.n();
            solver.residual();
            solver.norms(solver.r, n);
            for (int it = 1; it <= parameters.nit(); it++) {
                if (it == 1 || it == parameters.nit() || it % 5 == 0) {
                    context.progress().line(String.format(Locale.ROOT, "  iter %4d", it));
                }
                solver.vCycle();
                solver.residual();
            }
            rnm2 = solver.norms(solver.r, n)[0];
        }

        @Override
        public Optional<Report> report(double seconds) {
            return onRankZero(() -> {
                int n = parameters.n();
                context.out().printf(" Benchmark completed%n");
                double operations = 58.0 * parameters.nit() * n * n * (double) n;
                return new Report("MG", context.npbClass(), ReportWriter.grid(n, n, n), parameters.nit(),
                        context.world().size(), seconds, Report.mops(operations, seconds), "floating point",
                        List.of(new Check("rnm2", rnm2, parameters.rnm2Reference(), EPSILON)),
                        context.backend().description());
            });
        }
    }
}
