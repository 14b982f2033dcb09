package org.mpi4all;

import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.recvCountsOut;
import static org.mpi4all.Param.sendCounts;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Communicators as objects: dup, split, compare, free; groups; Cartesian and graph topologies. */
class CommunicatorTest {

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.section("management", () -> management(checks));
                checks.section("groups", () -> groups(checks));
                checks.section("cartesian", () -> cartesian(checks, env));
                checks.section("graph", () -> graph(checks));
            });
        }

        static void management(Checks checks) {
            Communicator dup = world.dup();
            checks.equal("dup", List.of(rank, size, Comparison.CONGRUENT), List.of(dup.rank(), dup.size(), dup.compare(world)));
            checks.equal("compareIdent", Comparison.IDENT, world.compare(world));
            checks.equal("compareSelf", size == 1 ? Comparison.CONGRUENT : Comparison.UNEQUAL, world.compare(world.environment().self()));
            checks.equal("dupWorks", size, dup.allreduce(1, Op.SUM));
            dup.close();
            checks.that("closed", dup.isClosed(), "not closed");
            checks.throwsWith("useAfterFree", IllegalStateException.class, "was freed", () -> dup.allreduce(1, Op.SUM));
            checks.throwsWith("freeTwice", IllegalStateException.class, "was freed", dup::close);

            // evens and odds, each ordered by descending world rank
            try (Communicator parity = world.split(rank % 2, -rank)) {
                int members = (size + 1 - rank % 2) / 2;
                int[] expectedOrder = IntStream.range(0, size).filter(r -> r % 2 == rank % 2).map(r -> -r).sorted()
                        .map(r -> -r).toArray();
                checks.equal("split", List.of(members, indexOf(expectedOrder, rank)), List.of(parity.size(), parity.rank()));
                checks.equal("splitGather", expectedOrder, parity.allgather(new int[] {rank}));
                checks.equal("splitCompare", size > 1 ? Comparison.UNEQUAL : Comparison.SIMILAR, parity.compare(world));
            }
            Communicator onlyZero = world.split(rank == 0 ? 0 : Communicator.UNDEFINED, 0);
            checks.that("splitUndefined", rank == 0 ? onlyZero != null && onlyZero.size() == 1 : onlyZero == null,
                    String.valueOf(onlyZero));
            if (onlyZero != null) {
                onlyZero.close();
            }
            try (Communicator node = world.splitShared()) {
                checks.that("splitShared", node.size() >= 1 && node.size() <= size, "size " + node.size());
            }
        }

        static void groups(Checks checks) {
            try (Group all = world.group();
                    Group evens = all.incl(IntStream.range(0, size).filter(r -> r % 2 == 0).toArray());
                    Group odds = all.excl(IntStream.range(0, size).filter(r -> r % 2 == 0).toArray());
                    Group union = odds.union(evens);
                    Group none = evens.intersection(odds);
                    Group difference = all.difference(odds)) {
                checks.equal("groupSize", List.of(size, (size + 1) / 2, size / 2, 0), List.of(all.size(), evens.size(),
                        odds.size(), none.size()));
                checks.equal("groupRank", rank % 2 == 0 ? rank / 2 : Communicator.UNDEFINED, evens.rank());
                checks.equal("groupCompare", List.of(Comparison.IDENT, size > 2 ? Comparison.SIMILAR : union.compare(all),
                        Comparison.IDENT), List.of(all.compare(all), union.compare(all), difference.compare(evens)));
                int[] translated = all.translateRanks(evens, IntStream.range(0, size).toArray());
                checks.equal("translateRanks", IntStream.range(0, size).map(r -> r % 2 == 0 ? r / 2 : Communicator.UNDEFINED)
                        .toArray(), translated);
                Communicator evenComm = world.create(evens);
                checks.that("createFromGroup", rank % 2 == 0 ? evenComm != null && evenComm.size() == evens.size()
                        : evenComm == null, String.valueOf(evenComm));
                if (evenComm != null) {
                    evenComm.close();
                }
                Group scratch = all.incl(0);
                scratch.close();
                checks.throwsWith("groupAfterFree", IllegalStateException.class, "the group was freed", scratch::size);
            }
        }

        static void cartesian(Checks checks, Environment env) {
            int[] dims = env.dimsCreate(size, 2);
            checks.equal("dimsCreate", size, dims[0] * dims[1]);
            try (CartesianCommunicator grid = world.createCartesian(dims, new boolean[] {true, false}, false)) {
                int[] coords = grid.coords();
                checks.equal("coordsOfRank", List.of(grid.rank(), Arrays.toString(coords)),
                        List.of(grid.rank(coords), Arrays.toString(grid.coords(grid.rank()))));
                checks.equal("gridShape", List.of(2, Arrays.toString(dims), "[true, false]"),
                        List.of(grid.dimensions(), Arrays.toString(grid.dims()), Arrays.toString(grid.periods())));
                CartesianCommunicator.Shift down = grid.shift(0, 1);
                int expectedDestination = grid.rank((coords[0] + 1) % dims[0], coords[1]);
                checks.equal("shiftPeriodic", expectedDestination, down.destination());
                CartesianCommunicator.Shift across = grid.shift(1, 1);
                checks.equal("shiftEdge", coords[1] == dims[1] - 1 ? Communicator.PROC_NULL
                        : grid.rank(coords[0], coords[1] + 1), across.destination());
                try (CartesianCommunicator row = grid.sub(false, true)) {
                    checks.equal("sub", List.of(dims[1], coords[1]), List.of(row.size(), row.rank()));
                }
                checks.throwsWith("coordsOfWrongLength", IllegalArgumentException.class, "rank: 1 coordinates for 2 dimensions",
                        () -> grid.rank(0));
            }
            try (CartesianCommunicator ring = world.createCartesian(new int[] {size}, new boolean[] {true}, false)) {
                int left = (ring.rank() + size - 1) % size;
                int right = (ring.rank() + 1) % size;
                checks.equal("ringNeighbours", List.of(left, right), Arrays.stream(ring.sources()).boxed().toList());
                checks.equal("neighborAllgather", new int[] {left, right}, ring.neighborAllgather(new int[] {ring.rank()}));
                // block 0 goes to the left neighbour, block 1 to the right one
                int[] got = ring.neighborAlltoall(new int[] {ring.rank() * 10, ring.rank() * 10 + 1});
                checks.equal("neighborAlltoall", new int[] {left * 10 + 1, right * 10}, got);
            }
            CartesianCommunicator smaller = world.createCartesian(new int[] {1}, new boolean[] {false}, false);
            checks.that("cartesianLeavesOthersOut", rank == 0 ? smaller != null : smaller == null, String.valueOf(smaller));
            if (smaller != null) {
                smaller.close();
            }
        }

        static void graph(Checks checks) {
            // each process sends to the next two and receives from the previous two
            int[] destinations = {(rank + 1) % size, (rank + 2) % size};
            int[] sources = {(rank + size - 1) % size, (rank + size - 2) % size};
            try (GraphCommunicator graph = world.createGraph(sources, destinations, false)) {
                checks.equal("graphNeighbours", List.of(Arrays.toString(sources), Arrays.toString(destinations)),
                        List.of(Arrays.toString(graph.sources()), Arrays.toString(graph.destinations())));
                checks.equal("graphAllgather", sources, graph.neighborAllgather(new int[] {rank}));
                // rank r sends r+1 copies of r to its first destination and one to its second
                int[] send = new int[rank + 2];
                Arrays.fill(send, rank);
                int[] counts = new int[2];
                int[] got = graph.neighborAlltoallv(send, sendCounts(rank + 1, 1), recvCountsOut(counts));
                int[] expected = new int[sources[0] + 2];
                Arrays.fill(expected, 0, sources[0] + 1, sources[0]);
                expected[sources[0] + 1] = sources[1];
                checks.equal("neighborAlltoallv", expected, got);
                checks.equal("neighborAlltoallvCounts", new int[] {sources[0] + 1, 1}, counts);
            }
        }

        private static int indexOf(int[] values, int value) {
            for (int i = 0; i < values.length; i++) {
                if (values[i] == value) {
                    return i;
                }
            }
            return -1;
        }
    }

    @Test
    void communicatorsGroupsAndTopologiesOnFourRanks() {
        Runs.assertChecks(Runs.run(Program.class, 4), "dup", "compareIdent", "compareSelf", "dupWorks", "closed",
                "useAfterFree", "freeTwice", "split", "splitGather", "splitCompare", "splitUndefined", "splitShared",
                "groupSize", "groupRank", "groupCompare", "translateRanks", "createFromGroup", "groupAfterFree",
                "dimsCreate", "coordsOfRank", "gridShape", "shiftPeriodic", "shiftEdge", "sub", "coordsOfWrongLength",
                "ringNeighbours", "neighborAllgather", "neighborAlltoall", "cartesianLeavesOthersOut",
                "graphNeighbours", "graphAllgather", "neighborAlltoallv", "neighborAlltoallvCounts");
    }

    @Test
    void onThreeRanks() {
        Runs.assertChecks(Runs.run(Program.class, 3), "split", "splitGather", "groupSize", "translateRanks",
                "coordsOfRank", "shiftPeriodic", "neighborAllgather", "neighborAlltoall", "neighborAlltoallv");
    }
}
