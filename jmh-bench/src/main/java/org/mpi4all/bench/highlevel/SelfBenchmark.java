package org.mpi4all.bench.highlevel;

import static org.mpi4all.Param.recvBuf;
import static org.mpi4all.Param.type;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpi4all.Communicator;
import org.mpi4all.Datatype;
import org.mpi4all.Environment;
import org.mpi4all.Op;
import org.mpi4all.ThreadLevel;
import org.mpi4all.Window;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Win;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * What the high level adds to a call of the generated layer, without a peer: {@link LayersBenchmark}'s and
 * {@link OneSidedBenchmark}'s operations on {@code MPI_COMM_SELF} in a run of one rank. An allreduce of one
 * process, a send to itself then the receive of it (eager at these sizes), a put into its own window then a
 * fence: each MPI call returns without waiting for another process, so the difference of the two layers is the
 * binding's alone, not the scheduling of a peer on a shared machine.
 *
 * <pre>
 * scripts/mpi run openmpi -np 1 java --enable-native-access=ALL-UNNAMED \
 *     -cp jmh-bench/target/benchmarks.jar org.mpi4all.bench.highlevel.SelfBenchmark [--bytes N] [--buffer array|segment] [--only REGEXP]
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(0)
public class SelfBenchmark {
    private static Environment environment;

    @Param({"array", "segment"})
    public String buffer;

    @Param("8")
    public int bytes;

    private Communicator self;
    private MPI_Comm comm;
    private boolean arrays;
    private int doubles;
    /** The high level's buffers: the arrays or the segments below. */
    private Object send;
    private Object recv;
    private MemorySegment sendSegment;
    private MemorySegment recvSegment;
    /** Views of the arrays, made once, for the generated layer's critical functions. */
    private MemorySegment sendArraySegment;
    private MemorySegment recvArraySegment;
    private org.mpi4all.Param[] intoRecv;
    private org.mpi4all.Param[] ofDoubles;
    private Window window;
    private MPI_Win win;

    @Setup
    public void allocate() {
        self = environment.self();
        comm = self.handle();
        arrays = buffer.equals("array");
        doubles = bytes / Double.BYTES;
        double[] sendArray = new double[doubles];
        double[] recvArray = new double[doubles];
        sendArraySegment = MemorySegment.ofArray(sendArray);
        recvArraySegment = MemorySegment.ofArray(recvArray);
        sendSegment = Arena.ofAuto().allocate(bytes, Double.BYTES);
        recvSegment = Arena.ofAuto().allocate(bytes, Double.BYTES);
        send = arrays ? sendArray : sendSegment;
        recv = arrays ? recvArray : recvSegment;
        ofDoubles = new org.mpi4all.Param[] {type(Datatype.DOUBLE)};
        intoRecv = arrays ? new org.mpi4all.Param[] {recvBuf(recvArray)}
                : new org.mpi4all.Param[] {recvBuf(recvSegment), type(Datatype.DOUBLE)};
        window = Window.allocate(self, doubles, Datatype.DOUBLE);
        win = window.handle();
        window.fence();
    }

    @TearDown
    public void free() {
        window.close();
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
    public Object allreduceHighLevel() {
        return self.allreduce(send, Op.SUM, intoRecv);
    }

    @Benchmark
    public void sendRecvGenerated() {
        if (arrays) {
            MpiCritical.MPI_Send(sendArraySegment, doubles, Mpi.MPI_DOUBLE, 0, 0, comm);
            MpiCritical.MPI_Recv(recvArraySegment, doubles, Mpi.MPI_DOUBLE, 0, 0, comm, Mpi.MPI_STATUS_IGNORE);
        } else {
            Mpi.MPI_Send(sendSegment, bytes, Mpi.MPI_INT8_T, 0, 0, comm);
            Mpi.MPI_Recv(recvSegment, bytes, Mpi.MPI_INT8_T, 0, 0, comm, Mpi.MPI_STATUS_IGNORE);
        }
    }

    @Benchmark
    public Object sendRecvHighLevel() {
        self.send(send, 0);
        return self.recv(recv, 0);
    }

    @Benchmark
    public void putFenceGenerated() {
        Mpi.MPI_Put(sendSegment, doubles, Mpi.MPI_DOUBLE, 0, 0, doubles, Mpi.MPI_DOUBLE, win);
        Mpi.MPI_Win_fence(0, win);
    }

    @Benchmark
    public void putFenceHighLevel() {
        window.put(sendSegment, 0, 0, ofDoubles);
        window.fence();
    }

    /** Runs the benchmarks (those whose name matches {@code --only}, for the buffers of {@code --buffer}), 5 x 1 s after 5 x 1 s of warm-up. */
    public static void main(String[] args) throws RunnerException {
        List<String> arguments = Arrays.asList(args);
        String bytes = arguments.contains("--bytes") ? arguments.get(arguments.indexOf("--bytes") + 1) : "8";
        String[] buffers = arguments.contains("--buffer") ? new String[] {arguments.get(arguments.indexOf("--buffer") + 1)}
                : new String[] {"array", "segment"};
        String only = arguments.contains("--only") ? arguments.get(arguments.indexOf("--only") + 1) : "";
        // JMH calls the benchmarks from a worker thread, one call at a time.
        try (Environment env = Environment.init(args, ThreadLevel.SERIALIZED)) {
            if (env.world().size() != 1) {
                throw new IllegalStateException("SelfBenchmark runs on one rank, not " + env.world().size());
            }
            environment = env;
            new Runner(new OptionsBuilder()
                    .include(SelfBenchmark.class.getName() + "\\..*" + only)
                    .param("bytes", bytes)
                    .param("buffer", buffers)
                    .forks(0)
                    .warmupIterations(5)
                    .warmupTime(TimeValue.seconds(1))
                    .measurementIterations(5)
                    .measurementTime(TimeValue.seconds(1))
                    .build()).run();
        }
    }
}
