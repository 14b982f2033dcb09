package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mpi4all.ffi.Mpi.MPI_DOUBLE;
import static org.mpi4all.ffi.Mpi.MPI_IN_PLACE;
import static org.mpi4all.ffi.Mpi.MPI_INT;
import static org.mpi4all.ffi.Mpi.MPI_STATUS_IGNORE;
import static org.mpi4all.ffi.Mpi.MPI_SUM;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.mpi4all.ffi.RankProgram.Check;

/**
 * Collective operations through the generated bindings, blocking and nonblocking, with predefined and
 * user-defined (Java) reductions. Expected values are computed from rank and size, so any number of ranks works;
 * the test runs it on 3, which is not a power of two.
 */
final class CollectivesProgram {
    private CollectivesProgram() {}

    /** The value rank {@code rank} contributes at position {@code i}. */
    private static int contribution(int rank, int i) {
        return 10 * (rank + 1) + i;
    }

    private static int[] contributions(int rank, int count) {
        return IntStream.range(0, count).map(i -> contribution(rank, i)).toArray();
    }

    /** What {@code MPI_SUM} of every rank's {@link #contributions} gives. */
    private static int[] sums(int size, int count) {
        return IntStream.range(0, count).map(i -> IntStream.range(0, size).map(r -> contribution(r, i)).sum()).toArray();
    }

    @Check
    static void bcastCopiesTheRootsBufferToEveryRank(Rank r) {
        int root = r.size - 1;
        MemorySegment buffer = r.rank == root ? r.doubles(1.5, -2.25, 1e300) : r.doubles(0, 0, 0);
        Mpi.MPI_Bcast(buffer, 3, MPI_DOUBLE, root, r.world());
        assertThat(Rank.doubles(buffer)).containsExactly(1.5, -2.25, 1e300);
    }

    @Check
    static void reduceCombinesEveryContributionAtTheRoot(Rank r) {
        int root = 1 % r.size;
        MemorySegment result = r.intsFilled(4, -1);
        Mpi.MPI_Reduce(r.ints(contributions(r.rank, 4)), result, 4, MPI_INT, MPI_SUM, root, r.world());
        MemorySegment max = r.intsFilled(1, -1);
        Mpi.MPI_Reduce(r.ints(r.rank * 3), max, 1, MPI_INT, Mpi.MPI_MAX, root, r.world());
        MemorySegment product = r.intsFilled(1, -1);
        Mpi.MPI_Reduce(r.ints(r.rank + 1), product, 1, MPI_INT, Mpi.MPI_PROD, root, r.world());
        if (r.rank == root) {
            assertThat(Rank.ints(result)).containsExactly(sums(r.size, 4));
            assertThat(Rank.ints(max)).containsExactly(3 * (r.size - 1));
            assertThat(Rank.ints(product)).containsExactly(IntStream.rangeClosed(1, r.size).reduce(1, (a, b) -> a * b));
        } else {
            assertThat(Rank.ints(result)).as("a non-root's receive buffer is not written").containsOnly(-1);
        }
    }

    @Check
    static void allreduceGivesEveryRankTheSum(Rank r) {
        MemorySegment result = r.intsFilled(5, -1);
        Mpi.MPI_Allreduce(r.ints(contributions(r.rank, 5)), result, 5, MPI_INT, MPI_SUM, r.world());
        assertThat(Rank.ints(result)).containsExactly(sums(r.size, 5));

        MemorySegment doubles = r.doubles(0);
        Mpi.MPI_Allreduce(r.doubles(0.25 * r.rank), doubles, 1, MPI_DOUBLE, Mpi.MPI_MAX, r.world());
        assertThat(Rank.doubles(doubles)).containsExactly(0.25 * (r.size - 1));
    }

