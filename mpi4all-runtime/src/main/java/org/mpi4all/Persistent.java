package org.mpi4all;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;

/**
 * A persistent operation: point-to-point ({@code MPI_Send_init}, {@code MPI_Recv_init}) or collective
 * ({@code MPI_Allreduce_init}, {@code MPI_Bcast_init} ...): the arguments bound once, the operation started
 * and completed as often as needed, for a loop that repeats the same exchange without setting it up again.
 *
 * {@snippet :
 * try (Persistent<double[]> out = world.sendInit(boundary, right);
 *      Persistent<double[]> in = world.recvInit(halo, left)) {
 *     for (int step = 0; step < steps; step++) {
 *         in.start();
 *         out.start();            // sends what boundary holds now
 *         in.waitFor();           // halo holds the neighbour's boundary
 *         out.waitFor();
 *         update(halo, boundary);
 *     }
 * }
 * }
 *
 * <p>Its buffers are the ones it was made with, protected as a {@link Request}'s: a heap array never reaches
 * MPI, a send buffer is copied to native memory at each {@link #start()} (so it sends what the array holds
 * then), a receive or result buffer is copied into at each completion; a native segment or direct buffer is MPI's from
 * {@code start} to completion. An operation is started again only once it completed; {@link #close()}
 * frees it ({@code MPI_Request_free}) and its native memory. It is not safe for use by several threads at once.
 *
 * @param <T> the buffer
 */
public sealed class Persistent<T> extends AbstractRequest<T> implements AutoCloseable permits Partitioned {
    private boolean active;
    private boolean closed;

    Persistent(Environment environment, String operation, long handle, T buffer, Staging staging, Datatype received) {
        super(environment, operation, handle, buffer, staging, received);
        Census.REQUESTS.incrementAndGet();
    }

    /** Wraps the request an MPI persistent function wrote into {@link Call#request()}; see {@link Request#started}. */
    static <R> Persistent<R> bound(Call call, R buffer, Datatype received) {
        return new Persistent<>(call.environment, call.operation, call.requestHandle(), buffer, call.started(),
                received);
    }

    /**
     * Starts the operation ({@code MPI_Start}).
     *
     * @return this, to chain a {@code waitFor()}
     * @throws IllegalStateException if it was started and has not completed, or was closed
     */
    public Persistent<T> start() {
        requireStartable("start");
        staging.restage();
        onHandle("start", Mpi::MPI_Start);
        active = true;
        return this;
    }

    /**
     * Waits for the started operation to complete ({@code MPI_Wait}) and returns the buffer, filled for a
     * receive; returns it at once if the operation is not started.
     *
     * @throws IllegalStateException if it was closed
     */
    public T waitFor() {
        requireOpen("waitFor");
        if (active) {
            complete("waitFor", true);
        }
        return result;
    }

    /**
     * Tests for completion of the started operation ({@code MPI_Test}) without blocking.
     *
     * @return whether it is not active (any more): the buffer is then the operation's result
     * @throws IllegalStateException if it was closed
     */
    public boolean test() {
        requireOpen("test");
        if (active) {
            complete("test", false);
        }
        return !active;
    }

    /**
     * {@return the buffer as the last completion left it}
     *
     * @throws IllegalStateException if it is active (its buffer is MPI's until it completes) or was closed
     */
    @Override
    public T result() {
        requireOpen("result");
        if (active) {
            throw new IllegalStateException(operation + ": result() while active: waitFor() or test() it first");
        }
        return result;
    }

    /**
     * Starts several operations at once ({@code MPI_Startall}), each as {@link #start()} does.
     *
     * @throws IllegalStateException if one is active or closed (then none is started)
     */
    public static void startAll(Persistent<?>... operations) {
        if (operations.length == 0) {
            return;
        }
        for (Persistent<?> operation : operations) {
            operation.requireStartable("startAll");
        }
        Environment environment = operations[0].environment;
        try (Call call = Call.begin(environment, "startAll"); Arena arena = Arena.ofConfined()) {
            MemorySegment requests = MPI_Request.allocateArray(arena, operations.length);
            for (int i = 0; i < operations.length; i++) {
                operations[i].staging.restage();
                MPI_Request.write(requests, i, new MPI_Request(operations[i].handle));
            }
            Mpi.MPI_Startall(operations.length, requests);
        }
        for (Persistent<?> operation : operations) {
            operation.active = true;
        }
    }

    /** {@return whether it was started and has not completed yet} */
    public boolean isActive() {
        return active;
    }

    /**
     * Frees the operation ({@code MPI_Request_free}) and its native memory; closing it again does nothing.
     *
     * @throws IllegalStateException if it is active: complete it first, MPI may still be using the buffer
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (active) {
            throw new IllegalStateException(operation + ": closed while active: waitFor() it first");
        }
        environment.check();
        onHandle("close", Mpi::MPI_Request_free);
        closed = true;
        Census.REQUESTS.decrementAndGet();
        staging.release();
    }

    @Override
    void completed(MemorySegment nativeStatus, MemorySegment scratch) {
        active = false;
        copyBack(nativeStatus, scratch);
    }

    private void requireStartable(String what) {
        requireOpen(what);
        if (active) {
            throw new IllegalStateException(operation + ": started again before it completed: waitFor() or test()"
                    + " it first");
        }
    }

    final void requireOpen(String what) {
        if (closed) {
            throw new IllegalStateException(operation + ": " + what + " after close()");
        }
        environment.check();
    }

    @Override
    public String toString() {
        return "Persistent[" + operation + (closed ? ", closed" : active ? ", active" : ", inactive") + "]";
    }
}
