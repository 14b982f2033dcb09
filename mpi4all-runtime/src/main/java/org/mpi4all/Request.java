package org.mpi4all;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.mpi4all.ffi.Mpi;

/**
 * A nonblocking operation in progress and, once it completes, its result: KaMPIng's nonblocking result.
 *
 * {@snippet :
 * Request<double[]> incoming = world.irecv(new double[n], left);
 * Request<double[]> outgoing = world.isend(boundary, right);
 * compute();                             // overlaps the transfers
 * double[] halo = incoming.waitFor();     // the data, only now
 * boundary = outgoing.waitFor();          // the send buffer, handed back
 * }
 *
 * <p>The request owns the buffers it was given until it completes, and hands them back only then: the
 * data of a receive is reachable through it only after {@link #waitFor()} or a successful
 * {@link #test()}; {@link #result()} before that throws. How the buffers themselves are protected
 * depends on their kind:
 * <ul>
 * <li>heap arrays (and heap segments and buffers) never reach MPI: a send copies the data to native
 *     memory when it starts, so changing the array afterwards cannot change the message; a receive
 *     lands in native memory and is copied into the array when the request completes, so the array
 *     never shows partial data. Record arrays and {@code boolean[]} work the same way;</li>
 * <li>native segments and direct buffers are handed to MPI without a copy. The request keeps them
 *     reachable (so memory of {@link java.lang.foreign.Arena#ofAuto()} is not freed under MPI), but it
 *     cannot stop code that kept its own reference from touching them before completion: don't, or
 *     use {@link Communicator#irecv(Class, int, Param...)}, whose buffer nobody else has seen.</li>
 * </ul>
 *
 * <p>A request is completed exactly once: by {@code waitFor}, {@code test}, a {@link RequestPool}, or
 * the {@link #future() future} it was turned into. It is not safe for use by several threads at once.
 *
 * @param <T> the result: the receive buffer, the send buffer handed back, or the collective's result
 */
public final class Request<T> extends AbstractRequest<T> {
    private enum State { PENDING, COMPLETE, FUTURE }

    /** Written by the progress thread when it completes a future: volatile, so the result it set is seen. */
    private volatile State state = State.PENDING;
    private Status status;
    private CompletableFuture<T> future;

    Request(Environment environment, String operation, long handle, T result, Staging staging, Datatype received) {
        super(environment, operation, handle, result, staging, received);
        Census.REQUESTS.incrementAndGet();
    }

    /**
     * Wraps the request an MPI nonblocking function wrote into {@link Call#request()}, with the buffers staged for
     * it; {@code received} is the datatype of a receive's buffer, null for any other operation.
     */
    static <R> Request<R> started(Call call, R result, Datatype received) {
        return new Request<>(call.environment, call.operation, call.requestHandle(), result, call.started(), received);
    }

    /**
     * Waits for the operation to complete ({@code MPI_Wait}) and returns its result; after completion,
     * returns it at once.
     *
     * @throws IllegalStateException if the environment is closed
     * @throws org.mpi4all.runtime.MpiException if MPI reports an error
     */
    public T waitFor() {
        switch (state) {
            case COMPLETE -> {
                return result;
            }
            case FUTURE -> {
                return join(future);
            }
            default -> {
                environment.check();
                complete("waitFor", true);
                return result;
            }
        }
    }

    /**
     * Tests for completion ({@code MPI_Test}) without blocking; once it returns true, {@link #result()}
     * gives the result.
     *
     * @return whether the operation has completed (now or before)
     * @throws IllegalStateException if the environment is closed, or the request became a future
     */
    public boolean test() {
        if (state == State.COMPLETE) {
            return true;
        }
        requireNotFuture("test");
        environment.check();
        return complete("test", false);
    }

    /**
     * {@return the result of the completed operation}
     *
     * @throws IllegalStateException if it has not completed yet: call {@link #waitFor()} or {@link #test()}
     */
    @Override
    public T result() {
        if (state != State.COMPLETE) {
            throw new IllegalStateException(operation + ": not complete; its data is reachable only after"
                    + " waitFor() or a successful test()");
        }
        return result;
    }

    /** {@return whether the operation is known to have completed} */
    public boolean isComplete() {
        return state == State.COMPLETE;
    }

    /**
     * {@return the status of the completed operation}: for a receive, its source, tag and count.
     *
     * @throws IllegalStateException if it has not completed yet
     */
    public Status status() {
        result();
        return status;
    }

    /**
     * {@return a future completed when the operation completes}, with its result. One progress thread
     * of the environment tests every pending future's request together ({@code MPI_Testsome}), so
     * futures cost no thread each; it needs {@link ThreadLevel#MULTIPLE}. Dependent actions run in a
     * virtual thread of their own, never in the progress thread. After this call the request is
     * completed through the future only: {@link #waitFor()} waits for the future.
     *
     * @throws IllegalStateException if the environment's thread level is below {@code MULTIPLE}
     */
    public CompletableFuture<T> future() {
        switch (state) {
            case COMPLETE -> {
                return CompletableFuture.completedFuture(result);
            }
            case FUTURE -> {
                return future;
            }
            default -> {
                Progress progress = environment.progress();
                future = new CompletableFuture<>();
                state = State.FUTURE;
                progress.submit(this);
                return future;
            }
        }
    }

    @Override
    public String toString() {
        return "Request[" + operation + ", " + state.name().toLowerCase() + "]";
    }

    // ---- completion, by this class, RequestPool and Progress -------------------------------------

    boolean isPending() {
        return state == State.PENDING;
    }

    void requireNotFuture(String what) {
        if (state == State.FUTURE) {
            throw new IllegalStateException(what + ": " + operation + " is completed by its future");
        }
    }

    @Override
    void completed(MemorySegment nativeStatus, MemorySegment scratch) {
        handle = Mpi.MPI_REQUEST_NULL.value();
        Census.REQUESTS.decrementAndGet();
        status = new Status();
        status.fill(nativeStatus, received, scratch);
        if (state != State.FUTURE) {
            state = State.COMPLETE;
        }
        try {
            copyBack(nativeStatus, scratch);
        } finally {
            staging.release();
            staging = null;
        }
    }

    /** The progress thread completed the request of a future. */
    void completeFuture(MemorySegment nativeStatus, MemorySegment scratch) {
        try {
            completed(nativeStatus, scratch);
            state = State.COMPLETE;
            Thread.ofVirtual().start(() -> future.complete(result));
        } catch (RuntimeException | Error e) {
            failFuture(e);
        }
    }

    /**
     * The future cannot complete (MPI failed, or the environment closed first). The staged memory is
     * left alone: MPI may still write to it.
     */
    void failFuture(Throwable failure) {
        Thread.ofVirtual().start(() -> future.completeExceptionally(failure));
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }
}