    @Check
    static void allreduceAndReduceInPlaceSumEveryContribution(Rank r) {
        // The receive buffer holds this rank's contribution and is overwritten with the total: only right if
        // MPI_IN_PLACE is the sentinel value the library compares against.
        MemorySegment buffer = r.ints(contributions(r.rank, 6));
        Mpi.MPI_Allreduce(MPI_IN_PLACE, buffer, 6, MPI_INT, MPI_SUM, r.world());
        assertThat(Rank.ints(buffer)).containsExactly(sums(r.size, 6));

        int root = 0;
        MemorySegment atRoot = r.ints(contributions(r.rank, 3));
        MemorySegment unused = r.intsFilled(3, -1);
        if (r.rank == root) {
            Mpi.MPI_Reduce(MPI_IN_PLACE, atRoot, 3, MPI_INT, MPI_SUM, root, r.world());
            assertThat(Rank.ints(atRoot)).containsExactly(sums(r.size, 3));
        } else {
            Mpi.MPI_Reduce(atRoot, unused, 3, MPI_INT, MPI_SUM, root, r.world());
            assertThat(Rank.ints(atRoot)).as("a non-root's send buffer is unchanged").containsExactly(contributions(r.rank, 3));
        }
    }

    @Check
    static void gatherAndGathervCollectEveryRanksPieceAtTheRoot(Rank r) {
        int root = r.size / 2;
        MemorySegment gathered = r.intsFilled(2 * r.size, -1);
        Mpi.MPI_Gather(r.ints(r.rank, r.rank * r.rank), 2, MPI_INT, gathered, 2, MPI_INT, root, r.world());
        if (r.rank == root) {
            assertThat(Rank.ints(gathered)).containsExactly(
                    IntStream.range(0, r.size).flatMap(s -> IntStream.of(s, s * s)).toArray());
        }

        // Rank s sends s + 1 values; the root places them with a gap of one slot after each.
        int[] counts = IntStream.range(0, r.size).map(s -> s + 1).toArray();
        int[] displacements = IntStream.range(0, r.size).map(s -> Rank.triangle(s + 1) + s).toArray();
        int total = displacements[r.size - 1] + counts[r.size - 1] + 1;
        MemorySegment varied = r.intsFilled(total, -1);
        Mpi.MPI_Gatherv(r.ints(contributions(r.rank, r.rank + 1)), r.rank + 1, MPI_INT,
                varied, r.ints(counts), r.ints(displacements), MPI_INT, root, r.world());
        if (r.rank == root) {
            int[] expected = new int[total];
            Arrays.fill(expected, -1);
            for (int s = 0; s < r.size; s++) {
                System.arraycopy(contributions(s, s + 1), 0, expected, displacements[s], s + 1);
            }
            assertThat(Rank.ints(varied)).containsExactly(expected);
        }
    }

    @Check
    static void scatterAndScattervDealOutTheRootsPieces(Rank r) {
        int root = r.size - 1;
        MemorySegment all = r.ints(IntStream.range(0, 3 * r.size).map(i -> 100 + i).toArray());
        MemorySegment piece = r.intsFilled(3, -1);
        Mpi.MPI_Scatter(all, 3, MPI_INT, piece, 3, MPI_INT, root, r.world());
        assertThat(Rank.ints(piece)).containsExactly(100 + 3 * r.rank, 101 + 3 * r.rank, 102 + 3 * r.rank);

        // Rank s gets s + 1 values starting at index 2s of the root's buffer (pieces overlap: allowed for sends).
        int[] counts = IntStream.range(0, r.size).map(s -> s + 1).toArray();
        int[] displacements = IntStream.range(0, r.size).map(s -> 2 * s).toArray();
        MemorySegment mine = r.intsFilled(r.rank + 1, -1);
        Mpi.MPI_Scatterv(all, r.ints(counts), r.ints(displacements), MPI_INT, mine, r.rank + 1, MPI_INT, root, r.world());
        assertThat(Rank.ints(mine)).containsExactly(IntStream.range(0, r.rank + 1).map(i -> 100 + 2 * r.rank + i).toArray());
    }

