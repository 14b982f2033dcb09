package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mpi4all.Checks.left;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.right;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.LargeCountsTest.BYTES;
import static org.mpi4all.LargeCountsTest.FILL;
import static org.mpi4all.LargeCountsTest.MARKS;
import static org.mpi4all.LargeCountsTest.Program.fill;
import static org.mpi4all.LargeCountsTest.Program.marks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.mpi4all.runtime.MpiLibrary;
import org.mpi4all.testkit.MpiRunResult;

/**
 * Messages of more than 2^31-1 elements in one-sided communication, file I/O and reduce-scatter by counts, through
 * their large-count functions, on 2 ranks with a native segment of 2 GiB + 64 bytes each ({@link Program}): rank 0
 * puts its segment into rank 1's window ({@code MPI_Put_c}), gets it back ({@code MPI_Rget_c}) and accumulates onto
 * it ({@code MPI_Accumulate_c}); writes it to a file collectively ({@code MPI_File_write_at_all_c}), which rank 1
 * reads without blocking ({@code MPI_File_iread_at_c}) and rank 0 in a split collective
 * ({@code MPI_File_read_at_all_begin_c}); both reduce-scatter their segments in place by counts of which rank 0's
 * exceeds an int ({@code MPI_Reduce_scatter_c}, {@code MPI_Ireduce_scatter_c}). One operation of each code path: the
 * others of a family differ only in the MPI function named. Each result is checked where it arrives, a page either
 * side of the first byte, of the 2^31 boundary and of the last byte. On a library without the functions (Open MPI 4.1
 * and 5) the ranks check that each of them is an exception that says why, over a sparse file mapped into memory
 * (nothing is touched), and the test is skipped.
 *
 * <p>A window's size is an {@code MPI_Aint} in {@code MPI_Win_create} and {@code MPI_Win_allocate}, so windows beyond
 * 2^31 bytes need no large-count function (their {@code _c} forms differ only in an {@code MPI_Aint} displacement
 * unit, one element of a {@link Datatype} here): {@link Windows} shows it on every library, cheaply.
 */
