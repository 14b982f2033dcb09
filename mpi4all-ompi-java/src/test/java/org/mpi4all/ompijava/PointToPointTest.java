package org.mpi4all.ompijava;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import org.junit.jupiter.api.Test;

/**
 * Point-to-point through Open MPI's API on mpi4all-ompi-java, around a ring: each rank sends to the right and
 * receives from the left, and checks what it received; errors come back as MPIException with their class.
 */
class PointToPointTest {

    public static final class Program {
        static int right;
        static int left;

        public static void main(String[] args) throws MPIException {
            RankChecks.run(args, Program::arrays, Program::slices, Program::statusAndProbe, Program::nonblocking,
                    Program::persistent, Program::modesAndPacking, Program::errors);
        }

        /** Sends {@code send} right and receives {@code recv} from the left (evens first, so no deadlock). */
        static Status ring(Object send, Object recv, int count, Datatype type) throws MPIException {
            Comm world = MPI.COMM_WORLD;
            int rank = world.getRank();
            right = (rank + 1) % world.getSize();
            left = (rank + world.getSize() - 1) % world.getSize();
            if (rank % 2 == 0) {
                world.send(send, count, type, right, 7);
                return world.recv(recv, count, type, left, 7);
            }
            Status status = world.recv(recv, count, type, left, 7);
            world.send(send, count, type, right, 7);
            return status;
        }

        static void arrays(RankChecks c) throws MPIException {
            int[] ints = new int[3];
            ring(new int[] {c.rank, c.rank * 10, -c.rank}, ints, 3, MPI.INT);
            c.equal("ints", new int[] {left, left * 10, -left}, ints);
            double[] doubles = new double[2];
            ring(new double[] {c.rank + 0.5, c.rank * 1e300}, doubles, 2, MPI.DOUBLE);
            c.equal("doubles", new double[] {left + 0.5, left * 1e300}, doubles);
            long[] longs = new long[1];
            ring(new long[] {Long.MAX_VALUE - c.rank}, longs, 1, MPI.LONG);
            c.equal("longs", new long[] {Long.MAX_VALUE - left}, longs);
            char[] chars = new char[2];
            ring(new char[] {'\u20ac', (char) ('a' + c.rank)}, chars, 2, MPI.CHAR);
            c.equal("chars", new char[] {'\u20ac', (char) ('a' + left)}, chars);
            boolean[] booleans = new boolean[3];
            ring(new boolean[] {true, c.rank % 2 == 0, false}, booleans, 3, MPI.BOOLEAN);
            c.equal("booleans", new boolean[] {true, left % 2 == 0, false}, booleans);
            short[] shorts = new short[1];
            ring(new short[] {(short) -c.rank}, shorts, 1, MPI.SHORT);
            c.equal("shorts", new short[] {(short) -left}, shorts);
            float[] floats = new float[1];
            ring(new float[] {c.rank / 4f}, floats, 1, MPI.FLOAT);
            c.equal("floats", new float[] {left / 4f}, floats);
            byte[] bytes = new byte[2];
            ring(new byte[] {(byte) c.rank, -1}, bytes, 2, MPI.BYTE);
            c.equal("bytes", new byte[] {(byte) left, -1}, bytes);
        }

        /** Offsets count elements, through MPI.slice of arrays and buffers; heap and direct buffers alike. */
        static void slices(RankChecks c) throws MPIException {
            int[] send = {-1, -1, c.rank, c.rank + 1};
            int[] recv = new int[5];
            ring(MPI.slice(send, 2), MPI.slice(recv, 3), 2, MPI.INT);
            c.equal("arraySlices", new int[] {0, 0, 0, left, left + 1}, recv);
            DoubleBuffer direct = MPI.newDoubleBuffer(4);
            DoubleBuffer heap = DoubleBuffer.allocate(4);
            heap.put(1, c.rank * 2.0);
            direct.position(3); // the position does not matter: buffers start at element 0
            ring(MPI.slice(heap, 1), MPI.slice(direct, 2), 1, MPI.DOUBLE);
            c.equal("bufferSlices", left * 2.0, direct.get(2));
        }

