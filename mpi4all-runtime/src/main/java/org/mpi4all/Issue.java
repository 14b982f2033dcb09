package org.mpi4all;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.mpi4all.runtime.MpiLibrary;

/**
 * How an operation of nonblocking shape is issued: started at once ({@code MPI_Iallreduce}, a {@link Request}),
 * or bound once and started as often as needed ({@code MPI_Allreduce_init}, a {@link Persistent}). The two take
 * the same buffers and arguments (MPI-4.1 §6.13), so each collective resolves them once for both.
 */
enum Issue {
    NOW, PERSISTENT;

    /**
     * The names of an operation of nonblocking shape, made once, as a constant where the operation is written: the
     * name of its form started at once ({@code iallreduce}), of its persistent form ({@code allreduceInit}) and the
     * MPI function of that form, which an MPI-3.1 library lacks ({@code MPI_Allreduce_init}). Made at every start,
     * the concatenations would be new strings each time, and starting an operation should allocate none.
     */
    record Names(String now, String persistent, String persistentFunction) {
        /**
         * The names of the operations issued for the blocking {@code operation} ({@code allreduce}). Made in the
         * class initialisation of the operations, so without a regular expression or a string template to set up.
         */
        static Names of(String operation) {
            StringBuilder function = new StringBuilder("MPI_").append(Character.toUpperCase(operation.charAt(0)));
            for (int i = 1; i < operation.length(); i++) {
                char c = operation.charAt(i);
                if (Character.isUpperCase(c)) {
                    function.append('_').append(Character.toLowerCase(c));
                } else {
                    function.append(c);
                }
            }
            return new Names("i".concat(operation), operation.concat("Init"), function.append("_init").toString());
        }
    }

    /** The name of the operation issued: {@code iallreduce} or {@code allreduceInit}. */
    String operation(Names names) {
        return this == NOW ? names.now() : names.persistent();
    }

