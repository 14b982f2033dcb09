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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRunResult;

/**
 * A message of more than 2^31-1 elements: a native segment of 2 GiB + 64 bytes, sent from rank 0 to rank 1 and
 * broadcast back from rank 1, through the large-count functions ({@code MPI_Send_c}, {@code MPI_Recv_c},
 * {@code MPI_Bcast_c}); every byte checked on the receiving rank, marks at both sides of the 2^31 boundary. The
 * smallest footprint that needs them: one segment per rank, so 4.3 GB for the job; the test is skipped with the
 * reason when the machine has less than twice that available, and on a library without the functions (Open MPI
 * 4.1 and 5), after checking the exception that says so.
 */
class LargeCountsTest {
    static final long BYTES = (1L << 31) + 64;
    static final byte FILL = 7;
    /** Positions of distinct marks: the first byte, both sides of the 2^31 boundary, the last byte. */
    static final long[] MARKS = {0, (1L << 31) - 1, 1L << 31, BYTES - 1};

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.equal("size", List.of(2, rank), List.of(size, world.rank()));
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment big = arena.allocate(BYTES);
                    checks.throwsWith("nonblockingRefused", IllegalArgumentException.class, "isend: " + BYTES
                            + " elements exceed MPI's int count", () -> world.isend(big, 1 - rank));
                    if (rank == 0) {
                        fill(big, 0);
                    }
                    try {
                        if (rank == 0) {
                            world.send(big, 1);
                        } else {
                            world.recv(big, 0);
                        }
                    } catch (UnsupportedOperationException e) {
                        checks.that("unsupportedMessage", e.getMessage().startsWith((rank == 0 ? "send" : "recv")
                                + ": " + BYTES + " elements exceed an int count, and MPI_" + (rank == 0 ? "Send" : "Recv")
                                + "_c is not provided by the MPI library"), e.getMessage());
                        Checks.value("unsupported", e.getMessage());
                        return;
                    }
                    if (rank == 1) {
                        checks.that("sendRecv", holds(big, 0), "the received bytes differ from what rank 0 sent");
                        fill(big, 1);
                    }
                    world.bcast(big, Param.root(1));
                    checks.that("bcast", holds(big, 1), "rank " + rank + " does not hold what rank 1 broadcast");
                }
            });
        }

        /** Fills {@code big} with {@link #FILL} and the marks of {@code from}. */
        static void fill(MemorySegment big, int from) {
            big.fill(FILL);
            for (int i = 0; i < MARKS.length; i++) {
                big.set(JAVA_BYTE, MARKS[i], mark(from, i));
            }
        }

        static byte mark(int from, int i) {
            return (byte) (from * 10 + i + 1);
        }

        /** Whether {@code big} holds what {@link #fill} wrote for {@code from}: every byte is looked at. */
        static boolean holds(MemorySegment big, int from) {
            for (int i = 0; i < MARKS.length; i++) {
                if (big.get(JAVA_BYTE, MARKS[i]) != mark(from, i)) {
                    return false;
                }
                big.set(JAVA_BYTE, MARKS[i], FILL);
            }
            long fills = 0x0707070707070707L;
            for (long at = 0; at + 8 <= BYTES; at += 8) {
                if (big.get(JAVA_LONG_UNALIGNED, at) != fills) {
                    return false;
                }
            }
            fill(big, from);
            return true;
        }
    }

    @Test
    void twoGigabytesAndMore() throws IOException {
        long available = availableBytes();
        Assumptions.assumeTrue(available > 4 * BYTES, () -> "needs " + 4 * BYTES / (1 << 20) + " MiB available, has "
                + available / (1 << 20));
        MpiRunResult result = Runs.run(Program.class, 2);
        Runs.abortIfUnsupported(result, "large-count functions", "size", "nonblockingRefused");
        Runs.assertChecks(result, "size", "nonblockingRefused", "bcast");
        assertThat(result.rank(1).value("sendRecv")).as("sendRecv, checked by the receiver").contains("ok");
    }

    /** MemAvailable of /proc/meminfo. */
    static long availableBytes() throws IOException {
        return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemAvailable:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")) * 1024).findFirst().orElse(0);
    }
}
