package org.mpi4all;

import static org.mpi4all.Checks.left;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.right;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.count;
import static org.mpi4all.Param.recvCounts;
import static org.mpi4all.Param.root;
import static org.mpi4all.Param.sendCounts;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The nonblocking collectives beyond NonblockingTest's: iscan, iexscan, ireduceScatter (blocks and counts),
 * igather, iscatter, igatherv, iscatterv, ialltoallv, and the neighbour ones; values on every rank, and the
 * counts a nonblocking call cannot exchange itself required.
 */
class NonblockingCollectivesTest {

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.section("reductions", () -> reductions(checks));
                checks.section("rooted", () -> rooted(checks));
                checks.section("personalized", () -> personalized(checks));
                checks.section("neighbours", () -> neighbours(checks));
                checks.section("misuse", () -> misuse(checks));
            });
        }

        /** {@code n} copies of {@code value}. */
        static int[] copies(int n, int value) {
            int[] values = new int[n];
            Arrays.fill(values, value);
            return values;
        }

        static void reductions(Checks checks) {
            checks.equal("iscan", new int[] {(rank + 1) * (rank + 2) / 2},
                    world.iscan(new int[] {rank + 1}, Op.SUM).waitFor());
            int[] exclusive = world.iexscan(new int[] {rank + 1}, Op.SUM).waitFor();
            checks.that("iexscan", rank == 0 || exclusive[0] == rank * (rank + 1) / 2, Arrays.toString(exclusive));
            int[] send = IntStream.range(0, 2 * size).map(j -> rank + j).toArray();
            int ranksSum = size * (size - 1) / 2;
            checks.equal("ireduceScatterBlock", new int[] {ranksSum + size * 2 * rank, ranksSum + size * (2 * rank + 1)},
                    world.ireduceScatter(send, Op.SUM).waitFor());
            int[] counts = IntStream.range(0, size).map(r -> r + 1).toArray();
            int total = size * (size + 1) / 2;
            int from = rank * (rank + 1) / 2;
            int[] varying = IntStream.range(0, total).map(j -> rank + j).toArray();
            checks.equal("ireduceScatterCounts", IntStream.range(from, from + rank + 1).map(j -> ranksSum + size * j).toArray(),
                    world.ireduceScatter(varying, Op.SUM, recvCounts(counts)).waitFor());
        }

        static void rooted(Checks checks) {
            int last = size - 1;
            int[] gathered = world.igather(new int[] {rank, rank * 10}, root(last)).waitFor();
            checks.equal("igather", rank == last ? IntStream.range(0, size).flatMap(r -> IntStream.of(r, r * 10)).toArray()
                    : new int[0], gathered);
            int[] dealt = IntStream.range(0, 2 * size).toArray();
            checks.equal("iscatter", new int[] {2 * rank, 2 * rank + 1},
                    world.iscatter(rank == 0 ? dealt : new int[0], count(2)).waitFor());
            int[] counts = IntStream.range(0, size).map(r -> r + 1).toArray();
            int[] concatenated = IntStream.range(0, size).flatMap(r -> Arrays.stream(copies(r + 1, r))).toArray();
            checks.equal("igatherv", rank == 0 ? concatenated : new int[0],
                    world.igatherv(copies(rank + 1, rank), recvCounts(counts)).waitFor());
            checks.equal("iscatterv", copies(rank + 1, rank), world.iscatterv(rank == 0 ? concatenated : new int[0],
                    sendCounts(counts), count(rank + 1)).waitFor());
        }

        /** Rank r sends j+1 copies of 100r+j to rank j, so it receives r+1 copies of 100i+r from each rank i. */
        static void personalized(Checks checks) {
            int[] send = IntStream.range(0, size).flatMap(j -> Arrays.stream(copies(j + 1, 100 * rank + j))).toArray();
            int[] sendCounts = IntStream.range(0, size).map(j -> j + 1).toArray();
            int[] expected = IntStream.range(0, size).flatMap(i -> Arrays.stream(copies(rank + 1, 100 * i + rank))).toArray();
            checks.equal("ialltoallv", expected, world.ialltoallv(send, sendCounts(sendCounts),
                    recvCounts(copies(size, rank + 1))).waitFor());
        }

        static void neighbours(Checks checks) {
            try (CartesianCommunicator ring = world.createCartesian(new int[] {size}, new boolean[] {true}, false)) {
                checks.equal("ineighborAllgather", new int[] {left, right},
                        ring.ineighborAllgather(new int[] {rank}).waitFor());
                // block 0 goes to the left neighbour, block 1 to the right one
                checks.equal("ineighborAlltoall", new int[] {left * 10 + 1, right * 10},
                        ring.ineighborAlltoall(new int[] {rank * 10, rank * 10 + 1}).waitFor());
                // one copy of the rank to the left, two to the right: one from the right, two from the left
                int[] got = ring.ineighborAlltoallv(new int[] {rank, rank, rank}, sendCounts(1, 2), recvCounts(2, 1))
                        .waitFor();
                checks.equal("ineighborAlltoallv", new int[] {left, left, right}, got);
            }
        }

        static void misuse(Checks checks) {
            checks.throwsWith("iscatterNeedsCount", IllegalArgumentException.class, "iscatter: count(n)",
                    () -> world.iscatter(new int[size]));
            checks.throwsWith("igathervNeedsCounts", IllegalArgumentException.class, "igatherv: recvCounts is required",
                    () -> world.igatherv(new int[1], root(rank)));
            checks.throwsWith("iscattervNeedsSendCounts", IllegalArgumentException.class, "iscatterv: sendCounts is required",
                    () -> world.iscatterv(new int[1], root(rank), count(1)));
            checks.throwsWith("ialltoallvNeedsRecvCounts", IllegalArgumentException.class, "ialltoallv: recvCounts is required",
                    () -> world.ialltoallv(new int[size], sendCounts(copies(size, 1))));
            checks.throwsWith("ireduceScatterBlocks", IllegalArgumentException.class, "do not divide into " + size,
                    () -> world.ireduceScatter(new int[size + 1], Op.SUM));
            checks.throwsWith("iscanParams", IllegalArgumentException.class, "iscan: does not accept root",
                    () -> world.iscan(new int[1], Op.SUM, root(0)));
            checks.equal("size", List.of(size, rank), List.of(world.size(), world.rank()));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4})
    void onRanks(int ranks) {
        Runs.assertChecks(Runs.run(Program.class, ranks), "iscan", "iexscan", "ireduceScatterBlock",
                "ireduceScatterCounts", "igather", "iscatter", "igatherv", "iscatterv", "ialltoallv", "ineighborAllgather",
                "ineighborAlltoall", "ineighborAlltoallv", "iscatterNeedsCount", "igathervNeedsCounts",
                "iscattervNeedsSendCounts", "ialltoallvNeedsRecvCounts", "ireduceScatterBlocks", "iscanParams", "size");
    }
}
