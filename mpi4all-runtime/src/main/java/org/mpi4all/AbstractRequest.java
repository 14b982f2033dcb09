package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;

/**
 * What a {@link Request} and a {@link Persistent} operation share: an MPI request on buffers staged for
 * it (see {@link Staging}), waited for or tested on MPI, and the data handed back to the caller's
 * buffers when it completes. Public as the type of what a {@link RequestPool} completes.
 *
 * @param <T> the result: the receive buffer, the send buffer handed back, or the collective's result
 */
public abstract sealed class AbstractRequest<T> permits Request, Persistent {
    final Environment environment;
    final String operation;
    /** The datatype of what a receive's buffer got, for the count of what arrived; null for any other. */
    final Datatype received;
    final T result;
    Staging staging;
    long handle;

    AbstractRequest(Environment environment, String operation, long handle, T result, Staging staging,
            Datatype received) {
        this.environment = environment;
        this.operation = operation;
        this.handle = handle;
        this.result = result;
        this.staging = staging;
        this.received = received;
    }

    /**
     * {@return the result of the completed operation: the buffer its last completion filled or handed back}
     *
     * @throws IllegalStateException if it has not completed yet
     */
    public abstract T result();

    /** {@return the name of the operation, as its exceptions name it} ({@code "isend"}, {@code "allreduceInit"}) */
    public String operation() {
        return operation;
    }

    /**
     * Waits for the request ({@code MPI_Wait}), or tests it ({@code MPI_Test}) unless {@code wait}; on
     * completion calls {@link #completed} and rethrows what a Java operator MPI ran threw.
     *
     * @return whether the request completed
     */
    final boolean complete(String what, boolean wait) {
        try (Call call = Call.begin(environment, what, operation)) {
            MPI_Request.write(call.words, 0, new MPI_Request(handle));
            if (wait) {
                Mpi.MPI_Wait(call.words, call.status);
            } else {
                MemorySegment flag = call.words.asSlice(8, 4);
                Mpi.MPI_Test(call.words, flag, call.status);
                if (flag.get(JAVA_INT, 0) == 0) {
                    return false;
                }
            }
            completed(call.status, call.words.asSlice(16));
            Op.rethrowFailure();
            return true;
        }
    }

    /** Calls {@code mpi} with the request's handle in a call's words ({@code MPI_Start}, {@code MPI_Request_free}). */
    final void onHandle(String what, Consumer<MemorySegment> mpi) {
        try (Call call = Call.begin(environment, what, operation)) {
            MPI_Request.write(call.words, 0, new MPI_Request(handle));
            mpi.accept(call.words);
        }
    }

    /** MPI completed the request and wrote {@code nativeStatus}: hand the data back. */
    abstract void completed(MemorySegment nativeStatus, MemorySegment scratch);

    /** Copies what a completed operation received back to the caller's buffers (only what arrived, for a receive). */
    final void copyBack(MemorySegment nativeStatus, MemorySegment scratch) {
        if (received != null) {
            staging.limitToReceived(nativeStatus, scratch);
        }
        staging.copyBack();
    }
}
