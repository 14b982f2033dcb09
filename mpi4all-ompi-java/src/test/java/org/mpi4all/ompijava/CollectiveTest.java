package org.mpi4all.ompijava;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import mpi.Datatype;
import mpi.DoubleInt;
import mpi.Int2;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;
import org.junit.jupiter.api.Test;

/** Collectives through Open MPI's API: every rank checks its result, computed from the rank and the size. */
class CollectiveTest {

    public static final class Program {
        public static void main(String[] args) throws MPIException {
            RankChecks.run(args, Program::broadcastAndReductions, Program::userOperators, Program::locations,
                    Program::gathersAndScatters, Program::allToAllAndScans, Program::nonblocking);
        }

        /** 0 + 1 + ... + (size - 1). */
        static int rankSum(int size) {
            return size * (size - 1) / 2;
        }

        static void broadcastAndReductions(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            world.barrier();
            double[] values = c.rank == 0 ? new double[] {1.5, 2.5} : new double[2];
            world.bcast(values, 2, MPI.DOUBLE, 0);
            c.equal("bcast", new double[] {1.5, 2.5}, values);

            int[] sum = new int[2];
            world.reduce(new int[] {c.rank, 1}, sum, 2, MPI.INT, MPI.SUM, 0);
            c.equal("reduceAtRoot", c.rank == 0 ? new int[] {rankSum(c.size), c.size} : new int[2], sum);

            int[] inPlace = {c.rank + 1};
            world.reduce(inPlace, 1, MPI.INT, MPI.PROD, c.size - 1);
            int factorial = 1;
            for (int i = 2; i <= c.size; i++) {
                factorial *= i;
            }
            c.equal("reduceInPlace", c.rank == c.size - 1 ? factorial : c.rank + 1, inPlace[0]);

            long[] max = new long[1];
            world.allReduce(new long[] {c.rank * 1000L}, max, 1, MPI.LONG, MPI.MAX);
            c.equal("allReduceMax", (c.size - 1) * 1000L, max[0]);
            boolean[] all = {c.rank >= 0};
            world.allReduce(all, 1, MPI.BOOLEAN, MPI.LAND);
            c.equal("allReduceLandInPlace", true, all[0]);
            double[] slice = {9, 9, c.rank};
            world.allReduce(MPI.slice(slice, 2), 1, MPI.DOUBLE, MPI.SUM);
            c.equal("allReduceSlice", new double[] {9, 9, rankSum(c.size)}, slice);

            int[] block = new int[1];
            int[] contributions = new int[c.size];
            java.util.Arrays.fill(contributions, c.rank + 1);
            world.reduceScatterBlock(contributions, block, 1, MPI.INT, MPI.SUM);
            c.equal("reduceScatterBlock", rankSum(c.size) + c.size, block[0]);
            int[] counts = new int[c.size];
            java.util.Arrays.fill(counts, 1);
            int[] scattered = new int[1];
            world.reduceScatter(contributions, scattered, counts, MPI.INT, MPI.MAX);
            c.equal("reduceScatter", c.size, scattered[0]);
        }

        static void userOperators(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            Op absMax = absMaxOf();
            int[] result = new int[2];
            world.allReduce(new int[] {-c.rank * 2, c.rank}, result, 2, MPI.INT, absMax);
            c.equal("userOpOnArrays", new int[] {(c.size - 1) * 2, c.size - 1}, result);
            absMax.free();
            c.equal("userOpFreed", true, absMax.isNull());

            // An operator on MPI's memory itself: sum of doubles, on a direct buffer, in place.
            Op sum = new Op(new UserFunction() {
                @Override
                public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
                    DoubleBuffer a = in.asDoubleBuffer();
                    DoubleBuffer b = inOut.asDoubleBuffer();
                    for (int i = 0; i < count; i++) {
                        b.put(i, a.get(i) + b.get(i));
                    }
                }
            }, true);
            DoubleBuffer buffer = MPI.newDoubleBuffer(1).put(0, c.rank + 0.25);
            world.allReduce(buffer, 1, MPI.DOUBLE, sum);
            c.equal("userOpOnBuffers", rankSum(c.size) + 0.25 * c.size, buffer.get(0));

