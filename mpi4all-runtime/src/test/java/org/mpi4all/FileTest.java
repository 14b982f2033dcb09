package org.mpi4all;

import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpi4all.runtime.MpiException;

/** MPI-IO: files opened together, every way to say where, collective and not, nonblocking, views, and misuse. */
class FileTest {
    private static final int N = 5;

    public static final class Program {
        /** A directory of this job, named by rank 0 and shared by every rank. */
        static Path directory;

        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                long job = world.bcast(new long[] {ProcessHandle.current().pid()})[0];
                directory = Path.of(System.getProperty("java.io.tmpdir"), "mpi4all-filetest-" + job);
                if (rank == 0) {
                    uncheckedCreate(directory);
                }
                world.barrier();
                checks.section("explicitOffsets", () -> explicitOffsets(checks));
                checks.section("pointers", () -> pointers(checks));
                checks.section("nonblocking", () -> nonblocking(checks));
                checks.section("views", () -> views(checks));
                checks.section("split", () -> splitCollectives(checks));
                checks.section("wholeFile", () -> wholeFile(checks, env));
                checks.section("misuse", () -> misuse(checks, env));
                world.barrier();
                if (rank == 0) {
                    try (var files = Files.list(directory)) {
                        files.forEach(Program::uncheckedDelete);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    uncheckedDelete(directory);
                }
            });
        }

        static long[] block(int r) {
            return LongStream.range(0, N).map(i -> 1000L * r + i).toArray();
        }

        static long[] allBlocks() {
            return IntStream.range(0, size).mapToObj(Program::block).flatMapToLong(Arrays::stream).toArray();
        }

        /** writeAtAll and readAtAll, writeAt and readAt, a short read at the end of the file. */
        static void explicitOffsets(Checks checks) {
            Path path = directory.resolve("offsets");
            try (File file = File.open(world, path, File.Mode.CREATE, File.Mode.READ_WRITE)) {
                file.setView(0, Datatype.LONG);
                file.writeAtAll((long) rank * N, block(rank));
                file.sync();
                world.barrier();
                file.sync();
                checks.equal("writeAtAllSize", (long) size * N * 8, file.size());
                checks.equal("readAtAll", allBlocks(), file.readAtAll(0, new long[size * N]));
                checks.equal("readAtNeighbour", block((rank + 1) % size), file.readAt((long) (rank + 1) % size * N, new long[N]));
                long[] tail = {-1, -1, -1, -1};
                Status read = new Status();
                file.readAt((long) size * N - 2, tail, status(read));
                checks.equal("shortRead", List.of(2, block(size - 1)[N - 2], block(size - 1)[N - 1], -1L, -1L),
                        List.of(read.count(Datatype.LONG), tail[0], tail[1], tail[2], tail[3]));
                world.barrier();
                if (rank == 0) {
                    file.writeAt(1, new long[] {-7});
                }
                file.sync();
                world.barrier();
                file.sync();
                checks.equal("writeAt", -7L, file.readAt(1, new long[1])[0]);
            }
        }

        /** The individual pointer (seek, write, read, position) and the shared one (ordered and not). */
        static void pointers(Checks checks) {
            try (File file = File.open(world, directory.resolve("individual"), File.Mode.CREATE, File.Mode.READ_WRITE)) {
                file.setView(0, Datatype.LONG);
                file.seek((long) rank * N, File.Whence.SET);
                file.write(block(rank));
                checks.equal("positionAfterWrite", (long) (rank + 1) * N, file.position());
                file.sync();
                world.barrier();
                file.sync();
                file.seek(0, File.Whence.SET);
                checks.equal("readAll", allBlocks(), file.readAll(new long[size * N]));
                file.seek(-N, File.Whence.END);
                checks.equal("seekEnd", block(size - 1), file.read(new long[N]));
            }
            try (File file = File.open(world, directory.resolve("ordered"), File.Mode.CREATE, File.Mode.READ_WRITE)) {
                file.setView(0, Datatype.INT);
                int[] mine = new int[rank + 1];
                Arrays.fill(mine, rank);
                file.writeOrdered(mine);
                checks.equal("positionShared", (long) size * (size + 1) / 2, file.positionShared());
                file.sync();
                world.barrier();
                file.sync();
                int[] expected = IntStream.range(0, size).flatMap(r -> IntStream.range(0, r + 1).map(i -> r)).toArray();
                checks.equal("writeOrdered", expected, file.readAt(0, new int[expected.length]));
                file.seekShared(0, File.Whence.SET);
                checks.equal("readOrdered", mine, file.readOrdered(new int[rank + 1]));
            }
            try (File file = File.open(world, directory.resolve("shared"), File.Mode.CREATE, File.Mode.READ_WRITE)) {
                file.setView(0, Datatype.LONG);
                file.writeShared(new long[] {rank});
                file.sync();
                world.barrier();
                file.sync();
                long[] all = file.readAt(0, new long[size]);
                checks.equal("writeShared", LongStream.range(0, size).toArray(), Arrays.stream(all).sorted().toArray());
                world.barrier();
                file.seekShared(0, File.Whence.SET);
                long[] one = file.readShared(new long[1]);
                long[] everyone = world.allgather(one);
                checks.equal("readShared", LongStream.range(0, size).toArray(), Arrays.stream(everyone).sorted().toArray());
            }
        }

        /** iwriteAt, ireadAt (the array untouched before completion), the collective and pointer forms. */
        static void nonblocking(Checks checks) {
            try (File file = File.open(world, directory.resolve("nonblocking"), File.Mode.CREATE, File.Mode.READ_WRITE)) {
                file.setView(0, Datatype.LONG);
                long[] mine = block(rank);
                checks.that("iwriteAtHandsBack", file.iwriteAt((long) rank * N, mine).waitFor() == mine, "another array");
                file.iwriteAtAll((long) (size + rank) * N, block(size + rank)).waitFor();
                file.sync();
                world.barrier();
                file.sync();
                long[] into = new long[N];
                Request<long[]> reading = file.ireadAt((long) ((rank + 1) % size) * N, into);
                checks.equal("ireadAtUntouched", new long[N], into);
                checks.equal("ireadAt", block((rank + 1) % size), reading.waitFor());
                long[] all = file.ireadAtAll(0, new long[2 * size * N]).waitFor();
                checks.equal("ireadAtAll", LongStream.concat(Arrays.stream(allBlocks()),
                        IntStream.range(size, 2 * size).mapToObj(Program::block).flatMapToLong(Arrays::stream)).toArray(), all);
                file.seek((long) rank * N, File.Whence.SET);
                checks.equal("iread", block(rank), file.iread(new long[N]).waitFor());
                file.seek(0, File.Whence.SET);
                checks.equal("ireadAll", allBlocks(), file.ireadAll(new long[size * N]).waitFor());
            }
        }

        /** A strided view: each rank's blocks of 2 interleave with the others'. */
        /**
         * The split collectives: writeAtAllBegin/End with the array changed between (the array at the beginning is
         * written), readAtAllBegin/End (the array untouched before the end), readAll and writeAll at the pointer,
         * writeOrdered and readOrdered in rank order; one active at a time, ended once, not closed in between.
         */
        static void splitCollectives(Checks checks) {
            Path path = directory.resolve("split");
            try (File file = File.open(world, path, File.Mode.CREATE, File.Mode.READ_WRITE)) {
                file.setView(0, Datatype.LONG);
                long[] mine = block(rank);
                SplitCollective<long[]> writing = file.writeAtAllBegin((long) rank * N, mine);
                mine[0] = -1;   // after the beginning: a heap array was copied then
                checks.throwsWith("splitOneAtATime", IllegalStateException.class, "readAllBegin: the split collective"
                        + " writeAtAllBegin is active", () -> file.readAllBegin(new long[N]));
                checks.throwsWith("splitNoClose", IllegalStateException.class, "close: the split collective"
                        + " writeAtAllBegin is active", file::close);
                checks.that("writeAtAllEnd", writing.end() == mine, "end() handed back another array");
                checks.throwsWith("splitEndTwice", IllegalStateException.class, "writeAtAllEnd: ended already",
                        writing::end);
                file.sync();
                world.barrier();
                file.sync();
                long[] all = new long[size * N];
                SplitCollective<long[]> reading = file.readAtAllBegin(0, all);
                boolean untouched = Arrays.stream(all).allMatch(v -> v == 0);
                Status read = new Status();
                checks.equal("readAtAllSplit", new Object[] {true, allBlocks(), size * N}, new Object[] {untouched,
                        reading.end(read), read.count(Datatype.LONG)});
                file.seek(rank * N, File.Whence.SET);
                checks.equal("readAllSplit", block(rank), file.readAllBegin(new long[N]).end());
                world.barrier();
                file.seekShared(0, File.Whence.SET);
                file.writeOrderedBegin(new long[] {-rank, rank}).end();
                file.seekShared(0, File.Whence.SET);
                long[] pairs = file.readOrderedBegin(new long[2]).end();
                checks.equal("orderedSplit", new long[] {-rank, rank}, pairs);
                file.seek((long) size * 2 + rank, File.Whence.SET);
                file.writeAllBegin(new long[] {rank * 7L}).end();
                file.sync();
                world.barrier();
                file.sync();
                checks.equal("writeAllSplit", LongStream.range(0, size).map(r -> r * 7).toArray(),
                        file.readAtAll((long) size * 2, new long[size]));
            }
        }

        static void views(Checks checks) {
            int rounds = 3;
            try (File file = File.open(world, directory.resolve("strided"), File.Mode.CREATE, File.Mode.READ_WRITE)) {
                file.setView(rank * 2L * 4, Datatype.INT, 2, 2 * size);
                int[] mine = IntStream.range(0, 2 * rounds).map(i -> 100 * rank + i).toArray();
                file.writeAll(mine);
                file.sync();
                world.barrier();
                file.sync();
                file.setView(0, Datatype.INT);
                int[] whole = file.readAll(new int[2 * rounds * size]);
                int[] expected = new int[whole.length];
                for (int round = 0; round < rounds; round++) {
                    for (int r = 0; r < size; r++) {
                        for (int k = 0; k < 2; k++) {
                            expected[(round * size + r) * 2 + k] = 100 * r + round * 2 + k;
                        }
                    }
                }
                checks.equal("stridedView", expected, whole);
            }
        }

        /** setSize, preallocate, atomicity, modes, hints, delete on close, delete. */
        static void wholeFile(Checks checks, Environment env) {
            Path path = directory.resolve("whole");
            try (File file = File.open(world, path, Map.of("cb_buffer_size", "1048576"), File.Mode.CREATE,
                    File.Mode.WRITE_ONLY, File.Mode.UNIQUE_OPEN)) {
                checks.equal("modes", EnumSet.of(File.Mode.CREATE, File.Mode.WRITE_ONLY, File.Mode.UNIQUE_OPEN),
                        file.modes());
                checks.equal("hints", "1048576", file.hints().get("cb_buffer_size"));
                if (Issue.KnownBugs.BROKEN.containsKey("MPI_File_preallocate")) {
                    checks.throwsWith("preallocate", UnsupportedOperationException.class, "MPI_File_preallocate",
                            () -> file.preallocate(4096));
                } else {
                    file.preallocate(4096);
                    checks.that("preallocate", file.size() >= 4096, "size " + file.size());
                }
                // size() is local: every rank asks before any resizes. (The MPI_ERR_OTHER that Open MPI's set_size
                // once gave here came from preallocate's race, now refused: see Issue.KnownBugs.)
                world.barrier();
                file.setSize(100);
                checks.equal("setSize", 100L, file.size());
                file.setAtomicity(true);
                checks.that("atomicity", file.isAtomic(), "not atomic");
                file.setAtomicity(false);
                checks.that("atomicityOff", !file.isAtomic(), "still atomic");
            }
            // a file of one process grows by preallocate everywhere (the refusal above is for several processes)
            try (File alone = File.open(env.self(), directory.resolve("alone-" + rank), File.Mode.CREATE,
                    File.Mode.WRITE_ONLY, File.Mode.DELETE_ON_CLOSE)) {
                alone.preallocate(4096);
                checks.that("preallocateAlone", alone.size() >= 4096, "size " + alone.size());
            }
            world.barrier();
            if (rank == 0) {
                File.delete(env, path);
            }
            world.barrier();
            checks.that("delete", !Files.exists(path), path + " still exists");
            Path temporary = directory.resolve("temporary");
            File file = File.open(world, temporary, File.Mode.CREATE, File.Mode.WRITE_ONLY, File.Mode.DELETE_ON_CLOSE);
            file.writeAt(0, new byte[] {1, 2, 3});
            checks.that("deleteOnCloseExists", Files.exists(temporary), "not created");
            file.close();
            world.barrier();
            checks.that("deleteOnClose", !Files.exists(temporary), temporary + " still exists");
        }

        static void misuse(Checks checks, Environment env) {
            Path path = directory.resolve("misuse");
            checks.throwsWith("twoAccessModes", IllegalArgumentException.class, "exactly one of READ_ONLY, WRITE_ONLY, READ_WRITE",
                    () -> File.open(world, path, File.Mode.READ_ONLY, File.Mode.READ_WRITE));
            checks.throwsWith("readOnlyCreate", IllegalArgumentException.class, "READ_ONLY cannot CREATE",
                    () -> File.open(world, path, File.Mode.READ_ONLY, File.Mode.CREATE));
            checks.throwsWith("noSuchFile", MpiException.class, "MPI_File_open",
                    () -> File.open(world, directory.resolve("absent"), File.Mode.READ_ONLY));
            File file = File.open(world, path, File.Mode.CREATE, File.Mode.WRITE_ONLY);
            checks.throwsWith("negativeOffset", IllegalArgumentException.class, "writeAt: offset -1 < 0",
                    () -> file.writeAt(-1, new int[1]));
            checks.throwsWith("countBeyondBuffer", IllegalArgumentException.class, "count 3 exceeds",
                    () -> file.writeAt(0, new int[2], Param.count(3)));
            checks.throwsWith("wrongParam", IllegalArgumentException.class, "writeAt: does not accept status",
                    () -> file.writeAt(0, new int[2], status(new Status())));
            checks.throwsWith("badStride", IllegalArgumentException.class, "0 < blockLength <= stride",
                    () -> file.setView(0, Datatype.INT, 3, 2));
            checks.throwsWith("readWriteOnly", MpiException.class, "MPI_File_read_at",
                    () -> file.readAt(0, new int[1]));
            file.close();
            file.close();
            checks.throwsWith("useAfterClose", IllegalStateException.class, "was closed", () -> file.size());
            world.barrier();
            if (rank == 0) {
                File.delete(env, path);
            }
            checks.equal("size", List.of(size, rank), List.of(world.size(), world.rank()));
        }

        static void uncheckedCreate(Path path) {
            try {
                Files.createDirectories(path);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        static void uncheckedDelete(Path path) {
            try {
                Files.deleteIfExists(path);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private static final String[] CHECKS = {"writeAtAllSize", "readAtAll", "readAtNeighbour", "shortRead", "writeAt",
        "positionAfterWrite", "readAll", "seekEnd", "positionShared", "writeOrdered", "readOrdered", "writeShared",
        "readShared", "iwriteAtHandsBack", "ireadAtUntouched", "ireadAt", "ireadAtAll", "iread", "ireadAll",
        "stridedView", "splitOneAtATime", "splitNoClose", "writeAtAllEnd", "splitEndTwice", "readAtAllSplit",
        "readAllSplit", "orderedSplit", "writeAllSplit", "modes", "hints", "preallocate", "preallocateAlone", "setSize", "atomicity", "atomicityOff", "delete", "deleteOnCloseExists",
        "deleteOnClose", "twoAccessModes", "readOnlyCreate", "noSuchFile", "negativeOffset", "countBeyondBuffer",
        "wrongParam", "badStride", "readWriteOnly", "useAfterClose", "size"};

    @ParameterizedTest
    @ValueSource(ints = {3, 4})
    void onRanks(int ranks) {
        Runs.assertChecks(Runs.run(Program.class, ranks), CHECKS);
    }
}
