package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.util.function.Predicate;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;

/**
 * A persistent point-to-point operation ({@code MPI_Send_init}, {@code MPI_Recv_init}): the arguments
 * bound once, the transfer started and completed as often as needed, for a loop that repeats the same
 * exchange without setting it up again.
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
 * <p>Its buffer is the one it was made with, protected as a {@link Request}'s: a heap array never reaches
 * MPI, a send copies it to native memory at each {@link #start()} (so it sends what the array holds
 * then), a receive copies into it at each completion; a native segment or direct buffer is MPI's from
 * {@code start} to completion. An operation is started again only once it completed; {@link #close()}
 * frees it ({@code MPI_Request_free}) and its native memory. It is not safe for use by several threads at once.
 *
 * @param <T> the buffer
 */
public final class Persistent<T> implements AutoCloseable {
    private final Environment environment;
    private final String operation;
    private final T buffer;
    private final Staging staging;
    /** The datatype of a receive's buffer, for the count of what arrived; null for a send. */
    private final Datatype received;
    private final long handle;
    private boolean active;
    private boolean closed;

    Persistent(Environment environment, String operation, long handle, T buffer, Staging staging, Datatype received) {
        this.environment = environment;
        this.operation = operation;
        this.handle = handle;
        this.buffer = buffer;
        this.staging = staging;
        this.received = received;
        Census.REQUESTS.incrementAndGet();
    }

    /**
     * Starts the operation ({@code MPI_Start}).
     *
     * @return this, to chain a {@code waitFor()}
     * @throws IllegalStateException if it was started and has not completed, or was closed
     */
    public Persistent<T> start() {
        requireOpen("start");
        if (active) {
            throw new IllegalStateException(operation + ": started again before it completed: waitFor() or test()"
                    + " it first");
        }
        staging.restage();
        onRequest("start", call -> {
            Mpi.MPI_Start(call.words);
            return false;
        });
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
            onRequest("waitFor", call -> {
                Mpi.MPI_Wait(call.words, call.status);
                return true;
            });
        }
        return buffer;
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
            onRequest("test", call -> {
                MemorySegment flag = call.words.asSlice(8, 4);
                Mpi.MPI_Test(call.words, flag, call.status);
                return flag.get(JAVA_INT, 0) != 0;
            });
        }
        return !active;
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
        onRequest("close", call -> {
            Mpi.MPI_Request_free(call.words);
            return false;
        });
        closed = true;
        Census.REQUESTS.decrementAndGet();
        staging.release();
    }

    /**
     * Calls {@code mpi} with the request's handle in the call's words, and completes the operation if it
     * returns true.
     */
    private void onRequest(String what, Predicate<Call> mpi) {
        Call call = Call.begin(environment, what + " " + operation);
        try {
            MPI_Request.write(call.words, 0, new MPI_Request(handle));
            if (mpi.test(call)) {
                complete(call);
            }
        } finally {
            call.end();
        }
    }

    private void complete(Call call) {
        active = false;
        if (received != null) {
            staging.limitToReceived(call.status, call.words.asSlice(16));
        }
        staging.copyBack();
    }

    private void requireOpen(String what) {
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