            // A failing operator: its MPIException reaches the caller.
            Op failing = new Op(new UserFunction() {
                @Override
                public void call(Object in, Object inOut, int count, Datatype type) throws MPIException {
                    throw new MPIException("operator refused");
                }
            }, true);
            if (c.size > 1) {
                MPIException refused = c.throwsA("userOpFailure", MPIException.class,
                        () -> world.allReduce(new int[1], new int[1], 1, MPI.INT, failing));
                if (refused != null) {
                    c.equal("userOpFailureMessage", "operator refused", refused.getMessage());
                }
            }
            int[] local = {5, 1};
            Intracomm.reduceLocal(new int[] {-7, 0}, local, 2, MPI.INT, absMaxOf());
            c.equal("reduceLocal", new int[] {7, 1}, local);
        }

        /** An operator on arrays of the base type: element-wise max of absolute values. */
        static Op absMaxOf() {
            return new Op(new UserFunction() {
                @Override
                public void call(Object in, Object inOut, int count, Datatype type) {
                    int[] a = (int[]) in;
                    int[] b = (int[]) inOut;
                    for (int i = 0; i < count; i++) {
                        b[i] = Math.max(Math.abs(a[i]), Math.abs(b[i]));
                    }
                }
            }, true);
        }

        /** MAXLOC and MINLOC on the pair types, through int arrays and Struct data in byte buffers. */
        static void locations(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            int[] pair = {c.rank % 2 == 0 ? 10 : 20 + c.rank, c.rank};
            int[] max = new int[2];
            world.allReduce(pair, max, 1, MPI.INT2, MPI.MAXLOC);
            int lastOdd = c.size % 2 == 0 ? c.size - 1 : c.size - 2;
            c.equal("maxlocInt2", c.size > 1 ? new int[] {20 + lastOdd, lastOdd} : new int[] {10, 0}, max);

            DoubleInt type = MPI.doubleInt;
            ByteBuffer in = MPI.newByteBuffer(type.getExtent());
            ByteBuffer out = MPI.newByteBuffer(type.getExtent());
            DoubleInt.Data mine = type.getData(in);
            mine.putValue(-c.rank * 1.5);
            mine.putIndex(c.rank);
            world.allReduce(in, out, 1, type.getType(), MPI.MINLOC);
            DoubleInt.Data min = type.getData(out);
            c.equal("minlocDoubleInt", new Object[] {-(c.size - 1) * 1.5, c.size - 1},
                    new Object[] {min.getValue(), min.getIndex()});
            c.equal("pairTypeIsPredefined", MPI.DOUBLE_INT, type.getType());
            Int2.Data view = MPI.int2.getData(new byte[MPI.int2.getExtent()]);
            view.putValue(3);
            view.putIndex(4);
            c.equal("int2Data", new int[] {3, 4}, new int[] {view.getValue(), view.getIndex()});
        }

        static void gathersAndScatters(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            int[] expectedRanks = new int[c.size];
            for (int i = 0; i < c.size; i++) {
                expectedRanks[i] = i;
            }
            int[] gathered = new int[c.size];
            world.gather(new int[] {c.rank}, 1, MPI.INT, gathered, 1, MPI.INT, 0);
            c.equal("gather", c.rank == 0 ? expectedRanks : new int[c.size], gathered);
            int[] all = new int[c.size];
            world.allGather(new int[] {c.rank}, 1, MPI.INT, all, 1, MPI.INT);
            c.equal("allGather", expectedRanks, all);
            int[] inPlace = new int[c.size];
            inPlace[c.rank] = c.rank;
            world.allGather(inPlace, 1, MPI.INT);
            c.equal("allGatherInPlace", expectedRanks, inPlace);

            // Rank r contributes r + 1 copies of r, placed one after another.
            int[] counts = new int[c.size];
            int[] displs = new int[c.size];
            int total = 0;
            for (int i = 0; i < c.size; i++) {
                counts[i] = i + 1;
                displs[i] = total;
                total += i + 1;
            }
            int[] mine = new int[c.rank + 1];
            java.util.Arrays.fill(mine, c.rank);
            int[] expectedV = new int[total];
            for (int i = 0; i < c.size; i++) {
                java.util.Arrays.fill(expectedV, displs[i], displs[i] + counts[i], i);
            }
            int[] gatheredV = new int[total];
            world.gatherv(mine, c.rank + 1, MPI.INT, gatheredV, counts, displs, MPI.INT, c.size - 1);
            c.equal("gatherv", c.rank == c.size - 1 ? expectedV : new int[total], gatheredV);
            int[] allV = new int[total];
            world.allGatherv(mine, c.rank + 1, MPI.INT, allV, counts, displs, MPI.INT);
            c.equal("allGatherv", expectedV, allV);

            int[] part = new int[c.rank + 1];
            world.scatterv(expectedV, counts, displs, MPI.INT, part, c.rank + 1, MPI.INT, 0);
            c.equal("scatterv", mine, part);
            int[] one = new int[1];
            world.scatter(expectedRanks, 1, MPI.INT, one, 1, MPI.INT, 0);
            c.equal("scatter", c.rank, one[0]);
            int[] rootKeeps = c.rank == 0 ? expectedRanks.clone() : new int[1];
            world.scatter(rootKeeps, 1, MPI.INT, 0);
            c.equal("scatterInPlace", c.rank, rootKeeps[0]);
        }