class LargeCountsRmaIoTest {
    /** Per rank: its segment, as much again for what MPI allocates to reduce-scatter it, the file's pages; some room. */
    static final long NEEDED = 6 * BYTES + (1L << 30);
    /** Bytes checked either side of the first, the last and each marked byte. */
    static final long AROUND = 4096;
    /** Rank 1's 8 bytes after rank 0's in the file, and the counts of the reduce-scatter: 2^31, and 64 for rank 1. */
    static final long TAIL = 8;
    static final long[] COUNTS = {1L << 31, BYTES - (1L << 31)};

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.equal("size", List.of(2, rank), List.of(size, world.rank()));
                if (!MpiLibrary.current().provides("MPI_Put_c")) {
                    refused(checks);
                    return;
                }
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment big = arena.allocate(BYTES);
                    timed(checks, "oneSided", () -> oneSided(checks, big));
                    timed(checks, "files", () -> files(checks, big, env));
                    timed(checks, "reduceScatter", () -> reduceScatter(checks, big));
                }
            });
        }

        /** Runs a section and prints how long it took ({@code oneSidedSeconds=...}), for the cost of the test. */
        static void timed(Checks checks, String name, Runnable section) {
            long start = System.nanoTime();
            checks.section(name, section);
            Checks.value(name + "Seconds", (System.nanoTime() - start) / 1_000_000_000.0);
        }

        /**
         * Passive target: rank 0 puts its segment into rank 1's window (the operations completed by a synchronization),
         * gets it back into its cleared segment (those completed by a request), and accumulates a new one onto it.
         * Where the library is known to fail them ({@link Issue.KnownBugs}), rank 0 checks the exceptions that refuse
         * them instead (MPICH 4.0 all three, MPICH 5.0 and Intel MPI 2021 the accumulate).
         */
        static void oneSided(Checks checks, MemorySegment big) {
            boolean transfers = !Issue.KnownBugs.BROKEN.containsKey("MPI_Put_c");
            boolean accumulates = !Issue.KnownBugs.BROKEN.containsKey("MPI_Accumulate_c");
            try (Window window = Window.create(world, rank == 1 ? big : big.asSlice(0, 0), Datatype.BYTE)) {
                if (rank == 0) {
                    fill(big, FILL, marks(0));
                    window.lock(Window.Lock.EXCLUSIVE, 1);
                    if (transfers) {
                        window.put(big, 1, 0);
                    } else {
                        refusedAsBroken(checks, "put", "MPI_Put_c", () -> window.put(big, 1, 0));
                        refusedAsBroken(checks, "rget", "MPI_Rget_c", () -> window.rget(big, 1, 0));
                    }
                    if (!accumulates) {
                        refusedAsBroken(checks, "accumulate", "MPI_Accumulate_c", () -> window.accumulate(big, 1, 0,
                                Op.SUM));
                    }
                    window.unlock(1);
                }
                world.barrier();
                if (rank == 1 && transfers) {
                    window.lock(Window.Lock.SHARED, 1);
                    checks.that("put", holds(big, written(FILL, marks(0))), "rank 1's window does not hold what rank 0"
                            + " put");
                    window.unlock(1);
                }
                world.barrier();
                if (rank == 0 && transfers) {
                    big.fill((byte) 0);
                    window.lock(Window.Lock.SHARED, 1);
                    window.rget(big, 1, 0).waitFor();
                    window.unlock(1);
                    checks.that("rget", holds(big, written(FILL, marks(0))), "rank 0 did not get rank 1's window");
                }
                if (rank == 0 && transfers && accumulates) {
                    fill(big, FILL, marks(2));
                    window.lock(Window.Lock.EXCLUSIVE, 1);
                    window.accumulate(big, 1, 0, Op.SUM);
                    window.unlock(1);
                }
                world.barrier();
                if (rank == 1 && transfers && accumulates) {
                    window.lock(Window.Lock.SHARED, 1);
                    checks.that("accumulate", holds(big, sum(written(FILL, marks(0)), written(FILL, marks(2)))),
                            "rank 1's window does not hold the sum of what rank 0 put and accumulated");
                    window.unlock(1);
                }
            }
        }

        /** Checks that {@code call} is refused because the library is known to fail {@code function}. */
        static void refusedAsBroken(Checks checks, String operation, String function, Runnable call) {
            checks.throwsWith(operation, UnsupportedOperationException.class, operation + ": "
                    + Issue.KnownBugs.LIBRARY + "'s " + function + " of more than 2^31-1 elements", call);
        }

        /**
         * Rank 0 writes its segment at the start of a file and rank 1 8 bytes after it, collectively (the blocking
         * path); rank 1 reads rank 0's part without blocking, rank 0 reads it back from 8 bytes on (rank 1's bytes
         * included) in a split collective, rank 1 the first 8 bytes; each read counted by its status too.
         */
        static void files(Checks checks, MemorySegment big, Environment env) {
            long job = world.bcast(new long[] {ProcessHandle.current().pid()})[0];
            Path path = Path.of(System.getProperty("java.io.tmpdir"), "mpi4all-large-io-" + job + ".bin");
            MemorySegment tail = Arena.ofAuto().allocate(TAIL);
            try (File file = File.open(world, path, File.Mode.CREATE, File.Mode.READ_WRITE,
                    File.Mode.DELETE_ON_CLOSE)) {
                if (Issue.KnownBugs.BROKEN.containsKey("MPI_File_write_at_all_c")) {
                    // every rank refused alike: a collective refused on one rank only would leave the others waiting
                    refusedAsBroken(checks, "writeAtAll", "MPI_File_write_at_all_c", () -> file.writeAtAll(0, big));
                    refusedAsBroken(checks, "ireadAt", "MPI_File_iread_at_c", () -> file.ireadAt(0, big));
                    refusedAsBroken(checks, "readAtAllBegin", "MPI_File_read_at_all_begin_c",
                            () -> file.readAtAllBegin(0, big));
                    return;
                }
                file.setAtomicity(true);   // what one process wrote, the other reads once the write returned
                if (rank == 0) {
                    fill(big, FILL, marks(3));
                } else {
                    for (int i = 0; i < TAIL; i++) {
                        tail.set(JAVA_BYTE, i, (byte) fileByte(BYTES + i));
                    }
                }
                file.writeAtAll(rank == 0 ? 0 : BYTES, rank == 0 ? big : tail);
                world.barrier();
                if (rank == 1) {
                    big.fill((byte) 0);
                    Request<MemorySegment> reading = file.ireadAt(0, big);
                    reading.waitFor();
                    checks.equal("ireadAtCount", BYTES, reading.status().largeCount());
                    checks.that("ireadAt", holds(big, Program::fileByte), "rank 1 did not read what rank 0 wrote");
                }
                if (rank == 0) {
                    big.fill((byte) 0);
                }
                Status status = new Status();
                file.readAtAllBegin(rank == 0 ? TAIL : 0, rank == 0 ? big : tail).end(status);
                checks.equal("readAtAllBeginCount", rank == 0 ? BYTES : TAIL, status.largeCount());
                checks.that("readAtAllBegin", holds(rank == 0 ? big : tail, at -> fileByte(at + (rank == 0 ? TAIL : 0))),
                        "rank " + rank + " did not read the file's bytes");
            }
        }

        /** What the file holds at {@code at}: rank 0's segment, then rank 1's 8 bytes. */
        static int fileByte(long at) {
            return at < BYTES ? (int) written(FILL, marks(3)).applyAsLong(at) : (int) (100 + at - BYTES);
        }

        /**
         * In place, by counts: rank 0's block is the first 2^31 elements (a count beyond an int), rank 1's the 64
         * after them, which land at the start of its segment; blocking, then nonblocking.
         */
        static void reduceScatter(Checks checks, MemorySegment big) {
            Param counts = Param.recvCounts(COUNTS);
            if (Issue.KnownBugs.BROKEN.containsKey("MPI_Reduce_scatter_c")) {
                refusedAsBroken(checks, "reduceScatter", "MPI_Reduce_scatter_c", () -> world.reduceScatter(big, Op.SUM,
                        counts, Param.inPlace()));
                if (Issue.KnownBugs.BROKEN.containsKey("MPI_Ireduce_scatter_c")) {
                    refusedAsBroken(checks, "ireduceScatter", "MPI_Ireduce_scatter_c", () -> world.ireduceScatter(big,
                            Op.SUM, counts, Param.inPlace()));
                    return;
                }
            }
            long from = rank == 0 ? 0 : COUNTS[0];
            MemorySegment block = big.asSlice(0, COUNTS[rank]);
            if (!Issue.KnownBugs.BROKEN.containsKey("MPI_Reduce_scatter_c")) {
                fill(big, FILL, marks(rank));
                world.reduceScatter(big, Op.SUM, counts, Param.inPlace());
                LongUnaryOperator sums = sum(written(FILL, marks(0)), written(FILL, marks(1)));
                checks.that("reduceScatter", holds(block, at -> sums.applyAsLong(from + at)), "rank " + rank
                        + " does not hold the sums of its block");
            }
            fill(big, FILL, marks(rank + 4));
            world.ireduceScatter(big, Op.SUM, counts, Param.inPlace()).waitFor();
            LongUnaryOperator later = sum(written(FILL, marks(4)), written(FILL, marks(5)));
            checks.that("ireduceScatter", holds(block, at -> later.applyAsLong(from + at)), "rank " + rank
                    + " does not hold the sums of its block");
        }

        /**
         * Without the large-count functions: each operation above is an exception that names the function missing, on
         * a sparse file mapped into memory, which nothing touches.
         */
        static void refused(Checks checks) {
            String exceed = BYTES + " elements exceed an int count, and MPI_";
            try (Arena arena = Arena.ofConfined(); FileChannel sparse = LargeCountsTest.sparseFile(BYTES)) {
                MemorySegment big = sparse.map(FileChannel.MapMode.READ_WRITE, 0, BYTES, arena);
                Param counts = Param.recvCounts(COUNTS);
                checks.throwsWith("unsupportedMessage", UnsupportedOperationException.class, "reduceScatter: "
                        + COUNTS[0] + " elements exceed an int count, and MPI_Reduce_scatter_c is not provided",
                        () -> world.reduceScatter(big, Op.SUM, counts, Param.inPlace()));
                Checks.value("unsupported", "MPI_Reduce_scatter_c");
                checks.throwsWith("ireduceScatterRefused", UnsupportedOperationException.class, "ireduceScatter: "
                        + COUNTS[0] + " elements exceed an int count, and MPI_Ireduce_scatter_c is not provided",
                        () -> world.ireduceScatter(big, Op.SUM, counts, Param.inPlace()));
                try (Window window = Window.create(world, big, Datatype.BYTE)) {
                    window.lock(Window.Lock.SHARED, right);
                    checks.throwsWith("putRefused", UnsupportedOperationException.class, "put: " + exceed
                            + "Put_c is not provided", () -> window.put(big, right, 0));
                    checks.throwsWith("rgetRefused", UnsupportedOperationException.class, "rget: " + exceed
                            + "Rget_c is not provided", () -> window.rget(big, right, 0));
                    window.unlock(right);
                }
                long job = world.bcast(new long[] {ProcessHandle.current().pid()})[0];
                Path path = Path.of(System.getProperty("java.io.tmpdir"), "mpi4all-large-io-" + job + ".bin");
                try (File file = File.open(world, path, File.Mode.CREATE, File.Mode.READ_WRITE,
                        File.Mode.DELETE_ON_CLOSE)) {
                    checks.throwsWith("writeAtAllRefused", UnsupportedOperationException.class, "writeAtAll: " + exceed
                            + "File_write_at_all_c is not provided", () -> file.writeAtAll(0, big));
                    checks.throwsWith("ireadAtRefused", UnsupportedOperationException.class, "ireadAt: " + exceed
                            + "File_iread_at_c is not provided", () -> file.ireadAt(0, big));
                    checks.throwsWith("readAllBeginRefused", UnsupportedOperationException.class, "readAllBegin: "
                            + exceed + "File_read_all_begin_c is not provided", () -> file.readAllBegin(big));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Windows of 2^31 + 24 bytes on 2 ranks, sparse files mapped into memory: each rank puts 8 bytes at displacement
     * 2^31 + 16 of the other's window and gets them back from there, through {@code MPI_Win_create}, {@code MPI_Put}
     * and {@code MPI_Get}, whose sizes and displacements are {@code MPI_Aint}s: on every library.
     */
    public static final class Windows {
        static final long EXTENT = (1L << 31) + 24;
        static final long DISP = (1L << 31) + 16;

        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.equal("size", List.of(2, rank), List.of(size, world.rank()));
                try (Arena arena = Arena.ofConfined(); FileChannel sparse = LargeCountsTest.sparseFile(EXTENT)) {
                    MemorySegment memory = sparse.map(FileChannel.MapMode.READ_WRITE, 0, EXTENT, arena);
                    try (Window window = Window.create(world, memory, Datatype.BYTE)) {
                        checks.equal("byteSize", EXTENT, window.byteSize());
                        window.fence();
                        window.put(block(rank), right, DISP);
                        window.fence();
                        byte[] arrived = memory.asSlice(DISP - 8, 16).toArray(JAVA_BYTE);
                        byte[] expected = new byte[16];
                        System.arraycopy(block(left), 0, expected, 8, 8);
                        checks.equal("putBeyond", expected, arrived);
                        byte[] got = window.get(new byte[8], right, DISP);
                        window.fence();
                        checks.equal("getBeyond", block(rank), got);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }

        static byte[] block(int from) {
            byte[] block = new byte[8];
            for (int i = 0; i < 8; i++) {
                block[i] = (byte) (from * 10 + i + 1);
            }
            return block;
        }
    }

    /** What {@link LargeCountsTest.Program#fill} writes: {@code marks} at {@link LargeCountsTest#MARKS}, else {@code fill}. */
    static LongUnaryOperator written(byte fill, byte[] marks) {
        return at -> {
            for (int i = 0; i < MARKS.length; i++) {
                if (MARKS[i] == at) {
                    return marks[i];
                }
            }
            return fill;
        };
    }

    static LongUnaryOperator sum(LongUnaryOperator a, LongUnaryOperator b) {
        return at -> (byte) (a.applyAsLong(at) + b.applyAsLong(at));
    }

    /**
     * Whether {@code s} holds {@code expected}'s bytes {@link #AROUND} either side of its first and last byte and of
     * each of {@link LargeCountsTest#MARKS} inside it.
     */
    static boolean holds(MemorySegment s, LongUnaryOperator expected) {
        long[] anchors = new long[MARKS.length + 1];   // the marks start with the first byte
        System.arraycopy(MARKS, 0, anchors, 0, MARKS.length);
        anchors[MARKS.length] = s.byteSize() - 1;
        for (long anchor : anchors) {
            if (anchor >= s.byteSize()) {
                continue;
            }
            for (long at = Math.max(0, anchor - AROUND); at < Math.min(s.byteSize(), anchor + AROUND); at++) {
                if (s.get(JAVA_BYTE, at) != (byte) expected.applyAsLong(at)) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void windowsBeyondTwoGigabytes() {
        Runs.assertChecks(Runs.run(Windows.class, 2), "size", "byteSize", "putBeyond", "getBeyond");
    }

    @Test
    void twoGigabytesAndMore() throws IOException {
        MpiRunResult result = LargeCountsTest.runAlone(Program.class, 2, NEEDED);
        Runs.abortIfUnsupported(result, "large-count functions", "size", "ireduceScatterRefused", "putRefused",
                "rgetRefused", "writeAtAllRefused", "ireadAtRefused", "readAllBeginRefused");
        Runs.assertChecks(result, "size", "readAtAllBegin", "reduceScatter", "ireduceScatter");
        if (result.rank(0).value("writeAtAll").isPresent()) {   // refused as a known bug, by each rank
            Runs.assertChecks(result, "writeAtAll", "ireadAt");
        } else {
            Runs.assertChecks(result, "readAtAllBeginCount");
            for (String check : List.of("ireadAtCount", "ireadAt")) {
                assertThat(result.rank(1).value(check)).as(check + ", checked by rank 1").contains("ok");
            }
        }
        // by rank 1 where they ran, by rank 0 where they were refused as known bugs
        for (String check : List.of("put", "rget", "accumulate")) {
            assertThat(result.rank(0).value(check).or(() -> result.rank(1).value(check))).as(check).contains("ok");
        }
    }
}
