package org.mpi4all;

import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.count;
import static org.mpi4all.Param.inPlace;
import static org.mpi4all.Param.localRoot;
import static org.mpi4all.Param.recvCounts;
import static org.mpi4all.Param.recvBuf;
import static org.mpi4all.Param.recvCountsOut;
import static org.mpi4all.Param.remoteRoot;
import static org.mpi4all.Param.root;
import static org.mpi4all.Param.sendCounts;
import static org.mpi4all.Param.tag;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRunResult;

/**
 * The blocking collectives on an intercommunicator (MPI-4.1 §6.2.2): the world split into a first group of
 * {@code size / 2} ranks and a second of the rest (2 + 2 on 4 ranks, 1 + 2 on 3), joined by
 * {@code createIntercommunicator}. Every expectation is computed from the world ranks of the remote group, so
 * each rank checks what came from the other group.
 */
class IntercommunicatorTest {

    public static final class Program {
        /** The first group's size, whether this rank is in it, this rank's rank in its group. */
        static int firstSize;
        static boolean first;
        static int local;
        static Intercommunicator inter;

        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                firstSize = size / 2;
                first = rank < firstSize;
                local = first ? rank : rank - firstSize;
                try (Communicator group = world.split(first ? 0 : 1, rank)) {
                    inter = group.createIntercommunicator(0, world, first ? firstSize : 0, tag(5));
                    checks.section("shape", () -> shape(checks));
                    checks.section("rooted", () -> rooted(checks));
                    checks.section("all", () -> all(checks));
                    checks.section("nonblocking", () -> started(checks, false));
                    checks.section("persistent", () -> started(checks, true));
                    checks.section("alltoallw", () -> alltoallw(checks));
                    checks.section("misuse", () -> misuse(checks, group));
                    inter.close();
                }
            });
        }

        /** The world rank of rank {@code j} of the remote group. */
        static int remoteWorld(int j) {
            return first ? firstSize + j : j;
        }

        static int remoteSize() {
            return first ? size - firstSize : firstSize;
        }

        /** The world ranks of the remote group, in its rank order. */
        static int[] remoteWorlds() {
            return IntStream.range(0, remoteSize()).map(Program::remoteWorld).toArray();
        }

        static void shape(Checks checks) {
            checks.equal("shape", List.of(first ? firstSize : size - firstSize, local, remoteSize()),
                    List.of(inter.size(), inter.rank(), inter.remoteSize()));
            inter.barrier();
        }

        /** Rooted at rank {@code rootRank} of the first group (if {@code fromFirst}) or of the second. */
        static Param rootParam(boolean fromFirst, int rootRank) {
            return first == fromFirst ? localRoot(rootRank) : remoteRoot(rootRank);
        }

        static void rooted(Checks checks) {
            // bcast from rank 0 of the first group, then from the last rank of the second
            int[] mine = {-1, -1, -1};
            boolean isRoot = first && local == 0;
            int[] got = inter.bcast(isRoot ? new int[] {7, 8, 9} : mine, rootParam(true, 0));
            checks.equal("bcastFromFirst", first ? (isRoot ? new int[] {7, 8, 9} : new int[] {-1, -1, -1})
                    : new int[] {7, 8, 9}, got);
            int last = size - firstSize - 1;
            boolean lastIsRoot = !first && local == last;
            double[] d = inter.bcast(lastIsRoot ? new double[] {rank + 0.5} : new double[] {-1}, rootParam(false, last));
            checks.equal("bcastFromSecond", new double[] {first ? size - 1 + 0.5 : lastIsRoot ? rank + 0.5 : -1}, d);

            // reduce at rank 0 of the second group: the first group's {world rank, 1} summed
            long[] sum = inter.reduce(new long[] {rank, 1}, Op.SUM, rootParam(false, 0));
            boolean secondRoot = !first && local == 0;
            checks.equal("reduceToSecond", secondRoot ? new long[] {IntStream.range(0, firstSize).sum(), firstSize}
                    : new long[0], sum);

            // gather at rank 0 of the first group: the second group's {r, 10 r}
            int[] gathered = inter.gather(new int[] {rank, 10 * rank}, rootParam(true, 0));
            checks.equal("gatherToFirst", isRoot ? IntStream.of(remoteWorlds()).flatMap(r -> IntStream.of(r, 10 * r))
                    .toArray() : new int[0], gathered);

            // gatherv at the last rank of the second group: the first group's rank 0 sends 1 element, rank 1 two ...
            int[] counts = new int[firstSize];
            int[] varying = inter.gatherv(IntStream.range(0, local + 1).map(i -> rank).toArray(),
                    rootParam(false, last), recvCountsOut(counts));
            checks.equal("gathervToSecond", lastIsRoot ? IntStream.of(remoteWorlds()).flatMap(r -> IntStream.range(0,
                    r + 1).map(i -> r)).toArray() : new int[0], varying);
            checks.equal("gathervCounts", lastIsRoot ? IntStream.range(1, firstSize + 1).toArray() : new int[firstSize],
                    counts);

            // scatter from rank 0 of the first group: block j = {100 j, 100 j + 1} to rank j of the second
            int[] dealt = IntStream.range(0, 2 * remoteSize()).map(i -> 100 * (i / 2) + i % 2).toArray();
            int[] block = inter.scatter(isRoot ? dealt : new int[0], rootParam(true, 0));
            checks.equal("scatterFromFirst", first ? new int[0] : new int[] {100 * local, 100 * local + 1}, block);

            // scatterv from rank 0 of the second group: rank j of the first gets j + 1 elements of 1000 + j
            int[] layout = IntStream.range(0, remoteSize()).map(j -> j + 1).toArray();
            int[] values = IntStream.range(0, remoteSize()).flatMap(j -> IntStream.range(0, j + 1).map(i -> 1000 + j))
                    .toArray();
            int[] part = secondRoot ? inter.scatterv(values, rootParam(false, 0), sendCounts(layout))
                    : inter.scatterv(new int[0], rootParam(false, 0));
            checks.equal("scattervFromSecond", first ? IntStream.range(0, local + 1).map(i -> 1000 + local).toArray()
                    : new int[0], part);
        }

        static void all(Checks checks) {
            int[] remote = remoteWorlds();
            checks.equal("allreduce", new long[] {IntStream.of(remote).sum(), remote.length},
                    inter.allreduce(new long[] {rank, 1}, Op.SUM));
            checks.equal("allreduceScalar", IntStream.of(remote).max().orElseThrow(), inter.allreduce(rank, Op.MAX));
            checks.equal("allgather", remote, inter.allgather(new int[] {rank}));
            checks.equal("allgatherv", IntStream.of(remote).flatMap(r -> IntStream.range(0, r + 1).map(i -> r)).toArray(),
                    inter.allgatherv(IntStream.range(0, rank + 1).map(i -> rank).toArray()));
            // alltoall: block j = {100 rank + j} goes to remote rank j, which gets {100 r + its rank} from each r
            checks.equal("alltoall", IntStream.of(remote).map(r -> 100 * r + local).toArray(),
                    inter.alltoall(IntStream.range(0, remote.length).map(j -> 100 * rank + j).toArray()));
            // alltoallv: j + 1 elements to remote rank j; local + 1 from each
            int[] toEach = IntStream.range(0, remote.length).map(j -> j + 1).toArray();
            int[] personal = IntStream.range(0, remote.length).flatMap(j -> IntStream.range(0, j + 1)
                    .map(i -> 100 * rank + j)).toArray();
            checks.equal("alltoallv", IntStream.of(remote).flatMap(r -> IntStream.range(0, local + 1)
                    .map(i -> 100 * r + local)).toArray(), inter.alltoallv(personal, sendCounts(toEach)));

            // reduce-scatter: each group's vector has as many elements as the other's (firstSize x secondSize),
            // cut into one block per process of its own group; each block is the other group's sum
            int groupSize = inter.size();
            int total = firstSize * (size - firstSize);
            int blockSize = total / groupSize;
            long[] vector = IntStream.range(0, total).mapToLong(i -> 1000L * rank + i).toArray();
            long[] expected = IntStream.range(local * blockSize, (local + 1) * blockSize)
                    .mapToLong(i -> 1000L * IntStream.of(remote).sum() + (long) remote.length * i).toArray();
            checks.equal("reduceScatterBlock", expected, inter.reduceScatter(vector, Op.SUM));
            int[] sameCounts = new int[groupSize];
            Arrays.fill(sameCounts, blockSize);
            checks.equal("reduceScatterCounts", expected, inter.reduceScatter(vector, Op.SUM, recvCounts(sameCounts)));

            String told = inter.bcastObject(first && local == 0 ? "from the first group" : null,
                    Serializer.javaSerialization(String.class), rootParam(true, 0));
            checks.equal("bcastObject", first && local != 0 ? null : "from the first group", told);
        }

        /**
         * The nonblocking collectives ({@code persistent} false) or the persistent ones, each bound, started twice
         * and checked after the second start: the same data as {@link #rooted} and {@link #all}, with the counts the
         * blocking forms exchange given (where this process uses them).
         */
        static void started(Checks checks, boolean persistent) {
            String i = persistent ? "" : "i";
            String init = persistent ? "Init" : "";
            if (persistent && !bindsPersistent(checks)) {
                return;
            }
            checks.equal(i + "barrier" + init, null, persistent ? twice(inter.barrierInit()) : inter.ibarrier().waitFor());
            boolean isRoot = first && local == 0;
            int[] shared = isRoot ? new int[] {7, 8, 9} : new int[] {-1, -1, -1};
            Param fromFirst = rootParam(true, 0);
            checks.equal(i + "bcast" + init, first && !isRoot ? new int[] {-1, -1, -1} : new int[] {7, 8, 9},
                    persistent ? twice(inter.bcastInit(shared, fromFirst)) : inter.ibcast(shared, fromFirst).waitFor());

            long[] pair = {rank, 1};
            boolean secondRoot = !first && local == 0;
            Param toSecond = rootParam(false, 0);
            checks.equal(i + "reduce" + init, secondRoot ? new long[] {IntStream.range(0, firstSize).sum(), firstSize}
                    : new long[0], persistent ? twice(inter.reduceInit(pair, Op.SUM, toSecond))
                            : inter.ireduce(pair, Op.SUM, toSecond).waitFor());
            int[] remote = remoteWorlds();
            checks.equal(i + "allreduce" + init, new long[] {IntStream.of(remote).sum(), remote.length},
                    persistent ? twice(inter.allreduceInit(pair, Op.SUM)) : inter.iallreduce(pair, Op.SUM).waitFor());

            int[] mine = {rank, 10 * rank};
            unlessBroken(checks, persistent, i + "gather" + init, "MPI_Gather_init", isRoot ? IntStream.of(remote)
                    .flatMap(r -> IntStream.of(r, 10 * r)).toArray() : new int[0],
                    () -> persistent ? twice(inter.gatherInit(mine, fromFirst)) : inter.igather(mine, fromFirst)
                            .waitFor());
            int last = size - firstSize - 1;
            Param toLast = rootParam(false, last);
            int[] ownCount = IntStream.range(0, local + 1).map(k -> rank).toArray();
            int[] counts = IntStream.range(1, firstSize + 1).toArray();
            boolean lastIsRoot = !first && local == last;
            Param[] gathervParams = lastIsRoot ? new Param[] {toLast, recvCounts(counts)} : new Param[] {toLast};
            checks.equal(i + "gatherv" + init, lastIsRoot ? IntStream.of(remote).flatMap(r -> IntStream.range(0, r + 1)
                    .map(k -> r)).toArray() : new int[0], persistent ? twice(inter.gathervInit(ownCount, gathervParams))
                            : inter.igatherv(ownCount, gathervParams).waitFor());

            int[] dealt = IntStream.range(0, 2 * remote.length).map(k -> 100 * (k / 2) + k % 2).toArray();
            int[] toDeal = isRoot ? dealt : new int[0];
            // the root's group, the root aside, takes no part: no count there
            Param[] scatterParams = first && !isRoot ? new Param[] {fromFirst} : new Param[] {fromFirst, count(2)};
            unlessBroken(checks, persistent, i + "scatter" + init, "MPI_Scatter_init", first ? new int[0]
                    : new int[] {100 * local, 100 * local + 1}, () -> persistent
                            ? twice(inter.scatterInit(toDeal, scatterParams)) : inter.iscatter(toDeal, scatterParams)
                                    .waitFor());
            int[] layout = IntStream.range(0, remote.length).map(j -> j + 1).toArray();
            int[] values = IntStream.range(0, remote.length).flatMap(j -> IntStream.range(0, j + 1).map(k -> 1000 + j))
                    .toArray();
            Param[] scattervParams = secondRoot ? new Param[] {toSecond, sendCounts(layout)}
                    : first ? new Param[] {toSecond, count(local + 1)} : new Param[] {toSecond};
            int[] toScatter = secondRoot ? values : new int[0];
            checks.equal(i + "scatterv" + init, first ? IntStream.range(0, local + 1).map(k -> 1000 + local).toArray()
                    : new int[0], persistent ? twice(inter.scattervInit(toScatter, scattervParams))
                            : inter.iscatterv(toScatter, scattervParams).waitFor());

            int[] me = {rank};
            unlessBroken(checks, persistent, i + "allgather" + init, "MPI_Allgather_init", remote,
                    () -> persistent ? twice(inter.allgatherInit(me)) : inter.iallgather(me).waitFor());
            int[] remoteCounts = IntStream.of(remote).map(r -> r + 1).toArray();
            int[] repeated = IntStream.range(0, rank + 1).map(k -> rank).toArray();
            checks.equal(i + "allgatherv" + init, IntStream.of(remote).flatMap(r -> IntStream.range(0, r + 1)
                    .map(k -> r)).toArray(), persistent ? twice(inter.allgathervInit(repeated, recvCounts(remoteCounts)))
                            : inter.iallgatherv(repeated, recvCounts(remoteCounts)).waitFor());
            int[] blocks = IntStream.range(0, remote.length).map(j -> 100 * rank + j).toArray();
            checks.equal(i + "alltoall" + init, IntStream.of(remote).map(r -> 100 * r + local).toArray(),
                    persistent ? twice(inter.alltoallInit(blocks)) : inter.ialltoall(blocks).waitFor());
            int[] toEach = IntStream.range(0, remote.length).map(j -> j + 1).toArray();
            int[] fromEach = new int[remote.length];
            Arrays.fill(fromEach, local + 1);
            int[] personal = IntStream.range(0, remote.length).flatMap(j -> IntStream.range(0, j + 1)
                    .map(k -> 100 * rank + j)).toArray();
            Param[] alltoallvParams = {sendCounts(toEach), recvCounts(fromEach)};
            checks.equal(i + "alltoallv" + init, IntStream.of(remote).flatMap(r -> IntStream.range(0, local + 1)
                    .map(k -> 100 * r + local)).toArray(), persistent ? twice(inter.alltoallvInit(personal,
                            alltoallvParams)) : inter.ialltoallv(personal, alltoallvParams).waitFor());

            int total = firstSize * (size - firstSize);
            int blockSize = total / inter.size();
            long[] vector = IntStream.range(0, total).mapToLong(k -> 1000L * rank + k).toArray();
            long[] expected = IntStream.range(local * blockSize, (local + 1) * blockSize)
                    .mapToLong(k -> 1000L * IntStream.of(remote).sum() + (long) remote.length * k).toArray();
            checks.equal(i + "reduceScatter" + init, expected, persistent ? twice(inter.reduceScatterInit(vector,
                    Op.SUM)) : inter.ireduceScatter(vector, Op.SUM).waitFor());
            int[] sameCounts = new int[inter.size()];
            Arrays.fill(sameCounts, blockSize);
            checks.equal(i + "reduceScatterCounts" + init, expected, persistent ? twice(inter.reduceScatterInit(vector,
                    Op.SUM, recvCounts(sameCounts))) : inter.ireduceScatter(vector, Op.SUM, recvCounts(sameCounts))
                            .waitFor());
        }

        /**
         * Whether this library binds persistent collectives; on one without them (Open MPI 4.1), checks the exception
         * that says so and says that the persistent checks are absent.
         */
        static boolean bindsPersistent(Checks checks) {
            try {
                inter.barrierInit().close();
                return true;
            } catch (UnsupportedOperationException e) {
                checks.that("persistentUnsupported", e.getMessage().startsWith("barrierInit: MPI_Barrier_init is not"
                        + " provided by the MPI library"), e.getMessage());
                Checks.value("noPersistent", e.getMessage());
                return false;
            }
        }

        /** Starts {@code operation} twice, the second time on the first's results, and returns the second's. */
        static <T> T twice(Persistent<T> operation) {
            try (operation) {
                operation.start().waitFor();
                return operation.start().waitFor();
            }
        }

        /** Checks {@code actual}, or, for a persistent {@code function} the library gets wrong, that it is refused. */
        static void unlessBroken(Checks checks, boolean persistent, String name, String function, Object expected,
                Supplier<Object> actual) {
            if (persistent && Issue.KnownBugs.BROKEN.containsKey(function)) {
                checks.throwsWith(name, UnsupportedOperationException.class, name + ": " + Issue.KnownBugs.LIBRARY
                        + "'s " + function, actual::get);
            } else {
                checks.equal(name, expected, actual.get());
            }
        }

        /**
         * {@code alltoallw} in its three forms, with {@link AlltoallwTest}'s blocks: rank j of the remote group finds
         * this process's block in its slot j; this one finds remote rank i's in its slot {@code local}.
         */
        static void alltoallw(Checks checks) {
            int[] senders = remoteWorlds();
            int[] slots = new int[senders.length];
            Arrays.fill(slots, local);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment send = AlltoallwTest.sendData(arena, rank, senders.length);
                Block[] sendBlocks = AlltoallwTest.sendBlocks(rank, senders.length);
                Block[] recvBlocks = AlltoallwTest.recvBlocks(senders, slots);
                double[] expected = AlltoallwTest.expected(senders, slots);
                checks.equal("interAlltoallw", expected, AlltoallwTest.decode(inter.alltoallw(send, sendBlocks,
                        AlltoallwTest.received(senders.length), recvBlocks), senders, slots));
                checks.equal("interIalltoallw", expected, AlltoallwTest.decode(inter.ialltoallw(send, sendBlocks,
                        AlltoallwTest.received(senders.length), recvBlocks).waitFor(), senders, slots));
                long[] reused = AlltoallwTest.received(senders.length);
                AlltoallwTest.startTwice(checks, "alltoallwInit", () -> inter.alltoallwInit(send, sendBlocks, reused,
                        recvBlocks), result -> AlltoallwTest.decode(result, senders, slots), expected);
            }
        }

        static void misuse(Checks checks, Communicator group) {
            int[] buffer = new int[2];
            checks.throwsWith("plainRoot", IllegalArgumentException.class,
                    "bcast: on the intercommunicator world.split(" + (first ? 0 : 1) + ").intercomm, name the root by"
                            + " its group: localRoot(r) in the root's group, remoteRoot(r) in the other (root(0) could"
                            + " be a rank of either)", () -> inter.bcast(buffer, root(0)));
            checks.throwsWith("noRoot", IllegalArgumentException.class, "gather: on the intercommunicator",
                    () -> inter.gather(buffer));
            checks.throwsWith("localRootOutside", IllegalArgumentException.class,
                    "reduce: localRoot(" + size + ") is not a rank of the local group of " + inter.size(),
                    () -> inter.reduce(buffer, Op.SUM, localRoot(size)));
            checks.throwsWith("remoteRootOutside", IllegalArgumentException.class,
                    "scatter: remoteRoot(-1) is not a rank of the remote group of " + inter.remoteSize(),
                    () -> inter.scatter(buffer, remoteRoot(-1)));
            checks.throwsWith("inPlace", IllegalArgumentException.class,
                    "allreduce: inPlace is not defined on the intercommunicator", () -> inter.allreduce(buffer, Op.SUM,
                            inPlace()));
            checks.throwsWith("scan", UnsupportedOperationException.class, "joins two groups: prefix reductions",
                    () -> inter.scan(buffer, Op.SUM));
            checks.throwsWith("iscan", UnsupportedOperationException.class, "joins two groups: prefix reductions",
                    () -> inter.iscan(buffer, Op.SUM));
            checks.throwsWith("exscanInit", UnsupportedOperationException.class, "joins two groups: prefix reductions",
                    () -> inter.exscanInit(buffer, Op.SUM));
            checks.throwsWith("igatherInPlace", IllegalArgumentException.class,
                    "igather: inPlace is not defined on the intercommunicator", () -> inter.igather(buffer,
                            localRoot(0), inPlace()));
            checks.throwsWith("reduceScatterInitInPlace", IllegalArgumentException.class,
                    "reduceScatterInit: inPlace is not defined on the intercommunicator",
                    () -> inter.reduceScatterInit(buffer, Op.SUM, inPlace()));
            // every process where the block size counts: a receiver, or the root (the first group receives here)
            checks.throwsWith("iscatterNeedsCount", IllegalArgumentException.class,
                    "iscatter: count(n), this process's block size, is required", () -> inter.iscatter(buffer,
                            first ? remoteRoot(0) : localRoot(local)));
            checks.throwsWith("ialltoallwPerRemote", IllegalArgumentException.class, "ialltoallw: sendBlocks has "
                    + (inter.remoteSize() + 1) + " blocks for " + inter.remoteSize() + " processes",
                    () -> inter.ialltoallw(buffer, new Block[inter.remoteSize() + 1], buffer,
                            new Block[inter.remoteSize()]));
            checks.throwsWith("recvBufOfOtherKind", IllegalArgumentException.class, "allgather: recvBuf is",
                    () -> inter.allgather(new int[1], recvBuf(new long[inter.remoteSize()])));
            checks.throwsWith("sendCountsPerRemote", IllegalArgumentException.class, "alltoallv: sendCounts has "
                    + (inter.remoteSize() + 1) + " entries for " + inter.remoteSize() + " processes",
                    () -> inter.alltoallv(new int[1], sendCounts(new int[inter.remoteSize() + 1])));
            checks.throwsWith("localRootOnWorld", IllegalArgumentException.class,
                    "bcast: localRoot names the root of an intercommunicator's collective; world is one group",
                    () -> world.bcast(buffer, localRoot(0)));
            checks.throwsWith("remoteRootOnWorld", IllegalArgumentException.class,
                    "reduce: remoteRoot names the root of an intercommunicator's collective",
                    () -> world.reduce(buffer, Op.SUM, remoteRoot(0)));
            checks.throwsWith("leaderOutside", IllegalArgumentException.class,
                    "createIntercommunicator: localLeader 7 is not a rank of",
                    () -> group.createIntercommunicator(7, world, 0));
        }
    }

    private static final String[] CHECKS = {"shape", "bcastFromFirst", "bcastFromSecond", "reduceToSecond",
        "gatherToFirst", "gathervToSecond", "gathervCounts", "scatterFromFirst", "scattervFromSecond", "allreduce",
        "allreduceScalar", "allgather", "allgatherv", "alltoall", "alltoallv", "reduceScatterBlock",
        "reduceScatterCounts", "bcastObject", "plainRoot", "noRoot", "localRootOutside", "remoteRootOutside", "inPlace",
        "scan", "iscan", "exscanInit", "igatherInPlace", "reduceScatterInitInPlace", "iscatterNeedsCount",
        "ialltoallwPerRemote", "recvBufOfOtherKind", "sendCountsPerRemote", "localRootOnWorld", "remoteRootOnWorld",
        "leaderOutside"};

    /** The nonblocking and persistent forms of each collective: "i" + it, and it + "Init". */
    private static final String[] STARTED = {"barrier", "bcast", "reduce", "allreduce", "gather", "gatherv", "scatter",
        "scatterv", "allgather", "allgatherv", "alltoall", "alltoallv", "reduceScatter", "reduceScatterCounts"};

    private static void assertChecks(MpiRunResult run) {
        Runs.assertChecks(run, CHECKS);
        Runs.assertChecks(run, "interAlltoallw", "interIalltoallw", "alltoallwInit");
        Runs.assertChecks(run, Stream.of(STARTED).map(name -> "i" + name).toArray(String[]::new));
        if (run.rank(0).value("noPersistent").isPresent()) {
            Runs.assertChecks(run, "persistentUnsupported");
        } else {
            Runs.assertChecks(run, Stream.of(STARTED).map(name -> name + "Init").toArray(String[]::new));
        }
    }

    @Test
    void twoAndTwo() {
        assertChecks(Runs.run(Program.class, 4));
    }

    @Test
    void oneAndTwoWithHeapArraysCopied() {
        assertChecks(Runs.runWithJvmOptions(Program.class, 3, List.of("-Dmpi4all.heapAccess=copy")));
    }
}
