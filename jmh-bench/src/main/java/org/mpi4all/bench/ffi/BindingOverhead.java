package org.mpi4all.bench.ffi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.mpi4all.bench.MpiBenchmark;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * What the generated layer adds to a bare downcall, and what {@code Linker.Option.critical} saves on a short
 * call: {@code MPI_Comm_rank} and {@code MPI_Wtime} through {@link Mpi} (handle record unwrapped, return code
 * checked) against a raw {@code static final} downcall handle invoked with {@code invokeExact}, linked plain
 * and linked critical (no thread-state transition: the thread cannot reach a safepoint during the call, which
 * is harmless for calls this short). {@code sendToProcNullBinding} is a send that returns at once (to
 * {@code MPI_PROC_NULL}) with a buffer, count and datatype: what the checked mode checks on every send, without a
 * peer to wait for (see {@code scripts/bench-checked}). {@code isendToProcNull*} is a nonblocking start to
 * {@code MPI_PROC_NULL} and the {@code MPI_Wait} that completes it (through the binding in every variant): the start
 * through {@link Mpi} (critical while {@code CriticalStarts} allows, checked unless {@code -Dmpi4all.checked=false})
 * against raw handles linked plain and critical, what one message of a window costs the binding. Runs with the
 * {@link #CONTENDER} contender; the score is one call (one start and its wait).
 */
public class BindingOverhead extends MpiBenchmark {
    /** The contender whose runs include this benchmark. */
    public static final String CONTENDER = "mpi4all-segment";

    /** Open MPI's handles are pointers, the MPICH family's ints: the raw handle takes what C takes. */
    private static final boolean INT_HANDLES = MPI_Comm.LAYOUT.carrier() == int.class;
    private static final long WORLD = Mpi.MPI_COMM_WORLD.value();

    private static final FunctionDescriptor COMM_RANK = FunctionDescriptor.of(JAVA_INT, MPI_Comm.LAYOUT, ADDRESS);
    private static final FunctionDescriptor WTIME = FunctionDescriptor.of(JAVA_DOUBLE);
    private static final MethodHandle RAW_COMM_RANK = downcall("MPI_Comm_rank", COMM_RANK);
    private static final MethodHandle CRITICAL_COMM_RANK = downcall("MPI_Comm_rank", COMM_RANK, Linker.Option.critical(false));
    private static final MethodHandle RAW_WTIME = downcall("MPI_Wtime", WTIME);
    private static final MethodHandle CRITICAL_WTIME = downcall("MPI_Wtime", WTIME, Linker.Option.critical(false));
    private static final FunctionDescriptor ISEND = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT,
            MPI_Datatype.LAYOUT, JAVA_INT, JAVA_INT, MPI_Comm.LAYOUT, ADDRESS);
    private static final MethodHandle RAW_ISEND = downcall("MPI_Isend", ISEND);
    private static final MethodHandle CRITICAL_ISEND = downcall("MPI_Isend", ISEND, Linker.Option.critical(false));
    private static final long LONG = Mpi.MPI_LONG.value();

    private final MemorySegment rank = Arena.ofAuto().allocate(JAVA_INT);
    private final MemorySegment message = Arena.ofAuto().allocate(JAVA_LONG);
    private final MemorySegment request = MPI_Request.allocate(Arena.ofAuto());

    @Override
    protected void prepare() {
        // the handles are static, the out-parameter allocated with the instance
    }

    @Benchmark
    public void commRankBinding() {
        Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, rank);
    }

    @Benchmark
    public int commRankRaw() throws Throwable {
        return INT_HANDLES ? (int) RAW_COMM_RANK.invokeExact((int) WORLD, rank) : (int) RAW_COMM_RANK.invokeExact(WORLD, rank);
    }

    @Benchmark
    public int commRankRawCritical() throws Throwable {
        return INT_HANDLES
                ? (int) CRITICAL_COMM_RANK.invokeExact((int) WORLD, rank)
                : (int) CRITICAL_COMM_RANK.invokeExact(WORLD, rank);
    }

    @Benchmark
    public void sendToProcNullBinding() {
        Mpi.MPI_Send(message, 1, Mpi.MPI_LONG, Mpi.MPI_PROC_NULL, 0, Mpi.MPI_COMM_WORLD);
    }

    @Benchmark
    public void isendToProcNullBinding() {
        Mpi.MPI_Isend(message, 1, Mpi.MPI_LONG, Mpi.MPI_PROC_NULL, 0, Mpi.MPI_COMM_WORLD, request);
        Mpi.MPI_Wait(request, Mpi.MPI_STATUS_IGNORE);
    }

    @Benchmark
    public int isendToProcNullRaw() throws Throwable {
        int code = INT_HANDLES
                ? (int) RAW_ISEND.invokeExact(message, 1, (int) LONG, Mpi.MPI_PROC_NULL, 0, (int) WORLD, request)
                : (int) RAW_ISEND.invokeExact(message, 1, LONG, Mpi.MPI_PROC_NULL, 0, WORLD, request);
        Mpi.MPI_Wait(request, Mpi.MPI_STATUS_IGNORE);
        return code;
    }

    @Benchmark
    public int isendToProcNullRawCritical() throws Throwable {
        int code = INT_HANDLES
                ? (int) CRITICAL_ISEND.invokeExact(message, 1, (int) LONG, Mpi.MPI_PROC_NULL, 0, (int) WORLD, request)
                : (int) CRITICAL_ISEND.invokeExact(message, 1, LONG, Mpi.MPI_PROC_NULL, 0, WORLD, request);
        Mpi.MPI_Wait(request, Mpi.MPI_STATUS_IGNORE);
        return code;
    }

    @Benchmark
    public double wtimeBinding() {
        return Mpi.MPI_Wtime();
    }

    @Benchmark
    public double wtimeRaw() throws Throwable {
        return (double) RAW_WTIME.invokeExact();
    }

    @Benchmark
    public double wtimeRawCritical() throws Throwable {
        return (double) CRITICAL_WTIME.invokeExact();
    }

    /** A downcall to the MPI function {@code name} as the loaded library exports it (global scope, as the bindings resolve it). */
    private static MethodHandle downcall(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        return Linker.nativeLinker().downcallHandle(GlobalSymbols.find(name), descriptor, options);
    }
}
