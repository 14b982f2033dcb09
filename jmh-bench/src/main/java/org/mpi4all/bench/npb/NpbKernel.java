package org.mpi4all.bench.npb;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpi4all.npb.Benchmarks;
import org.mpi4all.npb.NpbClass;
import org.mpi4all.npb.Progress;
import org.mpi4all.npb.Report;
import org.mpi4all.npb.RunContext;
import org.mpi4all.npb.Trial;
import org.mpi4all.npb.WarmUp;
import org.mpi4all.npb.comm.Backend;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One NAS kernel's timed section as a JMH benchmark: each iteration (warm-up and measured) resets the kernel to
 * where NPB's timed section starts, starts the ranks together after a barrier, runs the section once, and
 * verifies its result against the official values: an iteration that does not verify fails the benchmark.
 * Runs only under {@link NpbKernels}, which initialised the backend on every rank of the run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(0)
public class NpbKernel {

    @Param("CG")
    public String bench;

    @Param("S")
    public String npbClass;

    private Backend backend;
    private RunContext context;
    private Trial trial;
    private double start;
    private int iteration;
    /** NPB's own time of each iteration's timed section (on the slowest rank, known on rank 0). */
    private final List<Double> npbSeconds = new ArrayList<>();

    @Setup(Level.Trial)
    public void prepare() {
        backend = NpbKernels.backend();
        context = new RunContext(backend, backend.world(), NpbClass.parse(npbClass),
                new PrintStream(OutputStream.nullOutputStream()), Progress.silent());
        trial = Benchmarks.find(bench).prepare(context);
        // NPB's one untimed step; JMH's warm-up iterations do the rest.
        WarmUp.NPB.run(trial, context);
    }

    @Setup(Level.Iteration)
    public void startTogether() {
        trial.reset();
        context.world().barrier();
        start = backend.wtime();
    }

    @Benchmark
    public void timedSection() {
        trial.timedSection();
    }

    @TearDown(Level.Iteration)
    public void verify() {
        iteration++;
        double seconds = context.secondsOnSlowestRank(start);
        boolean verified = trial.report(seconds).map(Report::verified).orElse(false);
        // Only rank 0 knows the verdict; every rank fails together.
        int[] verdict = {verified ? 1 : 0};
        context.world().bcast(verdict, 0, 1, 0);
        if (verdict[0] != 1) {
            throw new IllegalStateException(bench + " class " + npbClass + ": iteration " + iteration
                    + " did not verify against the official values");
        }
        npbSeconds.add(seconds);
    }

    @TearDown(Level.Trial)
    public void record() {
        NpbKernels.recordNpbSeconds(npbSeconds);
    }
}