    /**
     * {@link Call#request()} for the operation the call is issuing: for {@link #PERSISTENT}, first refuses a library
     * that lacks its MPI-4 function ({@code MPI_Allreduce_init}: Open MPI 4.1), as the last check before MPI.
     */
    MemorySegment request(Call call, Names names) {
        if (this == PERSISTENT) {
            requireProvided(names.persistent(), names.persistentFunction());
        }
        return call.request();
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
     * The functions of the loaded library known to be wrong, each with what goes wrong and what to do instead: a
     * table ({@link #TABLE}) of bugs, each of one implementation over a range of its versions, with the evidence that
     * showed it; read on the first refusal that needs it.
     */
    static final class KnownBugs {
        /** The implementations with known bugs: how each names itself and its version in the library version string. */
        enum Implementation {
            MPICH("MPICH Version:\\s+(\\d+(?:\\.\\d+)*)", "MPICH ", 2),
            INTEL_MPI("Intel\\(R\\) MPI Library (\\d+(?:\\.\\d+)*)", "Intel MPI ", 1),
            OPEN_MPI("^Open MPI v(\\d+(?:\\.\\d+)*)", "Open MPI v", Integer.MAX_VALUE);

            private final Pattern version;
            private final String label;
            /** How many parts of the version the messages name (MPICH 4.0, Intel MPI 2021, Open MPI v4.1.4). */
            private final int labelParts;

            Implementation(String version, String label, int labelParts) {
                this.version = Pattern.compile(version, Pattern.MULTILINE);
                this.label = label;
                this.labelParts = labelParts;
            }
        }

        /**
         * A bug of {@code implementation} in the versions from {@code from} (included) to {@code to} (excluded; null:
         * every version): each of {@code functions} {@code symptom} (completing the message "LIBRARY's FUNCTION ...",
         * with what to do instead). {@code evidence} says how it was seen: plain C programs unless it says otherwise.
         */
        record Bug(Implementation implementation, String from, String to, List<String> functions, String symptom,
                String evidence) {
            boolean covers(Implementation library, int[] version) {
                return library == implementation && (from == null || compare(version, parts(from)) >= 0)
                        && (to == null || compare(version, parts(to)) < 0);
            }
        }

        private static final String IN_PARTS = " (a bug of that version): transfer parts of at most 2^31-1 elements,"
                + " or use another version";
        private static final List<String> STALE_COLLECTIVES = List.of("MPI_Gather_init", "MPI_Allgather_init",
                "MPI_Scatter_init", "MPI_Neighbor_alltoallv_init");
        private static final String STALE = "completes with data missing, stale or misplaced (a bug of that version):"
                + " use the nonblocking form, or another version";
        private static final List<String> LARGE_BCASTS = List.of("MPI_Ibcast_c", "MPI_Bcast_init_c");
        private static final String BCAST_C = "of more than 2^31-1 elements fails in MPI_Wait with \"Invalid"
                + " communicator\" (a bug of that version; a rank may wait forever): use bcast (MPI_Bcast_c), or another"
                + " version";
        private static final List<String> ACCUMULATES = List.of("MPI_Accumulate_c", "MPI_Raccumulate_c",
                "MPI_Get_accumulate_c", "MPI_Rget_accumulate_c");
        /** The large-count functions of {@link File}'s transfers, all of which the ROMIO of the versions below fail. */
        private static final List<String> FILE_TRANSFERS = Arrays.stream(File.Transfer.values())
                .flatMap(t -> Stream.of(t.blocking, t.nonblocking, t.begin)).filter(Objects::nonNull)
                .map(File.Form::largeName).toList();
        private static final String LARGE_ONE_SIDED = "2^31 + 64 bytes from rank 0 into rank 1's window, 2 ranks, one"
                + " node, a passive-target epoch";

        /** Every known bug; the versions are those tried here (MPICH 4.0.2 and 5.0.2, Intel MPI 2021.18.1). */
        static final List<Bug> TABLE = List.of(
                new Bug(Implementation.MPICH, "4.0", "4.1", STALE_COLLECTIVES, STALE, "MPICH 4.0.2: they complete"
                        + " with data missing or stale (from the second start on, or on a ring of two), in C as in"
                        + " Java"),
                new Bug(Implementation.INTEL_MPI, "2021", "2022", STALE_COLLECTIVES, STALE, "Intel MPI 2021.18, derived"
                        + " from MPICH, gets the same four wrong as MPICH 4.0"),
                new Bug(Implementation.MPICH, "4.0", "4.1", LARGE_BCASTS, BCAST_C, "MPICH 4.0.2, 2^31 + 64 bytes on 2"
                        + " ranks: the non-root rank's MPI_Wait fails with \"Invalid communicator\""
                        + " (MPIDU_Sched_progress_state); MPICH 5.0 completes them"),
                new Bug(Implementation.INTEL_MPI, "2021", "2022", LARGE_BCASTS, BCAST_C, "Intel MPI 2021.18, 2^31 + 64"
                        + " bytes on 2 ranks: MPI_Ibcast_c fails so at the root and the other rank waits forever;"
                        + " MPI_Bcast_init_c fails at the non-root rank"),
                new Bug(Implementation.MPICH, "4.0", "4.1", List.of("MPI_Put_c", "MPI_Get_c", "MPI_Rput_c",
                        "MPI_Rget_c"), "of more than 2^31-1 elements crashes the process" + IN_PARTS, "MPICH 4.0.2, "
                        + LARGE_ONE_SIDED + ": the puts and gets crash (SIGSEGV), MPI_Rget_c aborts"),
                new Bug(Implementation.MPICH, "4.0", "4.1", ACCUMULATES, "of more than 2^31-1 elements fails with"
                        + " \"Invalid parameter\" in the UCX netmod" + IN_PARTS, "MPICH 4.0.2, " + LARGE_ONE_SIDED
                        + ": \"Invalid parameter\" from MPIDI_NM_am_isend"),
                new Bug(Implementation.MPICH, "4.0", "4.1", List.of("MPI_Reduce_scatter_c", "MPI_Ireduce_scatter_c",
                        "MPI_Reduce_scatter_init_c"), "of more than 2^31-1 elements crashes the process" + IN_PARTS,
                        "MPICH 4.0.2, in place by counts {2^31, 64} on 2 ranks: SIGSEGV"),
                new Bug(Implementation.MPICH, "4.0", "4.1", List.of("MPI_Psend_init", "MPI_Precv_init"), "with a"
                        + " partition of more than 2^31-1 bytes crashes the process (a bug of that version): use"
                        + " partitions of at most 2^31-1 bytes, or another version", "MPICH 4.0.2, 2^31 + 64 bytes of"
                        + " MPI_BYTE from rank 0 to rank 1 as one partition: SIGSEGV in the receiver's memcpy, whose"
                        + " length is the partition's bytes as a sign-extended int (0xffffffff80000040); as 64"
                        + " partitions of 2^25 + 1 bytes it completes, and MPICH 5.0.2 and Intel MPI 2021.18 complete"
                        + " both"),
                new Bug(Implementation.MPICH, "4.0", "4.1", FILE_TRANSFERS, "of more than 2^31-1 elements aborts the"
                        + " process (\"Assertion `count <= INT_MAX' failed\" in ROMIO)" + IN_PARTS, "MPICH 4.0.2's"
                        + " ROMIO aborts so in every large-count transfer tried (MPI_File_write_at_all_c,"
                        + " MPI_File_iread_at_c, MPI_File_read_at_all_begin_c, MPI_File_read_c,"
                        + " MPI_File_read_shared_c); the others share their entry points"),
                new Bug(Implementation.MPICH, "5.0", "5.1", ACCUMULATES, "of more than 2^31-1 elements aborts the"
                        + " process (\"Assertion failed in mpidig_rma_callbacks.c\")" + IN_PARTS, "MPICH 5.0.2, "
                        + LARGE_ONE_SIDED + ": \"Assertion failed in mpidig_rma_callbacks.c at line 1903: p_data\"; its"
                        + " puts and gets complete"),
                new Bug(Implementation.INTEL_MPI, "2021", "2022", ACCUMULATES, "of more than 2^31-1 elements leaves the"
                        + " target unchanged" + IN_PARTS, "Intel MPI 2021.18, " + LARGE_ONE_SIDED + ": success, the"
                        + " target unchanged (the same program adds 2^31 - 64 bytes); its puts and gets complete"),
                new Bug(Implementation.INTEL_MPI, "2021", "2022", List.of("MPI_Allreduce_c"), "of more than 2^31-1"
                        + " elements returns success without reducing (a bug of that version, seen on an Intel Xeon):"
                        + " use iallreduce (MPI_Iallreduce_c), or another version", "Intel MPI 2021.18.1 on an Intel"
                        + " Xeon (AVX-512), 2^31 + 64 MPI_INT8_T summed on 2 ranks, in place or not: success, the"
                        + " result buffer unchanged; MPI_Iallreduce_c, MPI_Allreduce_init_c, MPI_Reduce_c, MPI_Scan_c"
                        + " and MPI_Exscan_c of the same sum right; on an AMD EPYC MPI_Allreduce_c was right too"),
                new Bug(Implementation.INTEL_MPI, "2021", "2022", FILE_TRANSFERS, "of more than 2^31-1 elements"
                        + " transfers nothing and returns success" + IN_PARTS, "Intel MPI 2021.18:"
                        + " MPI_File_write_at_all_c and MPI_File_read_at_all_begin_c of 2^31 + 64 bytes return success"
                        + " with a count of 0; the others share its ROMIO's entry points"),
                new Bug(Implementation.OPEN_MPI, null, null, List.of("MPI_File_preallocate"), "on a file of several"
                        + " processes skips a collective on the processes that find the file grown already (a race),"
                        + " so the file's next collective fails or takes the wrong data: use setSize, or preallocate on"
                        + " a file of one process", "Open MPI 4.1 and 5.0 (OMPIO): each process reads the file's size"
                        + " after a first broadcast, and only those that find it smaller join the collective that"
                        + " resizes it; one that reads it after the first has written skips it, and its next collective"
                        + " on the file gets that broadcast (this project's tests: MPI_File_set_size failing with"
                        + " MPI_ERR_OTHER on ranks 1 and 2 of 3)"));

        /** The loaded library as the messages name it. */
        static final String LIBRARY;
        /** Function name to what goes wrong and what to do instead, for the loaded library. */
        static final Map<String, String> BROKEN;

        static {
            String version = MpiLibrary.current().libraryVersion();
            String library = version;
            Map<String, String> broken = new HashMap<>();
            for (Implementation implementation : Implementation.values()) {
                Matcher matcher = implementation.version.matcher(version);
                if (matcher.find()) {
                    int[] parts = parts(matcher.group(1));
                    library = implementation.label + Arrays.stream(parts).limit(implementation.labelParts)
                            .mapToObj(Integer::toString).collect(Collectors.joining("."));
                    for (Bug bug : TABLE) {
                        if (bug.covers(implementation, parts)) {
                            bug.functions().forEach(function -> broken.put(function, bug.symptom()));
                        }
                    }
                    break;
                }
            }
            LIBRARY = library;
            BROKEN = Map.copyOf(broken);
        }

        private KnownBugs() {}

        /** The numbers of a version ({@code 4.0.2}: 4, 0, 2). */
        static int[] parts(String version) {
            return Arrays.stream(version.split("\\.")).mapToInt(Integer::parseInt).toArray();
        }

        /** Compares versions part by part, a missing part as 0 ({@code 4.0} = {@code 4.0.0} < {@code 4.0.2}). */
        static int compare(int[] a, int[] b) {
            for (int i = 0; i < Math.max(a.length, b.length); i++) {
                int difference = Integer.compare(i < a.length ? a[i] : 0, i < b.length ? b[i] : 0);
                if (difference != 0) {
                    return difference;
                }
            }
            return 0;
        }

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
