package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mpi4all.ffi.Mpi.MPI_DOUBLE;
import static org.mpi4all.ffi.Mpi.MPI_INT;
import static org.mpi4all.ffi.Mpi.MPI_STATUS_IGNORE;
import static org.mpi4all.ffi.Mpi.MPI_SUM;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.mpi4all.ffi.RankProgram.Check;
import org.mpi4all.runtime.MpiException;

/**
 * The MPI objects a program builds: communicators (split, dup, create, compare, free) and their attributes (with
 * the predefined and with Java copy and delete callbacks), groups (incl, excl, translate_ranks, compare, union,
 * intersection, difference), derived datatypes (contiguous, vector, indexed, struct with {@code MPI_Get_address}/
 * {@code MPI_Aint_add}/{@code MPI_Aint_diff}, resized; commit, free, size, extent), info objects, generalized
 * requests with Java callbacks, and the environment inquiries. Any number of ranks works; the test uses 4, so that
 * the even and odd halves have two.
 */
final class ObjectsProgram {
    private ObjectsProgram() {}

    private static int[] ranksWithParity(int size, int parity) {
        return IntStream.range(0, size).filter(s -> s % 2 == parity).toArray();
    }

    private static int sumOf(int[] values) {
        return IntStream.of(values).sum();
    }

    private static void free(Rank r, MPI_Comm comm) {
        MemorySegment cell = r.commCell(comm);
        Mpi.MPI_Comm_free(cell);
        assertThat(MPI_Comm.read(cell)).as("a freed communicator").isEqualTo(Mpi.MPI_COMM_NULL);
    }

    private static void free(Rank r, MPI_Group group) {
        MemorySegment cell = r.groupCell(group);
        Mpi.MPI_Group_free(cell);
        assertThat(MPI_Group.read(cell)).as("a freed group").isEqualTo(Mpi.MPI_GROUP_NULL);
    }

    private static void free(Rank r, MPI_Datatype type) {
        MemorySegment cell = r.datatypeCell(type);
        Mpi.MPI_Type_free(cell);
        assertThat(MPI_Datatype.read(cell)).as("a freed datatype").isEqualTo(Mpi.MPI_DATATYPE_NULL);
    }

    private static int size(Rank r, MPI_Comm comm) {
        return r.intOut(p -> Mpi.MPI_Comm_size(comm, p));
    }

    private static int rank(Rank r, MPI_Comm comm) {
        return r.intOut(p -> Mpi.MPI_Comm_rank(comm, p));
    }

    private static int compare(Rank r, MPI_Comm a, MPI_Comm b) {
        return r.intOut(p -> Mpi.MPI_Comm_compare(a, b, p));
    }

    private static int compare(Rank r, MPI_Group a, MPI_Group b) {
        return r.intOut(p -> Mpi.MPI_Group_compare(a, b, p));
    }

    // --- communicators ---

    @Check
    static void commSplitGroupsRanksByColorAndOrdersThemByKey(Rank r) {
        int color = r.rank % 2;
        int[] members = ranksWithParity(r.size, color);
        MPI_Comm half = r.commOut(p -> Mpi.MPI_Comm_split(r.world(), color, -r.rank, p));   // reverse order

        assertThat(size(r, half)).isEqualTo(members.length);
        assertThat(rank(r, half)).as("ranks ordered by descending world rank")
                .isEqualTo((int) IntStream.of(members).filter(m -> m > r.rank).count());
        MemorySegment sum = r.intsFilled(1, -1);
        Mpi.MPI_Allreduce(r.ints(r.rank), sum, 1, MPI_INT, MPI_SUM, half);
        assertThat(Rank.ints(sum)).as("sum of the world ranks in my half").containsExactly(sumOf(members));
        assertThat(compare(r, r.world(), half)).isEqualTo(Mpi.MPI_UNEQUAL);
        free(r, half);

        MPI_Comm rest = r.commOut(p -> Mpi.MPI_Comm_split(r.world(), r.rank == 0 ? Mpi.MPI_UNDEFINED : 0, r.rank, p));
        if (r.rank == 0) {
            assertThat(rest).as("MPI_UNDEFINED color").isEqualTo(Mpi.MPI_COMM_NULL);
        } else {
            assertThat(size(r, rest)).isEqualTo(r.size - 1);
            assertThat(rank(r, rest)).isEqualTo(r.rank - 1);
            free(r, rest);
        }
    }

