package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.mpi4all.Checks.left;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.right;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.count;
import static org.mpi4all.Param.offset;
import static org.mpi4all.Param.root;
import static org.mpi4all.Param.status;
import static org.mpi4all.Param.synchronous;
import static org.mpi4all.Param.tag;
import static org.mpi4all.Param.type;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.mpi4all.runtime.MpiException;
import org.mpi4all.testkit.MpiRunResult;

/**
 * Blocking point-to-point on every kind of buffer, around a ring: each rank sends to the right and
 * receives from the left, so every rank checks what it received.
 */
class PointToPointTest {
    static final List<String> TYPES = List.of("byte", "short", "char", "int", "long", "float", "double", "boolean");

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.valueOf(args[0]), (checks, env) -> {
                checks.section("primitiveArrays", () -> primitiveArrays(checks));
                checks.section("reusedArrays", () -> reusedArrays(checks));
                checks.section("segmentsAndBuffers", () -> segmentsAndBuffers(checks));
                checks.section("partsOfBuffers", () -> partsOfBuffers(checks));
                checks.section("unknownSizes", () -> unknownSizes(checks));
                checks.section("statusAndProbe", () -> statusAndProbe(checks));
                checks.section("modes", () -> modes(checks));
                checks.section("misuse", () -> misuse(checks));
            });
        }

        /** Sends {@code send} right and receives into {@code recv} from the left; evens send first. */
        static <T> T ring(Object send, T recv, Param... params) {
            if (world.rank() % 2 == 0) {
                world.send(send, right, params);
                return world.recv(recv, left, params);
            }
            T got = world.recv(recv, left, params);
            world.send(send, right, params);
            return got;
        }

        static void primitiveArrays(Checks checks) {
            int n = 1000;
            int r = world.rank();
            int l = left;
            checks.equal("byte", bytes(l, n), ring(bytes(r, n), new byte[n]));
            checks.equal("short", shorts(l, n), ring(shorts(r, n), new short[n]));
            checks.equal("char", chars(l, n), ring(chars(r, n), new char[n]));
            checks.equal("int", ints(l, n), ring(ints(r, n), new int[n]));
            checks.equal("long", longs(l, n), ring(longs(r, n), new long[n]));
            checks.equal("float", floats(l, n), ring(floats(r, n), new float[n]));
            checks.equal("double", doubles(l, n), ring(doubles(r, n), new double[n]));
            checks.equal("boolean", booleans(l, n), ring(booleans(r, n), new boolean[n]));
            // large enough for the rendezvous protocol
            int big = 1 << 18;
            checks.equal("largeDouble", doubles(l, big), ring(doubles(r, big), new double[big]));
        }

        /**
         * The same arrays sent and received again, more of them than a communicator keeps views of
         * ({@code HeapViews}), with new values each round, and arrays of the same length alternating with them: each
         * message carries what its array holds then, into the array it was received into.
         */
        static void reusedArrays(Checks checks) {
            int arrays = 6;
            long[][] sent = new long[arrays][8];
            long[][] received = new long[arrays][8];
            boolean allArrived = true;
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < arrays; i++) {
                    Arrays.fill(sent[i], 1000L * rank + 10L * round + i);
                    ring(sent[i], received[i]);
                    long[] fresh = ring(longs(rank, 8), new long[8]);
                    allArrived &= Arrays.equals(received[i], filled(8, 1000L * left + 10L * round + i))
                            && Arrays.equals(fresh, longs(left, 8));
                }
            }
            checks.that("reusedArrays", allArrived, "a message did not carry what its array held when it was sent");
        }

        private static long[] filled(int n, long value) {
            long[] values = new long[n];
            Arrays.fill(values, value);
            return values;
        }

        static void segmentsAndBuffers(Checks checks) {
            int n = 64;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocateFrom(JAVA_INT, ints(world.rank(), n));
                MemorySegment in = arena.allocate(JAVA_INT, n);
                ring(out, in, type(Datatype.INT));
                checks.equal("nativeSegment", ints(left, n), in.toArray(JAVA_INT));

                MemorySegment bytesIn = arena.allocate(n * 4L);
                ring(out, bytesIn);
                checks.equal("segmentAsBytes", ints(left, n), bytesIn.toArray(JAVA_INT));

                MemorySegment tagged = arena.allocate(JAVA_INT, n);
                ring(out, tagged, type(Datatype.INT), tag(9));
                checks.equal("nativeSegmentTagged", ints(left, n), tagged.toArray(JAVA_INT));
                MemorySegment synced = arena.allocate(JAVA_INT, n);
                if (world.rank() % 2 == 0) {
                    world.send(out, right, type(Datatype.INT), synchronous());
                    world.recv(synced, left, type(Datatype.INT));
                } else {
                    world.recv(synced, left, type(Datatype.INT));
                    world.send(out, right, type(Datatype.INT), synchronous());
                }
                checks.equal("nativeSegmentSynchronous", ints(left, n), synced.toArray(JAVA_INT));
            }
            long[] heapIn = new long[n];
            ring(MemorySegment.ofArray(longs(world.rank(), n)), MemorySegment.ofArray(heapIn), type(Datatype.LONG));
            checks.equal("heapSegment", longs(left, n), heapIn);

            IntBuffer directOut = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asIntBuffer();
            directOut.put(ints(world.rank(), n)).flip();
            IntBuffer directIn = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asIntBuffer();
            ring(directOut, directIn);
            int[] got = new int[n];
            directIn.get(got);
            checks.equal("directIntBuffer", ints(left, n), got);

            ByteBuffer bytesOut = ByteBuffer.allocateDirect(n).put(bytes(world.rank(), n)).flip();
            ByteBuffer bytesIn = ByteBuffer.allocateDirect(n);
            ring(bytesOut, bytesIn);
            byte[] gotBytes = new byte[n];
            bytesIn.get(gotBytes);
            checks.equal("directByteBuffer", bytes(left, n), gotBytes);

            // a heap buffer's position and limit select the message
            double[] backing = new double[n + 10];
            DoubleBuffer window = DoubleBuffer.wrap(backing, 5, n);
            ring(DoubleBuffer.wrap(doubles(world.rank(), n)), window);
            checks.equal("heapBufferWindow", doubles(left, n), Arrays.copyOfRange(backing, 5, 5 + n));
            checks.equal("heapBufferOutside", new double[5], Arrays.copyOfRange(backing, 0, 5));
        }

        static void partsOfBuffers(Checks checks) {
            int[] out = ints(world.rank(), 10);
            int[] in = new int[10];
            ring(out, in, offset(2), count(3));
            int[] expected = new int[10];
            System.arraycopy(ints(left, 10), 2, expected, 2, 3);
            checks.equal("offsetAndCount", expected, in);

            // a slice of a segment
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment whole = arena.allocate(JAVA_DOUBLE, 20);
                MemorySegment slice = whole.asSlice(8 * 5, 8 * 4);
                ring(MemorySegment.ofArray(doubles(world.rank(), 4)), slice, type(Datatype.DOUBLE));
                checks.equal("segmentSlice", doubles(left, 4), slice.toArray(JAVA_DOUBLE));
                checks.equal("segmentOutsideSlice", new double[5], whole.asSlice(0, 40).toArray(JAVA_DOUBLE));
            }
        }

        static void unknownSizes(Checks checks) {
            // each rank sends rank+1 elements; the receiver learns the size from the message
            int[] mine = ints(world.rank(), world.rank() + 1);
            if (world.rank() % 2 == 0) {
                world.send(mine, right, tag(5));
                checks.equal("recvNewArray", ints(left, left + 1), world.recv(int[].class, left, tag(5)));
            } else {
                checks.equal("recvNewArray", ints(left, left + 1), world.recv(int[].class, left, tag(5)));
                world.send(mine, right, tag(5));
            }
            MemorySegment segment = ringNew(MemorySegment.ofArray(doubles(world.rank(), 7)), MemorySegment.class,
                    type(Datatype.DOUBLE));
            checks.equal("recvNewSegment", doubles(left, 7), segment.toArray(JAVA_DOUBLE));
            IntBuffer buffer = ringNew(ints(world.rank(), 9), IntBuffer.class);
            int[] got = new int[buffer.remaining()];
            buffer.get(got);
            checks.equal("recvNewIntBuffer", ints(left, 9), got);
            checks.that("recvNewIntBufferIsDirect", buffer.isDirect(), "heap");
        }

        /** Like {@link #ring}, receiving into a new buffer of class {@code kind} sized by the message. */
        private static <T> T ringNew(Object send, Class<T> kind, Param... params) {
            if (world.rank() % 2 == 0) {
                world.send(send, right, params);
                return world.recv(kind, left, params);
            }
            T got = world.recv(kind, left, params);
            world.send(send, right, params);
            return got;
        }

        static void statusAndProbe(Checks checks) {
            Status status = new Status();
            int[] in = new int[8];
            if (world.rank() % 2 == 0) {
                world.send(ints(world.rank(), 6), right, tag(40 + world.rank()));
                world.recv(in, Communicator.ANY_SOURCE, status(status));
            } else {
                world.recv(in, Communicator.ANY_SOURCE, status(status));
                world.send(ints(world.rank(), 6), right, tag(40 + world.rank()));
            }
            checks.equal("statusSourceTagCount", List.of(left, 40 + left, 6),
                    List.of(status.source(), status.tag(), status.count()));

            world.send(longs(world.rank(), 3), right, tag(9));
            Status probed = world.probe(left, tag(9));
            checks.equal("probe", List.of(left, 9, 3), List.of(probed.source(), probed.tag(), probed.count(Datatype.LONG)));
            checks.equal("afterProbe", longs(left, 3), world.recv(new long[3], left, tag(9)));

            world.barrier();
            world.send(new int[] {world.rank()}, right, tag(11));
            Status arrived = null;
            while (arrived == null) {
                arrived = world.iprobe(left, tag(11)).orElse(null);
            }
            checks.equal("iprobe", List.of(left, 4), List.of(arrived.source(), arrived.count()));
            world.recv(new int[1], left, tag(11));
            checks.that("iprobeNothing", world.iprobe(left, tag(12)).isEmpty(), "found a message never sent");
        }

        static void modes(Checks checks) {
            int[] in = new int[4];
            if (world.rank() % 2 == 0) {
                world.send(ints(world.rank(), 4), right, synchronous());
                world.recv(in, left);
            } else {
                world.recv(in, left);
                world.send(ints(world.rank(), 4), right, synchronous());
            }
            checks.equal("synchronous", ints(left, 4), in);
            int[] got = world.sendrecv(ints(world.rank(), 5), right, new int[5], left, tag(3));
            checks.equal("sendrecv", ints(left, 5), got);
            world.send(new int[] {1}, Communicator.PROC_NULL);
            int[] untouched = world.recv(new int[] {42}, Communicator.PROC_NULL);
            checks.equal("procNull", 42, untouched[0]);
        }

        static void misuse(Checks checks) {
            int[] ten = new int[10];
            checks.throwsWith("countBeyondArray", IllegalArgumentException.class,
                    "send: count 12 exceeds the 10 elements of int[10]", () -> world.send(ten, right, count(12)));
            checks.throwsWith("offsetPlusCountBeyondArray", IllegalArgumentException.class,
                    "recv: count 9 from offset 2 exceeds the 10 elements of int[10]",
                    () -> world.recv(ten, left, offset(2), count(9)));
            checks.throwsWith("negativeCount", IllegalArgumentException.class, "count < 0: -3", () -> count(-3));
            checks.throwsWith("negativeOffset", IllegalArgumentException.class, "offset < 0: -1", () -> offset(-1));
            checks.throwsWith("notABuffer", IllegalArgumentException.class,
                    "send: cannot send or receive a java.lang.String", () -> world.send("text", right));
            checks.throwsWith("nullBuffer", NullPointerException.class, "send: the buffer is null",
                    () -> world.send(null, right));
            checks.throwsWith("paramNotAccepted", IllegalArgumentException.class,
                    "send: does not accept root; it accepts tag, count, offset, type, synchronous",
                    () -> world.send(ten, right, root(0)));
            checks.throwsWith("paramTwice", IllegalArgumentException.class, "send: tag given twice",
                    () -> world.send(ten, right, tag(1), tag(2)));
            checks.throwsWith("typeMismatch", IllegalArgumentException.class,
                    "send: type(double) does not match int[10]", () -> world.send(ten, right, type(Datatype.DOUBLE)));
            checks.throwsWith("segmentNotWholeElements", IllegalArgumentException.class,
                    "a segment of 10 bytes is not a whole number of int (4 bytes)",
                    () -> world.send(MemorySegment.ofArray(new byte[10]), right, type(Datatype.INT)));
            checks.throwsWith("nativeSegmentNotWholeElements", IllegalArgumentException.class,
                    "send: a segment of 10 bytes is not a whole number of int (4 bytes)",
                    () -> world.send(Arena.ofAuto().allocate(10), right, type(Datatype.INT)));
            checks.throwsWith("readOnlyNativeSegment", IllegalArgumentException.class,
                    "recv: cannot receive into a MemorySegment of 16 bytes, which is read-only",
                    () -> world.recv(Arena.ofAuto().allocate(16).asReadOnly(), left));
            checks.throwsWith("readOnlyReceive", IllegalArgumentException.class,
                    "recv: cannot receive into a direct ByteBuffer with 4 remaining, which is read-only",
                    () -> world.recv(ByteBuffer.allocateDirect(4).asReadOnlyBuffer(), left));
            checks.throwsWith("bigEndianBuffer", IllegalArgumentException.class,
                    "a direct IntBuffer with 4 remaining in BIG_ENDIAN byte order",
                    () -> world.send(ByteBuffer.allocateDirect(16).order(ByteOrder.BIG_ENDIAN).asIntBuffer(), right));
            // A whole segment goes to MPI unchecked by the generated layer: the high level must refuse freed memory.
            MemorySegment freed = Checks.freedSegment(16);
            checks.throwsWith("freedSegmentSend", IllegalStateException.class,
                    "argument buf is a segment whose arena is closed", () -> world.send(freed, right));
            checks.throwsWith("freedSegmentSendSynchronous", IllegalStateException.class,
                    "argument buf is a segment whose arena is closed", () -> world.send(freed, right, synchronous()));
            checks.throwsWith("freedSegmentRecv", IllegalStateException.class,
                    "argument buf is a segment whose arena is closed", () -> world.recv(freed, left));
            checks.throwsWith("invalidRank", MpiException.class, "MPI_ERR_RANK",
                    () -> world.send(ten, world.size() + 5));
            // small enough to be sent eagerly; the failing receive consumes it
            world.send(new int[8], right, tag(77));
            checks.throwsWith("truncated", MpiException.class, "MPI_ERR_TRUNCATE",
                    () -> world.recv(new int[4], left, tag(77)));
            world.send(new int[8], right, tag(78));
            checks.throwsWith("truncatedIntoNativeSegment", MpiException.class, "MPI_ERR_TRUNCATE",
                    () -> world.recv(Arena.ofAuto().allocate(16), left, tag(78)));
            // 1 MiB + 2 bytes: beyond every eager limit, so its sender waits until it is received; a receive into
            // a new int[] cannot hold it (not whole ints) and must still complete it, or the sender hangs
            byte[] notWholeInts = new byte[(1 << 20) + 2];
            String cannotHold = "recv: a int[] cannot hold the message from rank " + left
                    + " with tag 79 (the message of 1048578 bytes is not a whole number of int";
            if (rank % 2 == 0) {
                world.send(notWholeInts, right, tag(79));
            }
            checks.throwsWith("newArrayCannotHold", IllegalArgumentException.class, cannotHold,
                    () -> world.recv(int[].class, left, tag(79)));
            if (rank % 2 != 0) {
                world.send(notWholeInts, right, tag(79));
            }
            int[] after = ringNew(new int[] {rank, 79}, int[].class, tag(80));
            checks.equal("receivesAfterDiscarding", List.of(left, 79), List.of(after[0], after[1]));
        }

        static byte[] bytes(int rank, int n) {
            byte[] a = new byte[n];
            for (int i = 0; i < n; i++) {
                a[i] = (byte) (rank * 31 + i);
            }
            return a;
        }

        static short[] shorts(int rank, int n) {
            short[] a = new short[n];
            for (int i = 0; i < n; i++) {
                a[i] = (short) (rank * 1000 - i);
            }
            return a;
        }

        static char[] chars(int rank, int n) {
            char[] a = new char[n];
            for (int i = 0; i < n; i++) {
                a[i] = (char) (0xE000 + rank * 100 + i);
            }
            return a;
        }

        static int[] ints(int rank, int n) {
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = rank * 1_000_000 + i;
            }
            return a;
        }

        static long[] longs(int rank, int n) {
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = ((long) rank << 40) + i;
            }
            return a;
        }

        static float[] floats(int rank, int n) {
            float[] a = new float[n];
            for (int i = 0; i < n; i++) {
                a[i] = rank + i / 8f;
            }
            return a;
        }

        static double[] doubles(int rank, int n) {
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = rank * 0.5 + i / 3.0;
            }
            return a;
        }

        static boolean[] booleans(int rank, int n) {
            boolean[] a = new boolean[n];
            for (int i = 0; i < n; i++) {
                a[i] = (i + rank) % 3 == 0;
            }
            return a;
        }
    }

    private static final String[] CHECKS = {"byte", "short", "char", "int", "long", "float", "double", "boolean",
        "largeDouble", "reusedArrays", "nativeSegment", "segmentAsBytes", "nativeSegmentTagged", "nativeSegmentSynchronous", "heapSegment", "directIntBuffer", "directByteBuffer",
        "heapBufferWindow", "heapBufferOutside", "offsetAndCount", "segmentSlice", "segmentOutsideSlice",
        "recvNewArray", "recvNewSegment", "recvNewIntBuffer", "recvNewIntBufferIsDirect", "statusSourceTagCount",
        "probe", "afterProbe", "iprobe", "iprobeNothing", "synchronous", "sendrecv", "procNull"};
    private static final String[] MISUSE = {"countBeyondArray", "offsetPlusCountBeyondArray", "negativeCount",
        "negativeOffset", "notABuffer", "nullBuffer", "paramNotAccepted", "paramTwice", "typeMismatch",
        "segmentNotWholeElements", "nativeSegmentNotWholeElements", "readOnlyNativeSegment", "readOnlyReceive",
        "bigEndianBuffer", "freedSegmentSend", "freedSegmentSendSynchronous", "freedSegmentRecv", "invalidRank",
        "truncated", "truncatedIntoNativeSegment", "newArrayCannotHold", "receivesAfterDiscarding"};

    private static MpiRunResult criticalRun;

    @BeforeAll
    static void launch() {
        criticalRun = Runs.run(Program.class, 3, "SINGLE");
    }

    @Test
    void everyPrimitiveArrayTypeSegmentsAndNioBuffersWithHeapArraysInPlace() {
        Runs.assertChecks(criticalRun, CHECKS);
    }

    @Test
    void misuseIsAClearExceptionAndNoCrash() {
        Runs.assertChecks(criticalRun, MISUSE);
    }

    @Test
    void heapArraysCopiedThroughNativeMemory() {
        MpiRunResult copied = Runs.runWithJvmOptions(Program.class, 2, List.of("-Dmpi4all.heapAccess=copy"), "SINGLE");
        Runs.assertChecks(copied, CHECKS);
        Runs.assertChecks(copied, MISUSE);
    }

    @Test
    void atThreadLevelMultiple() {
        Runs.assertChecks(Runs.run(Program.class, 4, "MULTIPLE"), CHECKS);
    }
}
