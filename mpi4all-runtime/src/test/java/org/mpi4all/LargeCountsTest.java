package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.assertj.core.api.Assertions.assertThat;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRunResult;

/**
 * Messages of more than 2^31-1 elements: a native segment of 2 GiB + 64 bytes, sent from rank 0 to rank 1 (its
 * status counting them), broadcast back from rank 1 and summed in place by an allreduce, through the large-count
 * functions ({@code MPI_Send_c}, {@code MPI_Irecv_c}, {@code MPI_Get_count_c}, {@code MPI_Bcast_c},
 * {@code MPI_Allreduce_c}); every byte checked on the receiving ranks, marks at both sides of the 2^31 boundary.
 * The smallest footprint that needs them: one segment per rank, and what MPI allocates for the reduction; the
 * test is skipped with the reason when the machine has less than {@link #NEEDED} available, and on a library
 * without the functions (Open MPI 4.1 and 5), after checking the exceptions that say so. The operations that do
 * not take such counts (nonblocking collectives, v-collectives) are checked to refuse them.
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
                    checks.throwsWith("nonblockingRefused", IllegalArgumentException.class, "ibcast: " + BYTES
                            + " elements exceed MPI's int count", () -> world.ibcast(big));
                    checks.throwsWith("vRefused", IllegalArgumentException.class, "allgatherv: rank 0's buffer has"
                            + " more elements than an int counts", () -> world.allgatherv(big));
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
                    fill(big, FILL, marks(rank));
                    world.allreduce(big, Op.SUM, Param.inPlace());
                    byte[] sums = new byte[MARKS.length];
                    for (int i = 0; i < MARKS.length; i++) {
                        sums[i] = (byte) (marks(0)[i] + marks(1)[i]);
                    }
                    checks.that("allreduce", holds(big, (byte) (2 * FILL), sums), "rank " + rank + " does not hold"
                            + " the sum of both ranks' bytes");
                }
            });
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
            big.fill(fill);
            for (int i = 0; i < MARKS.length; i++) {
                big.set(JAVA_BYTE, MARKS[i], marks[i]);
            }
        }

        /** Whether {@code big} holds what {@link #fill} writes: every byte is looked at. */
        static boolean holds(MemorySegment big, byte fill, byte[] marks) {
            for (int i = 0; i < MARKS.length; i++) {
                if (big.get(JAVA_BYTE, MARKS[i]) != marks[i]) {
                    return false;
                }
                big.set(JAVA_BYTE, MARKS[i], fill);
            }
            long fills = (fill & 0xFFL) * 0x0101010101010101L;
            for (long at = 0; at + 8 <= BYTES; at += 8) {
                if (big.get(JAVA_LONG_UNALIGNED, at) != fills) {
                    return false;
                }
            }
            return true;
        }
    }

    @Test
    void twoGigabytesAndMore() throws IOException {
        // one run at a time on the machine: scripts/test runs the suites of several implementations at once, and
        // two of these runs need more memory than it has
        try (FileChannel lockFile = FileChannel.open(MACHINE_LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = lockFile.lock()) {
            long available = availableBytes();
            Assumptions.assumeTrue(available > NEEDED, () -> "needs " + NEEDED / (1 << 20) + " MiB available, has "
                    + available / (1 << 20));
            check(Runs.run(Program.class, 2));
        }
    }

    private static void check(MpiRunResult result) {
        Runs.abortIfUnsupported(result, "large-count functions", "size", "nonblockingRefused", "vRefused",
                "allreduceUnsupported");
        Runs.assertChecks(result, "size", "nonblockingRefused", "vRefused", "bcast", "allreduce");
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