        static void allToAllAndScans(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            int[] send = new int[c.size];
            int[] expected = new int[c.size];
            for (int i = 0; i < c.size; i++) {
                send[i] = c.rank * 100 + i;
                expected[i] = i * 100 + c.rank;
            }
            int[] recv = new int[c.size];
            world.allToAll(send, 1, MPI.INT, recv, 1, MPI.INT);
            c.equal("allToAll", expected, recv);
            // Block i goes from the far end of the send buffer: rank j sends its element size-1-r to rank r.
            int[] ones = new int[c.size];
            int[] reversed = new int[c.size];
            int[] inOrder = new int[c.size];
            int[] expectedReversed = new int[c.size];
            for (int i = 0; i < c.size; i++) {
                ones[i] = 1;
                reversed[i] = c.size - 1 - i;
                inOrder[i] = i;
                expectedReversed[i] = i * 100 + c.size - 1 - c.rank;
            }
            int[] received = new int[c.size];
            world.allToAllv(send, ones, reversed, MPI.INT, received, ones, inOrder, MPI.INT);
            c.equal("allToAllv", expectedReversed, received);

            int[] prefix = new int[1];
            world.scan(new int[] {c.rank + 1}, prefix, 1, MPI.INT, MPI.SUM);
            c.equal("scan", (c.rank + 1) * (c.rank + 2) / 2, prefix[0]);
            int[] exclusive = {c.rank + 1};
            world.exScan(exclusive, 1, MPI.INT, MPI.SUM);
            if (c.rank > 0) {
                c.equal("exScanInPlace", c.rank * (c.rank + 1) / 2, exclusive[0]);
            }
        }

        static void nonblocking(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            IntBuffer in = MPI.newIntBuffer(1).put(0, c.rank);
            IntBuffer out = MPI.newIntBuffer(1);
            Request sum = world.iAllReduce(in, out, 1, MPI.INT, MPI.SUM);
            IntBuffer root = MPI.newIntBuffer(1).put(0, c.rank == 0 ? 77 : 0);
            Request bcast = world.iBcast(root, 1, MPI.INT, 0);
            Request barrier = world.iBarrier();
            Request.waitAll(new Request[] {sum, bcast, barrier});
            c.equal("iAllReduce", rankSum(c.size), out.get(0));
            c.equal("iBcast", 77, root.get(0));
            IntBuffer gathered = MPI.newIntBuffer(c.size);
            world.iAllGather(MPI.newIntBuffer(1).put(0, c.rank * 2), 1, MPI.INT, gathered, 1, MPI.INT).waitFor();
            int[] seen = new int[c.size];
            int[] expected = new int[c.size];
            for (int i = 0; i < c.size; i++) {
                seen[i] = gathered.get(i);
                expected[i] = i * 2;
            }
            c.equal("iAllGather", expected, seen);
        }
    }

    @Test
    void collectivesOnTwoRanks() {
        Launch.run(Program.class, 2, "bcast", "reduceAtRoot", "reduceInPlace", "allReduceMax", "allReduceSlice",
                "reduceScatterBlock", "userOpOnArrays", "userOpOnBuffers", "userOpFailure", "reduceLocal",
                "maxlocInt2", "minlocDoubleInt", "gatherv", "allGatherv", "scatterv", "allToAllv", "scan",
                "iAllReduce", "iAllGather");
    }

    @Test
    void collectivesOnFourRanks() {
        Launch.run(Program.class, 4, "reduceInPlace", "maxlocInt2", "gatherv", "allToAll", "scan");
    }
}
