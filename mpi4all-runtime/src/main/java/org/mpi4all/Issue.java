package org.mpi4all;

import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.mpi4all.runtime.MpiLibrary;

/**
 * How an operation of nonblocking shape is issued: started at once ({@code MPI_Iallreduce}, a {@link Request}),
 * or bound once and started as often as needed ({@code MPI_Allreduce_init}, a {@link Persistent}). The two take
 * the same buffers and arguments (MPI-4.1 §6.13), so each collective resolves them once for both.
 */
enum Issue {
    NOW, PERSISTENT;

    /** The name of the operation issued for the blocking {@code operation}: {@code iallreduce}, {@code allreduceInit}. */
    String operation(String operation) {
        return this == NOW ? "i" + operation : operation + "Init";
    }

    /**
     * Calls {@code function} (the {@code MPI_I...} or {@code MPI_..._init} function, with room for the request) on
     * the call's buffers and wraps the request: a {@link Request} for {@link #NOW}, a {@link Persistent} otherwise.
     */
    @SuppressWarnings("unchecked")
    <T, R extends AbstractRequest<T>> R issue(Call call, T result, Consumer<MemorySegment> function) {
        return (R) (this == NOW ? Request.start(call, result, null, function)
                : Persistent.bind(call, result, null, function));
    }

    /**
     * Refuses a persistent collective MPICH 4.0 gets wrong: its {@code MPI_Gather_init}, {@code MPI_Allgather_init},
     * {@code MPI_Scatter_init} and {@code MPI_Neighbor_alltoallv_init} complete with data missing or stale (from
     * the second start on, or on a ring of two), in C as in Java; a silently wrong result is worse than none.
     */
    void refuseWhereBroken(String operation, String function) {
        if (this == PERSISTENT && Mpich40.BROKEN) {
            throw new UnsupportedOperationException(operation + ": MPICH 4.0's " + function + " completes without"
                    + " the data (a bug of that version): use the nonblocking form, or MPICH 4.1 or later");
        }
    }

    /** Read once MPI is loaded, on the first persistent collective that needs it. */
    private static final class Mpich40 {
        static final boolean BROKEN = Pattern.compile("MPICH Version:\\s+4\\.0\\b")
                .matcher(MpiLibrary.current().libraryVersion()).find();
    }
}