    @Check
    static void allgatherAndAllgathervCollectEveryPieceOnEveryRank(Rank r) {
        MemorySegment all = r.intsFilled(r.size, -1);
        Mpi.MPI_Allgather(r.ints(r.rank * 11), 1, MPI_INT, all, 1, MPI_INT, r.world());
        assertThat(Rank.ints(all)).containsExactly(IntStream.range(0, r.size).map(s -> 11 * s).toArray());

        int[] counts = IntStream.range(0, r.size).map(s -> s + 1).toArray();
        int[] displacements = IntStream.range(0, r.size).map(s -> Rank.triangle(s + 1)).toArray();
        MemorySegment varied = r.intsFilled(Rank.triangle(r.size + 1), -1);
        Mpi.MPI_Allgatherv(r.ints(contributions(r.rank, r.rank + 1)), r.rank + 1, MPI_INT,
                varied, r.ints(counts), r.ints(displacements), MPI_INT, r.world());
        assertThat(Rank.ints(varied)).containsExactly(
                IntStream.range(0, r.size).flatMap(s -> IntStream.of(contributions(s, s + 1))).toArray());
    }

    @Check
    static void alltoallAndAlltoallvDeliverEachPairItsOwnData(Rank r) {
        // Rank s sends 100 s + d to rank d.
        MemorySegment send = r.ints(IntStream.range(0, r.size).map(d -> 100 * r.rank + d).toArray());
        MemorySegment received = r.intsFilled(r.size, -1);
        Mpi.MPI_Alltoall(send, 1, MPI_INT, received, 1, MPI_INT, r.world());
        assertThat(Rank.ints(received)).containsExactly(IntStream.range(0, r.size).map(s -> 100 * s + r.rank).toArray());

        // Rank s sends d + 1 copies of 100 s + d to rank d, so each rank receives rank + 1 values from every rank.
        int[] sendCounts = IntStream.range(0, r.size).map(d -> d + 1).toArray();
        int[] sendDisplacements = IntStream.range(0, r.size).map(d -> Rank.triangle(d + 1)).toArray();
        int[] sendValues = IntStream.range(0, r.size).flatMap(d -> IntStream.range(0, d + 1).map(k -> 100 * r.rank + d)).toArray();
        int[] receiveCounts = IntStream.range(0, r.size).map(s -> r.rank + 1).toArray();
        int[] receiveDisplacements = IntStream.range(0, r.size).map(s -> s * (r.rank + 1)).toArray();
        MemorySegment varied = r.intsFilled(r.size * (r.rank + 1), -1);
        Mpi.MPI_Alltoallv(r.ints(sendValues), r.ints(sendCounts), r.ints(sendDisplacements), MPI_INT,
                varied, r.ints(receiveCounts), r.ints(receiveDisplacements), MPI_INT, r.world());
        assertThat(Rank.ints(varied)).containsExactly(
                IntStream.range(0, r.size).flatMap(s -> IntStream.range(0, r.rank + 1).map(k -> 100 * s + r.rank)).toArray());
    }

    @Check
    static void reduceScatterAndReduceScatterBlockLeaveEachRankItsBlockOfTheSum(Rank r) {
        int[] counts = IntStream.range(0, r.size).map(s -> s + 1).toArray();
        int total = Rank.triangle(r.size + 1);
        int[] sums = sums(r.size, total);
        MemorySegment block = r.intsFilled(r.rank + 1, -1);
        Mpi.MPI_Reduce_scatter(r.ints(contributions(r.rank, total)), block, r.ints(counts), MPI_INT, MPI_SUM, r.world());
        int start = Rank.triangle(r.rank + 1);
        assertThat(Rank.ints(block)).containsExactly(Arrays.copyOfRange(sums, start, start + r.rank + 1));

        MemorySegment fixed = r.intsFilled(2, -1);
        Mpi.MPI_Reduce_scatter_block(r.ints(contributions(r.rank, 2 * r.size)), fixed, 2, MPI_INT, MPI_SUM, r.world());
        int[] blockSums = sums(r.size, 2 * r.size);
        assertThat(Rank.ints(fixed)).containsExactly(blockSums[2 * r.rank], blockSums[2 * r.rank + 1]);
    }

