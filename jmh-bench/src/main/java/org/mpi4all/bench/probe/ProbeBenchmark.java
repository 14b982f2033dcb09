package org.mpi4all.bench.probe;

import java.util.concurrent.TimeUnit;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.probe.CompilerWrapper;
import org.mpi4all.probe.Probe;
import org.mpi4all.probe.ProbeOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Wall time of one whole probe of an implementation (wrapper flags, two preprocessor runs, the measuring
 * program's compiles and run), the figure the probe's 5 s target is about. Single shot: a probe is a
 * once-per-build operation dominated by the compiler, not by the JVM warming up.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@Fork(1)
public class ProbeBenchmark {

    @Param({"openmpi", "mpich", "intelmpi", "mpich5", "openmpi5"})
    public String implementation;

    private CompilerWrapper wrapper;

    @Setup
    public void findWrapper() {
        wrapper = CompilerWrapper.of(MpiImplementation.facts(implementation));
    }

    @Benchmark
    public Blueprint probe() {
        return Probe.run(ProbeOptions.of(wrapper));
    }
}
