package org.mpi4all.bench.highlevel;

import static org.mpi4all.Param.recvBuf;
import static org.mpi4all.Param.type;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.mpi4all.Datatype;
import org.mpi4all.Op;
import org.mpi4all.ffi.MPI_Request;
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
 * Nonblocking operations, the high level against the generated layer: an {@code iallreduce} of {@code bytes / 8}
 * doubles waited for at once, and an exchange of as many with the other rank ({@code irecv} and {@code isend}, both
 * waited for). Off-heap segments on both sides: a nonblocking operation keeps its buffer after the call returns, so
 * the generated layer cannot be given a heap array in place (the high level copies one to native memory, a cost of
 * its own). What the high level adds is its request object, what it holds until completion and the status it keeps;
 * JMH's allocation profiler counts those bytes per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(0)
public class NonblockingBenchmark extends RankPair {
    @Param("segment")
    public String buffer;

    private Arena arena;
    private MemorySegment send;
    private MemorySegment recv;
    /** Two requests for the generated layer's exchange. */
    private MemorySegment requests;
    private MemorySegment secondRequest;
    /** Built once, as a hot loop does (see LayersBenchmark). */
    private org.mpi4all.Param[] ofDoubles;
    private org.mpi4all.Param[] intoRecv;

    @Setup(Level.Trial)
    public void allocate() {
        join();
        arena = Arena.ofConfined();
        send = arena.allocate(bytes, Double.BYTES);
        recv = arena.allocate(bytes, Double.BYTES);
        requests = MPI_Request.allocateArray(arena, 2);
        secondRequest = requests.asSlice(MPI_Request.LAYOUT.byteSize());
        ofDoubles = new org.mpi4all.Param[] {type(Datatype.DOUBLE)};
        intoRecv = new org.mpi4all.Param[] {recvBuf(recv), type(Datatype.DOUBLE)};
    }

    @TearDown(Level.Trial)
    public void free() {
        arena.close();
    }

    @Benchmark
    public void iallreduceGenerated() {
        Mpi.MPI_Iallreduce(send, recv, doubles, Mpi.MPI_DOUBLE, Mpi.MPI_SUM, comm, requests);
        Mpi.MPI_Wait(requests, Mpi.MPI_STATUS_IGNORE);
    }

    @Benchmark
    public void iallreduceHighLevel() {
        world.iallreduce(send, Op.SUM, intoRecv).waitFor();
    }

    @Benchmark
    public void exchangeGenerated() {
        Mpi.MPI_Irecv(recv, doubles, Mpi.MPI_DOUBLE, peer, 0, comm, requests);
        Mpi.MPI_Isend(send, doubles, Mpi.MPI_DOUBLE, peer, 0, comm, secondRequest);
        Mpi.MPI_Wait(requests, Mpi.MPI_STATUS_IGNORE);
        Mpi.MPI_Wait(secondRequest, Mpi.MPI_STATUS_IGNORE);
    }

    @Benchmark
    public void exchangeHighLevel() {
        var incoming = world.irecv(recv, peer, ofDoubles);
        var outgoing = world.isend(send, peer, ofDoubles);
        incoming.waitFor();
        outgoing.waitFor();
    }
}
