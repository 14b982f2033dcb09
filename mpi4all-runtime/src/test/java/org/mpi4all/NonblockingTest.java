package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.mpi4all.Checks.left;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.right;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.count;
import static org.mpi4all.Param.recvBuf;
import static org.mpi4all.Param.root;
import static org.mpi4all.Param.tag;
import static org.mpi4all.Param.type;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRunResult;

/** Nonblocking operations: ownership of buffers until completion, pools, futures, nonblocking collectives. */
class NonblockingTest {

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.valueOf(args[0]), (checks, env) -> {
                checks.section("ownership", () -> ownership(checks));
                checks.section("completion", () -> completion(checks));
                checks.section("pools", () -> pools(checks));
                checks.section("collectives", () -> collectives(checks));
                checks.section("persistent", () -> persistent(checks));
                if (env.threadLevel() == ThreadLevel.MULTIPLE) {
                    checks.section("futures", () -> futures(checks));
                } else {
                    checks.throwsWith("futureNeedsMultiple", IllegalStateException.class,
                            "needs thread level MULTIPLE; this environment has " + env.threadLevel(),
                            () -> world.irecv(new int[1], Communicator.PROC_NULL).future());
                }
            });
        }

        /** A ring repeated with the same persistent operations: heap arrays (staged) and native segments. */
        static void persistent(Checks checks) {
            int n = 5;
            int[] outgoing = new int[n];
            int[] incoming = new int[n];
            MemorySegment segmentOut = Arena.ofAuto().allocate(JAVA_INT, n);
            MemorySegment segmentIn = Arena.ofAuto().allocate(JAVA_INT, n);
            boolean arraysRight = true;
            boolean segmentsRight = true;
            try (Persistent<int[]> send = world.sendInit(outgoing, right, tag(5));
                 Persistent<int[]> recv = world.recvInit(incoming, left, tag(5));
                 Persistent<MemorySegment> sendSegment = world.sendInit(segmentOut, right, tag(6), type(Datatype.INT));
                 Persistent<MemorySegment> recvSegment = world.recvInit(segmentIn, left, tag(6), type(Datatype.INT))) {
                checks.that("persistentNotStartedReturnsAtOnce", recv.waitFor() == incoming && !recv.isActive(),
                        "not the buffer, or active");
                for (int step = 0; step < 4; step++) {
                    Arrays.fill(outgoing, rank * 100 + step);   // what each start sends: the array as it is then
                    segmentOut.fill((byte) 0);
                    segmentOut.set(JAVA_INT, 0, rank * 100 + step);
                    recv.start();
                    recvSegment.start();
                    send.start();
                    sendSegment.start();
                    int[] got = recv.waitFor();
                    int[] expected = new int[n];
                    Arrays.fill(expected, left * 100 + step);
                    arraysRight &= got == incoming && Arrays.equals(expected, got);
                    while (!recvSegment.test()) {
                        Thread.onSpinWait();
                    }
                    segmentsRight &= segmentIn.get(JAVA_INT, 0) == left * 100 + step;
                    send.waitFor();
                    sendSegment.waitFor();
                }
                checks.that("persistentArraysEveryStep", arraysRight, "a step received other data");
                checks.that("persistentSegmentsEveryStep", segmentsRight, "a step received other data");

                recv.start();
                checks.throwsWith("persistentStartedTwice", IllegalStateException.class,
                        "recvInit: started again before it completed", recv::start);
                checks.throwsWith("persistentClosedWhileActive", IllegalStateException.class,
                        "recvInit: closed while active", recv::close);
                send.start();
                recv.waitFor();
                send.waitFor();
                recv.close();
                checks.throwsWith("persistentStartAfterClose", IllegalStateException.class,
                        "recvInit: start after close()", recv::start);
            }
        }

        static void ownership(Checks checks) {
            int[] incoming = new int[4];
            Request<int[]> receiving = world.irecv(incoming, left, tag(1));
            checks.throwsWith("resultBeforeCompletion", IllegalStateException.class,
                    "irecv: not complete; its data is reachable only after waitFor() or a successful test()",
                    receiving::result);
            int[] outgoing = {rank, rank, rank, rank};
            Request<int[]> sending = world.isend(outgoing, right, tag(1));
            // the message was taken at isend: changing the array now cannot change it
            Arrays.fill(outgoing, -1);
            world.barrier();
            checks.equal("receiveArrayUntouchedBeforeWait", new int[4], incoming);
            int[] got = receiving.waitFor();
            checks.that("waitReturnsTheBuffer", got == incoming, "another array");
            checks.equal("sendSnapshotAtStart", new int[] {left, left, left, left}, got);
            checks.that("sendBufferHandedBack", sending.waitFor() == outgoing, "another array");
            checks.equal("resultAfterCompletion", new int[] {left, left, left, left}, receiving.result());

            try (Arena arena = Arena.ofConfined()) {
                MemorySegment in = arena.allocate(JAVA_INT, 3);
                Request<MemorySegment> r = world.irecv(in, left, tag(2), type(Datatype.INT));
                Request<MemorySegment> s = world.isend(arena.allocateFrom(JAVA_INT, rank, 2 * rank, 3 * rank), right,
                        tag(2), type(Datatype.INT));
                s.waitFor();
                checks.equal("nativeSegmentZeroCopy", new int[] {left, 2 * left, 3 * left}, r.waitFor().toArray(JAVA_INT));
            }
            Request<double[]> fresh = world.irecv(double[].class, left, count(5), tag(3));
            world.isend(new double[] {rank, 0.5}, right, tag(3)).waitFor();
            Request<double[]> done = fresh;
            double[] freshData = done.waitFor();
            checks.equal("irecvNewBuffer", List.of(5, (double) left, 0.5), List.of(freshData.length, freshData[0], freshData[1]));
            checks.equal("irecvNewBufferStatusCount", 2, done.status().count());
            checks.throwsWith("irecvNewNeedsCount", IllegalArgumentException.class, "irecv: a new buffer needs count(n)",
                    () -> world.irecv(int[].class, left));
            Point[] points = new Point[2];
            Request<Point[]> recordRequest = world.irecv(points, left, tag(4));
            world.isend(new Point[] {new Point(rank, 1.5), new Point(-rank, 2.5)}, right, tag(4)).waitFor();
            checks.equal("recordsNonblocking", List.of(new Point(left, 1.5), new Point(-left, 2.5)),
                    Arrays.asList(recordRequest.waitFor()));
        }

        record Point(int id, double weight) {}

        static void completion(Checks checks) {
            Request<long[]> r = world.irecv(new long[2], Communicator.ANY_SOURCE, tag(5));
            checks.equal("testBeforeSend", false, r.test());
            world.barrier();
            world.isend(new long[] {rank}, right, tag(5)).waitFor();
            while (!r.test()) {
                Thread.onSpinWait();
            }
            checks.equal("testEventually", (long) left, r.result()[0]);
            checks.equal("statusOfCompleted", List.of(left, 5, 1), List.of(r.status().source(), r.status().tag(),
                    r.status().count()));
            // a short message into a bigger heap array: only what arrived is written
            long[] bigger = {9, 9, 9};
            Request<long[]> partial = world.irecv(bigger, left, tag(6));
            world.isend(new long[] {rank}, right, tag(6)).waitFor();
            checks.equal("shortMessageKeepsTheRest", new long[] {left, 9, 9}, partial.waitFor());
            checks.that("completeIsComplete", r.isComplete() && r.test(), "not complete");
        }

        static void pools(Checks checks) {
            RequestPool pool = new RequestPool();
            List<Request<int[]>> incoming = new ArrayList<>();
            for (int peer = 0; peer < size; peer++) {
                if (peer != rank) {
                    incoming.add(pool.add(world.irecv(new int[2], peer, tag(10))));
                    pool.add(world.isend(new int[] {rank, peer}, peer, tag(10)));
                }
            }
            checks.equal("poolSize", 2 * (size - 1), pool.size());
            pool.waitAll();
            checks.that("poolEmptyAfterWaitAll", pool.isEmpty(), pool.size() + " left");
            checks.equal("waitAll", IntStream.range(0, size).filter(p -> p != rank).boxed().map(p -> List.of(p, rank)).toList(),
                    incoming.stream().map(r -> List.of(r.result()[0], r.result()[1])).toList());

            for (int peer = 0; peer < size; peer++) {
                if (peer != rank) {
                    pool.add(world.irecv(new int[1], peer, tag(11)));
                    world.isend(new int[] {peer * 100 + rank}, peer, tag(11)).waitFor();
                }
            }
            int sum = 0;
            while (!pool.isEmpty()) {
                sum += ((int[]) pool.waitAny().result())[0];
            }
            int expected = IntStream.range(0, size).filter(p -> p != rank).map(p -> rank * 100 + p).sum();
            checks.equal("waitAny", expected, sum);

            for (int peer = 0; peer < size; peer++) {
                if (peer != rank) {
                    pool.add(world.irecv(new int[1], peer, tag(12)));
                    world.isend(new int[] {1}, peer, tag(12)).waitFor();
                }
            }
            int completed = 0;
            while (!pool.isEmpty()) {
                completed += pool.waitSome().size();
            }
            checks.equal("waitSome", size - 1, completed);

            for (int peer = 0; peer < size; peer++) {
                if (peer != rank) {
                    pool.add(world.irecv(new int[1], peer, tag(13)));
                    world.isend(new int[] {1}, peer, tag(13)).waitFor();
                }
            }
            int tested = 0;
            while (!pool.isEmpty()) {
                tested += pool.testSome().size();
                tested += pool.testAny().isPresent() ? 1 : 0;
            }
            checks.equal("testSomeAndAny", size - 1, tested);
            pool.add(world.irecv(new int[1], right, tag(14)));
            world.isend(new int[1], left, tag(14)).waitFor();
            while (!pool.testAll()) {
                Thread.onSpinWait();
            }
            checks.that("testAll", pool.isEmpty(), "not empty");
            world.barrier();
        }

        static void collectives(Checks checks) {
            Request<Void> barrier = world.ibarrier();
            checks.equal("ibarrier", null, barrier.waitFor());
            Request<Void> tested = world.ibarrier();
            while (!tested.test()) {
                Thread.onSpinWait();
            }
            checks.that("ibarrierTest", tested.isComplete(), "not complete");
            int[] data = rank == 0 ? new int[] {4, 5, 6} : new int[3];
            checks.equal("ibcast", new int[] {4, 5, 6}, world.ibcast(data, root(0)).waitFor());
            // empty heap arrays are staged too, in native memory of no bytes
            Request<int[]> emptyReceive = world.irecv(new int[0], left, tag(21));
            world.isend(new int[0], right, tag(21)).waitFor();
            checks.equal("emptyArrays", List.of(0, 0, 0), List.of(world.ibcast(new int[0], root(0)).waitFor().length,
                    world.iallreduce(new long[0], Op.SUM).waitFor().length, emptyReceive.waitFor().length));
            int n = 4;
            int sum = size * (size - 1) / 2;
            double[] contribution = IntStream.range(0, n).mapToDouble(i -> rank + i).toArray();
            double[] expected = IntStream.range(0, n).mapToDouble(i -> sum + size * i).toArray();
            checks.equal("iallreduce", expected, world.iallreduce(contribution, Op.SUM).waitFor());
            double[] into = new double[n];
            checks.that("iallreduceRecvBuf", world.iallreduce(contribution, Op.SUM, recvBuf(into)).waitFor() == into
                    && Arrays.equals(expected, into), Arrays.toString(into));
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment segment = arena.allocateFrom(JAVA_INT, rank, 1);
                MemorySegment reduced = world.iallreduce(segment, Op.SUM, type(Datatype.INT)).waitFor();
                checks.equal("iallreduceSegment", new int[] {sum, size}, reduced.toArray(JAVA_INT));
            }
            int[] reduced = world.ireduce(new int[] {rank}, Op.MAX, root(size - 1)).waitFor();
            checks.equal("ireduce", rank == size - 1 ? new int[] {size - 1} : new int[0], reduced);
            checks.equal("iallgather", IntStream.range(0, size).toArray(), world.iallgather(new int[] {rank}).waitFor());
            // rank r sends r + 1 copies of r; with a gap of one element after each block, left untouched
            int[] counts = IntStream.rangeClosed(1, size).toArray();
            int[] displs = IntStream.range(0, size).map(r -> r * (r + 1) / 2 + r).toArray();
            int[] mine = new int[rank + 1];
            Arrays.fill(mine, rank);
            int[] gathered = new int[displs[size - 1] + size + 1];
            Arrays.fill(gathered, -1);
            Request<int[]> gathering = world.iallgatherv(mine, Param.recvCounts(counts), Param.recvDispls(displs),
                    recvBuf(gathered));
            Arrays.fill(mine, -7);   // sent already: a heap array is copied when the operation starts
            int[] blocks = new int[gathered.length];
            Arrays.fill(blocks, -1);
            for (int r = 0; r < size; r++) {
                Arrays.fill(blocks, displs[r], displs[r] + r + 1, r);
            }
            checks.equal("iallgatherv", blocks, gathering.waitFor());
            checks.throwsWith("iallgathervNeedsCounts", IllegalArgumentException.class,
                    "iallgatherv: recvCounts is required", () -> world.iallgatherv(mine));
            int[] personal = IntStream.range(0, size).map(j -> rank * 100 + j).toArray();
            checks.equal("ialltoall", IntStream.range(0, size).map(j -> j * 100 + rank).toArray(),
                    world.ialltoall(personal).waitFor());
        }

        static void futures(Checks checks) {
            CompletableFuture<Integer> first = world.irecv(new int[1], left, tag(20)).future().thenApply(a -> a[0] * 2);
            world.isend(new int[] {rank}, right, tag(20)).future().join();
            checks.equal("futureThenApply", 2 * left, first.join());

            List<CompletableFuture<int[]>> many = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                many.add(world.irecv(new int[1], left, tag(100 + i)).future());
            }
            RequestPool sends = new RequestPool();
            for (int i = 49; i >= 0; i--) {
                sends.add(world.isend(new int[] {i * rank}, right, tag(100 + i)));
            }
            CompletableFuture.allOf(many.toArray(CompletableFuture[]::new)).join();
            sends.waitAll();
            checks.equal("manyFutures", IntStream.range(0, 50).map(i -> i * left).boxed().toList(),
                    many.stream().map(f -> f.join()[0]).toList());

            Request<int[]> viaFuture = world.irecv(new int[1], left, tag(30));
            viaFuture.future();
            checks.throwsWith("testAfterFuture", IllegalStateException.class, "is completed by its future", viaFuture::test);
            checks.throwsWith("poolAfterFuture", IllegalStateException.class, "is completed by its future",
                    () -> new RequestPool().add(viaFuture));
            world.barrier();   // no message of tag 30 before every rank checked
            world.send(new int[] {7}, right, tag(30));
            checks.equal("waitForAfterFuture", 7, viaFuture.waitFor()[0]);
            checks.equal("iallreduceFuture", size, world.iallreduce(new int[] {1}, Op.SUM).future().join()[0]);
            world.barrier();
        }
    }

    private static final String[] CHECKS = {"resultBeforeCompletion", "receiveArrayUntouchedBeforeWait",
        "waitReturnsTheBuffer", "sendSnapshotAtStart", "sendBufferHandedBack", "resultAfterCompletion",
        "nativeSegmentZeroCopy", "irecvNewBuffer", "irecvNewBufferStatusCount", "irecvNewNeedsCount",
        "recordsNonblocking", "testBeforeSend", "testEventually", "statusOfCompleted", "shortMessageKeepsTheRest",
        "completeIsComplete", "poolSize", "poolEmptyAfterWaitAll", "waitAll", "waitAny", "waitSome",
        "testSomeAndAny", "testAll", "ibarrier", "ibarrierTest", "ibcast", "emptyArrays", "iallreduce", "iallreduceRecvBuf", "iallreduceSegment",
        "ireduce", "iallgather", "iallgatherv", "iallgathervNeedsCounts", "ialltoall",
        "persistentNotStartedReturnsAtOnce", "persistentArraysEveryStep", "persistentSegmentsEveryStep",
        "persistentStartedTwice", "persistentClosedWhileActive", "persistentStartAfterClose"};

    @Test
    void ownershipPoolsAndNonblockingCollectives() {
        MpiRunResult run = Runs.run(Program.class, 3, "SINGLE");
        Runs.assertChecks(run, CHECKS);
        Runs.assertChecks(run, "futureNeedsMultiple");
    }

    @Test
    void futuresCompletedByOneProgressThreadAtThreadLevelMultiple() {
        MpiRunResult run = Runs.run(Program.class, 3, "MULTIPLE");
        Runs.assertChecks(run, CHECKS);
        Runs.assertChecks(run, "futureThenApply", "manyFutures", "testAfterFuture", "poolAfterFuture",
                "waitForAfterFuture", "iallreduceFuture");
    }
}
