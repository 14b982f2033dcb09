package org.mpi4all;

import static org.mpi4all.Checks.left;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.right;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.buffered;
import static org.mpi4all.Param.inPlace;
import static org.mpi4all.Param.ready;
import static org.mpi4all.Param.recvCounts;
import static org.mpi4all.Param.synchronous;
import static org.mpi4all.Param.tag;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Buffered, ready and synchronous sends (blocking, nonblocking, persistent) around the ring of ranks, with the buffer the
 * environment attaches; in-place reduce-scatter (blocks and counts, blocking and nonblocking); persistent
 * operations in request pools and {@code startAll}; values on every rank, and the misuse of each.
 */
class SendModesTest {
    static final int N = 4;
    static final int ITERATIONS = 3;

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.section("buffered", () -> bufferedSends(checks, env));
                checks.section("ready", () -> readySends(checks));
                checks.section("synchronous", () -> synchronousSends(checks));
                checks.section("inPlace", () -> inPlaceReduceScatter(checks));
                checks.section("pools", () -> pools(checks));
                checks.equal("size", List.of(size, rank), List.of(world.size(), world.rank()));
            });
        }

        /** What rank {@code from} sends at {@code iteration}: N values. */
        static int[] message(int from, int iteration) {
            return IntStream.range(0, N).map(k -> from * 100 + iteration * 10 + k).toArray();
        }

        static void bufferedSends(Checks checks, Environment env) {
            checks.throwsWith("bufferedWithoutBuffer", IllegalStateException.class,
                    "send: buffered() needs a buffer: Environment.attachBuffer(bytes) first",
                    () -> world.send(new int[N], right, buffered()));
            checks.throwsWith("detachWithoutBuffer", IllegalStateException.class, "detachBuffer: no buffer is attached",
                    env::detachBuffer);
            long bytes = 4L * (N * Integer.BYTES + env.bsendOverhead());
            env.attachBuffer(bytes);
            checks.throwsWith("attachTwice", IllegalStateException.class, "attachBuffer: a buffer of " + bytes
                    + " bytes is attached already", () -> env.attachBuffer(64));
            checks.throwsWith("bufferTooSmall", IllegalArgumentException.class, "isend: a buffered send of 4000 bytes"
                    + " needs", () -> world.isend(new int[1000], right, buffered()));
            checks.throwsWith("twoModes", IllegalArgumentException.class, "send: synchronous(), buffered() and ready()"
                    + " exclude each other", () -> world.send(new int[1], right, buffered(), synchronous()));
            // Buffered sends complete before any receive is posted: every rank sends first, then receives.
            world.send(message(rank, 0), right, buffered());
            checks.equal("bsend", message(left, 0), world.recv(new int[N], left));
            int[] outgoing = message(rank, 1);
            Request<int[]> sent = world.isend(outgoing, right, buffered(), tag(1));
            checks.equal("ibsend", message(left, 1), world.recv(new int[N], left, tag(1)));
            checks.that("ibsendHandsBack", sent.waitFor() == outgoing, "isend handed back another array");
            int[] buffer = new int[N];
            Object[] seen = new Object[ITERATIONS];
            Object[] wanted = new Object[ITERATIONS];
            try (Persistent<int[]> send = world.sendInit(buffer, right, buffered(), tag(2))) {
                for (int i = 0; i < ITERATIONS; i++) {
                    System.arraycopy(message(rank, i), 0, buffer, 0, N);
                    send.start().waitFor();
                    seen[i] = world.recv(new int[N], left, tag(2));
                    wanted[i] = message(left, i);
                }
            }
            checks.equal("bsendInit", wanted, seen);
            checks.equal("detach", bytes, env.detachBuffer());
        }

        /** A ready send needs the receive posted first: every rank posts it, a barrier, then the sends. */
        static void readySends(Checks checks) {
            Request<int[]> in = world.irecv(new int[N], left, tag(3));
            world.barrier();
            world.send(message(rank, 0), right, ready(), tag(3));
            checks.equal("rsend", message(left, 0), in.waitFor());
            in = world.irecv(new int[N], left, tag(4));
            world.barrier();
            world.isend(message(rank, 1), right, ready(), tag(4)).waitFor();
            checks.equal("irsend", message(left, 1), in.waitFor());
            int[] buffer = new int[N];
            Object[] seen = new Object[ITERATIONS];
            Object[] wanted = new Object[ITERATIONS];
            try (Persistent<int[]> send = world.sendInit(buffer, right, ready(), tag(5));
                    Persistent<int[]> receive = world.recvInit(new int[N], left, tag(5))) {
                for (int i = 0; i < ITERATIONS; i++) {
                    receive.start();
                    world.barrier();
                    System.arraycopy(message(rank, i), 0, buffer, 0, N);
                    send.start().waitFor();
                    seen[i] = receive.waitFor().clone();
                    wanted[i] = message(left, i);
                }
            }
            checks.equal("rsendInit", wanted, seen);
        }

        /**
         * A synchronous send completes only once its receive has started: no rank posts its receive before the
         * barrier, which it enters after testing its send.
         */
        static void synchronousSends(Checks checks) {
            Request<int[]> sent = world.isend(message(rank, 0), right, synchronous(), tag(8));
            boolean completedEarly = sent.test();
            world.barrier();
            checks.equal("issend", message(left, 0), world.recv(new int[N], left, tag(8)));
            sent.waitFor();
            checks.that("issendWaitsForReceive", !completedEarly, "isend(synchronous()) completed before its receive");
            int[] buffer = new int[N];
            Object[] seen = new Object[ITERATIONS];
            Object[] wanted = new Object[ITERATIONS];
            try (Persistent<int[]> send = world.sendInit(buffer, right, synchronous(), tag(9))) {
                for (int i = 0; i < ITERATIONS; i++) {
                    System.arraycopy(message(rank, i), 0, buffer, 0, N);
                    completedEarly |= send.start().test();
                    world.barrier();
                    seen[i] = world.recv(new int[N], left, tag(9));
                    wanted[i] = message(left, i);
                    send.waitFor();
                }
            }
            checks.equal("ssendInit", wanted, seen);
            checks.that("ssendInitWaitsForReceive", !completedEarly, "sendInit(synchronous()) completed before its receive");
        }

        static void inPlaceReduceScatter(Checks checks) {
            int ranksSum = size * (size - 1) / 2;
            int[] blocks = IntStream.range(0, 2 * size).map(j -> rank + j).toArray();
            int[] reduced = world.reduceScatter(blocks, Op.SUM, inPlace());
            checks.that("reduceScatterInPlace", reduced == blocks && reduced[0] == ranksSum + size * 2 * rank
                    && reduced[1] == ranksSum + size * (2 * rank + 1), Arrays.toString(reduced));
            int[] counts = IntStream.range(0, size).map(r -> r + 1).toArray();
            int from = rank * (rank + 1) / 2;
            int[] expected = IntStream.range(from, from + rank + 1).map(j -> ranksSum + size * j).toArray();
            int[] varying = IntStream.range(0, size * (size + 1) / 2).map(j -> rank + j).toArray();
            int[] got = world.reduceScatter(varying, Op.SUM, recvCounts(counts), inPlace());
            checks.equal("reduceScatterCountsInPlace", expected, Arrays.copyOf(got, rank + 1));
            int[] nonblocking = IntStream.range(0, size * (size + 1) / 2).map(j -> rank + j).toArray();
            got = world.ireduceScatter(nonblocking, Op.SUM, recvCounts(counts), inPlace()).waitFor();
            checks.that("ireduceScatterInPlace", got == nonblocking && Arrays.equals(expected, Arrays.copyOf(got,
                    rank + 1)), Arrays.toString(got));
            checks.throwsWith("inPlaceAndRecvBuf", IllegalArgumentException.class, "reduceScatter: inPlace and recvBuf"
                    + " exclude each other", () -> world.reduceScatter(new int[size], Op.SUM, inPlace(),
                    Param.recvBuf(new int[1])));
        }

        /** Persistent sends and receives, started together, completed by a pool with nonblocking requests. */
        static void pools(Checks checks) {
            int[] outgoing = new int[N];
            int[] incoming = new int[N];
            Object[] seen = new Object[ITERATIONS];
            Object[] wanted = new Object[ITERATIONS];
            boolean inactiveAfter = true;
            try (Persistent<int[]> send = world.sendInit(outgoing, right, tag(6));
                    Persistent<int[]> receive = world.recvInit(incoming, left, tag(6))) {
                RequestPool pool = new RequestPool();
                checks.that("poolSkipsInactive", pool.add(send) == send && pool.isEmpty(), "size " + pool.size());
                for (int i = 0; i < ITERATIONS; i++) {
                    System.arraycopy(message(rank, i), 0, outgoing, 0, N);
                    Persistent.startAll(receive, send);
                    pool.add(receive);
                    pool.add(send);
                    Request<int[]> echo = pool.add(world.irecv(new int[1], right, tag(7)));
                    pool.add(world.isend(new int[] {i}, left, tag(7)));
                    pool.waitAll();
                    inactiveAfter &= !send.isActive() && !receive.isActive() && echo.result()[0] == i;
                    seen[i] = receive.result().clone();
                    wanted[i] = message(left, i);
                }
                checks.equal("poolPersistent", wanted, seen);
                checks.that("poolCompletesPersistent", inactiveAfter, "still active after waitAll");
                receive.start();
                send.start();
                pool.add(receive);
                AbstractRequest<?> first = pool.waitAny();
                checks.that("waitAnyPersistent", first == receive && Arrays.equals(message(left, ITERATIONS - 1),
                        (int[]) first.result()), String.valueOf(first));
                checks.throwsWith("resultWhileActive", IllegalStateException.class, "sendInit: result() while active",
                        send::result);
                checks.throwsWith("startAllActive", IllegalStateException.class, "sendInit: started again before it"
                        + " completed", () -> Persistent.startAll(receive, send));
                checks.that("startAllStartedNone", !receive.isActive(), "startAll started receive");
                send.waitFor();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void onRanks(int ranks) {
        Runs.assertChecks(Runs.run(Program.class, ranks), "bufferedWithoutBuffer", "detachWithoutBuffer", "attachTwice",
                "bufferTooSmall", "twoModes", "bsend", "ibsend", "ibsendHandsBack", "bsendInit", "detach", "rsend",
                "irsend", "rsendInit", "issend", "issendWaitsForReceive", "ssendInit", "ssendInitWaitsForReceive",
                "reduceScatterInPlace", "reduceScatterCountsInPlace", "ireduceScatterInPlace",
                "inPlaceAndRecvBuf", "poolSkipsInactive", "poolPersistent", "poolCompletesPersistent",
                "waitAnyPersistent", "resultWhileActive", "startAllActive", "startAllStartedNone", "size");
    }
}
