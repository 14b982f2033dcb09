package org.mpi4all.bench.highlevel;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.mpi4all.Datatype;
import org.mpi4all.Window;
import org.mpi4all.ffi.MPI_Win;
import org.mpi4all.ffi.Mpi;
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
 * One-sided communication, the high level against the generated layer: a put of {@code bytes / 8} doubles into the
 * other rank's window followed by a fence, the epoch a halo exchange repeats. The origin is an off-heap segment on
 * both sides: a put completes at the fence, after the call returned, so the generated layer cannot pass a heap
 * array in place (the high level copies one to native memory, a cost of its own, not the binding's). Both layers
 * use the same window ({@code Window.allocate}, {@code MPI_Win_allocate}), the generated one through its handle.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(0)
public class OneSidedBenchmark extends RankPair {
    @Param("segment")
    public String buffer;

    private MemorySegment origin;
    private Window window;
    private MPI_Win win;
    private Arena arena;
    /** Built once, as a hot loop does (see LayersBenchmark). */
    private org.mpi4all.Param[] ofDoubles;

    @Setup(Level.Trial)
    public void allocate() {
        join();
        arena = Arena.ofConfined();
        origin = arena.allocate(bytes, Double.BYTES);
        ofDoubles = new org.mpi4all.Param[] {org.mpi4all.Param.type(Datatype.DOUBLE)};
        window = Window.allocate(world, doubles, Datatype.DOUBLE);
        win = window.handle();
        window.fence();
    }

    @TearDown(Level.Trial)
    public void free() {
        window.fence();
        window.close();
        arena.close();
    }

    @Benchmark
    public void putFenceGenerated() {
        Mpi.MPI_Put(origin, doubles, Mpi.MPI_DOUBLE, peer, 0, doubles, Mpi.MPI_DOUBLE, win);
        Mpi.MPI_Win_fence(0, win);
    }

    @Benchmark
    public void putFenceHighLevel() {
        window.put(origin, peer, 0, ofDoubles);
        window.fence();
    }
}