    @Check
    static void commDupIsCongruentButKeepsItsMessagesApart(Rank r) {
        MPI_Comm dup = r.commOut(p -> Mpi.MPI_Comm_dup(r.world(), p));
        assertThat(dup).isNotEqualTo(r.world());
        assertThat(compare(r, r.world(), dup)).isEqualTo(Mpi.MPI_CONGRUENT);
        assertThat(compare(r, r.world(), r.world())).isEqualTo(Mpi.MPI_IDENT);
        assertThat(compare(r, Mpi.MPI_COMM_SELF, r.world())).isEqualTo(r.size > 1 ? Mpi.MPI_UNEQUAL : Mpi.MPI_CONGRUENT);

        // The same source and tag on the two communicators: each receive matches the send on its own one.
        MemorySegment requests = r.requests(2);
        Mpi.MPI_Isend(r.ints(1000 + r.rank), 1, MPI_INT, r.right(), 5, dup, Rank.element(requests, MPI_Request.LAYOUT, 0));
        Mpi.MPI_Isend(r.ints(r.rank), 1, MPI_INT, r.right(), 5, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 1));
        MemorySegment onWorld = r.intsFilled(1, -1);
        MemorySegment onDup = r.intsFilled(1, -1);
        Mpi.MPI_Recv(onWorld, 1, MPI_INT, r.left(), 5, r.world(), MPI_STATUS_IGNORE);
        Mpi.MPI_Recv(onDup, 1, MPI_INT, r.left(), 5, dup, MPI_STATUS_IGNORE);
        Mpi.MPI_Waitall(2, requests, Mpi.MPI_STATUSES_IGNORE);
        assertThat(Rank.ints(onWorld)).containsExactly(r.left());
        assertThat(Rank.ints(onDup)).containsExactly(1000 + r.left());
        free(r, dup);
    }

    @Check
    static void commCreateAndCreateGroupBuildACommunicatorOfAGroup(Rank r) {
        MPI_Group world = r.groupOut(p -> Mpi.MPI_Comm_group(r.world(), p));
        int[] evens = ranksWithParity(r.size, 0);
        MPI_Group evenGroup = r.groupOut(p -> Mpi.MPI_Group_incl(world, evens.length, r.ints(evens), p));
        MPI_Comm even = r.commOut(p -> Mpi.MPI_Comm_create(r.world(), evenGroup, p));   // collective over world
        if (r.rank % 2 == 0) {
            assertThat(size(r, even)).isEqualTo(evens.length);
            assertThat(rank(r, even)).isEqualTo(r.rank / 2);
            free(r, even);
        } else {
            assertThat(even).isEqualTo(Mpi.MPI_COMM_NULL);
        }

        int[] odds = ranksWithParity(r.size, 1);
        if (r.rank % 2 == 1) {   // collective over the group only
            MPI_Group oddGroup = r.groupOut(p -> Mpi.MPI_Group_incl(world, odds.length, r.ints(odds), p));
            MPI_Comm odd = r.commOut(p -> Mpi.MPI_Comm_create_group(r.world(), oddGroup, 3, p));
            assertThat(size(r, odd)).isEqualTo(odds.length);
            assertThat(rank(r, odd)).isEqualTo(r.rank / 2);
            free(r, odd);
            free(r, oddGroup);
        }
        free(r, evenGroup);
        free(r, world);
    }

    // --- attributes ---

    /** {@code MPI_Comm_get_attr}: the attribute's value (a {@code void *}), or null when it is not set. */
    private static MemorySegment attribute(Rank r, MPI_Comm comm, int keyval) {
        MemorySegment value = r.arena.allocate(ADDRESS);
        boolean set = r.flagOut(flag -> Mpi.MPI_Comm_get_attr(comm, keyval, value, flag));
        return set ? value.get(ADDRESS, 0) : null;
    }

    private static int keyval(Rank r, MemorySegment copy, MemorySegment delete) {
        return r.intOut(p -> Mpi.MPI_Comm_create_keyval(copy, delete, p, MemorySegment.NULL));
    }

    private static void freeKeyval(Rank r, int keyval) {
        MemorySegment cell = r.ints(keyval);
        Mpi.MPI_Comm_free_keyval(cell);
        assertThat(Rank.ints(cell)).containsExactly(Mpi.MPI_KEYVAL_INVALID);
    }

    @Check
    static void attributesAreCopiedAndDeletedByThePredefinedAndByJavaCallbacks(Rank r) {
        MemorySegment tagUpperBound = attribute(r, r.world(), Mpi.MPI_TAG_UB);
        assertThat(tagUpperBound).as("MPI_TAG_UB is predefined").isNotNull();
        assertThat(tagUpperBound.reinterpret(Integer.BYTES).get(JAVA_INT, 0)).isGreaterThanOrEqualTo(32767);

        List<String> calls = new ArrayList<>();
        MPI_Comm_copy_attr_function copy = (old, key, extra, in, out, flag) -> {
            calls.add("copy " + in.address());
            out.reinterpret(ADDRESS.byteSize()).set(ADDRESS, 0, MemorySegment.ofAddress(in.address() + 1));
            flag.reinterpret(Integer.BYTES).set(JAVA_INT, 0, 1);
            return Mpi.MPI_SUCCESS;
        };
        MPI_Comm_delete_attr_function delete = (comm, key, value, extra) -> {
            calls.add("delete " + value.address());
            return Mpi.MPI_SUCCESS;
        };
        // The predefined callbacks are the library's functions: a wrong address here would crash MPI_Comm_dup.
        int notCopied = keyval(r, Mpi.MPI_COMM_NULL_COPY_FN, Mpi.MPI_COMM_NULL_DELETE_FN);
        int copied = keyval(r, Mpi.MPI_COMM_DUP_FN, Mpi.MPI_COMM_NULL_DELETE_FN);
        int inJava = keyval(r, MPI_Comm_copy_attr_function.allocate(copy, r.arena),
                MPI_Comm_delete_attr_function.allocate(delete, r.arena));

        MPI_Comm original = r.commOut(p -> Mpi.MPI_Comm_dup(r.world(), p));
        Mpi.MPI_Comm_set_attr(original, notCopied, MemorySegment.ofAddress(100 + r.rank));
        Mpi.MPI_Comm_set_attr(original, copied, MemorySegment.ofAddress(200 + r.rank));
        Mpi.MPI_Comm_set_attr(original, inJava, MemorySegment.ofAddress(300 + r.rank));
        MPI_Comm duplicate = r.commOut(p -> Mpi.MPI_Comm_dup(original, p));
        assertThat(attribute(r, duplicate, notCopied)).as("MPI_COMM_NULL_COPY_FN copies nothing").isNull();
        assertThat(attribute(r, duplicate, copied)).as("MPI_COMM_DUP_FN copies the value")
                .isEqualTo(MemorySegment.ofAddress(200 + r.rank));
        assertThat(attribute(r, duplicate, inJava)).as("what the Java copy callback stored")
                .isEqualTo(MemorySegment.ofAddress(301 + r.rank));
        assertThat(attribute(r, original, inJava)).isEqualTo(MemorySegment.ofAddress(300 + r.rank));
        free(r, duplicate);
        free(r, original);
        assertThat(calls).containsExactly("copy " + (300 + r.rank), "delete " + (301 + r.rank), "delete " + (300 + r.rank));

        // A copy callback that throws: MPI_Comm_dup fails, and the Java exception is the cause of its MpiException.
        int failing = keyval(r, MPI_Comm_copy_attr_function.allocate((old, key, extra, in, out, flag) -> {
            throw new IllegalStateException("copy failed");
        }, r.arena), Mpi.MPI_COMM_NULL_DELETE_FN);
        MPI_Comm withFailingAttribute = r.commOut(p -> Mpi.MPI_Comm_dup(r.world(), p));
        Mpi.MPI_Comm_set_attr(withFailingAttribute, failing, MemorySegment.ofAddress(1));
        assertThatThrownBy(() -> Mpi.MPI_Comm_dup(withFailingAttribute, MPI_Comm.allocate(r.arena)))
                .isInstanceOfSatisfying(MpiException.class, e -> {
                    assertThat(e.function()).isEqualTo("MPI_Comm_dup");
                    assertThat(e.getCause()).isInstanceOf(IllegalStateException.class).hasMessage("copy failed");
                });
        Mpi.MPI_Comm_delete_attr(withFailingAttribute, failing);
        free(r, withFailingAttribute);
        for (int keyval : new int[] {notCopied, copied, inJava, failing}) {
            freeKeyval(r, keyval);
        }
    }

    // --- generalized requests ---

    @Check
    static void generalizedRequestsCompleteThroughJavaQueryAndFreeCallbacks(Rank r) {
        List<String> calls = new ArrayList<>();
        MPI_Grequest_query_function query = (extra, status) -> {
            calls.add("query " + extra.address());
            MemorySegment s = status.reinterpret(MPI_Status.BYTES);
            MPI_Status.MPI_SOURCE(s, 1234);
            MPI_Status.MPI_TAG(s, 56);
            Mpi.MPI_Status_set_elements(s, MPI_INT, 3);   // MPI called from inside the callback
            Mpi.MPI_Status_set_cancelled(s, 0);
            return Mpi.MPI_SUCCESS;
        };
        MPI_Grequest_free_function release = extra -> {
            calls.add("free " + extra.address());
            return Mpi.MPI_SUCCESS;
        };
        MPI_Grequest_cancel_function cancel = (extra, complete) -> {
            calls.add("cancel " + complete);
            return Mpi.MPI_SUCCESS;
        };
        MemorySegment request = r.requests(1);
        Mpi.MPI_Grequest_start(MPI_Grequest_query_function.allocate(query, r.arena),
                MPI_Grequest_free_function.allocate(release, r.arena),
                MPI_Grequest_cancel_function.allocate(cancel, r.arena), MemorySegment.ofAddress(42), request);
        assertThat(r.flagOut(flag -> Mpi.MPI_Test(request, flag, MPI_STATUS_IGNORE))).as("not complete yet").isFalse();

        Mpi.MPI_Grequest_complete(MPI_Request.read(request));
        MemorySegment status = r.status();
        Mpi.MPI_Wait(request, status);
        assertThat(MPI_Request.read(request)).isEqualTo(Mpi.MPI_REQUEST_NULL);
        assertThat(MPI_Status.MPI_SOURCE(status)).isEqualTo(1234);
        assertThat(MPI_Status.MPI_TAG(status)).isEqualTo(56);
        assertThat(r.intOut(p -> Mpi.MPI_Get_count(status, MPI_INT, p))).isEqualTo(3);
        assertThat(r.flagOut(p -> Mpi.MPI_Test_cancelled(status, p))).isFalse();
        assertThat(calls).containsExactly("query 42", "free 42");
    }

    // --- Fortran handles ---

    @Check
    static void fortranHandleConversionsRoundTrip(Rank r) {
        if (Mpi.LIB.profile() != null && Mpi.LIB.profile().family().equals("mpiabi")) {
            // The MPI-5 ABI library has no Fortran conversions: the call says so, and MPI_Comm_toint stands in.
            assertThatThrownBy(() -> Mpi.MPI_Comm_c2f(r.world()))
                    .isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining("MPI_Comm_c2f is not provided by the MPI library")
                    .hasMessageContaining(Mpi.LIB.libraryPath());
            assertThat(Mpi.MPI_Comm_fromint(Mpi.MPI_Comm_toint(r.world()))).isEqualTo(r.world());
            assertThat(Mpi.MPI_Type_fromint(Mpi.MPI_Type_toint(MPI_DOUBLE))).isEqualTo(MPI_DOUBLE);
            return;
        }
        // Macros in MPICH 4 (computed in Java by neutral bindings), functions in Open MPI and MPICH 5.
        MPI_Comm dup = r.commOut(p -> Mpi.MPI_Comm_dup(r.world(), p));
        for (MPI_Comm comm : new MPI_Comm[] {r.world(), Mpi.MPI_COMM_SELF, dup}) {
            assertThat(Mpi.MPI_Comm_f2c(Mpi.MPI_Comm_c2f(comm))).isEqualTo(comm);
        }
        assertThat(Mpi.MPI_Comm_c2f(dup)).isNotEqualTo(Mpi.MPI_Comm_c2f(r.world()));
        assertThat(Mpi.MPI_Type_f2c(Mpi.MPI_Type_c2f(MPI_DOUBLE))).isEqualTo(MPI_DOUBLE);
        assertThat(Mpi.MPI_Op_f2c(Mpi.MPI_Op_c2f(MPI_SUM))).isEqualTo(MPI_SUM);
        MPI_Group group = r.groupOut(p -> Mpi.MPI_Comm_group(r.world(), p));
        assertThat(Mpi.MPI_Group_f2c(Mpi.MPI_Group_c2f(group))).isEqualTo(group);
        MPI_Info info = r.infoOut(Mpi::MPI_Info_create);
        assertThat(Mpi.MPI_Info_f2c(Mpi.MPI_Info_c2f(info))).isEqualTo(info);
        Mpi.MPI_Info_free(r.infoCell(info));
        free(r, group);
        free(r, dup);
    }

    // --- environment ---

    @Check
    static void environmentInquiriesDescribeTheRunningLibrary(Rank r) throws InterruptedException {
        MemorySegment version = r.intsFilled(2, -1);
        Mpi.MPI_Get_version(version, version.asSlice(Integer.BYTES));
        int[] v = Rank.ints(version);
        assertThat(v[0] * 10 + v[1]).as("MPI version %d.%d", v[0], v[1]).isGreaterThanOrEqualTo(31);
        assertThat(v[0]).isEqualTo(Mpi.MPI_VERSION);

        // Open MPI 4.1 counts the terminating NUL in the length MPI_Get_library_version returns.
        MemorySegment text = r.arena.allocate(Mpi.MPI_MAX_LIBRARY_VERSION_STRING);
        int length = r.intOut(p -> Mpi.MPI_Get_library_version(text, p));
        assertThat(text.getString(0)).startsWith(Mpi.LIB.libraryVersion().lines().findFirst().orElseThrow().strip());
        assertThat(length).isBetween(text.getString(0).length(), text.getString(0).length() + 1);

        MemorySegment name = r.arena.allocate(Mpi.MPI_MAX_PROCESSOR_NAME);
        int nameLength = r.intOut(p -> Mpi.MPI_Get_processor_name(name, p));
        assertThat(name.getString(0)).isNotBlank();
        assertThat(nameLength).isBetween(name.getString(0).length(), name.getString(0).length() + 1);

        assertThat(r.flagOut(Mpi::MPI_Initialized)).isTrue();
        assertThat(r.flagOut(Mpi::MPI_Finalized)).isFalse();
        Mpi.MPI_Pcontrol(1);   // varargs in C: called through the auxiliary library
        assertThat(Mpi.MPI_Wtick()).isPositive().isLessThan(1.0);
        double start = Mpi.MPI_Wtime();
        Thread.sleep(20);
        assertThat(Mpi.MPI_Wtime() - start).isBetween(0.015, 5.0);
    }

    // --- groups ---

    @Check
    static void groupsIncludeExcludeTranslateCompareAndCombine(Rank r) {
        MPI_Group world = r.groupOut(p -> Mpi.MPI_Comm_group(r.world(), p));
        assertThat(r.intOut(p -> Mpi.MPI_Group_size(world, p))).isEqualTo(r.size);
        assertThat(r.intOut(p -> Mpi.MPI_Group_rank(world, p))).isEqualTo(r.rank);

        int[] evens = ranksWithParity(r.size, 0);
        int[] odds = ranksWithParity(r.size, 1);
        MPI_Group even = r.groupOut(p -> Mpi.MPI_Group_incl(world, evens.length, r.ints(evens), p));
        MPI_Group odd = r.groupOut(p -> Mpi.MPI_Group_excl(world, evens.length, r.ints(evens), p));
        assertThat(r.intOut(p -> Mpi.MPI_Group_size(even, p))).isEqualTo(evens.length);
        assertThat(r.intOut(p -> Mpi.MPI_Group_size(odd, p))).isEqualTo(odds.length);
        assertThat(r.intOut(p -> Mpi.MPI_Group_rank(even, p))).isEqualTo(r.rank % 2 == 0 ? r.rank / 2 : Mpi.MPI_UNDEFINED);

        MemorySegment translated = r.intsFilled(odds.length, -1);
        Mpi.MPI_Group_translate_ranks(odd, odds.length, r.ints(IntStream.range(0, odds.length).toArray()), world, translated);
        assertThat(Rank.ints(translated)).as("odd group ranks in world").containsExactly(odds);
        MemorySegment notMember = r.intsFilled(1, -1);
        Mpi.MPI_Group_translate_ranks(world, 1, r.ints(1 % r.size), even, notMember);
        assertThat(Rank.ints(notMember)).containsExactly(r.size > 1 ? Mpi.MPI_UNDEFINED : 0);

        int[] reversed = IntStream.range(0, evens.length).map(i -> evens[evens.length - 1 - i]).toArray();
        MPI_Group evenReversed = r.groupOut(p -> Mpi.MPI_Group_incl(world, reversed.length, r.ints(reversed), p));
        assertThat(compare(r, even, even)).isEqualTo(Mpi.MPI_IDENT);
        assertThat(compare(r, even, evenReversed)).isEqualTo(evens.length > 1 ? Mpi.MPI_SIMILAR : Mpi.MPI_IDENT);
        assertThat(compare(r, even, odd)).isEqualTo(Mpi.MPI_UNEQUAL);

        MPI_Group union = r.groupOut(p -> Mpi.MPI_Group_union(even, odd, p));
        assertThat(r.intOut(p -> Mpi.MPI_Group_size(union, p))).isEqualTo(r.size);
        assertThat(compare(r, union, world)).as("evens then odds").isEqualTo(r.size > 2 ? Mpi.MPI_SIMILAR : Mpi.MPI_IDENT);
        MPI_Group intersection = r.groupOut(p -> Mpi.MPI_Group_intersection(even, world, p));
        assertThat(compare(r, intersection, even)).isEqualTo(Mpi.MPI_IDENT);
        MPI_Group difference = r.groupOut(p -> Mpi.MPI_Group_difference(world, even, p));
        assertThat(compare(r, difference, odd)).isEqualTo(Mpi.MPI_IDENT);
        MPI_Group none = r.groupOut(p -> Mpi.MPI_Group_intersection(even, odd, p));
        assertThat(r.intOut(p -> Mpi.MPI_Group_size(none, p))).isZero();
        assertThat(compare(r, none, Mpi.MPI_GROUP_EMPTY)).isEqualTo(Mpi.MPI_IDENT);

        for (MPI_Group group : new MPI_Group[] {union, intersection, difference, evenReversed, even, odd, world}) {
            free(r, group);
        }
        if (!none.equals(Mpi.MPI_GROUP_EMPTY)) {
            free(r, none);
        }
    }

    // --- derived datatypes ---

    private static MPI_Datatype committed(Rank r, MPI_Datatype type) {
        MemorySegment cell = r.datatypeCell(type);
        Mpi.MPI_Type_commit(cell);
        return MPI_Datatype.read(cell);
    }

    private static int typeSize(Rank r, MPI_Datatype type) {
        return r.intOut(p -> Mpi.MPI_Type_size(type, p));
    }

    /** {@code {lb, extent}}. */
    private static long[] extent(Rank r, MPI_Datatype type) {
        MemorySegment lb = r.arena.allocate(Long.BYTES);
        MemorySegment extent = r.arena.allocate(Long.BYTES);
        Mpi.MPI_Type_get_extent(type, lb, extent);
        return new long[] {lb.get(JAVA_LONG, 0), extent.get(JAVA_LONG, 0)};
    }

    /** {@code {true lb, true extent}}. */
    private static long[] trueExtent(Rank r, MPI_Datatype type) {
        MemorySegment lb = r.arena.allocate(Long.BYTES);
        MemorySegment extent = r.arena.allocate(Long.BYTES);
        Mpi.MPI_Type_get_true_extent(type, lb, extent);
        return new long[] {lb.get(JAVA_LONG, 0), extent.get(JAVA_LONG, 0)};
    }

    /** Sends one {@code type} from {@code send} to the right neighbour and receives {@code count} plain values from the left. */
    private static void shiftRight(Rank r, MemorySegment send, MPI_Datatype type, MemorySegment receive, int count,
                                   MPI_Datatype plain) {
        Mpi.MPI_Sendrecv(send, 1, type, r.right(), 11, receive, count, plain, r.left(), 11, r.world(), MPI_STATUS_IGNORE);
    }

    @Check
    static void contiguousVectorAndIndexedTypesSelectTheirElements(Rank r) {
        MPI_Datatype triple = committed(r, r.datatypeOut(p -> Mpi.MPI_Type_contiguous(3, MPI_INT, p)));
        assertThat(typeSize(r, triple)).isEqualTo(12);
        assertThat(extent(r, triple)).containsExactly(0, 12);
        MemorySegment pair = r.intsFilled(6, -1);
        Mpi.MPI_Sendrecv(r.ints(IntStream.range(0, 6).map(i -> 10 * r.rank + i).toArray()), 2, triple, r.right(), 10,
                pair, 6, MPI_INT, r.left(), 10, r.world(), MPI_STATUS_IGNORE);
        assertThat(Rank.ints(pair)).containsExactly(IntStream.range(0, 6).map(i -> 10 * r.left() + i).toArray());

        // Three blocks of two doubles, four doubles apart: elements 0 1, 4 5, 8 9 of a 12-double row.
        MPI_Datatype vector = committed(r, r.datatypeOut(p -> Mpi.MPI_Type_vector(3, 2, 4, MPI_DOUBLE, p)));
        assertThat(typeSize(r, vector)).isEqualTo(6 * 8);
        assertThat(extent(r, vector)).containsExactly(0, (2 * 4 + 2) * 8);
        MemorySegment row = r.doubles(IntStream.range(0, 12).mapToDouble(i -> r.rank + i / 100.0).toArray());
        MemorySegment picked = r.doubles(new double[6]);
        shiftRight(r, row, vector, picked, 6, MPI_DOUBLE);
        assertThat(Rank.doubles(picked)).containsExactly(
                IntStream.of(0, 1, 4, 5, 8, 9).mapToDouble(i -> r.left() + i / 100.0).toArray());

        // Blocks of 1, 2 and 3 ints at 0, 3 and 7.
        MPI_Datatype indexed = committed(r, r.datatypeOut(p -> Mpi.MPI_Type_indexed(3, r.ints(1, 2, 3), r.ints(0, 3, 7), MPI_INT, p)));
        assertThat(typeSize(r, indexed)).isEqualTo(6 * 4);
        assertThat(extent(r, indexed)).containsExactly(0, 10 * 4);
        MemorySegment values = r.ints(IntStream.range(0, 10).map(i -> 100 * r.rank + i).toArray());
        MemorySegment selected = r.intsFilled(6, -1);
        shiftRight(r, values, indexed, selected, 6, MPI_INT);
        assertThat(Rank.ints(selected)).containsExactly(IntStream.of(0, 3, 4, 7, 8, 9).map(i -> 100 * r.left() + i).toArray());

        free(r, triple);
        free(r, vector);
        free(r, indexed);
    }

    /** A C {@code struct { int id; double mass; char tag[3]; }}: 24 bytes, mass at 8, tag at 16. */
    private static final long MASS = 8;
    private static final long TAG = 16;
    private static final long PARTICLE = 24;

    private static void particle(MemorySegment particles, int index, int id, double mass, String tag) {
        MemorySegment p = particles.asSlice(index * PARTICLE, PARTICLE);
        p.set(JAVA_INT, 0, id);
        p.set(JAVA_DOUBLE, MASS, mass);
        MemorySegment.copy(tag.getBytes(StandardCharsets.US_ASCII), 0, p, JAVA_BYTE, TAG, 3);
    }

    @Check
    static void structTypeMapsACStructLaidOutWithGetAddressAndAintArithmetic(Rank r) {
        MemorySegment particles = r.arena.allocate(2 * PARTICLE, 8);
        particle(particles, 0, r.rank, r.rank + 0.5, "ab" + r.rank);
        particle(particles, 1, -r.rank, -r.rank - 0.5, "xy" + r.rank);

        long base = r.longOut(p -> Mpi.MPI_Get_address(particles, p));
        long mass = r.longOut(p -> Mpi.MPI_Get_address(particles.asSlice(MASS), p));
        long tag = r.longOut(p -> Mpi.MPI_Get_address(particles.asSlice(TAG), p));
        assertThat(base).as("MPI_Get_address").isEqualTo(particles.address());
        assertThat(Mpi.MPI_Aint_diff(mass, base)).as("MPI_Aint_diff").isEqualTo(MASS);
        assertThat(Mpi.MPI_Aint_diff(tag, base)).isEqualTo(TAG);
        assertThat(Mpi.MPI_Aint_add(base, TAG)).as("MPI_Aint_add").isEqualTo(tag);

        MemorySegment displacements = r.longs(0, Mpi.MPI_Aint_diff(mass, base), Mpi.MPI_Aint_diff(tag, base));
        MemorySegment types = MPI_Datatype.allocateArray(r.arena, 3);
        MPI_Datatype.write(types, 0, MPI_INT);
        MPI_Datatype.write(types, 1, MPI_DOUBLE);
        MPI_Datatype.write(types, 2, Mpi.MPI_CHAR);
        MPI_Datatype struct = r.datatypeOut(p -> Mpi.MPI_Type_create_struct(3, r.ints(1, 1, 3), displacements, types, p));
        MPI_Datatype particle = committed(r, r.datatypeOut(p -> Mpi.MPI_Type_create_resized(struct, 0, PARTICLE, p)));
        assertThat(typeSize(r, struct)).as("data bytes, no padding").isEqualTo(4 + 8 + 3);
        assertThat(extent(r, particle)).containsExactly(0, PARTICLE);
        assertThat(trueExtent(r, particle)).containsExactly(0, TAG + 3);

        MemorySegment received = r.arena.allocate(2 * PARTICLE, 8);
        received.fill((byte) 0x55);
        Mpi.MPI_Sendrecv(particles, 2, particle, r.right(), 12, received, 2, particle, r.left(), 12, r.world(),
                MPI_STATUS_IGNORE);
        MemorySegment expected = r.arena.allocate(2 * PARTICLE, 8);
        expected.fill((byte) 0x55);   // the padding is not transferred
        particle(expected, 0, r.left(), r.left() + 0.5, "ab" + r.left());
        particle(expected, 1, -r.left(), -r.left() - 0.5, "xy" + r.left());
        assertThat(received.toArray(JAVA_BYTE)).isEqualTo(expected.toArray(JAVA_BYTE));

        free(r, struct);
        free(r, particle);
    }

    // --- info objects ---

    private static String infoValue(Rank r, MPI_Info info, String key) {
        int capacity = Mpi.MPI_MAX_INFO_VAL + 1;
        MemorySegment value = r.arena.allocate(capacity);
        boolean found = r.flagOut(flag -> Mpi.MPI_Info_get(info, r.string(key), capacity - 1, value, flag));
        return found ? value.getString(0) : null;
    }

    @Check
    static void infoObjectsStoreDuplicateDeleteAndFreeKeyValuePairs(Rank r) {
        MPI_Info info = r.infoOut(Mpi::MPI_Info_create);
        Mpi.MPI_Info_set(info, r.string("mpi4all_color"), r.string("blue"));
        Mpi.MPI_Info_set(info, r.string("mpi4all_rank"), r.string(Integer.toString(r.rank)));
        Mpi.MPI_Info_set(info, r.string("mpi4all_color"), r.string("green"));   // replaces
        assertThat(r.intOut(p -> Mpi.MPI_Info_get_nkeys(info, p))).isEqualTo(2);
        assertThat(infoValue(r, info, "mpi4all_color")).isEqualTo("green");
        assertThat(infoValue(r, info, "mpi4all_rank")).isEqualTo(Integer.toString(r.rank));
        assertThat(infoValue(r, info, "mpi4all_missing")).isNull();
        MemorySegment length = r.arena.allocate(JAVA_INT);
        assertThat(r.flagOut(flag -> Mpi.MPI_Info_get_valuelen(info, r.string("mpi4all_color"), length, flag))).isTrue();
        assertThat(length.get(JAVA_INT, 0)).isEqualTo("green".length());
        Set<String> keys = new HashSet<>();
        for (int n = 0; n < 2; n++) {
            MemorySegment key = r.arena.allocate(Mpi.MPI_MAX_INFO_KEY + 1);
            Mpi.MPI_Info_get_nthkey(info, n, key);
            keys.add(key.getString(0));
        }
        assertThat(keys).containsExactlyInAnyOrder("mpi4all_color", "mpi4all_rank");

        MPI_Info copy = r.infoOut(p -> Mpi.MPI_Info_dup(info, p));
        Mpi.MPI_Info_delete(info, r.string("mpi4all_rank"));
        assertThat(r.intOut(p -> Mpi.MPI_Info_get_nkeys(info, p))).isEqualTo(1);
        assertThat(r.intOut(p -> Mpi.MPI_Info_get_nkeys(copy, p))).as("the duplicate keeps its keys").isEqualTo(2);
        assertThat(infoValue(r, copy, "mpi4all_rank")).isEqualTo(Integer.toString(r.rank));
        assertThatThrownBy(() -> Mpi.MPI_Info_delete(info, r.string("mpi4all_missing")))
                .isInstanceOfSatisfying(MpiException.class, e -> assertThat(e.errorClass()).isEqualTo(Mpi.MPI_ERR_INFO_NOKEY));

        for (MPI_Info each : new MPI_Info[] {info, copy}) {
            MemorySegment cell = r.infoCell(each);
            Mpi.MPI_Info_free(cell);
            assertThat(MPI_Info.read(cell)).isEqualTo(Mpi.MPI_INFO_NULL);
        }
    }
}
