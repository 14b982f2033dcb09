package org.mpi4all;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mpi4all.Checks.left;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.right;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpi4all.testkit.MpiRunResult;

/**
 * Partitioned communication around the ring of ranks: each rank sends to its right neighbour a buffer of
 * {@link #PARTITIONS} partitions, made ready by one thread per partition (at {@code MULTIPLE}), by a range and by
 * a list, and receives its left neighbour's, polling {@code parrived}; a heap array and a native segment; the values
 * of every partition checked on every rank at every start; the misuse of a partitioned operation. On a library
 * without partitioned communication (Open MPI 4.1) the program checks the exception that says so and the test is
 * skipped with that reason. {@link Large}: partitions of a message, and a partition, of more than 2^31-1 elements.
 */
class PartitionedTest {
    static final int PARTITIONS = 4;
    static final int PARTITION_SIZE = 3;
    static final int ITERATIONS = 3;

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.MULTIPLE, (checks, env) -> {
                int[] incoming = new int[PARTITIONS * PARTITION_SIZE];
                Partitioned<int[]> in;
                try {
                    in = world.precvInit(incoming, PARTITIONS, left);
                } catch (UnsupportedOperationException e) {
                    checks.that("unsupportedMessage", e.getMessage().startsWith("precvInit: MPI_Precv_init is not"
                            + " provided by the MPI library"), e.getMessage());
                    Checks.value("unsupported", e.getMessage());
                    return;
                }
                checks.equal("level", ThreadLevel.MULTIPLE, env.threadLevel());
                int[] outgoing = new int[PARTITIONS * PARTITION_SIZE];
                try (in; Partitioned<int[]> out = world.psendInit(outgoing, PARTITIONS, right)) {
                    checks.equal("shape", List.of(PARTITIONS, (long) PARTITION_SIZE), List.of(out.partitions(),
                            out.partitionSize()));
                    checks.section("heap", () -> iterations(checks, in, out, outgoing, incoming));
                    checks.section("misuse", () -> misuse(checks, in, out));
                }
                checks.section("segment", () -> segment(checks));
                checks.equal("size", List.of(size, rank), List.of(world.size(), world.rank()));
            });
        }

        /** The value element {@code k} of partition {@code p} has when rank {@code from} sends it at {@code iteration}. */
        static int value(int from, int iteration, int p, int k) {
            return from * 1000 + iteration * 100 + p * 10 + k;
        }

        static int[] expected(int from, int iteration) {
            return IntStream.range(0, PARTITIONS * PARTITION_SIZE)
                    .map(j -> value(from, iteration, j / PARTITION_SIZE, j % PARTITION_SIZE)).toArray();
        }

        static void fill(int[] data, int iteration, int p) {
            for (int k = 0; k < PARTITION_SIZE; k++) {
                data[p * PARTITION_SIZE + k] = value(rank, iteration, p, k);
            }
        }

        /**
         * Iteration 0: one thread per partition fills and readies it; 1: all filled, then one range; 2: a list in
         * another order. The receiver polls the first partition with parrived before waiting for all.
         */
        static void iterations(Checks checks, Partitioned<int[]> in, Partitioned<int[]> out, int[] outgoing,
                int[] incoming) {
            Object[] seen = new Object[ITERATIONS];
            Object[] wanted = new Object[ITERATIONS];
            boolean firstArrivedEarly = true;
            for (int i = 0; i < ITERATIONS; i++) {
                int iteration = i;
                in.start();
                out.start();
                switch (i) {
                    case 0 -> {
                        List<Thread> threads = new ArrayList<>();
                        for (int p = 0; p < PARTITIONS; p++) {
                            int partition = p;
                            threads.add(Thread.ofPlatform().start(() -> {
                                fill(outgoing, iteration, partition);
                                out.pready(partition);
                            }));
                        }
                        threads.forEach(Program::join);
                    }
                    case 1 -> {
                        IntStream.range(0, PARTITIONS).forEach(p -> fill(outgoing, iteration, p));
                        out.preadyRange(0, PARTITIONS - 1);
                    }
                    default -> {
                        IntStream.range(0, PARTITIONS).forEach(p -> fill(outgoing, iteration, p));
                        out.preadyList(3, 1, 0, 2);
                    }
                }
                while (!in.parrived(0)) {
                    Thread.onSpinWait();
                }
                // a heap array holds the partition once parrived says it arrived, before completion
                for (int k = 0; k < PARTITION_SIZE; k++) {
                    firstArrivedEarly &= incoming[k] == value(left, i, 0, k);
                }
                out.waitFor();
                seen[i] = in.waitFor().clone();
                wanted[i] = expected(left, i);
            }
            checks.equal("partitions", wanted, seen);
            checks.that("parrived", firstArrivedEarly, "partition 0 not in the array after parrived");
        }

        static void join(Thread thread) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }

        /** A native segment, readied partition by partition from the last: MPI reads and writes it in place. */
        static void segment(Checks checks) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment send = arena.allocate(ValueLayout.JAVA_LONG, PARTITIONS * 2L);
                MemorySegment receive = arena.allocate(ValueLayout.JAVA_LONG, PARTITIONS * 2L);
                try (Partitioned<MemorySegment> in = world.precvInit(receive, PARTITIONS, left,
                        Param.type(Datatype.LONG), Param.tag(7));
                        Partitioned<MemorySegment> out = world.psendInit(send, PARTITIONS, right,
                                Param.type(Datatype.LONG), Param.tag(7))) {
                    in.start();
                    out.start();
                    for (int p = PARTITIONS - 1; p >= 0; p--) {
                        send.setAtIndex(ValueLayout.JAVA_LONG, 2L * p, rank * 100L + p);
                        send.setAtIndex(ValueLayout.JAVA_LONG, 2L * p + 1, -(rank * 100L + p));
                        out.pready(p);
                    }
                    out.waitFor();
                    long[] got = in.waitFor().toArray(ValueLayout.JAVA_LONG);
                    long[] expected = IntStream.range(0, PARTITIONS * 2)
                            .mapToLong(j -> (j % 2 == 0 ? 1 : -1) * (left * 100L + j / 2)).toArray();
                    checks.equal("segment", expected, got);
                }
            }
        }

        static void misuse(Checks checks, Partitioned<int[]> in, Partitioned<int[]> out) {
            checks.throwsWith("preadyBeforeStart", IllegalStateException.class, "psendInit: pready before start()",
                    () -> out.pready(0));
            checks.throwsWith("parrivedBeforeStart", IllegalStateException.class, "precvInit: parrived before start()",
                    () -> in.parrived(0));
            checks.throwsWith("preadyOnReceive", IllegalStateException.class, "precvInit: pready is for a partitioned send",
                    () -> in.pready(0));
            checks.throwsWith("parrivedOnSend", IllegalStateException.class, "psendInit: parrived is for a partitioned"
                    + " receive", () -> out.parrived(0));
            in.start();
            out.start();
            checks.throwsWith("partitionRange", IllegalArgumentException.class, "psendInit: pready: partition 4 is not"
                    + " one of the 4 partitions (0..3)", () -> out.pready(PARTITIONS));
            out.preadyRange(0, 1);
            checks.throwsWith("readyTwice", IllegalStateException.class, "psendInit: preadyList: partition 1 is ready"
                    + " already", () -> out.preadyList(1));
            out.preadyList(2, 3);
            out.waitFor();
            in.waitFor();
            checks.throwsWith("indivisible", IllegalArgumentException.class, "psendInit: 10 elements do not divide"
                    + " into 4 equal blocks, one per partition", () -> world.psendInit(new int[10], PARTITIONS, right));
            checks.throwsWith("noPartitions", IllegalArgumentException.class, "precvInit: 0 partitions",
                    () -> world.precvInit(new int[4], 0, left));
        }
    }

    /**
     * A partitioned transfer of more than 2^31-1 elements: a native segment of {@link LargeCountsTest#BYTES} (2^31 +
     * 64) bytes from rank 0 to rank 1, first as one partition of that many elements ({@code MPI_Psend_init}'s
     * {@code MPI_Count} beyond an int), then as {@link #PARTITIONS} partitions of 2^25 + 1 bytes, made ready from the
     * last (whose offsets pass 2^31) to the first while rank 1 polls the last with {@code parrived}; every byte checked
     * at rank 1, with marks on both sides of every partition boundary and of the 2^31 boundary, and zeroes between
     * the two transfers so that nothing stale passes. Where one partition of more than 2^31-1 bytes crashes (MPICH 4.0:
     * {@code Issue.KnownBugs}) the exceptions that refuse it are checked instead, on both ranks. On Open MPI 4.1 the
     * exceptions that say it lacks partitioned communication are checked, and the test skipped.
     */
    public static final class Large {
        static final long BYTES = LargeCountsTest.BYTES;
        static final int PARTITIONS = 64;
        /** The two segments (one per rank) and room for what MPI allocates to move them. */
        static final long NEEDED = 2 * BYTES + (2L << 30);
        static final byte FILL = 7;

        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.equal("size", List.of(2, rank), List.of(size, world.rank()));
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment big = arena.allocate(BYTES);
                    try {
                        if (Issue.KnownBugs.BROKEN.containsKey("MPI_Psend_init")) {
                            refused(checks, big);
                        } else {
                            transfer(checks, big, 1, "whole");
                        }
                    } catch (UnsupportedOperationException e) {
                        checks.that("unsupportedMessage", e.getMessage().startsWith(rank == 0
                                ? "psendInit: MPI_Psend_init is not provided by the MPI library"
                                : "precvInit: MPI_Precv_init is not provided by the MPI library"), e.getMessage());
                        Checks.value("unsupported", e.getMessage());
                        return;
                    }
                    transfer(checks, big, PARTITIONS, "partitions");
                }
            });
        }

        /**
         * Where one partition of {@code big} is known to crash (MPICH 4.0), the exceptions that refuse it on both
         * ranks, before MPI is called.
         */
        static void refused(Checks checks, MemorySegment big) {
            String operation = rank == 0 ? "psendInit" : "precvInit";
            String function = rank == 0 ? "MPI_Psend_init" : "MPI_Precv_init";
            checks.throwsWith("whole", UnsupportedOperationException.class, operation + ": " + Issue.KnownBugs.LIBRARY
                    + "'s " + function + " with a partition of more than 2^31-1 bytes crashes the process",
                    () -> (rank == 0 ? world.psendInit(big, 1, 1) : world.precvInit(big, 1, 0)).close());
        }

        /** Sends {@code big} from rank 0 to rank 1 in {@code partitions}; rank 1 checks it as {@code name}. */
        static void transfer(Checks checks, MemorySegment big, int partitions, String name) {
            long partitionSize = BYTES / partitions;
            long[] positions = boundaries(partitions, partitionSize);
            byte[] marks = new byte[positions.length];
            for (int i = 0; i < marks.length; i++) {
                marks[i] = (byte) (20 + i % 200);   // never FILL, distinct within a transfer
            }
            if (rank == 0) {
                LargeCountsTest.Program.fill(big, FILL, positions, marks);
            } else {
                big.fill((byte) 0);
            }
            try (Partitioned<MemorySegment> transfer = rank == 0 ? world.psendInit(big, partitions, 1)
                    : world.precvInit(big, partitions, 0)) {
                checks.equal(name + "Size", List.of(partitions, partitionSize), List.of(transfer.partitions(),
                        transfer.partitionSize()));
                transfer.start();
                if (rank == 0) {
                    for (int p = partitions - 1; p >= 0; p--) {
                        transfer.pready(p);
                    }
                } else {
                    while (!transfer.parrived(partitions - 1)) {
                        Thread.onSpinWait();
                    }
                }
                transfer.waitFor();
            }
            if (rank == 1) {
                checks.that(name, LargeCountsTest.Program.holds(big, FILL, positions, marks), "rank 1 does not hold"
                        + " the " + BYTES + " bytes rank 0 sent in " + partitions + " partitions");
            }
        }

        /** The first and last byte, both sides of the 2^31 boundary and of every boundary between partitions. */
        static long[] boundaries(int partitions, long partitionSize) {
            TreeSet<Long> positions = new TreeSet<>(List.of(0L, (1L << 31) - 1, 1L << 31, BYTES - 1));
            for (int p = 1; p < partitions; p++) {
                positions.add(p * partitionSize - 1);
                positions.add(p * partitionSize);
            }
            return positions.stream().mapToLong(Long::longValue).toArray();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void onRanks(int ranks) {
        MpiRunResult result = Runs.run(Program.class, ranks);
        Runs.abortIfUnsupported(result, "partitioned communication");
        Runs.assertChecks(result, "level", "shape", "partitions", "parrived", "preadyBeforeStart",
                "parrivedBeforeStart", "preadyOnReceive", "parrivedOnSend", "partitionRange", "readyTwice",
                "indivisible", "noPartitions", "segment", "size");
    }

    @Test
    void beyondTwoGigabytes() throws IOException {
        MpiRunResult result = LargeCountsTest.runAlone(Large.class, 2, Large.NEEDED);
        Runs.abortIfUnsupported(result, "partitioned communication", "size");
        Runs.assertChecks(result, "size", "partitionsSize");
        for (String check : List.of("whole", "partitions")) {
            assertThat(result.rank(1).value(check)).as(check + ", checked by the receiver").contains("ok");
        }
    }
}
