package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.count;
import static org.mpi4all.Param.inPlace;
import static org.mpi4all.Param.recvBuf;
import static org.mpi4all.Param.recvCounts;
import static org.mpi4all.Param.recvCountsOut;
import static org.mpi4all.Param.recvDispls;
import static org.mpi4all.Param.recvDisplsOut;
import static org.mpi4all.Param.root;
import static org.mpi4all.Param.sendCounts;
import static org.mpi4all.Param.sendDispls;
import static org.mpi4all.Param.type;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRunResult;

/** Every blocking collective, with results computed from rank and size so they hold at any rank count. */
class CollectiveTest {

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.section("broadcast", () -> broadcast(checks));
                checks.section("reductions", () -> reductions(checks));
                checks.section("fixedBlocks", () -> fixedBlocks(checks));
                checks.section("varyingBlocks", () -> varyingBlocks(checks));
                checks.section("misuse", () -> misuse(checks));
            });
        }

        static void broadcast(Checks checks) {
            world.barrier();
            for (int root : new int[] {0, size - 1}) {
                int[] ints = rank == root ? new int[] {7, 8, 9} : new int[3];
                checks.equal("bcastInt.root" + root, new int[] {7, 8, 9}, world.bcast(ints, root(root)));
            }
            checks.equal("bcastBoolean", new boolean[] {true, false, true},
                    world.bcast(rank == 0 ? new boolean[] {true, false, true} : new boolean[3]));
            char[] chars = rank == 1 ? "mpi4all".toCharArray() : new char[7];
            checks.equal("bcastChar", "mpi4all", new String(world.bcast(chars, root(1))));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment segment = arena.allocate(JAVA_DOUBLE, 4);
                if (rank == 0) {
                    segment.copyFrom(MemorySegment.ofArray(new double[] {1.5, 2.5, 3.5, 4.5}));
                }
                world.bcast(segment, type(Datatype.DOUBLE));
                checks.equal("bcastSegment", new double[] {1.5, 2.5, 3.5, 4.5}, segment.toArray(JAVA_DOUBLE));
            }
            long[] part = rank == 0 ? new long[] {0, 0, 5, 6, 0} : new long[5];
            world.bcast(part, Param.offset(2), count(2));
            checks.equal("bcastPart", new long[] {0, 0, 5, 6, 0}, part);
        }

        static void reductions(Checks checks) {
            int n = 5;
            // rank r contributes r*10 + i at index i
            int sumOfRanks = size * (size - 1) / 2;
            int[] expectedSum = IntStream.range(0, n).map(i -> sumOfRanks * 10 + size * i).toArray();
            checks.equal("allreduceByte", toBytes(expectedSum), world.allreduce(toBytes(contribution(n)), Op.SUM));
            checks.equal("allreduceShort", toShorts(expectedSum), world.allreduce(toShorts(contribution(n)), Op.SUM));
            checks.equal("allreduceInt", expectedSum, world.allreduce(contribution(n), Op.SUM));
            checks.equal("allreduceLong", Arrays.stream(expectedSum).asLongStream().toArray(),
                    world.allreduce(Arrays.stream(contribution(n)).asLongStream().toArray(), Op.SUM));
            checks.equal("allreduceFloat", toFloats(expectedSum), world.allreduce(toFloats(contribution(n)), Op.SUM));
            checks.equal("allreduceDouble", Arrays.stream(expectedSum).asDoubleStream().toArray(),
                    world.allreduce(Arrays.stream(contribution(n)).asDoubleStream().toArray(), Op.SUM));
            checks.equal("allreduceMax", (size - 1) * 10 + 4, world.allreduce(contribution(n), Op.MAX)[4]);
            checks.equal("allreduceMin", 0, world.allreduce(contribution(n), Op.MIN)[0]);
            checks.equal("allreduceProdLong", factorial(size), world.allreduce((long) rank + 1, Op.PROD));
            checks.equal("allreduceBand", 0, world.allreduce(1 << rank, Op.BAND) & (size > 1 ? ~0 : 0));
            checks.equal("allreduceBor", (1 << size) - 1, world.allreduce(1 << rank, Op.BOR));
            checks.equal("allreduceLand", false, world.allreduce(rank != 0, Op.LAND));
            checks.equal("allreduceLor", size > 1, world.allreduce(rank == 1, Op.LOR));
            checks.equal("allreduceScalarDouble", sumOfRanks * 0.5, world.allreduce(rank * 0.5, Op.SUM));

            int[] into = new int[n];
            checks.that("allreduceRecvBufIsReturned", world.allreduce(contribution(n), Op.SUM, recvBuf(into)) == into,
                    "another array was returned");
            checks.equal("allreduceRecvBuf", expectedSum, into);
            int[] inPlace = contribution(n);
            world.allreduce(inPlace, Op.SUM, inPlace());
            checks.equal("allreduceInPlace", expectedSum, inPlace);
            LongBuffer direct = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder()).asLongBuffer();
            for (int v : contribution(n)) {
                direct.put(v);
            }
            direct.flip();
            LongBuffer reducedBuffer = world.allreduce(direct, Op.SUM);
            checks.equal("allreduceDirectBuffer", List.of(true, (long) expectedSum[3]),
                    List.of(reducedBuffer.isDirect(), reducedBuffer.get(3)));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment segment = arena.allocateFrom(JAVA_DOUBLE,
                        Arrays.stream(contribution(n)).asDoubleStream().toArray());
                MemorySegment reduced = world.allreduce(segment, Op.SUM, type(Datatype.DOUBLE));
                checks.equal("allreduceSegment", Arrays.stream(expectedSum).asDoubleStream().toArray(),
                        reduced.toArray(JAVA_DOUBLE));
            }

            int root = size - 1;
            segmentsIntoRecvBuf(checks, n, expectedSum, root);
            arraysIntoRecvBuf(checks, n, expectedSum, root);
            int[] reduced = world.reduce(contribution(n), Op.SUM, root(root));
            checks.equal("reduce", rank == root ? expectedSum : new int[0], reduced);
            int[] atRoot = contribution(n);
            world.reduce(atRoot, Op.SUM, root(root), inPlace());
            checks.equal("reduceInPlace", rank == root ? expectedSum : contribution(n), atRoot);

            reduceScatter(checks);
            int[] scanned = world.scan(new int[] {rank + 1}, Op.SUM);
            checks.equal("scan", (rank + 1) * (rank + 2) / 2, scanned[0]);
            int[] exscanned = world.exscan(new int[] {rank + 1}, Op.SUM);
            if (rank > 0) {
                checks.equal("exscan", rank * (rank + 1) / 2, exscanned[0]);
            } else {
                checks.equal("exscan", 1, exscanned.length);
            }
        }

        /** Element i of rank r's contribution is r*10 + i: the sum over ranks at i is sumOfRanks*10 + size*i. */
        private static void reduceScatter(Checks checks) {
            int sumOfRanks = size * (size - 1) / 2;
            IntUnaryOperator sumAt = i -> sumOfRanks * 10 + size * i;
            checks.equal("reduceScatterBlock", new int[] {sumAt.applyAsInt(2 * rank), sumAt.applyAsInt(2 * rank + 1)},
                    world.reduceScatter(contribution(2 * size), Op.SUM));

            int[] counts = IntStream.rangeClosed(1, size).toArray();   // rank r gets r + 1 elements
            int from = rank * (rank + 1) / 2;
            int[] mine = IntStream.range(from, from + rank + 1).map(sumAt).toArray();
            checks.equal("reduceScatterCounts", mine,
                    world.reduceScatter(contribution(size * (size + 1) / 2), Op.SUM, recvCounts(counts)));

            try (Arena arena = Arena.ofConfined()) {
                MemorySegment into = arena.allocate(JAVA_LONG, rank + 1);
                MemorySegment got = world.reduceScatter(
                        arena.allocateFrom(JAVA_LONG, Arrays.stream(contribution(size * (size + 1) / 2)).asLongStream().toArray()),
                        Op.SUM, recvCounts(counts), recvBuf(into), type(Datatype.LONG));
                checks.that("reduceScatterSegmentRecvBuf",
                        got == into && Arrays.equals(Arrays.stream(mine).asLongStream().toArray(), into.toArray(JAVA_LONG)),
                        "not the recvBuf, or " + Arrays.toString(into.toArray(JAVA_LONG)));
            }
        }

        /** Native segments into a given recvBuf: the reductions' short path, which skips the call bookkeeping. */
        private static void segmentsIntoRecvBuf(Checks checks, int n, int[] expectedSum, int root) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment mine = arena.allocateFrom(JAVA_DOUBLE, Arrays.stream(contribution(n)).asDoubleStream().toArray());
                MemorySegment sum = arena.allocate(JAVA_DOUBLE, n);
                checks.that("allreduceSegmentRecvBufIsReturned",
                        world.allreduce(mine, Op.SUM, recvBuf(sum), type(Datatype.DOUBLE)) == sum, "another segment was returned");
                checks.equal("allreduceSegmentRecvBuf", Arrays.stream(expectedSum).asDoubleStream().toArray(),
                        sum.toArray(JAVA_DOUBLE));

                MemorySegment ones = arena.allocate(3).fill((byte) 1);
                MemorySegment byteSum = arena.allocate(3);
                world.allreduce(ones, Op.SUM, recvBuf(byteSum));
                checks.equal("allreduceSegmentOfBytes", new byte[] {(byte) size, (byte) size, (byte) size},
                        byteSum.toArray(JAVA_BYTE));

                MemorySegment atRoot = arena.allocate(JAVA_INT, n).fill((byte) -1);
                world.reduce(arena.allocateFrom(JAVA_INT, contribution(n)), Op.SUM, root(root), recvBuf(atRoot),
                        type(Datatype.INT));
                int[] untouched = new int[n];
                Arrays.fill(untouched, -1);
                checks.equal("reduceSegmentRecvBuf", rank == root ? expectedSum : untouched, atRoot.toArray(JAVA_INT));

                MemorySegment scanned = arena.allocate(JAVA_LONG);
                world.scan(arena.allocateFrom(JAVA_LONG, rank + 1L), Op.SUM, recvBuf(scanned), type(Datatype.LONG));
                checks.equal("scanSegmentRecvBuf", (rank + 1L) * (rank + 2) / 2, scanned.get(JAVA_LONG, 0));
                MemorySegment exscanned = arena.allocate(JAVA_LONG);
                world.exscan(arena.allocateFrom(JAVA_LONG, rank + 1L), Op.MAX, recvBuf(exscanned), type(Datatype.LONG));
                checks.equal("exscanSegmentRecvBuf", rank > 0 ? (long) rank : 0L, rank > 0 ? exscanned.get(JAVA_LONG, 0) : 0L);
            }
        }

        /**
         * Heap arrays into a given recvBuf of the same class: the reductions' short path where heap arrays go to MPI in
         * place (the long way under -Dmpi4all.heapAccess=copy); a recvBuf longer than the data keeps its tail.
         */
        private static void arraysIntoRecvBuf(Checks checks, int n, int[] expectedSum, int root) {
            int[] longer = new int[n + 2];
            Arrays.fill(longer, -1);
            world.allreduce(contribution(n), Op.SUM, recvBuf(longer));
            checks.equal("allreduceArrayLongerRecvBuf", IntStream.concat(Arrays.stream(expectedSum), IntStream.of(-1, -1))
                    .toArray(), longer);

            int[] atRoot = new int[n];
            Arrays.fill(atRoot, -1);
            checks.that("reduceArrayRecvBufIsReturned",
                    world.reduce(contribution(n), Op.SUM, root(root), recvBuf(atRoot)) == atRoot, "another array was returned");
            int[] untouched = new int[n];
            Arrays.fill(untouched, -1);
            checks.equal("reduceArrayRecvBuf", rank == root ? expectedSum : untouched, atRoot);

            long[] scanned = new long[1];
            world.scan(new long[] {rank + 1L}, Op.SUM, recvBuf(scanned));
            checks.equal("scanArrayRecvBuf", (rank + 1L) * (rank + 2) / 2, scanned[0]);
            long[] exscanned = {-1};
            world.exscan(new long[] {rank + 1L}, Op.MAX, recvBuf(exscanned));
            checks.equal("exscanArrayRecvBuf", rank > 0 ? (long) rank : -1L, rank > 0 ? exscanned[0] : -1L);

            // the same arrays again with new values (their views are kept: HeapViews), and a new recvBuf in between
            double[] mine = new double[4];
            double[] total = new double[4];
            boolean summed = true;
            for (int round = 0; round < 4; round++) {
                Arrays.fill(mine, rank + round);
                world.allreduce(mine, Op.SUM, recvBuf(total));
                double expected = size * (size - 1) / 2.0 + size * round;
                summed &= Arrays.stream(total).allMatch(sum -> sum == expected)
                        && world.allreduce(mine, Op.SUM, recvBuf(new double[4]))[3] == expected;
            }
            checks.that("allreduceArraysReused", summed, "a sum was not of the values the arrays held then");
        }

        static void fixedBlocks(Checks checks) {
            int root = size / 2;
            int[] gathered = world.gather(new int[] {rank, rank * rank}, root(root));
            int[] expected = IntStream.range(0, size).flatMap(r -> IntStream.of(r, r * r)).toArray();
            checks.equal("gather", rank == root ? expected : new int[0], gathered);

            checks.equal("allgather", expected, world.allgather(new int[] {rank, rank * rank}));
            int[] whole = new int[2 * size];
            whole[2 * rank] = rank;
            whole[2 * rank + 1] = rank * rank;
            world.allgather(whole, inPlace());
            checks.equal("allgatherInPlace", expected, whole);
            double[] allgatheredDoubles = world.allgather(new double[] {rank / 2.0});
            checks.equal("allgatherDouble", IntStream.range(0, size).mapToDouble(r -> r / 2.0).toArray(), allgatheredDoubles);

            long[] deal = rank == root ? longRange(3 * size) : new long[0];
            checks.equal("scatter", new long[] {3L * rank, 3L * rank + 1, 3L * rank + 2}, world.scatter(deal, root(root)));
            checks.equal("scatterWithCount", new long[] {3L * rank, 3L * rank + 1, 3L * rank + 2},
                    world.scatter(deal, root(root), count(3)));

            // block j of rank r holds r*100 + j: after the exchange block j holds j*100 + r
            int[] personal = IntStream.range(0, size).map(j -> rank * 100 + j).toArray();
            checks.equal("alltoall", IntStream.range(0, size).map(j -> j * 100 + rank).toArray(), world.alltoall(personal));
            world.alltoall(personal, inPlace());
            checks.equal("alltoallInPlace", IntStream.range(0, size).map(j -> j * 100 + rank).toArray(), personal);
        }

        static void varyingBlocks(Checks checks) {
            // rank r contributes r+1 copies of r
            int[] mine = new int[rank + 1];
            Arrays.fill(mine, rank);
            int[] expected = IntStream.range(0, size).flatMap(r -> IntStream.generate(() -> r).limit(r + 1)).toArray();
            int[] counts = IntStream.range(0, size).map(r -> r + 1).toArray();
            int[] displs = IntStream.range(0, size).map(r -> r * (r + 1) / 2).toArray();
            checks.equal("allgatherv", expected, world.allgatherv(mine));
            int[] countsOut = new int[size];
            int[] displsOut = new int[size];
            world.allgatherv(mine, recvCountsOut(countsOut), recvDisplsOut(displsOut));
            checks.equal("allgathervCountsOut", counts, countsOut);
            checks.equal("allgathervDisplsOut", displs, displsOut);
            // given counts and gapped displacements: block r at 10*r
            int[] gapped = IntStream.range(0, size).map(r -> 10 * r).toArray();
            int[] spread = world.allgatherv(mine, recvCounts(counts), recvDispls(gapped));
            checks.equal("allgathervGapped", List.of(10 * (size - 1) + size, size - 1, 0),
                    List.of(spread.length, spread[10 * (size - 1)], spread[1]));
            int root = size - 1;
            checks.equal("gatherv", rank == root ? expected : new int[0], world.gatherv(mine, root(root)));

            int[] total = IntStream.range(0, size).flatMap(r -> IntStream.generate(() -> r * 7).limit(r + 1)).toArray();
            int[] dealt = world.scatterv(rank == 0 ? total : new int[0], sendCounts(counts));
            int[] own = new int[rank + 1];
            Arrays.fill(own, rank * 7);
            checks.equal("scatterv", own, dealt);
            checks.equal("scattervWithCount", own, world.scatterv(rank == 0 ? total : new int[0], sendCounts(counts),
                    count(rank + 1)));
            int[] reversed = world.scatterv(rank == 0 ? total : new int[0], sendCounts(counts), sendDispls(displs));
            checks.equal("scattervDispls", own, reversed);

            // rank r sends j+1 copies of (r*10+j) to rank j: rank j gets j+1 elements from each rank
            int[] sendCounts = IntStream.range(0, size).map(j -> j + 1).toArray();
            int[] send = IntStream.range(0, size).flatMap(j -> IntStream.generate(() -> rank * 10 + j).limit(j + 1)).toArray();
            int[] expectedAll = IntStream.range(0, size).flatMap(r -> IntStream.generate(() -> r * 10 + rank).limit(rank + 1)).toArray();
            int[] recvCountsSeen = new int[size];
            checks.equal("alltoallv", expectedAll, world.alltoallv(send, sendCounts(sendCounts), recvCountsOut(recvCountsSeen)));
            int[] expectedCounts = new int[size];
            Arrays.fill(expectedCounts, rank + 1);
            checks.equal("alltoallvRecvCounts", expectedCounts, recvCountsSeen);
            checks.equal("alltoallvGivenCounts", expectedAll, world.alltoallv(send, sendCounts(sendCounts),
                    recvCounts(expectedCounts)));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment segment = arena.allocateFrom(JAVA_LONG, Arrays.stream(send).asLongStream().toArray());
                MemorySegment got = world.alltoallv(segment, sendCounts(sendCounts), type(Datatype.LONG));
                checks.equal("alltoallvSegment", Arrays.stream(expectedAll).asLongStream().toArray(), got.toArray(JAVA_LONG));
            }
        }

        static void misuse(Checks checks) {
            checks.throwsWith("sumOnBoolean", IllegalArgumentException.class, "allreduce: SUM does not apply to boolean",
                    () -> world.allreduce(new boolean[2], Op.SUM));
            checks.throwsWith("bandOnDouble", IllegalArgumentException.class, "allreduce: BAND does not apply to double",
                    () -> world.allreduce(new double[2], Op.BAND));
            checks.throwsWith("recvBufOfOtherKind", IllegalArgumentException.class,
                    "allreduce: recvBuf is double[2], not the kind of buffer sent, int[2]",
                    () -> world.allreduce(new int[2], Op.SUM, recvBuf(new double[2])));
            checks.throwsWith("recvBufTooSmall", IllegalArgumentException.class,
                    "allreduce: count 4 exceeds the 2 elements of int[2]",
                    () -> world.allreduce(new int[4], Op.SUM, recvBuf(new int[2])));
            checks.throwsWith("inPlaceAndRecvBuf", IllegalArgumentException.class, "inPlace and recvBuf exclude each other",
                    () -> world.allreduce(new int[2], Op.SUM, inPlace(), recvBuf(new int[2])));
            checks.throwsWith("alltoallNotDivisible", IllegalArgumentException.class,
                    "alltoall: " + (size + 1) + " elements do not divide into " + size + " equal blocks",
                    () -> world.alltoall(new int[size + 1]));
            checks.throwsWith("alltoallvWithoutCounts", IllegalArgumentException.class, "alltoallv: sendCounts is required",
                    () -> world.alltoallv(new int[size]));
            checks.throwsWith("sendCountsWrongLength", IllegalArgumentException.class,
                    "alltoallv: sendCounts has 1 entries for " + size + " processes",
                    () -> world.alltoallv(new int[size], sendCounts(1)));
            checks.throwsWith("negativeCount", IllegalArgumentException.class, "alltoallv: sendCounts[0] < 0: -1",
                    () -> world.alltoallv(new int[size], sendCounts(negativeFirst())));
            checks.throwsWith("countsBeyondBuffer", IllegalArgumentException.class,
                    "alltoallv: the send blocks need " + 2 * size + " elements but int[" + size + "] holds " + size,
                    () -> world.alltoallv(new int[size], sendCounts(counts(2))));
            if (rank == 0) {
                checks.throwsWith("scattervWithoutCounts", IllegalArgumentException.class,
                        "scatterv: sendCounts is required at the root", () -> world.scatterv(new int[4]));
            } else {
                checks.that("scattervWithoutCounts", true, "");
            }
            checks.throwsWith("reduceScatterNotDivisible", IllegalArgumentException.class,
                    "reduceScatter: " + (size + 1) + " elements do not divide into " + size + " equal blocks",
                    () -> world.reduceScatter(new int[size + 1], Op.SUM));
            checks.throwsWith("reduceScatterCountsSum", IllegalArgumentException.class,
                    "reduceScatter: recvCounts add up to " + size + " elements, but int[" + (size + 1) + "] holds "
                            + (size + 1),
                    () -> world.reduceScatter(new int[size + 1], Op.SUM, recvCounts(counts(1))));
            checks.throwsWith("segmentRecvBufReadOnly", IllegalArgumentException.class,
                    "allreduce: cannot receive into a MemorySegment of 16 bytes, which is read-only",
                    () -> allreduceDoubles(16, Op.SUM, Arena.ofAuto().allocate(16).asReadOnly()));
            checks.throwsWith("segmentRecvBufTooSmall", IllegalArgumentException.class,
                    "allreduce: count 4 exceeds the 2 elements of a MemorySegment of 16 bytes",
                    () -> allreduceDoubles(32, Op.SUM, Arena.ofAuto().allocate(16)));
            checks.throwsWith("segmentNotWholeElements", IllegalArgumentException.class,
                    "allreduce: a segment of 12 bytes is not a whole number of double (8 bytes)",
                    () -> allreduceDoubles(12, Op.SUM, Arena.ofAuto().allocate(16)));
            checks.throwsWith("bandOnDoubleSegment", IllegalArgumentException.class,
                    "allreduce: BAND does not apply to double",
                    () -> allreduceDoubles(16, Op.BAND, Arena.ofAuto().allocate(16)));
            checks.throwsWith("segmentRecvBufOfOtherKind", IllegalArgumentException.class,
                    "allreduce: recvBuf is double[2], not the kind of buffer sent, a MemorySegment of 16 bytes",
                    () -> allreduceDoubles(16, Op.SUM, new double[2]));
            MemorySegment freed = Checks.freedSegment(16);
            checks.throwsWith("freedSegmentSent", IllegalStateException.class,
                    "argument sendbuf is a segment whose arena is closed",
                    () -> world.allreduce(freed, Op.SUM, recvBuf(Arena.ofAuto().allocate(16)), type(Datatype.DOUBLE)));
            checks.throwsWith("freedSegmentRecvBuf", IllegalStateException.class,
                    "argument recvbuf is a segment whose arena is closed",
                    () -> allreduceDoubles(16, Op.SUM, freed));
            checks.throwsWith("rootOnAllreduce", IllegalArgumentException.class, "allreduce: does not accept root",
                    () -> world.allreduce(new int[1], Op.SUM, root(0)));
        }

        /** An allreduce of the doubles in a native segment of {@code bytes} bytes into {@code recvBuf}. */
        private static void allreduceDoubles(long bytes, Op op, Object recvBuf) {
            world.allreduce(Arena.ofAuto().allocate(bytes), op, recvBuf(recvBuf), type(Datatype.DOUBLE));
        }

        private static int[] contribution(int n) {
            return IntStream.range(0, n).map(i -> rank * 10 + i).toArray();
        }

        private static int[] negativeFirst() {
            int[] counts = new int[size];
            counts[0] = -1;
            return counts;
        }

        /** {@code each}, once per process. */
        private static int[] counts(int each) {
            int[] counts = new int[size];
            Arrays.fill(counts, each);
            return counts;
        }

        private static long[] longRange(int n) {
            return java.util.stream.LongStream.range(0, n).toArray();
        }

        private static long factorial(int n) {
            return n <= 1 ? 1 : n * factorial(n - 1);
        }

        private static byte[] toBytes(int[] values) {
            byte[] a = new byte[values.length];
            for (int i = 0; i < a.length; i++) {
                a[i] = (byte) values[i];
            }
            return a;
        }

        private static short[] toShorts(int[] values) {
            short[] a = new short[values.length];
            for (int i = 0; i < a.length; i++) {
                a[i] = (short) values[i];
            }
            return a;
        }

        private static float[] toFloats(int[] values) {
            float[] a = new float[values.length];
            for (int i = 0; i < a.length; i++) {
                a[i] = values[i];
            }
            return a;
        }
    }

    private static final String[] CHECKS = {"bcastInt.root0", "bcastBoolean", "bcastChar", "bcastSegment", "bcastPart",
        "allreduceByte", "allreduceShort", "allreduceInt", "allreduceLong", "allreduceFloat", "allreduceDouble",
        "allreduceMax", "allreduceMin", "allreduceProdLong", "allreduceBand", "allreduceBor", "allreduceLand",
        "allreduceLor", "allreduceScalarDouble", "allreduceRecvBufIsReturned", "allreduceRecvBuf", "allreduceInPlace",
        "allreduceDirectBuffer", "allreduceSegment", "allreduceSegmentRecvBufIsReturned", "allreduceSegmentRecvBuf",
        "allreduceSegmentOfBytes", "reduceSegmentRecvBuf", "scanSegmentRecvBuf", "exscanSegmentRecvBuf",
        "allreduceArrayLongerRecvBuf", "reduceArrayRecvBufIsReturned", "reduceArrayRecvBuf", "scanArrayRecvBuf",
        "exscanArrayRecvBuf", "allreduceArraysReused", "reduceScatterBlock",
        "reduceScatterCounts", "reduceScatterSegmentRecvBuf", "reduce", "reduceInPlace", "scan", "exscan", "gather", "allgather",
        "allgatherInPlace", "allgatherDouble", "scatter", "scatterWithCount", "alltoall", "alltoallInPlace",
        "allgatherv", "allgathervCountsOut", "allgathervDisplsOut", "allgathervGapped", "gatherv", "scatterv",
        "scattervWithCount", "scattervDispls", "alltoallv", "alltoallvRecvCounts", "alltoallvGivenCounts",
        "alltoallvSegment"};
    private static final String[] MISUSE = {"sumOnBoolean", "bandOnDouble", "recvBufOfOtherKind", "recvBufTooSmall",
        "inPlaceAndRecvBuf", "alltoallNotDivisible", "alltoallvWithoutCounts", "sendCountsWrongLength",
        "negativeCount", "countsBeyondBuffer", "scattervWithoutCounts", "reduceScatterNotDivisible",
        "reduceScatterCountsSum", "segmentRecvBufReadOnly", "segmentRecvBufTooSmall", "freedSegmentSent",
        "freedSegmentRecvBuf",
        "segmentNotWholeElements", "bandOnDoubleSegment", "segmentRecvBufOfOtherKind", "rootOnAllreduce"};

    private static MpiRunResult fourRanks;

    @BeforeAll
    static void launch() {
        fourRanks = Runs.run(Program.class, 4);
    }

    @Test
    void everyCollectiveOnFourRanks() {
        Runs.assertChecks(fourRanks, CHECKS);
    }

    @Test
    void misuseIsAClearExceptionAndNoCrash() {
        Runs.assertChecks(fourRanks, MISUSE);
    }

    @Test
    void everyCollectiveOnThreeRanksWithHeapArraysCopied() {
        MpiRunResult run = Runs.runWithJvmOptions(Program.class, 3, List.of("-Dmpi4all.heapAccess=copy"));
        Runs.assertChecks(run, CHECKS);
        Runs.assertChecks(run, MISUSE);
    }
}