    @Check
    static void scanAndExscanComputeInclusiveAndExclusivePrefixSums(Rank r) {
        MemorySegment inclusive = r.intsFilled(1, -1);
        Mpi.MPI_Scan(r.ints(r.rank + 1), inclusive, 1, MPI_INT, MPI_SUM, r.world());
        assertThat(Rank.ints(inclusive)).containsExactly(Rank.triangle(r.rank + 2));

        MemorySegment exclusive = r.intsFilled(1, -1);
        Mpi.MPI_Exscan(r.ints(r.rank + 1), exclusive, 1, MPI_INT, MPI_SUM, r.world());
        if (r.rank > 0) {   // undefined on rank 0
            assertThat(Rank.ints(exclusive)).containsExactly(Rank.triangle(r.rank + 1));
        }
    }

    // --- user-defined reductions: Java code called by MPI through an upcall stub ---

    /** A 2x2 matrix of longs, row-major: the rank's contribution to a product that depends on the order. */
    private static long[] matrix(int rank) {
        return new long[] {1, rank + 1, rank, 1};   // products of these depend on the order
    }

    private static long[] multiply(long[] a, long[] b) {
        return new long[] {
            a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
    }

    /** The product of the matrices of ranks {@code 0..last}, in rank order. */
    private static long[] product(int last) {
        long[] product = matrix(0);
        for (int s = 1; s <= last; s++) {
            product = multiply(product, matrix(s));
        }
        return product;
    }

    /** {@code inout[i] = in[i] x inout[i]} for every matrix; records which datatypes MPI passed. */
    private static MPI_User_function matrixProduct(MPI_Datatype expectedType, List<String> problems) {
        return (in, inout, len, datatype) -> {
            int count = len.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0);
            MPI_Datatype type = MPI_Datatype.read(datatype.reinterpret(MPI_Datatype.LAYOUT.byteSize()));
            if (!type.equals(expectedType)) {
                problems.add("the callback got datatype " + type + ", not " + expectedType);
            }
            MemorySegment left = in.reinterpret(count * 4 * JAVA_LONG.byteSize());
            MemorySegment right = inout.reinterpret(count * 4 * JAVA_LONG.byteSize());
            for (int m = 0; m < count; m++) {
                long[] a = left.asSlice(m * 32L, 32).toArray(JAVA_LONG);
                long[] b = right.asSlice(m * 32L, 32).toArray(JAVA_LONG);
                MemorySegment.copy(multiply(a, b), 0, right, JAVA_LONG, m * 32L, 4);
            }
        };
    }

    @Check
    static void userDefinedOperationRunsJavaCodeInRankOrder(Rank r) {
        MPI_Datatype matrixType = r.datatypeOut(p -> Mpi.MPI_Type_contiguous(4, Mpi.MPI_LONG_LONG, p));
        Mpi.MPI_Type_commit(r.datatypeCell(matrixType));
        List<String> problems = new ArrayList<>();
        MemorySegment function = MPI_User_function.allocate(matrixProduct(matrixType, problems), r.arena);
        MPI_Op op = r.opOut(p -> Mpi.MPI_Op_create(function, 0, p));   // not commutative

        MemorySegment mine = r.longs(matrix(r.rank));
        MemorySegment result = r.longs(0, 0, 0, 0);
        Mpi.MPI_Allreduce(mine, result, 1, matrixType, op, r.world());
        assertThat(Rank.longs(result)).as("allreduce").containsExactly(product(r.size - 1));

        MemorySegment atRoot = r.longs(0, 0, 0, 0);
        Mpi.MPI_Reduce(mine, atRoot, 1, matrixType, op, 0, r.world());
        if (r.rank == 0) {
            assertThat(Rank.longs(atRoot)).as("reduce").containsExactly(product(r.size - 1));
        }
        MemorySegment prefix = r.longs(0, 0, 0, 0);
        Mpi.MPI_Scan(mine, prefix, 1, matrixType, op, r.world());
        assertThat(Rank.longs(prefix)).as("scan").containsExactly(product(r.rank));

        MemorySegment local = r.longs(matrix(1));
        Mpi.MPI_Reduce_local(r.longs(matrix(0)), local, 1, matrixType, op);
        assertThat(Rank.longs(local)).as("reduce_local").containsExactly(multiply(matrix(0), matrix(1)));
        assertThat(problems).isEmpty();
        assertThat(r.intOut(p -> Mpi.MPI_Op_commutative(op, p))).isZero();

        MemorySegment opCell = r.opCell(op);
        Mpi.MPI_Op_free(opCell);
        assertThat(MPI_Op.read(opCell)).isEqualTo(Mpi.MPI_OP_NULL);
        Mpi.MPI_Type_free(r.datatypeCell(matrixType));
    }

