package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.assertj.core.api.Assertions.assertThat;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/**
 * Messages of more than 2^31-1 elements: a native segment of 2 GiB + 64 bytes, sent from rank 0 to rank 1 (its
 * status counting them), broadcast back from rank 1 and summed in place by an allreduce, through the large-count
 * functions ({@code MPI_Send_c}, {@code MPI_Irecv_c}, {@code MPI_Get_count_c}, {@code MPI_Bcast_c},
 * {@code MPI_Allreduce_c}), then broadcast again without blocking ({@code MPI_Ibcast_c}) and persistently
 * ({@code MPI_Bcast_init_c}), both refused where the library is known to fail them; every byte checked on the receiving ranks, marks at both sides of the 2^31 boundary.
 * The smallest footprint that needs them: one segment per rank, and what MPI allocates for the reduction; the
 * test is skipped with the reason when the machine has less than {@link #NEEDED} available, and on a library
 * without the functions (Open MPI 4.1 and 5), after checking the exceptions that say so.
 *
 * <p>The v-collectives take their large-count functions ({@code MPI_Gatherv_c} ...) for a count, a displacement or
 * a buffer beyond an int; {@link Displacements} proves it at almost no cost, with 8-byte blocks placed beyond 2^31
 * bytes in a sparse file mapped into memory, of which only the blocks are ever touched.
 */
