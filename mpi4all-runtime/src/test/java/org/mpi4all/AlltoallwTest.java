package org.mpi4all;

import static org.mpi4all.Checks.left;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.right;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRunResult;

/**
 * The generalized all-to-all ({@code MPI_Alltoallw} and {@code MPI_Neighbor_alltoallw}, blocking, nonblocking and
 * persistent): every block has its own datatype, an int or a double by the parity of its sender's world rank plus
 * the slot it is sent from, so that each process sends and receives both kinds at once. Blocks are sent from 8-byte
 * slots of a native segment and received into 8-byte slots of a heap {@code long[]} after two slots MPI must not
 * touch; the neighbour forms run on a graph of each process, its left neighbour and itself. The intercommunicator form is checked by {@link IntercommunicatorTest} with the same blocks.
 */
class AlltoallwTest {
    /** What the first two slots of every receive buffer hold, and still hold afterwards. */
    static final long UNTOUCHED = 0x5a5a5a5a5a5a5a5aL;
    /** Slots of the receive buffer before the first block. */
    static final int GAP = 2;

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.equal("size", List.of(Integer.parseInt(args[0]), rank), List.of(world.size(), world.rank()));
                checks.section("world", () -> onWorld(checks));
                checks.section("graph", () -> onGraph(checks));
                checks.section("misuse", () -> misuse(checks));
            });
        }

        static void onWorld(Checks checks) {
            // block j goes to rank j, which finds it in slot `rank`
            int[] senders = IntStream.range(0, size).toArray();
            int[] slots = new int[size];
            Arrays.fill(slots, rank);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment send = sendData(arena, rank, size);
                Block[] sendBlocks = sendBlocks(rank, size);
                Block[] recvBlocks = recvBlocks(senders, slots);
                double[] expected = expected(senders, slots);
                checks.equal("alltoallw", expected, decode(world.alltoallw(send, sendBlocks, received(size),
                        recvBlocks), senders, slots));
                checks.equal("ialltoallw", expected, decode(world.ialltoallw(send, sendBlocks, received(size),
                        recvBlocks).waitFor(), senders, slots));
                long[] reused = received(size);
                startTwice(checks, "alltoallwInit", () -> world.alltoallwInit(send, sendBlocks, reused, recvBlocks),
                        result -> decode(result, senders, slots), expected);
            }
        }

        static void onGraph(Checks checks) {
            // each process receives from its left neighbour and itself, and sends to its right one and itself: on 2
            // ranks, too, every neighbour is another process (a periodic ring of 2 has one neighbour twice, whose
            // blocks Open MPI 4.1's ineighbor_alltoallw matches in another order)
            try (GraphCommunicator graph = world.createGraph(new int[] {left, rank}, new int[] {right, rank}, false);
                    Arena arena = Arena.ofConfined()) {
                int[] senders = {left, rank};
                int[] slots = {0, 1};
                MemorySegment send = sendData(arena, rank, 2);
                Block[] sendBlocks = sendBlocks(rank, 2);
                Block[] recvBlocks = recvBlocks(senders, slots);
                double[] expected = expected(senders, slots);
                checks.equal("neighborAlltoallw", expected, decode(graph.neighborAlltoallw(send, sendBlocks,
                        received(2), recvBlocks), senders, slots));
                checks.equal("ineighborAlltoallw", expected, decode(graph.ineighborAlltoallw(send, sendBlocks,
                        received(2), recvBlocks).waitFor(), senders, slots));
                long[] reused = received(2);
                startTwice(checks, "neighborAlltoallwInit", () -> graph.neighborAlltoallwInit(send, sendBlocks, reused,
                        recvBlocks), result -> decode(result, senders, slots), expected);
            }
        }

        static void misuse(Checks checks) {
            Block[] ints = new Block[size];
            Arrays.fill(ints, new Block(Datatype.INT, 1, 0));
            int[] one = new int[1];
            checks.throwsWith("blocksPerProcess", IllegalArgumentException.class,
                    "alltoallw: recvBlocks has 1 blocks for " + size + " processes",
                    () -> world.alltoallw(one, ints, one, new Block[] {Block.NONE}));
            Block[] beyond = ints.clone();
            beyond[size - 1] = new Block(Datatype.DOUBLE, 1, 4);
            checks.throwsWith("blockBeyondBuffer", IllegalArgumentException.class, "ialltoallw: sendBlocks["
                    + (size - 1) + "], 1 double at byte 4, needs 12 bytes but int[1] holds 4",
                    () -> world.ialltoallw(one, beyond, one, ints));
            Block[] huge = ints.clone();
            huge[0] = new Block(Datatype.LONG, Long.MAX_VALUE / 4, 0);   // its bytes overflow a long
            checks.throwsWith("hugeBlock", IllegalArgumentException.class, "alltoallw: sendBlocks[0], "
                    + Long.MAX_VALUE / 4 + " long at byte 0, needs " + Long.MAX_VALUE + " bytes but int[1] holds 4",
                    () -> world.alltoallw(one, huge, new int[size], ints));
            checks.throwsWith("nullBlock", NullPointerException.class, "alltoallwInit: recvBlocks[0] == null",
                    () -> world.alltoallwInit(one, ints, one, new Block[size]));
            checks.throwsWith("negativeCount", IllegalArgumentException.class,
                    "a block has a count and displacement of at least 0, not -1 elements at byte 0",
                    () -> new Block(Datatype.INT, -1, 0));
            checks.throwsWith("readOnlyReceive", IllegalArgumentException.class, "alltoallw: cannot receive into",
                    () -> world.alltoallw(one, ints, MemorySegment.ofArray(new int[size]).asReadOnly(), ints));
        }
    }

    // ---- the blocks, shared with IntercommunicatorTest ---------------------------------------------------

    /** The type of the block a process of world rank {@code sender} sends from {@code slot}: ints and doubles mixed. */
    static Datatype typeOf(int sender, int slot) {
        return (sender + slot) % 2 == 0 ? Datatype.INT : Datatype.DOUBLE;
    }

    static double valueOf(int sender, int slot) {
        return 1000 * sender + slot;
    }

    /** A process's send buffer: one 8-byte slot per destination, holding its block's value as its type. */
    static MemorySegment sendData(Arena arena, int sender, int destinations) {
        MemorySegment data = arena.allocate(8L * destinations, 8);
        for (int slot = 0; slot < destinations; slot++) {
            if (typeOf(sender, slot) == Datatype.INT) {
                data.set(ValueLayout.JAVA_INT, 8L * slot, (int) valueOf(sender, slot));
            } else {
                data.set(ValueLayout.JAVA_DOUBLE, 8L * slot, valueOf(sender, slot));
            }
        }
        return data;
    }

    static Block[] sendBlocks(int sender, int destinations) {
        return IntStream.range(0, destinations).mapToObj(slot -> new Block(typeOf(sender, slot), 1, 8L * slot))
                .toArray(Block[]::new);
    }

    /** Block i comes from world rank {@code senders[i]}, which sent it from its slot {@code slots[i]}. */
    static Block[] recvBlocks(int[] senders, int[] slots) {
        return IntStream.range(0, senders.length).mapToObj(i -> new Block(typeOf(senders[i], slots[i]), 1,
                8L * (GAP + i))).toArray(Block[]::new);
    }

    /** A receive buffer of {@code sources} slots after the gap, every byte {@link #UNTOUCHED}. */
    static long[] received(int sources) {
        long[] buffer = new long[GAP + sources];
        Arrays.fill(buffer, UNTOUCHED);
        return buffer;
    }

    /** The gap's slots as doubles, then each block received as the double of its int or double value. */
    static double[] decode(long[] buffer, int[] senders, int[] slots) {
        MemorySegment bytes = MemorySegment.ofArray(buffer);
        double[] seen = new double[buffer.length];
        for (int i = 0; i < GAP; i++) {
            seen[i] = buffer[i];
        }
        for (int i = 0; i < senders.length; i++) {
            long at = 8L * (GAP + i);
            seen[GAP + i] = typeOf(senders[i], slots[i]) == Datatype.INT ? bytes.get(ValueLayout.JAVA_INT, at)
                    : bytes.get(ValueLayout.JAVA_DOUBLE, at);
        }
        return seen;
    }

    static double[] expected(int[] senders, int[] slots) {
        double[] expected = new double[GAP + senders.length];
        Arrays.fill(expected, 0, GAP, UNTOUCHED);
        for (int i = 0; i < senders.length; i++) {
            expected[GAP + i] = valueOf(senders[i], slots[i]);
        }
        return expected;
    }

    /**
     * Binds a persistent operation, starts it twice (the buffer cleared in between) and checks the second result;
     * on a library without persistent collectives (Open MPI 4.1), checks the exception that says so.
     */
    static void startTwice(Checks checks, String name, Supplier<Persistent<long[]>> bind,
            Function<long[], double[]> decode, double[] expected) {
        Persistent<long[]> operation;
        try {
            operation = bind.get();
        } catch (UnsupportedOperationException e) {
            checks.that(name, e.getMessage().startsWith(name + ": MPI_") && e.getMessage().contains("is not provided"),
                    e.getMessage());
            return;
        }
        try (operation) {
            long[] first = operation.start().waitFor();
            Arrays.fill(first, UNTOUCHED);
            checks.equal(name, expected, decode.apply(operation.start().waitFor()));
        }
    }

    private static final String[] CHECKS = {"size", "alltoallw", "ialltoallw", "alltoallwInit", "neighborAlltoallw",
        "ineighborAlltoallw", "neighborAlltoallwInit", "blocksPerProcess", "blockBeyondBuffer", "hugeBlock", "nullBlock",
        "negativeCount", "readOnlyReceive"};

    @Test
    void threeRanks() {
        Runs.assertChecks(Runs.run(Program.class, 3, "3"), CHECKS);
    }

    @Test
    void twoRanksWithHeapArraysCopied() {
        MpiRunResult run = Runs.runWithJvmOptions(Program.class, 2, List.of("-Dmpi4all.heapAccess=copy"), "2");
        Runs.assertChecks(run, CHECKS);
    }
}
