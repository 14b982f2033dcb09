package org.mpi4all.bench.highlevel;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The decision behind the high-level API's heap-array policy: a ping-pong of a {@code double[]} passed to
 * MPI in place by critical downcalls ({@code MemorySegment.ofArray} per call, as the API does), against the
 * same array copied to and from native scratch memory around plain downcalls (what the API does under
 * {@code HeapAccess.COPY}). The floor, an off-heap segment, is {@link LayersBenchmark}'s generated ping-pong.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(0)
public class HeapAccessBenchmark extends RankPair {
    private double[] array;
    private MemorySegment scratch;

    @Setup(Level.Trial)
    public void allocate() {
        join();
        array = new double[doubles];
        scratch = Arena.ofAuto().allocate(bytes, 16);
    }

    @Benchmark
    public void critical() {
        if (initiator) {
            MpiCritical.MPI_Send(MemorySegment.ofArray(array), doubles, Mpi.MPI_DOUBLE, peer, 0, comm);
            MpiCritical.MPI_Recv(MemorySegment.ofArray(array), doubles, Mpi.MPI_DOUBLE, peer, 0, comm, Mpi.MPI_STATUS_IGNORE);
        } else {
            MpiCritical.MPI_Recv(MemorySegment.ofArray(array), doubles, Mpi.MPI_DOUBLE, peer, 0, comm, Mpi.MPI_STATUS_IGNORE);
            MpiCritical.MPI_Send(MemorySegment.ofArray(array), doubles, Mpi.MPI_DOUBLE, peer, 0, comm);
        }
    }

    @Benchmark
    public void copy() {
        if (initiator) {
            sendCopy();
            recvCopy();
        } else {
            recvCopy();
            sendCopy();
        }
    }

    private void sendCopy() {
        MemorySegment.copy(array, 0, scratch, JAVA_DOUBLE, 0, doubles);
        Mpi.MPI_Send(scratch, doubles, Mpi.MPI_DOUBLE, peer, 0, comm);
    }

    private void recvCopy() {
        Mpi.MPI_Recv(scratch, doubles, Mpi.MPI_DOUBLE, peer, 0, comm, Mpi.MPI_STATUS_IGNORE);
        MemorySegment.copy(scratch, JAVA_DOUBLE, 0, array, 0, doubles);
    }
}