class LargeCountsTest {
    static final long BYTES = (1L << 31) + 64;
    /** Per rank: its segment, and as much again for what MPI may allocate to reduce it; and some room. */
    static final long NEEDED = 4 * BYTES + (1L << 30);
    static final byte FILL = 7;
    /** Positions of distinct marks: the first byte, both sides of the 2^31 boundary, the last byte. */
    static final long[] MARKS = {0, (1L << 31) - 1, 1L << 31, BYTES - 1};
    private static final Path MACHINE_LOCK = Path.of(System.getProperty("java.io.tmpdir"), "mpi4all-large-counts.lock");

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.equal("size", List.of(2, rank), List.of(size, world.rank()));
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment big = arena.allocate(BYTES);
                    if (rank == 0) {
                        fill(big, FILL, marks(0));
                    }
                    Status received = null;
                    try {
                        if (rank == 0) {
                            world.send(big, 1);
                        } else {
                            Request<MemorySegment> request = world.irecv(big, 0);
                            request.waitFor();
                            received = request.status();
                        }
                    } catch (UnsupportedOperationException e) {
                        checks.that("unsupportedMessage", e.getMessage().startsWith((rank == 0 ? "send" : "irecv")
                                + ": " + BYTES + " elements exceed an int count, and MPI_" + (rank == 0 ? "Send" : "Irecv")
                                + "_c is not provided by the MPI library"), e.getMessage());
                        checks.throwsWith("allreduceUnsupported", UnsupportedOperationException.class, "allreduce: "
                                + BYTES + " elements exceed an int count, and MPI_Allreduce_c is not provided",
                                () -> world.allreduce(big, Op.SUM, Param.inPlace()));
                        checks.throwsWith("ibcastUnsupported", UnsupportedOperationException.class, "ibcast: " + BYTES
                                + " elements exceed an int count, and MPI_Ibcast_c is not provided", () -> world.ibcast(big));
                        Checks.value("unsupported", e.getMessage());
                        return;
                    }
                    if (rank == 1) {
                        checks.that("sendRecv", holds(big, FILL, marks(0)), "the received bytes differ from what"
                                + " rank 0 sent");
                        checks.equal("statusCount", BYTES, received.largeCount());
                        Status status = received;
                        checks.throwsWith("intCountRefused", IllegalStateException.class, "the message has " + BYTES
                                + " elements, more than an int counts", status::count);
                        fill(big, FILL, marks(1));
                    }
                    world.bcast(big, Param.root(1));
                    checks.that("bcast", holds(big, FILL, marks(1)), "rank " + rank + " does not hold what rank 1"
                            + " broadcast");
                    allreduce(checks, big);
                    ibcast(checks, big);
                }
            });
        }

        /**
         * Both ranks' bytes summed in place ({@code MPI_Allreduce_c}), every byte checked on every rank; where the
         * library is known to get it wrong (Intel MPI 2021), the exception that refuses it before MPI is called.
         */
        static void allreduce(Checks checks, MemorySegment big) {
            if (Issue.KnownBugs.BROKEN.containsKey("MPI_Allreduce_c")) {
                checks.throwsWith("allreduce", UnsupportedOperationException.class, "allreduce: "
                        + Issue.KnownBugs.LIBRARY + "'s MPI_Allreduce_c of more than 2^31-1 elements returns success"
                        + " without reducing", () -> world.allreduce(big, Op.SUM, Param.inPlace()));
                return;
            }
            fill(big, FILL, marks(rank));
            world.allreduce(big, Op.SUM, Param.inPlace());
            byte[] sums = new byte[MARKS.length];
            for (int i = 0; i < MARKS.length; i++) {
                sums[i] = (byte) (marks(0)[i] + marks(1)[i]);
            }
            checks.that("allreduce", holds(big, (byte) (2 * FILL), sums), "rank " + rank + " does not hold"
                    + " the sum of both ranks' bytes");
        }

        /**
         * A nonblocking broadcast from rank 0 ({@code MPI_Ibcast_c}) and a persistent one from rank 1
         * ({@code MPI_Bcast_init_c}), every byte checked on every rank; where the library is known to fail them
         * (MPICH 4.0, Intel MPI 2021), the exceptions that refuse them before MPI is called.
         */
        static void ibcast(Checks checks, MemorySegment big) {
            if (Issue.KnownBugs.BROKEN.containsKey("MPI_Ibcast_c")) {
                String bug = Issue.KnownBugs.LIBRARY + "'s MPI_%s of more than 2^31-1 elements fails in MPI_Wait";
                checks.throwsWith("ibcast", UnsupportedOperationException.class, "ibcast: " + bug.formatted("Ibcast_c"),
                        () -> world.ibcast(big));
                checks.throwsWith("bcastInit", UnsupportedOperationException.class, "bcastInit: "
                        + bug.formatted("Bcast_init_c"), () -> world.bcastInit(big));
                return;
            }
            fill(big, rank == 0 ? FILL : 0, rank == 0 ? marks(2) : new byte[MARKS.length]);
            world.ibcast(big).waitFor();
            checks.that("ibcast", holds(big, FILL, marks(2)), "rank " + rank + " does not hold what rank 0 broadcast");
            fill(big, rank == 1 ? FILL : 0, rank == 1 ? marks(3) : new byte[MARKS.length]);
            try (Persistent<MemorySegment> bcast = world.bcastInit(big, Param.root(1))) {
                bcast.start().waitFor();
            }
            checks.that("bcastInit", holds(big, FILL, marks(3)), "rank " + rank + " does not hold what rank 1"
                    + " broadcast");
        }

        /** The marks of rank {@code from}: distinct for each position and rank. */
        static byte[] marks(int from) {
            byte[] marks = new byte[MARKS.length];
            for (int i = 0; i < MARKS.length; i++) {
                marks[i] = (byte) (from * 10 + i + 1);
            }
            return marks;
        }

        /** Fills {@code big} with {@code fill} and {@code marks} at {@link #MARKS}. */
        static void fill(MemorySegment big, byte fill, byte[] marks) {
            fill(big, fill, MARKS, marks);
        }

        /** Fills {@code big} with {@code fill} and {@code marks[i]} at position {@code positions[i]}. */
        static void fill(MemorySegment big, byte fill, long[] positions, byte[] marks) {
            big.fill(fill);
            for (int i = 0; i < positions.length; i++) {
                big.set(JAVA_BYTE, positions[i], marks[i]);
            }
        }

        /** Whether {@code big} holds what {@link #fill} writes: every byte is looked at. */
        static boolean holds(MemorySegment big, byte fill, byte[] marks) {
            return holds(big, fill, MARKS, marks);
        }

        /** Whether {@code big} holds what {@link #fill(MemorySegment, byte, long[], byte[])} writes: every byte. */
        static boolean holds(MemorySegment big, byte fill, long[] positions, byte[] marks) {
            for (int i = 0; i < positions.length; i++) {
                if (big.get(JAVA_BYTE, positions[i]) != marks[i]) {
                    return false;
                }
                big.set(JAVA_BYTE, positions[i], fill);
            }
            long fills = (fill & 0xFFL) * 0x0101010101010101L;
            long at = 0;
            for (; at + 8 <= big.byteSize(); at += 8) {
                if (big.get(JAVA_LONG_UNALIGNED, at) != fills) {
                    return false;
                }
            }
            for (; at < big.byteSize(); at++) {
                if (big.get(JAVA_BYTE, at) != fill) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Blocks of 8 bytes on 3 ranks, placed by {@code long} displacements beyond 2^31 ({@code MPI_Aint}s) in a buffer
     * of 2^31 + 24 bytes: a sparse file mapped into memory, which costs a page per block. Rank r's block is at
     * {@link #DISPLS}[r]: beyond an int for ranks 0 and 2, at 0 for rank 1. Gathered everywhere by
     * {@code allgatherv} ({@code MPI_Allgatherv_c}), dealt from rank 2 by {@code scatterv} ({@code MPI_Scatterv_c}),
     * gathered at rank 1 by {@code gatherv} ({@code MPI_Gatherv_c}) and {@code igatherv} ({@code MPI_Igatherv_c}),
     * exchanged by {@code alltoallw} and {@code ialltoallw} ({@code MPI_Alltoallw_c}, byte displacements beyond an int);
     * every block checked where it arrives, and bytes between the blocks checked untouched. Only the ranks whose
     * arguments exceed an int call the large-count function (the others' counts fit). First, an {@code alltoallv}
     * whose {@code long[]} counts and displacements fit ints: they reach MPI as ints, on every library.
     */
    public static final class Displacements {
        static final long[] DISPLS = {(1L << 31) + 16, 0, 1L << 31};
        static final long[] COUNTS = {8, 8, 8};
        static final long EXTENT = (1L << 31) + 24;

        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.equal("size", List.of(3, rank), List.of(size, world.rank()));
                // long[] counts and displacements that fit an int reach MPI as ints, so every library takes them
                int[] sent = {rank * 10, rank * 10 + 1, rank * 10 + 2};
                int[] received = world.alltoallv(sent, Param.sendCounts(1L, 1L, 1L), Param.sendDispls(2L, 1L, 0L),
                        Param.recvCounts(1L, 1L, 1L));
                checks.equal("alltoallvLongs", new int[] {2 - rank, 12 - rank, 22 - rank}, received);
                MemorySegment mine = Arena.ofAuto().allocate(8);
                fillBlock(mine, 0, rank);
                try {
                    if (!blocks(checks, mine)) {
                        return;
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                // counts beyond an int are taken (LargeCountsRmaIoTest), still checked against the buffer
                checks.throwsWith("reduceScatterLongCounts", IllegalArgumentException.class, "reduceScatter: recvCounts"
                        + " add up to 2147483648 elements, but a MemorySegment of 8 bytes holds 8",
                        () -> world.reduceScatter(mine, Op.SUM, Param.recvCounts(1L << 31, 0, 0)));
                checks.throwsWith("countsOutOfInts", IllegalArgumentException.class, "allgatherv: recvDisplsOut cannot"
                        + " hold values beyond an int; give a long[]", () -> world.allgatherv(mine,
                        Param.recvCounts(COUNTS), Param.recvDispls(DISPLS), Param.recvDisplsOut(new int[3])));
            });
        }

        /** The v-collectives over the sparse file; false if the library has no large-count functions (said so). */
        static boolean blocks(Checks checks, MemorySegment mine) throws IOException {
            try (Arena arena = Arena.ofConfined(); FileChannel file = sparseFile(EXTENT)) {
                MemorySegment all = file.map(FileChannel.MapMode.READ_WRITE, 0, EXTENT, arena);
                try {
                    // first the one where every rank needs the large-count function, so that all fail alike without it
                    world.allgatherv(mine, Param.recvCounts(COUNTS), Param.recvDispls(DISPLS), Param.recvBuf(all));
                } catch (UnsupportedOperationException e) {
                    checks.that("unsupportedMessage", e.getMessage().startsWith("allgatherv: a count, displacement or"
                            + " buffer exceeds an int, and MPI_Allgatherv_c is not provided"), e.getMessage());
                    Checks.value("unsupported", e.getMessage());
                    return false;
                }
                checks.that("allgatherv", holdsBlocks(all), "rank " + rank + " does not hold every rank's block at"
                        + " its displacement");
                MemorySegment dealt = Arena.ofAuto().allocate(8);
                world.scatterv(all, Param.root(2), Param.sendCounts(COUNTS), Param.sendDispls(DISPLS),
                        Param.recvBuf(dealt));
                checks.that("scatterv", isBlock(dealt, 0, rank), "rank " + rank + " did not receive its block");
                clearBlocks(all);
                world.gatherv(mine, Param.root(1), Param.recvCounts(COUNTS), Param.recvDispls(DISPLS),
                        Param.recvBuf(all));
                if (rank == 1) {
                    checks.that("gatherv", holdsBlocks(all), "rank 1 does not hold every rank's block at its"
                            + " displacement");
                    clearBlocks(all);
                }
                world.igatherv(mine, Param.root(1), Param.recvCounts(COUNTS), Param.recvDispls(DISPLS),
                        Param.recvBuf(all)).waitFor();
                if (rank == 1) {
                    checks.that("igatherv", holdsBlocks(all), "rank 1 does not hold every rank's block at its"
                            + " displacement");
                }
                // every rank's block to every rank, at its displacement there: byte displacements beyond an int take
                // MPI_Alltoallw_c and MPI_Ialltoallw_c on every rank
                Block[] toEach = new Block[DISPLS.length];
                Arrays.fill(toEach, new Block(Datatype.BYTE, 8, 0));
                Block[] atDispls = IntStream.range(0, DISPLS.length).mapToObj(r -> new Block(Datatype.BYTE, 8,
                        DISPLS[r])).toArray(Block[]::new);
                clearBlocks(all);
                world.alltoallw(mine, toEach, all, atDispls);
                checks.that("alltoallw", holdsBlocks(all), "rank " + rank + " does not hold every rank's block at its"
                        + " displacement");
                clearBlocks(all);
                world.ialltoallw(mine, toEach, all, atDispls).waitFor();
                checks.that("ialltoallw", holdsBlocks(all), "rank " + rank + " does not hold every rank's block at its"
                        + " displacement");
            }
            return true;
        }

        /** Writes rank {@code from}'s 8 bytes at {@code at}: distinct for each rank and position. */
        static void fillBlock(MemorySegment segment, long at, int from) {
            for (int i = 0; i < 8; i++) {
                segment.set(JAVA_BYTE, at + i, (byte) (from * 10 + i + 1));
            }
        }

        static boolean isBlock(MemorySegment segment, long at, int from) {
            for (int i = 0; i < 8; i++) {
                if (segment.get(JAVA_BYTE, at + i) != (byte) (from * 10 + i + 1)) {
                    return false;
                }
            }
            return true;
        }

        /** Whether every rank's block is at its displacement, and the 8 bytes after rank 1's (between blocks) are 0. */
        static boolean holdsBlocks(MemorySegment all) {
            for (int r = 0; r < DISPLS.length; r++) {
                if (!isBlock(all, DISPLS[r], r)) {
                    return false;
                }
            }
            return all.get(JAVA_LONG_UNALIGNED, 8) == 0 && all.get(JAVA_LONG_UNALIGNED, (1L << 31) + 8) == 0;
        }

        static void clearBlocks(MemorySegment all) {
            for (long at : DISPLS) {
                all.asSlice(at, 8).fill((byte) 0);
            }
        }
    }

    /**
     * A file of {@code bytes} that holds no blocks on disk until written, deleted when closed: mapped into memory, a
     * buffer beyond 2^31 bytes that costs a page for each one touched.
     */
    static FileChannel sparseFile(long bytes) throws IOException {
        Path path = Files.createTempFile("mpi4all-sparse", ".bin");
        FileChannel file = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE,
                StandardOpenOption.SPARSE, StandardOpenOption.DELETE_ON_CLOSE);
        file.write(ByteBuffer.wrap(new byte[1]), bytes - 1);
        return file;
    }

    /**
     * Runs {@code program} on {@code ranks} ranks alone on the machine (scripts/test runs the suites of several
     * implementations at once, and two runs of 2 GiB per rank need more memory than it has), if it has
     * {@code needed} bytes available; otherwise skips the test, saying so.
     */
    static MpiRunResult runAlone(Class<?> program, int ranks, long needed) throws IOException {
        try (FileChannel lockFile = FileChannel.open(MACHINE_LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = lockFile.lock()) {
            long available = availableBytes();
            Assumptions.assumeTrue(available > needed, () -> "needs " + needed / (1 << 20) + " MiB available, has "
                    + available / (1 << 20));
            // several GiB moved on a shared machine: more than the usual two minutes before a run counts as hung
            return MpiRun.java(program).ranks(ranks).timeout(Duration.ofMinutes(5)).run().assertSucceeded();
        }
    }

    @Test
    void displacementsBeyondAnInt() {
        MpiRunResult result = Runs.run(Displacements.class, 3);
        Runs.abortIfUnsupported(result, "large-count functions", "size", "alltoallvLongs");
        Runs.assertChecks(result, "size", "alltoallvLongs", "allgatherv", "scatterv", "alltoallw", "ialltoallw",
                "reduceScatterLongCounts", "countsOutOfInts");
        for (String check : List.of("gatherv", "igatherv")) {
            assertThat(result.rank(1).value(check)).as(check + ", checked by the root").contains("ok");
        }
    }

    @Test
    void twoGigabytesAndMore() throws IOException {
        check(runAlone(Program.class, 2, NEEDED));
    }

    private static void check(MpiRunResult result) {
        Runs.abortIfUnsupported(result, "large-count functions", "size", "allreduceUnsupported", "ibcastUnsupported");
        Runs.assertChecks(result, "size", "bcast", "allreduce", "ibcast", "bcastInit");
        for (String check : List.of("sendRecv", "statusCount", "intCountRefused")) {
            assertThat(result.rank(1).value(check)).as(check + ", checked by the receiver").contains("ok");
        }
    }

    /** MemAvailable of /proc/meminfo. */
    static long availableBytes() throws IOException {
        return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemAvailable:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")) * 1024).findFirst().orElse(0);
    }
}
