package org.mpi4all;

import java.lang.foreign.MemorySegment;
import java.util.Set;
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
     * Refuses a persistent collective the loaded library is known to get wrong ({@link KnownBugs}): a silently
     * wrong result is worse than none.
     */
    void refuseWhereBroken(String operation, String function) {
        if (this == PERSISTENT && KnownBugs.BROKEN.contains(function)) {
            throw new UnsupportedOperationException(operation + ": " + KnownBugs.LIBRARY + "'s " + function
                    + " completes with data missing, stale or misplaced (a bug of that version): use the nonblocking"
                    + " form, or another version");
        }
    }

    /**
     * The persistent collectives of the loaded library known to be wrong, read on the first that needs it. MPICH
     * 4.0's {@code MPI_Gather_init}, {@code MPI_Allgather_init}, {@code MPI_Scatter_init} and
     * {@code MPI_Neighbor_alltoallv_init} complete with data missing or stale (from the second start on, or on a
     * ring of two), in C as in Java; Intel MPI 2021, derived from MPICH, gets the same four wrong.
     */
    static final class KnownBugs {
        private static final Set<String> MPICH_40 = Set.of("MPI_Gather_init", "MPI_Allgather_init", "MPI_Scatter_init",
                "MPI_Neighbor_alltoallv_init");
        static final String LIBRARY;
        static final Set<String> BROKEN;

        static {
            String version = MpiLibrary.current().libraryVersion();
            if (Pattern.compile("MPICH Version:\\s+4\\.0\\b").matcher(version).find()) {
                LIBRARY = "MPICH 4.0";
                BROKEN = MPICH_40;
            } else if (version.contains("Intel(R) MPI Library 2021")) {
                LIBRARY = "Intel MPI 2021";
                BROKEN = MPICH_40;
            } else {
                LIBRARY = version;
                BROKEN = Set.of();
            }
        }

        private KnownBugs() {}
    }
}
