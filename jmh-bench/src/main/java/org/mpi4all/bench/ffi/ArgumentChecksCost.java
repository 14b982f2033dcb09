package org.mpi4all.bench.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.mpi4all.runtime.ArgumentChecks;
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
 * What the checked mode's buffer checks cost one call, without MPI and its noise: {@code keptBuffer} (what every
 * {@code MPI_Isend} and {@code MPI_Irecv} checks) and {@code buffer} (what a blocking send checks), on the regions of
 * a window of 64 messages in turn, as the window benchmark passes them, against {@code region} (taking the next
 * region alone). The datatype is measured once, by a stand-in for MPI that gives every datatype the span of
 * {@code MPI_BYTE}; the sentinels are Open MPI's ({@code MPI_IN_PLACE} at address 1, {@code MPI_BOTTOM} at 0). Run
 * outside {@code mpirun}: {@code java -jar benchmarks.jar ArgumentChecksCost}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class ArgumentChecksCost {
    private static final int REGIONS = 64;
    private static final long DATATYPE = 0x4c00010dL;

    @Param("64")
    public int bytes;

    private final Arena arena = Arena.ofAuto();
    private ArgumentChecks checks;
    private MemorySegment[] regions;
    private int next;

    @Setup
    public void allocate() {
        checks = new ArgumentChecks(ArgumentChecksCost::measureAsByte, MemorySegment.ofAddress(1), MemorySegment.NULL, 0);
        MemorySegment window = arena.allocate((long) bytes * REGIONS, Double.BYTES);
        regions = new MemorySegment[REGIONS];
        for (int region = 0; region < REGIONS; region++) {
            regions[region] = window.asSlice((long) region * bytes, bytes);
        }
    }

    private static void measureAsByte(long datatype, long[] span) {
        span[0] = 0;   // lower bound
        span[1] = 1;   // extent
        span[2] = 0;   // true lower bound
        span[3] = 1;   // true extent
    }

    @Benchmark
    public MemorySegment region() {
        MemorySegment region = regions[next];
        next = (next + 1) & (REGIONS - 1);
        return region;
    }

    @Benchmark
    public void keptBuffer() {
        checks.keptBuffer("MPI_Isend", "buf", region(), bytes, "count", DATATYPE, "datatype");
    }

    @Benchmark
    public void buffer() {
        checks.buffer("MPI_Send", "buf", region(), bytes, "count", DATATYPE, "datatype");
    }
}