    /** A reduction that fails in Java; counts how often MPI called it. */
    private static final class FailingOperation implements MPI_User_function {
        int calls;

        @Override
        public void apply(MemorySegment in, MemorySegment inout, MemorySegment len, MemorySegment datatype) {
            calls++;
            throw new IllegalStateException("the reduction failed in Java");
        }
    }

    @Check
    static void exceptionThrownByAUserOperationSurfacesFromTheMpiCall(Rank r) {
        FailingOperation failing = new FailingOperation();
        MPI_Op op = r.opOut(p -> Mpi.MPI_Op_create(MPI_User_function.allocate(failing, r.arena), 1, p));

        assertThatThrownBy(() -> Mpi.MPI_Reduce_local(r.ints(1), r.ints(2), 1, MPI_INT, op))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the reduction failed in Java");
        assertThat(failing.calls).isEqualTo(1);

        // In a collective, only the ranks where MPI ran the operation can see the failure: exactly those must.
        failing.calls = 0;
        boolean surfaced;
        try {
            Mpi.MPI_Allreduce(r.ints(1), r.intsFilled(1, 0), 1, MPI_INT, op, r.world());
            surfaced = false;
        } catch (IllegalStateException e) {
            surfaced = true;
        }
        assertThat(surfaced).as("the exception surfaced (MPI called the operation %d times)", failing.calls)
                .isEqualTo(failing.calls > 0);
        MemorySegment anyCalls = r.intsFilled(1, 0);
        Mpi.MPI_Allreduce(r.ints(failing.calls), anyCalls, 1, MPI_INT, Mpi.MPI_SUM, r.world());
        assertThat(Rank.ints(anyCalls)[0]).as("calls on all ranks").isPositive();

        // Nothing is left pending: the next calls succeed.
        Mpi.MPI_Barrier(r.world());
        Mpi.MPI_Op_free(r.opCell(op));
    }

