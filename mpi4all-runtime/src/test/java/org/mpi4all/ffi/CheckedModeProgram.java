package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mpi4all.ffi.Mpi.MPI_INT;
import static org.mpi4all.ffi.Mpi.MPI_STATUS_IGNORE;
import static org.mpi4all.ffi.Mpi.MPI_SUM;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.mpi4all.ffi.RankProgram.Check;
import org.mpi4all.runtime.ArgumentChecks;

/**
 * The checked mode of the generated layer (on by default): each misuse is a Java exception naming the function and
 * the argument, thrown before MPI sees it, on every rank alike; correct calls, including the ones that look like
 * misuse (in place, root-only buffers, resized datatypes), still work. Run on 2 ranks.
 */
final class CheckedModeProgram {
    private CheckedModeProgram() {}

    /** Expects {@code type} from {@code call}, its message naming {@code function}, {@code argument} and {@code more}. */
    private static void refused(Class<? extends RuntimeException> type, String function, String argument,
                                ThrowingCallable call, String... more) {
        assertThatThrownBy(call).isInstanceOf(type)
                .hasMessageStartingWith(function + ": argument " + argument + " ")
                .hasMessageContainingAll(more);
    }

    @Check
    static void checkedModeIsOnByDefaultInAJobOfTwo(Rank r) {
        assertThat(ArgumentChecks.ENABLED).isTrue();
        assertThat(r.size).isEqualTo(2);
        MemorySegment received = r.intsFilled(1, -1);
        Mpi.MPI_Sendrecv(r.ints(r.rank), 1, MPI_INT, r.right(), 0, received, 1, MPI_INT, r.left(), 0, r.world(),
                MPI_STATUS_IGNORE);
        assertThat(Rank.ints(received)).containsExactly(1 - r.rank);
    }

    @Check
    static void aBufferShorterThanItsCountIsRefused(Rank r) {
        MemorySegment oneInt = r.ints(7);
        refused(IllegalArgumentException.class, "MPI_Send", "buf",
                () -> Mpi.MPI_Send(oneInt, 2, MPI_INT, r.right(), 0, r.world()), "4 bytes", "count=2", "need 8 bytes");
        refused(IllegalArgumentException.class, "MPI_Recv", "buf",
                () -> Mpi.MPI_Recv(oneInt, 3, MPI_INT, r.left(), 0, r.world(), MPI_STATUS_IGNORE), "count=3");
        refused(IllegalArgumentException.class, "MPI_Allreduce", "recvbuf",
                () -> Mpi.MPI_Allreduce(r.ints(1, 2), oneInt, 2, MPI_INT, MPI_SUM, r.world()), "need 8 bytes");
        refused(IllegalArgumentException.class, "MPI_Send_c", "buf",
                () -> Mpi.MPI_Send_c(oneInt, 1L << 40, MPI_INT, r.right(), 0, r.world()), "count=1099511627776");
        refused(IllegalArgumentException.class, "MPI_Isend", "buf",
                () -> Mpi.MPI_Isend(oneInt, 2, MPI_INT, r.right(), 0, r.world(), r.requests(1)), "need 8 bytes");
        refused(IllegalArgumentException.class, "MPI_Send", "buf",
                () -> MpiCritical.MPI_Send(MemorySegment.ofArray(new int[1]), 2, MPI_INT, r.right(), 0, r.world()),
                "need 8 bytes");
        assertThat(Rank.ints(oneInt)).containsExactly(7);
    }

    @Check
    static void theHeapArrayFormChecksArraysByTheirSizeFromTheOffset(Rank r) {
        refused(IllegalArgumentException.class, "MPI_Send", "buf",
                () -> MpiCritical.MPI_Send(new int[1], 0, 2, MPI_INT, r.right(), 0, r.world()), "4 bytes", "count=2",
                "need 8 bytes");
        refused(IllegalArgumentException.class, "MPI_Recv", "buf",
                () -> MpiCritical.MPI_Recv(new double[2], 8, 2, Mpi.MPI_DOUBLE, r.left(), 0, r.world(),
                        MPI_STATUS_IGNORE), "8 bytes", "need 16 bytes");
        refused(IndexOutOfBoundsException.class, "MPI_Send", "buf",
                () -> MpiCritical.MPI_Send(new int[2], 12, 1, MPI_INT, r.right(), 0, r.world()), "byte offset 12",
                "int[] of 8 bytes");
        refused(IndexOutOfBoundsException.class, "MPI_Send", "buf",
                () -> MpiCritical.MPI_Send(new byte[2], -1, 1, Mpi.MPI_BYTE, r.right(), 0, r.world()), "byte offset -1");
        // A segment given to the array form is checked as the segment form checks it, sliced at the offset.
        MemorySegment twoInts = r.ints(1, 2);
        refused(IllegalArgumentException.class, "MPI_Allreduce", "recvbuf",
                () -> MpiCritical.MPI_Allreduce(r.ints(1, 2), 0, twoInts, 4, 2, MPI_INT, MPI_SUM, r.world()),
                "4 bytes", "need 8 bytes");
        MemorySegment closed;
        try (Arena arena = Arena.ofConfined()) {
            closed = arena.allocate(JAVA_INT, 4);
        }
        MemorySegment gone = closed;
        refused(IllegalStateException.class, "MPI_Send", "buf",
                () -> MpiCritical.MPI_Send(gone, 0, 1, MPI_INT, r.right(), 0, r.world()), "closed");
        assertThat(Rank.ints(twoInts)).containsExactly(1, 2);
    }

