package org.mpi4all;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.mpi4all.runtime.MpiLibrary;

/**
 * How an operation of nonblocking shape is issued: started at once ({@code MPI_Iallreduce}, a {@link Request}),
 * or bound once and started as often as needed ({@code MPI_Allreduce_init}, a {@link Persistent}). The two take
 * the same buffers and arguments (MPI-4.1 §6.13), so each collective resolves them once for both.
 */
enum Issue {
    NOW, PERSISTENT;

    /** The names made so far: a concatenation is a new string at every call, and starting one should allocate none. */
    private final Map<String, String> names = new ConcurrentHashMap<>();

    /**
     * The name of the operation issued for the blocking {@code operation}: {@code iallreduce}, {@code allreduceInit}.
     *
     * @throws UnsupportedOperationException for {@link #PERSISTENT}, if the library lacks the MPI-4 function
     *         ({@code MPI_Allreduce_init}: Open MPI 4.1)
     */
    String operation(String operation) {
        String name = names.get(operation);
        if (name == null) {
            name = names.computeIfAbsent(operation, blocking -> this == NOW ? "i" + blocking : blocking + "Init");
        }
        if (this == PERSISTENT) {
            requireProvided(name, "MPI_" + Character.toUpperCase(operation.charAt(0))
                    + operation.substring(1).replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT) + "_init");
        }
        return name;
    }

    /**
     * Refuses {@code operation} if the library lacks its MPI {@code function} (an MPI-4 one in an MPI-3.1 library),
     * before anything is staged or called, with the message of the generated layer and the operation named.
     */
    static void requireProvided(String operation, String function) {
        MpiLibrary library = MpiLibrary.current();
        if (!library.provides(function)) {
            throw new UnsupportedOperationException(operation + ": " + function + " is not provided by the MPI library "
                    + library.libraryPath() + " (" + MpiLibrary.firstLine(library.libraryVersion()) + ")");
        }
    }

    /**
     * Wraps the request that the operation's MPI function ({@code MPI_I...} or {@code MPI_..._init}, called directly
     * with {@link Call#request()}) wrote: a {@link Request} for {@link #NOW}, a {@link Persistent} otherwise.
     */
    <T, R extends AbstractRequest<T>> R issued(Call call, T result) {
        return issued(call, result, null);
    }

    /** {@link #issued(Call, Object)} for a receive, whose buffer holds elements of {@code received}. */
    @SuppressWarnings("unchecked")
    <T, R extends AbstractRequest<T>> R issued(Call call, T result, Datatype received) {
        return (R) (this == NOW ? Request.started(call, result, received) : Persistent.bound(call, result, received));
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
     *
     * <p>One-sided operations of 2^31 + 64 bytes from rank 0 into rank 1's window (2 ranks, one node, a passive-target
     * epoch), in plain C programs: MPICH 4.0.2's {@code MPI_Put_c}, {@code MPI_Get_c} and {@code MPI_Rput_c} crash
     * (SIGSEGV), its {@code MPI_Rget_c} aborts, its four accumulates ({@code MPI_Accumulate_c},
     * {@code MPI_Raccumulate_c}, {@code MPI_Get_accumulate_c}, {@code MPI_Rget_accumulate_c}) fail with "Invalid
     * parameter" from the UCX netmod ({@code MPIDI_NM_am_isend}); MPICH 5.0.2's accumulates abort ("Assertion failed
     * in mpidig_rma_callbacks.c at line 1903: p_data"), its puts and gets complete; Intel MPI 2021.18's accumulates
     * return success and leave the target unchanged (the same program with 2^31 - 64 bytes adds them), its puts and
     * gets complete. MPICH 4.0.2's ROMIO aborts in every large-count file transfer tried
     * ({@code MPI_File_write_at_all_c}, {@code MPI_File_iread_at_c}, {@code MPI_File_read_at_all_begin_c},
     * {@code MPI_File_read_c}, {@code MPI_File_read_shared_c}) with "Assertion `count <= INT_MAX' failed"; Intel MPI
     * 2021.18's {@code MPI_File_write_at_all_c} and {@code MPI_File_read_at_all_begin_c} of 2^31 + 64 bytes return
     * success with a count of 0, having transferred nothing (all of its file transfers are refused, as its ROMIO).
     * MPICH 4.0.2's {@code MPI_Reduce_scatter_c}, {@code MPI_Ireduce_scatter_c} and {@code MPI_Reduce_scatter_init_c}
     * in place by counts {2^31, 64} on 2 ranks crash (SIGSEGV).
     *
     * <p>Open MPI's {@code MPI_File_preallocate} (OMPIO, 4.1 and 5.0) growing a file of several processes: each
     * process reads the file's size after a first broadcast, and only those that find it smaller than asked take part
     * in the collective that resizes it; a process that reads the size after the first process has already written
     * the new bytes skips it, so its next collective on the file gets that broadcast instead (seen in this project's
     * tests as {@code MPI_File_set_size} failing with {@code MPI_ERR_OTHER} on ranks 1 and 2 of 3, rank 0 going on).
     */
    static final class KnownBugs {
        private static final String STALE = "completes with data missing, stale or misplaced (a bug of that version):"
                + " use the nonblocking form, or another version";
        private static final String BCAST_C = "of more than 2^31-1 elements fails in MPI_Wait with \"Invalid"
                + " communicator\" (a bug of that version; a rank may wait forever): use bcast (MPI_Bcast_c), or another"
                + " version";
        private static final String IN_PARTS = " (a bug of that version): transfer parts of at most 2^31-1 elements,"
                + " or use another version";
        private static final List<String> ACCUMULATES = List.of("MPI_Accumulate_c", "MPI_Raccumulate_c",
                "MPI_Get_accumulate_c", "MPI_Rget_accumulate_c");
        /** The large-count functions of {@link File}'s transfers, all of which MPICH 4.0's ROMIO refuses. */
        private static final List<String> FILE_TRANSFERS = Arrays.stream(File.Transfer.values())
                .flatMap(t -> Stream.of(t.blocking, t.nonblocking, t.begin)).filter(Objects::nonNull)
                .map(File.Form::largeName).toList();
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
                Map<String, String> rma = with(MPICH_40, List.of("MPI_Put_c", "MPI_Get_c", "MPI_Rput_c", "MPI_Rget_c"),
                        "of more than 2^31-1 elements crashes the process" + IN_PARTS);
                rma = with(rma, ACCUMULATES, "of more than 2^31-1 elements fails with \"Invalid parameter\" in the"
                        + " UCX netmod" + IN_PARTS);
                rma = with(rma, List.of("MPI_Reduce_scatter_c", "MPI_Ireduce_scatter_c", "MPI_Reduce_scatter_init_c"),
                        "of more than 2^31-1 elements crashes the process" + IN_PARTS);
                BROKEN = with(rma, FILE_TRANSFERS, "of more than 2^31-1 elements aborts the process (\"Assertion"
                        + " `count <= INT_MAX' failed\" in ROMIO)" + IN_PARTS);
            } else if (Pattern.compile("MPICH Version:\\s+5\\.0\\b").matcher(version).find()) {
                LIBRARY = "MPICH 5.0";
                BROKEN = with(Map.of(), ACCUMULATES, "of more than 2^31-1 elements aborts the process (\"Assertion"
                        + " failed in mpidig_rma_callbacks.c\")" + IN_PARTS);
            } else if (version.contains("Intel(R) MPI Library 2021")) {
                LIBRARY = "Intel MPI 2021";
                Map<String, String> rma = with(MPICH_40, ACCUMULATES, "of more than 2^31-1 elements leaves the target"
                        + " unchanged" + IN_PARTS);
                BROKEN = with(rma, FILE_TRANSFERS, "of more than 2^31-1 elements transfers nothing and returns success"
                        + IN_PARTS);
            } else if (version.startsWith("Open MPI v")) {
                LIBRARY = version.substring(0, version.indexOf(',') > 0 ? version.indexOf(',') : version.length());
                BROKEN = Map.of("MPI_File_preallocate", "on a file of several processes skips a collective on the"
                        + " processes that find the file grown already (a race), so the file's next collective fails"
                        + " or takes the wrong data: use setSize, or preallocate on a file of one process");
            } else {
                LIBRARY = version;
                BROKEN = Map.of();
            }
        }

        /** {@code bugs} and {@code functions}, each failing as {@code symptom}. */
        private static Map<String, String> with(Map<String, String> bugs, List<String> functions, String symptom) {
            Map<String, String> all = new HashMap<>(bugs);
            functions.forEach(function -> all.put(function, symptom));
            return Map.copyOf(all);
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