    @Check
    static void criticalReductionsRefuseAJavaOperationInsteadOfCrashingTheJvm(Rank r) {
        // A critical downcall cannot take an upcall: the JVM would stop with "wrong thread state for upcall".
        MPI_Op op = r.opOut(p -> Mpi.MPI_Op_create(MPI_User_function.allocate((in, inout, len, type) -> { }, r.arena), 1, p));
        int[] in = {1};
        int[] inout = {2};
        assertThatThrownBy(() -> MpiCritical.MPI_Reduce_local(MemorySegment.ofArray(in), MemorySegment.ofArray(inout), 1,
                MPI_INT, op))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("user-defined operation");
        assertThatThrownBy(() -> MpiCritical.MPI_Allreduce(MemorySegment.ofArray(in), MemorySegment.ofArray(inout), 1,
                MPI_INT, op, r.world()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Mpi.MPI_Allreduce");
        MpiCritical.MPI_Reduce_local(MemorySegment.ofArray(in), MemorySegment.ofArray(inout), 1, MPI_INT, Mpi.MPI_SUM);
        assertThat(inout).containsExactly(3);
        Mpi.MPI_Op_free(r.opCell(op));
    }

    // --- MPI-4 large counts ---

    /**
     * The {@code _c} functions of MPI 4 take {@code MPI_Count} (a Java {@code long}). Every binding has them; Open MPI
     * 4.1 and 5.0 do not, and there the call says so (which is how a program that runs everywhere finds out).
     */
    @Check
    static void largeCountFunctionsTakeMpiCountAsLong(Rank r) {
        MemorySegment sum = r.intsFilled(3, -1);
        try {
            Mpi.MPI_Allreduce_c(r.ints(contributions(r.rank, 3)), sum, 3L, MPI_INT, MPI_SUM, r.world());
        } catch (UnsupportedOperationException e) {
            assertThat(e).hasMessageStartingWith("MPI_Allreduce_c is not provided by the MPI library " + Mpi.LIB.libraryPath());
            throw r.skip("no MPI-4 large-count functions (" + e.getMessage() + ")");
        }
        assertThat(Rank.ints(sum)).containsExactly(sums(r.size, 3));

        MemorySegment received = r.intsFilled(4, -1);
        MemorySegment status = r.status();
        Mpi.MPI_Sendrecv_c(r.ints(contributions(r.rank, 2)), 2L, MPI_INT, r.right(), 3, received, 4L, MPI_INT,
                r.left(), 3, r.world(), status);
        assertThat(Rank.ints(received)).containsExactly(contribution(r.left(), 0), contribution(r.left(), 1), -1, -1);
        assertThat(r.longOut(p -> Mpi.MPI_Get_count_c(status, MPI_INT, p))).as("MPI_Get_count_c").isEqualTo(2L);
    }

    // --- nonblocking collectives ---

    /** Calls {@code MPI_Test} on the request until it completes. */
    private static void testUntilComplete(Rank r, MemorySegment request) {
        while (!r.flagOut(flag -> Mpi.MPI_Test(request, flag, MPI_STATUS_IGNORE))) {
            Thread.onSpinWait();
        }
        assertThat(MPI_Request.read(request)).isEqualTo(Mpi.MPI_REQUEST_NULL);
    }

    private static void nonblocking(Rank r, Consumer<MemorySegment> start) {
        MemorySegment request = r.requests(1);
        start.accept(request);
        testUntilComplete(r, request);
    }

    @Check
    static void nonblockingCollectivesCompleteInTestLoops(Rank r) {
        int root = r.size - 1;
        MemorySegment broadcast = r.rank == root ? r.ints(4, 5, 6) : r.intsFilled(3, 0);
        nonblocking(r, request -> Mpi.MPI_Ibcast(broadcast, 3, MPI_INT, root, r.world(), request));
        assertThat(Rank.ints(broadcast)).containsExactly(4, 5, 6);

        MemorySegment sum = r.intsFilled(3, -1);
        nonblocking(r, request -> Mpi.MPI_Iallreduce(r.ints(contributions(r.rank, 3)), sum, 3, MPI_INT, MPI_SUM, r.world(), request));
        assertThat(Rank.ints(sum)).containsExactly(sums(r.size, 3));

        MemorySegment inPlace = r.ints(contributions(r.rank, 2));
        nonblocking(r, request -> Mpi.MPI_Iallreduce(MPI_IN_PLACE, inPlace, 2, MPI_INT, MPI_SUM, r.world(), request));
        assertThat(Rank.ints(inPlace)).containsExactly(sums(r.size, 2));

        nonblocking(r, request -> Mpi.MPI_Ibarrier(r.world(), request));

        MemorySegment gathered = r.intsFilled(r.size, -1);
        MemorySegment request = r.requests(1);
        Mpi.MPI_Iallgather(r.ints(r.rank), 1, MPI_INT, gathered, 1, MPI_INT, r.world(), request);
        Mpi.MPI_Wait(request, MPI_STATUS_IGNORE);
        assertThat(Rank.ints(gathered)).containsExactly(IntStream.range(0, r.size).toArray());
    }
}