    @Check
    static void aDerivedDatatypeIsMeasuredAndForgottenWhenFreed(Rank r) {
        MemorySegment type = MPI_Datatype.allocate(r.arena);
        Mpi.MPI_Type_contiguous(4, MPI_INT, type);
        Mpi.MPI_Type_commit(type);
        MPI_Datatype four = MPI_Datatype.read(type);
        refused(IllegalArgumentException.class, "MPI_Bcast", "buffer",
                () -> Mpi.MPI_Bcast(r.ints(1, 2, 3), 1, four, 0, r.world()), "12 bytes", "need 16 bytes");
        Mpi.MPI_Type_free(type);
        // MPI may give the next datatype the freed one's handle: the checks must measure it anew.
        Mpi.MPI_Type_contiguous(2, MPI_INT, type);
        Mpi.MPI_Type_commit(type);
        MemorySegment pair = r.ints(r.rank, r.rank);
        Mpi.MPI_Bcast(pair, 1, MPI_Datatype.read(type), 0, r.world());
        assertThat(Rank.ints(pair)).containsExactly(0, 0);
        Mpi.MPI_Type_free(type);
    }

    @Check
    static void aResizedDatatypeNeedsItsTrueExtentAfterTheLastStride(Rank r) {
        // One int per 16-byte stride: two elements span 16 + 4 bytes, not 2 x 16.
        MemorySegment type = MPI_Datatype.allocate(r.arena);
        Mpi.MPI_Type_create_resized(MPI_INT, 0, 16, type);
        Mpi.MPI_Type_commit(type);
        MemorySegment strided = r.intsFilled(5, r.rank == 0 ? 9 : -1);
        Mpi.MPI_Bcast(strided, 2, MPI_Datatype.read(type), 0, r.world());
        assertThat(Rank.ints(strided)).containsExactly(9, r.rank == 0 ? 9 : -1, r.rank == 0 ? 9 : -1, r.rank == 0 ? 9 : -1, 9);
        refused(IllegalArgumentException.class, "MPI_Bcast", "buffer",
                () -> Mpi.MPI_Bcast(strided.asSlice(0, 16), 2, MPI_Datatype.read(type), 0, r.world()), "need 20 bytes");
        Mpi.MPI_Type_free(type);
    }

    @Check
    static void aSegmentOfAClosedArenaIsRefused(Rank r) {
        MemorySegment closed;
        try (Arena arena = Arena.ofConfined()) {
            closed = arena.allocate(JAVA_INT, 4);
        }
        MemorySegment gone = closed;
        refused(IllegalStateException.class, "MPI_Send", "buf",
                () -> Mpi.MPI_Send(gone, 1, MPI_INT, r.right(), 0, r.world()), "closed");
        refused(IllegalStateException.class, "MPI_Comm_rank", "rank", () -> Mpi.MPI_Comm_rank(r.world(), gone), "closed");
    }

    @Check
    static void aHeapSegmentGivenToANonblockingFunctionIsRefused(Rank r) {
        MemorySegment heap = MemorySegment.ofArray(new int[4]);
        refused(IllegalArgumentException.class, "MPI_Isend", "buf",
                () -> Mpi.MPI_Isend(heap, 1, MPI_INT, r.right(), 0, r.world(), r.requests(1)), "heap segment", "int[]");
        refused(IllegalArgumentException.class, "MPI_Recv_init", "buf",
                () -> Mpi.MPI_Recv_init(heap, 1, MPI_INT, r.left(), 0, r.world(), r.requests(1)), "heap segment");
        refused(IllegalArgumentException.class, "MPI_Iallreduce", "recvbuf",
                () -> Mpi.MPI_Iallreduce(r.ints(1), heap, 1, MPI_INT, MPI_SUM, r.world(), r.requests(1)), "heap segment");
    }

