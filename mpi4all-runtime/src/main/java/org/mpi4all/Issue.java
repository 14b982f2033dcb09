package org.mpi4all;

import java.lang.foreign.MemorySegment;
import java.util.Map;
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
        if (this == PERSISTENT) {
            KnownBugs.refuse(operation, function);
        }
    }

    /**
     * The functions of the loaded library known to be wrong, read on the first that needs it, each with what goes
     * wrong and what to do instead. MPICH 4.0's {@code MPI_Gather_init}, {@code MPI_Allgather_init},
     * {@code MPI_Scatter_init} and {@code MPI_Neighbor_alltoallv_init} complete with data missing or stale (from the
     * second start on, or on a ring of two), in C as in Java; Intel MPI 2021, derived from MPICH, gets the same four
     * wrong. MPICH 4.0.2's {@code MPI_Ibcast_c} and {@code MPI_Bcast_init_c} of 2^31 + 64 bytes on 2 ranks fail in
     * the non-root rank's {@code MPI_Wait} with "Invalid communicator" ({@code MPIDU_Sched_progress_state}), in a
     * plain C program; Intel MPI 2021.18's {@code MPI_Ibcast_c} fails so at the root, and the other rank waits
     * forever (MPICH 5.0 completes them).
     */
    static final class KnownBugs {
        private static final String STALE = "completes with data missing, stale or misplaced (a bug of that version):"
                + " use the nonblocking form, or another version";
        private static final String BCAST_C = "of more than 2^31-1 elements fails in MPI_Wait with \"Invalid"
                + " communicator\" (a bug of that version; a rank may wait forever): use bcast (MPI_Bcast_c), or another"
                + " version";
        /** MPICH 4.0's and Intel MPI 2021's. */
        private static final Map<String, String> MPICH_40 = Map.of("MPI_Gather_init", STALE, "MPI_Allgather_init",
                STALE, "MPI_Scatter_init", STALE, "MPI_Neighbor_alltoallv_init", STALE, "MPI_Ibcast_c", BCAST_C,
                "MPI_Bcast_init_c", BCAST_C);
        static final String LIBRARY;
        /** Function name to what goes wrong and what to do instead. */
        static final Map<String, String> BROKEN;

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
                BROKEN = Map.of();
            }
        }

        private KnownBugs() {}

        /**
         * Refuses {@code function} if the loaded library is known to get it wrong: a silently wrong result, a failure
         * deep in MPI or a hang is worse than an exception that says why.
         */
        static void refuse(String operation, String function) {
            String symptom = BROKEN.get(function);
            if (symptom != null) {
                throw new UnsupportedOperationException(operation + ": " + LIBRARY + "'s " + function + " " + symptom);
            }
        }
    }
}
