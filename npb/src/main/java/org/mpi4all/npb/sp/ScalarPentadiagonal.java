package org.mpi4all.npb.sp;

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
 * SP, the scalar pentadiagonal benchmark (NPB 3.4-MPI {@code SP/sp.f}): the 3-D compressible Navier–Stokes
 * equations, discretised with a diagonalised Beam–Warming approximate factorisation, integrated for niter time
 * steps towards the steady state of a known exact solution; verified by the RMS norms of the residual and of
 * the error against the official values. Runs on a square number of processes (the multi-partition).
 */
public final class ScalarPentadiagonal implements Benchmark {
    private static final double EPSILON = 1.0e-8;
    /** The smallest cell the solver handles: three points along each axis (make_set.f). */
    private static final int MIN_CELL_SIZE = 3;

    @Override
    public String name() {
        return "SP";
    }

    @Override
    public ProcessRule processRule() {
        return ProcessRule.SQUARE;
    }

    /** As many processes as leave cells of at least three points along each axis. */
    @Override
    public int maxProcesses(NpbClass npbClass) {
        int p = SpParameters.of(npbClass).gridPoints() / MIN_CELL_SIZE;
        return p * p;
    }

    /** Every field of every one of the process's p cells, and the two message buffers. */
    @Override
    public MemoryNeed memoryNeed(NpbClass npbClass, int processes) {
        int p = Partition.cellsPerAxis(processes);
        int gridPoints = SpParameters.of(npbClass).gridPoints();
        int[] extent = Adi.extent(gridPoints, p);
        long buffer = Math.max(FaceExchange.maxBufferLength(Partition.maxCellSize(gridPoints, p), p),
                LineSolver.bufferLength(extent));
        int rows = p * Cell.rowsPerField(extent);
        return MemoryNeed.NONE.plusDoubles(Cell.fields() * rows, extent[0]).plusDoubles(2, buffer);
    }

    @Override
    public Trial prepare(RunContext context) {
        SpParameters parameters = SpParameters.of(context.npbClass());
        Comm world = context.world();
        int n = parameters.gridPoints();
        context.out().printf(Locale.ROOT, "%n%n NAS Parallel Benchmarks 3.4 -- SP Benchmark%n%n"
                        + " Size: %4dx%4dx%4d  (class %s)%n Iterations: %4d    dt: %11.7f%n"
                        + " Total number of processes: %5d%n%n",
                n, n, n, context.npbClass(), parameters.niter(), parameters.dt(), world.size());
        Adi adi = new Adi(parameters, world, context.backend());
        adi.setUp();
        return new SpTrial(context, parameters, adi);
    }

    /** The time steps from the initial u; the norms of residual and error, computed after timing, are verified. */
    private static final class SpTrial extends KernelTrial<SpParameters, Adi> {
        SpTrial(RunContext context, SpParameters parameters, Adi adi) {
            super(context, parameters, adi);
        }

        /** One time step from the current u, as NPB's untimed one; the section starts from the initial u again. */
        @Override
        public void untimedStep() {
            solver.step();
        }

        @Override
        public void reset() {
            solver.resetU();
        }

        @Override
        public void timedSection() {
            for (int step = 1; step <= parameters.niter(); step++) {
                if (step % 20 == 0 || step == 1) {
                    context.progress().line(String.format(Locale.ROOT, " SP: time step %4d of %d", step, parameters.niter()));
                }
                solver.step();
            }
        }

        /** Collective: every rank computes the norms, rank 0 reports them. */
        @Override
        public Optional<Report> report(double seconds) {
            double[] xce = solver.errorNorms();
            double[] xcr = solver.residualNorms();
            return onRankZero(() -> ScalarPentadiagonal.report(context, parameters, seconds, xcr, xce));
        }
    }

    private static Report report(RunContext context, SpParameters parameters, double seconds, double[] xcr,
                                 double[] xce) {
        List<Check> checks = new ArrayList<>();
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            checks.add(new Check("xcr" + (m + 1), xcr[m] / parameters.dt(), parameters.xcrReference()[m], EPSILON));
        }
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            checks.add(new Check("xce" + (m + 1), xce[m], parameters.xceReference()[m], EPSILON));
        }
        // The reference requires |dt − dtref| <= 1e-8: the same bound, relative to dtref.
        checks.add(new Check("dt", parameters.dt(), parameters.dtReference(), EPSILON / parameters.dtReference()));
        double n = parameters.gridPoints();
        double operations = parameters.niter() * (881.174 * n * n * n - 4683.91 * n * n + 11484.5 * n - 19272.4);
        return new Report("SP", context.npbClass(), ReportWriter.grid(parameters.gridPoints(),
                parameters.gridPoints(), parameters.gridPoints()), parameters.niter(), context.world().size(),
                seconds, Report.mops(operations, seconds), "floating point", checks, context.backend().description());
    }
}
