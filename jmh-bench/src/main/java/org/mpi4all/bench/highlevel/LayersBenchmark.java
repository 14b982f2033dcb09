package org.mpi4all.bench.highlevel;

import static org.mpi4all.Param.recvBuf;
import static org.mpi4all.Param.type;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.mpi4all.Datatype;
import org.mpi4all.Op;

import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;
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

/**
 * The high-level API against the generated layer it is built on, in one run: a ping-pong
 * ({@code send}/{@code recv}) and an {@code allreduce} of {@code bytes / 8} doubles, with the buffers
 * as heap arrays or off-heap segments. The generated layer is used as well as it can be: heap arrays
 * through {@code MpiCritical} with their segments made once, segments through {@code Mpi}. The
 * high-level calls are written as a user writes them, buffers passed as they are.
 *
 * <p>On one rank ({@code -np 1}) the peer is the rank itself: the ping-pong is a send to itself then its receive
 * and the allreduce is of one process. The send completes only where the implementation sends to itself eagerly
 * (Open MPI 4.1 at 8 bytes, not at 8 KiB; a one-rank run on MPICH 4.0 did not finish at 8 bytes: use two ranks
 * there). No call waits for another process then, so the difference of the two layers is the binding's alone,
 * not the scheduling of a peer on a shared machine ({@link OneSidedBenchmark} likewise puts into the rank's own
 * window).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(0)
public class LayersBenchmark extends RankPair {
    @Param({"array", "segment"})
    public String buffer;

    private boolean arrays;
    private double[] sendArray;
    private double[] recvArray;
    private MemorySegment sendArraySegment;
    private MemorySegment recvArraySegment;
    private MemorySegment sendSegment;
    private MemorySegment recvSegment;
    /** Named parameters are immutable: a hot loop builds them once (this is what makes the call allocation-free). */
    private org.mpi4all.Param[] intoRecvArray;
    private org.mpi4all.Param[] intoRecvSegment;

    @Setup(Level.Trial)
    public void allocate() {
        join();
        arrays = buffer.equals("array");
        sendArray = new double[doubles];
        recvArray = new double[doubles];
        sendArraySegment = MemorySegment.ofArray(sendArray);
        recvArraySegment = MemorySegment.ofArray(recvArray);
        Arena arena = Arena.ofAuto();
        sendSegment = arena.allocate(bytes, Double.BYTES);
        recvSegment = arena.allocate(bytes, Double.BYTES);
        intoRecvArray = new org.mpi4all.Param[] {recvBuf(recvArray)};
        intoRecvSegment = new org.mpi4all.Param[] {recvBuf(recvSegment), type(Datatype.DOUBLE)};
    }

    @Benchmark
    public void pingPongGenerated() {
        if (arrays) {
            if (initiator) {
                MpiCritical.MPI_Send(sendArraySegment, doubles, Mpi.MPI_DOUBLE, peer, 0, comm);
                MpiCritical.MPI_Recv(recvArraySegment, doubles, Mpi.MPI_DOUBLE, peer, 0, comm, Mpi.MPI_STATUS_IGNORE);
            } else {
                MpiCritical.MPI_Recv(recvArraySegment, doubles, Mpi.MPI_DOUBLE, peer, 0, comm, Mpi.MPI_STATUS_IGNORE);
                MpiCritical.MPI_Send(sendArraySegment, doubles, Mpi.MPI_DOUBLE, peer, 0, comm);
            }
        } else if (initiator) {
            Mpi.MPI_Send(sendSegment, bytes, Mpi.MPI_INT8_T, peer, 0, comm);
            Mpi.MPI_Recv(recvSegment, bytes, Mpi.MPI_INT8_T, peer, 0, comm, Mpi.MPI_STATUS_IGNORE);
        } else {
            Mpi.MPI_Recv(recvSegment, bytes, Mpi.MPI_INT8_T, peer, 0, comm, Mpi.MPI_STATUS_IGNORE);
            Mpi.MPI_Send(sendSegment, bytes, Mpi.MPI_INT8_T, peer, 0, comm);
        }
    }

    @Benchmark
    public void pingPongHighLevel() {
        Object send = arrays ? sendArray : sendSegment;
        Object recv = arrays ? recvArray : recvSegment;
        if (initiator) {
            world.send(send, peer);
            world.recv(recv, peer);
        } else {
            world.recv(recv, peer);
            world.send(send, peer);
        }
    }

    @Benchmark
    public void allreduceGenerated() {
        if (arrays) {
            MpiCritical.MPI_Allreduce(sendArraySegment, recvArraySegment, doubles, Mpi.MPI_DOUBLE, Mpi.MPI_SUM, comm);
        } else {
            Mpi.MPI_Allreduce(sendSegment, recvSegment, doubles, Mpi.MPI_DOUBLE, Mpi.MPI_SUM, comm);
        }
    }

    @Benchmark
    public void allreduceHighLevel() {
        if (arrays) {
            world.allreduce(sendArray, Op.SUM, intoRecvArray);
        } else {
            world.allreduce(sendSegment, Op.SUM, intoRecvSegment);
        }
    }

    /** The same, with the parameters written in the call: what that costs. */
    @Benchmark
    public void allreduceHighLevelInlineParams() {
        if (arrays) {
            world.allreduce(sendArray, Op.SUM, recvBuf(recvArray));
        } else {
            world.allreduce(sendSegment, Op.SUM, recvBuf(recvSegment), type(Datatype.DOUBLE));
        }
    }
}