    @Check
    static void aNullOrFreedHandleIsRefused(Rank r) {
        MemorySegment value = r.ints(1);
        refused(IllegalArgumentException.class, "MPI_Send", "comm",
                () -> Mpi.MPI_Send(value, 1, MPI_INT, r.right(), 0, Mpi.MPI_COMM_NULL), "MPI_COMM_NULL");
        refused(IllegalArgumentException.class, "MPI_Send", "datatype",
                () -> Mpi.MPI_Send(value, 1, Mpi.MPI_DATATYPE_NULL, r.right(), 0, r.world()), "MPI_DATATYPE_NULL");
        refused(IllegalArgumentException.class, "MPI_Allreduce", "op",
                () -> Mpi.MPI_Allreduce(r.ints(1), value, 1, MPI_INT, Mpi.MPI_OP_NULL, r.world()), "MPI_OP_NULL");
        refused(IllegalArgumentException.class, "MPI_Type_size", "datatype",
                () -> Mpi.MPI_Type_size(Mpi.MPI_DATATYPE_NULL, value), "MPI_DATATYPE_NULL");
        // MPI frees a communicator by setting the caller's handle to MPI_COMM_NULL.
        MemorySegment dup = MPI_Comm.allocate(r.arena);
        Mpi.MPI_Comm_dup(r.world(), dup);
        Mpi.MPI_Comm_free(dup);
        refused(IllegalArgumentException.class, "MPI_Barrier", "comm",
                () -> Mpi.MPI_Barrier(MPI_Comm.read(dup)), "MPI_COMM_NULL");
    }

    @Check
    static void correctCallsThatLookLikeMisuseStillWork(Rank r) {
        // In place: the send buffer is MPI_IN_PLACE, which has no size.
        MemorySegment sum = r.ints(r.rank + 1, 10);
        Mpi.MPI_Allreduce(Mpi.MPI_IN_PLACE, sum, 2, MPI_INT, MPI_SUM, r.world());
        assertThat(Rank.ints(sum)).containsExactly(3, 20);
        // A receive buffer significant at the root alone: the other rank passes none.
        MemorySegment gathered = r.rank == 0 ? r.intsFilled(2, -1) : MemorySegment.NULL;
        Mpi.MPI_Gather(r.ints(r.rank * 5), 1, MPI_INT, gathered, 1, MPI_INT, 0, r.world());
        if (r.rank == 0) {
            assertThat(Rank.ints(gathered)).containsExactly(0, 5);
        }
        // In place at the root, which MPI's send count and datatype do not concern: the datatype may be null, with a
        // count (the check finds MPI_IN_PLACE and never asks for the extent of a datatype it has not seen).
        MemorySegment inPlace = r.rank == 0 ? r.ints(7, -1) : MemorySegment.NULL;
        Mpi.MPI_Gather(r.rank == 0 ? Mpi.MPI_IN_PLACE : r.ints(5), 1, r.rank == 0 ? Mpi.MPI_DATATYPE_NULL : MPI_INT,
                inPlace, 1, MPI_INT, 0, r.world());
        if (r.rank == 0) {
            assertThat(Rank.ints(inPlace)).containsExactly(7, 5);
        }
        // Nothing to send: no memory at all.
        Mpi.MPI_Sendrecv(MemorySegment.NULL, 0, MPI_INT, r.right(), 3, MemorySegment.NULL, 0, MPI_INT, r.left(), 3,
                r.world(), MPI_STATUS_IGNORE);
        // A heap array in a blocking critical call.
        int[] heap = {r.rank, -1};
        MpiCritical.MPI_Allreduce(MemorySegment.ofArray(new int[] {r.rank, 1}), MemorySegment.ofArray(heap), 2, MPI_INT,
                MPI_SUM, r.world());
        assertThat(heap).containsExactly(1, 2);
        // The same from an array's offset, in place: MPI_IN_PLACE given to the array form has no size either.
        int[] sums = {-1, r.rank + 1, 10};
        MpiCritical.MPI_Allreduce(Mpi.MPI_IN_PLACE, 0, sums, 4, 2, MPI_INT, MPI_SUM, r.world());
        assertThat(sums).containsExactly(-1, 3, 20);
    }
}
