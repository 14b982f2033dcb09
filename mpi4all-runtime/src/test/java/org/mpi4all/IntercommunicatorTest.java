package org.mpi4all;

import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.inPlace;
import static org.mpi4all.Param.localRoot;
import static org.mpi4all.Param.recvCounts;
import static org.mpi4all.Param.recvBuf;
import static org.mpi4all.Param.recvCountsOut;
import static org.mpi4all.Param.remoteRoot;
import static org.mpi4all.Param.root;
import static org.mpi4all.Param.sendCounts;
import static org.mpi4all.Param.tag;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
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
            checks.throwsWith("nonblocking", UnsupportedOperationException.class, "joins two groups",
                    () -> inter.iallreduce(buffer, Op.SUM));
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
        "scan", "nonblocking", "recvBufOfOtherKind", "sendCountsPerRemote", "localRootOnWorld", "remoteRootOnWorld",
        "leaderOutside"};

    @Test
    void twoAndTwo() {
        Runs.assertChecks(Runs.run(Program.class, 4), CHECKS);
    }

    @Test
    void oneAndTwoWithHeapArraysCopied() {
        MpiRunResult run = Runs.runWithJvmOptions(Program.class, 3, List.of("-Dmpi4all.heapAccess=copy"));
        Runs.assertChecks(run, CHECKS);
    }
}