        static void statusAndProbe(RankChecks c) throws MPIException {
            Comm world = MPI.COMM_WORLD;
            int[] data = new int[4];
            Status status;
            if (c.rank % 2 == 0) {
                world.send(new int[] {1, 2, 3}, 3, MPI.INT, right, 11);
                Status probed = world.probe(left, 11);
                c.equal("probeCount", 3, probed.getCount(MPI.INT));
                status = world.recv(data, 4, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            } else {
                Status probed;
                do {
                    probed = world.iProbe(MPI.ANY_SOURCE, 11);
                } while (probed == null);
                c.equal("probeCount", 3, probed.getCount(MPI.INT));
                status = world.recv(data, 4, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                world.send(new int[] {1, 2, 3}, 3, MPI.INT, right, 11);
            }
            c.equal("statusSource", left, status.getSource());
            c.equal("statusTag", 11, status.getTag());
            c.equal("statusCount", 3, status.getCount(MPI.INT));
            c.equal("statusElements", 3, status.getElements(MPI.INT));
            c.equal("statusCancelled", false, status.isCancelled());

            Status exchanged = world.sendRecv(new long[] {c.rank}, 1, MPI.LONG, right, 3, new long[1], 1, MPI.LONG,
                    left, 3);
            c.equal("sendRecvSource", left, exchanged.getSource());
            double[] replaced = {c.rank};
            world.sendRecvReplace(replaced, 1, MPI.DOUBLE, right, 4, left, 4);
            c.equal("sendRecvReplace", (double) left, replaced[0]);

            // A matched probe: the message is received through the Message object.
            int[] matched = new int[1];
            Message message = new Message();
            world.iSend(MPI.newIntBuffer(1).put(0, 40 + c.rank), 1, MPI.INT, right, 5).waitFor();
            Status mStatus = message.mProbe(left, 5, world);
            c.equal("mProbeCount", 1, mStatus.getCount(MPI.INT));
            message.mRecv(matched, 1, MPI.INT);
            c.equal("mRecv", 40 + left, matched[0]);
            c.equal("messageNullAfter", true, message.isNull());
        }

        static void nonblocking(RankChecks c) throws MPIException {
            Comm world = MPI.COMM_WORLD;
            IntBuffer out = MPI.newIntBuffer(2).put(0, c.rank).put(1, 100);
            IntBuffer in = MPI.newIntBuffer(2);
            Request receive = world.iRecv(in, 2, MPI.INT, left, 8);
            Request send = world.iSend(out, 2, MPI.INT, right, 8);
            Status[] statuses = Request.waitAllStatus(new Request[] {receive, send});
            c.equal("iRecvValues", new int[] {left, 100}, new int[] {in.get(0), in.get(1)});
            c.equal("waitAllStatusSource", left, statuses[0].getSource());
            c.equal("requestsNullAfterWait", true, receive.isNull() && send.isNull());

            DoubleBuffer d = MPI.newDoubleBuffer(1);
            Request[] requests = {world.iRecv(d, 1, MPI.DOUBLE, left, 9),
                    world.iSend(MPI.newDoubleBuffer(1).put(0, c.rank * 3.0), 1, MPI.DOUBLE, right, 9)};
            int first = Request.waitAny(requests);
            c.equal("waitAnyIndex", true, first == 0 || first == 1);
            while (!Request.testAll(requests)) {
                Thread.onSpinWait();
            }
            c.equal("testAllValue", left * 3.0, d.get(0));
            c.equal("waitSomeAllNull", null, Request.waitSome(requests));
        }

        static void persistent(RankChecks c) throws MPIException {
            Comm world = MPI.COMM_WORLD;
            IntBuffer out = MPI.newIntBuffer(1);
            IntBuffer in = MPI.newIntBuffer(1);
            Prequest send = world.sendInit(out, 1, MPI.INT, right, 12);
            Prequest recv = world.recvInit(in, 1, MPI.INT, left, 12);
            int[] seen = new int[3];
            for (int round = 0; round < 3; round++) {
                out.put(0, c.rank * 100 + round);
                Prequest.startAll(new Prequest[] {recv, send});
                recv.waitFor();
                send.waitFor();
                seen[round] = in.get(0);
            }
            c.equal("persistentRounds", new int[] {left * 100, left * 100 + 1, left * 100 + 2}, seen);
            c.equal("persistentStaysAfterWait", false, send.isNull());
            send.free();
            recv.free();
            c.equal("persistentFreed", true, send.isNull() && recv.isNull());
        }

        static void modesAndPacking(RankChecks c) throws MPIException {
            Comm world = MPI.COMM_WORLD;
            MPI.attachBuffer(new byte[1024 + MPI.BSEND_OVERHEAD]);
            int[] got = new int[1];
            world.bSend(new int[] {c.rank + 1}, 1, MPI.INT, right, 13);
            world.recv(got, 1, MPI.INT, left, 13);
            c.equal("bSend", left + 1, got[0]);
            c.equal("detachBuffer", 1024 + MPI.BSEND_OVERHEAD, MPI.detachBuffer().length);

            Request receive = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, left, 14);
            world.sSend(new int[] {1}, 1, MPI.INT, right, 14);
            receive.waitFor();
            c.equal("sSendCompleted", true, receive.isNull());

            byte[] packed = new byte[world.packSize(2, MPI.INT) + world.packSize(1, MPI.DOUBLE)];
            int position = world.pack(new int[] {c.rank, 5}, 2, MPI.INT, packed, 0);
            position = world.pack(new double[] {2.5}, 1, MPI.DOUBLE, packed, position);
            byte[] received = new byte[packed.length];
            ring(packed, received, position, MPI.PACKED);
            int[] ints = new int[2];
            double[] doubles = new double[1];
            int at = world.unpack(received, 0, ints, 2, MPI.INT);
            world.unpack(received, at, doubles, 1, MPI.DOUBLE);
            c.equal("packUnpack", new Object[] {new int[] {left, 5}, new double[] {2.5}},
                    new Object[] {ints, doubles});
        }

        static void errors(RankChecks c) throws MPIException {
            Comm world = MPI.COMM_WORLD;
            MPIException badRank = c.throwsA("sendToBadRank", MPIException.class,
                    () -> world.send(new int[1], 1, MPI.INT, c.size + 5, 0));
            if (badRank != null) {
                c.equal("badRankClass", MPI.ERR_RANK, badRank.getErrorClass());
                c.equal("badRankMessageNamesCall", true, badRank.getMessage().contains("MPI_Send"));
            }
            MPIException badCount = c.throwsA("negativeCount", MPIException.class,
                    () -> world.send(new int[1], -1, MPI.INT, right, 0));
            if (badCount != null) {
                c.equal("negativeCountClass", MPI.ERR_COUNT, badCount.getErrorClass());
            }
            c.throwsA("heapBufferForNonblocking", IllegalArgumentException.class,
                    () -> world.iSend(IntBuffer.allocate(1), 1, MPI.INT, right, 0));
            c.throwsA("notABuffer", IllegalArgumentException.class,
                    () -> world.send("text", 1, MPI.INT, right, 0));
            c.throwsA("byteBufferIsABuffer", MPIException.class,
                    () -> world.send(ByteBuffer.allocate(Integer.BYTES), 1, MPI.INT, MPI.ANY_SOURCE - 10, 0));
        }
    }

    @Test
    void ringOfPointToPointOnTwoRanks() {
        Launch.run(Program.class, 2, "ints", "doubles", "booleans", "chars", "arraySlices", "bufferSlices",
                "statusSource", "mRecv", "iRecvValues", "persistentRounds", "bSend", "packUnpack", "badRankClass",
                "heapBufferForNonblocking");
    }

    @Test
    void ringOfPointToPointOnThreeRanks() {
        Launch.run(Program.class, 3, "ints", "statusTag", "testAllValue", "persistentRounds");
    }
}
