package org.mpi4all.ompijava;

import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import mpi.CartComm;
import mpi.CartParms;
import mpi.Comm;
import mpi.Count;
import mpi.Datatype;
import mpi.DoubleComplex;
import mpi.Errhandler;
import mpi.File;
import mpi.FloatComplex;
import mpi.GraphComm;
import mpi.GraphParms;
import mpi.Group;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;
import mpi.Status;
import mpi.Struct;
import mpi.Version;
import mpi.Win;
import org.junit.jupiter.api.Test;

/**
 * The other classes of Open MPI's API: datatypes and structs, groups, communicators and their attributes,
 * topologies, info, intercommunicators, windows, files, the environment and the error path.
 */
class ObjectsTest {

    /** A struct of an int and two doubles, as programs define them. */
    static final class Particle extends Struct {
        final int id = addInt();
        final int position = setOffset(8).addDouble(2);

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            int id() {
                return getInt(id);
            }

            double position(int i) {
                return getDouble(position, i);
            }

            void set(int newId, double x, double y) {
                putInt(id, newId);
                putDouble(position, 0, x);
                putDouble(position, 1, y);
            }
        }
    }

    public static final class Program {
        public static void main(String[] args) throws MPIException {
            RankChecks.run(args, Program::environment, Program::datatypes, Program::structs, Program::groups,
                    Program::communicators, Program::topologies, Program::intercommunicators, Program::windows,
                    Program::files, Program::errors);
        }

        static void environment(RankChecks c) throws MPIException {
            Version version = MPI.getVersion();
            c.equal("versionAtLeast3", true, version.getVersion() >= 3);
            c.equal("libVersionNamed", true, !MPI.getLibVersion().isBlank());
            c.equal("processorName", true, !MPI.getProcessorName().isBlank());
            c.equal("initialized", true, MPI.isInitialized());
            double before = MPI.wtime();
            while (MPI.wtime() == before) {
                Thread.onSpinWait();
            }
            c.equal("wtickPositive", true, MPI.wtick() > 0);
            c.equal("queryThread", true, MPI.queryThread() >= MPI.THREAD_SINGLE);
            c.equal("tagUb", true, (Integer) MPI.COMM_WORLD.getAttr(MPI.TAG_UB) >= 32767);
            Count count = new Count(5);
            count.setCount(6);
            c.equal("count", 6L, count.getCount());
        }

        static void datatypes(RankChecks c) throws MPIException {
            Comm world = MPI.COMM_WORLD;
            int right = (c.rank + 1) % c.size;
            int left = (c.rank + c.size - 1) % c.size;
            // Every other element of 6: a vector of 3 blocks of 1, stride 2.
            Datatype everyOther = Datatype.createVector(3, 1, 2, MPI.INT);
            everyOther.commit();
            c.equal("vectorSize", 3, everyOther.getSize());
            c.equal("vectorExtent", 5, everyOther.getExtent());
            int[] received = new int[6];
            Status status = world.sendRecv(new int[] {c.rank, -1, c.rank + 1, -1, c.rank + 2, -1}, 1, everyOther,
                    right, 1, received, 1, everyOther, left, 1);
            c.equal("vector", new int[] {left, 0, left + 1, 0, left + 2, 0}, received);
            c.equal("vectorElements", 3, status.getElements(MPI.INT));
            Datatype blocks = Datatype.createIndexed(new int[] {1, 2}, new int[] {3, 0}, MPI.DOUBLE);
            blocks.commit();
            double[] d = new double[4];
            world.sendRecv(new double[] {1, 2, 9, 3}, 1, blocks, right, 2, d, 1, blocks, left, 2);
            c.equal("indexed", new double[] {1, 2, 0, 3}, d);
            Datatype three = Datatype.createContiguous(3, MPI.LONG);
            three.commit();
            Datatype copy = three.dup();
            copy.setName("three longs");
            c.equal("typeName", "three longs", copy.getName());
            c.equal("contiguousSize", 3, copy.getSize());
            Datatype resized = Datatype.createResized(MPI.INT, 0, 16);
            c.equal("resizedExtentInInts", 4, resized.getExtent());
            int keyval = Datatype.createKeyval();
            three.setAttr(keyval, "cached");
            c.equal("typeAttribute", "cached", three.getAttr(keyval));
            three.deleteAttr(keyval);
            c.equal("typeAttributeDeleted", null, three.getAttr(keyval));
            Datatype.freeKeyval(keyval);
            for (Datatype t : new Datatype[] {everyOther, blocks, three, copy, resized}) {
                t.free();
            }
            c.equal("typeFreed", true, everyOther.isNull());

            DoubleComplex z = DoubleComplex.get(new double[] {0, 0, 1.5, -2}, 1);
            c.equal("doubleComplex", new double[] {1.5, -2}, new double[] {z.getReal(), z.getImag()});
            FloatComplex f = FloatComplex.get(MPI.newFloatBuffer(2));
            f.putReal(3f);
            f.putImag(4f);
            c.equal("floatComplex", new float[] {3f, 4f}, new float[] {f.getBuffer().get(0), f.getBuffer().get(1)});
        }

        static void structs(RankChecks c) throws MPIException {
            Particle particle = new Particle();
            c.equal("structExtent", 24, particle.getExtent());
            int right = (c.rank + 1) % c.size;
            int left = (c.rank + c.size - 1) % c.size;
            byte[] out = new byte[2 * particle.getExtent()];
            byte[] in = new byte[out.length];
            for (int i = 0; i < 2; i++) {
                Particle.Data data = particle.getData(out, i);
                data.set(c.rank * 10 + i, c.rank + 0.5, -i);
            }
            MPI.COMM_WORLD.sendRecv(out, 2, particle.getType(), right, 3, in, 2, particle.getType(), left, 3);
            Particle.Data second = particle.getData(in, 1);
            c.equal("struct", new Object[] {left * 10 + 1, left + 0.5, -1.0},
                    new Object[] {second.id(), second.position(0), second.position(1)});
        }

        static void groups(RankChecks c) throws MPIException {
            Group world = MPI.COMM_WORLD.getGroup();
            c.equal("groupSize", c.size, world.getSize());
            c.equal("groupRank", c.rank, world.getRank());
            Group first = world.incl(new int[] {0});
            Group rest = world.excl(new int[] {0});
            c.equal("inclExcl", new int[] {1, c.size - 1}, new int[] {first.getSize(), rest.getSize()});
            Group union = Group.union(rest, first);
            c.equal("unionSimilar", MPI.SIMILAR, Group.compare(union, world));
            c.equal("translateRanks", new int[] {0}, Group.translateRanks(union, new int[] {c.size - 1}, world));
            c.equal("intersectionEmpty", 0, Group.intersection(first, rest).getSize());
            c.equal("difference", c.size - 1, Group.difference(world, first).getSize());
            c.equal("rangeIncl", (c.size + 1) / 2, world.rangeIncl(new int[][] {{0, c.size - 1, 2}}).getSize());
            c.equal("rankNotInGroup", c.rank == 0 ? 0 : MPI.UNDEFINED, first.getRank());
            first.free();
            c.equal("groupFreed", true, first.isNull());
        }

        static void communicators(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            Intracomm copy = world.dup();
            c.equal("dupCongruent", MPI.CONGRUENT, Comm.compare(world, copy));
            copy.setName("copy");
            c.equal("commName", "copy", copy.getName());
            int keyval = Comm.createKeyval();
            copy.setAttr(keyval, new int[] {c.rank});
            Intracomm copyOfCopy = copy.dup();
            c.equal("attributeCopiedOnDup", new int[] {c.rank}, copyOfCopy.getAttr(keyval));
            Intracomm half = world.split(c.rank % 2, -c.rank);
            c.equal("splitSize", (c.size + 1 - c.rank % 2) / 2, half.getSize());
            c.equal("splitKeyReverses", (half.getSize() - 1) - c.rank / 2, half.getRank());
            Intracomm none = world.split(c.rank == 0 ? MPI.UNDEFINED : 1, 0);
            c.equal("splitUndefinedIsNull", c.rank == 0, none.isNull());
            Intracomm node = world.splitType(Comm.TYPE_SHARED, c.rank, MPI.INFO_NULL);
            c.equal("splitTypeShared", c.size, node.getSize());
            c.equal("isInter", false, world.isInter());
            c.equal("topologyUndefined", MPI.UNDEFINED, world.getTopology());
            Errhandler handler = world.getErrhandler();
            world.setErrhandler(handler);
            for (Comm comm : new Comm[] {copy, copyOfCopy, half, node}) {
                comm.free();
            }
            if (!none.isNull()) {
                none.free();
            }
            Comm.freeKeyval(keyval);
            c.equal("commFreed", true, copy.isNull());

            Info info = new Info();
            info.set("mpi4all_key", "value " + c.rank);
            Info dup = info.dup();
            c.equal("info", new Object[] {"value " + c.rank, 1, "mpi4all_key"},
                    new Object[] {dup.get("mpi4all_key"), dup.size(), dup.getKey(0)});
            dup.delete("mpi4all_key");
            c.equal("infoDeleted", null, dup.get("mpi4all_key"));
            info.free();
            dup.free();
        }

        static void topologies(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            int[] dims = new int[2];
            CartComm.createDims(c.size, dims);
            c.equal("createDims", c.size, dims[0] * dims[1]);
            CartComm ring = world.createCart(new int[] {c.size}, new boolean[] {true}, false);
            c.equal("cartTopology", MPI.CART, ring.getTopology());
            CartParms parms = ring.getTopo();
            c.equal("cartParms", new Object[] {1, c.size, true, c.rank},
                    new Object[] {parms.getDimCount(), parms.getDim(0), parms.getPeriod(0), parms.getCoord(0)});
            ShiftParms shift = ring.shift(0, 1);
            c.equal("cartShift", new int[] {(c.rank + c.size - 1) % c.size, (c.rank + 1) % c.size},
                    new int[] {shift.getRankSource(), shift.getRankDest()});
            c.equal("cartCoords", new int[] {c.rank}, ring.getCoords(c.rank));
            c.equal("cartRank", c.rank, ring.getRank(new int[] {c.rank}));
            CartComm sub = ring.sub(new boolean[] {true});
            c.equal("cartSub", c.size, sub.getSize());

            // A ring graph: node i is linked to its two neighbours.
            int[] index = new int[c.size];
            int[] edges = new int[2 * c.size];
            for (int i = 0; i < c.size; i++) {
                index[i] = 2 * (i + 1);
                edges[2 * i] = (i + c.size - 1) % c.size;
                edges[2 * i + 1] = (i + 1) % c.size;
            }
            GraphComm graph = world.createGraph(index, edges, false);
            GraphParms graphParms = graph.getDims();
            c.equal("graphParms", new int[] {c.size, 2 * c.size}, new int[] {graphParms.getIndexCount(),
                    graphParms.getEdgeCount()});
            c.equal("graphNeighbors", new int[] {(c.rank + c.size - 1) % c.size, (c.rank + 1) % c.size},
                    graph.getNeighbors(c.rank));
            GraphComm dist = world.createDistGraphAdjacent(new int[] {(c.rank + c.size - 1) % c.size},
                    new int[] {(c.rank + 1) % c.size}, MPI.INFO_NULL, false);
            c.equal("distGraphNeighbors", new int[] {1, 1, (c.rank + c.size - 1) % c.size},
                    new int[] {dist.getDistGraphNeighbors().getInDegree(), dist.getDistGraphNeighbors().getOutDegree(),
                            dist.getDistGraphNeighbors().getSource(0)});
            int[] fromLeft = new int[1];
            dist.neighborAllGather(new int[] {c.rank}, 1, MPI.INT, fromLeft, 1, MPI.INT);
            c.equal("neighborAllGather", (c.rank + c.size - 1) % c.size, fromLeft[0]);
            for (Comm comm : new Comm[] {ring, sub, graph, dist}) {
                comm.free();
            }
        }

        static void intercommunicators(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            Intracomm half = world.split(c.rank % 2, c.rank);
            Intercomm bridge = world.createIntercomm(half, 0, c.rank % 2 == 0 ? 1 : 0, 21);
            c.equal("interIsInter", true, bridge.isInter());
            c.equal("remoteSize", c.size / 2 + (c.rank % 2 == 0 ? 0 : c.size % 2), bridge.getRemoteSize());
            c.equal("remoteGroupSize", bridge.getRemoteSize(), bridge.getRemoteGroup().getSize());
            Intracomm merged = bridge.merge(c.rank % 2 == 1);
            c.equal("mergedSize", c.size, merged.getSize());
            int[] sum = new int[1];
            merged.allReduce(new int[] {1}, sum, 1, MPI.INT, MPI.SUM);
            c.equal("mergedAllReduce", c.size, sum[0]);
            c.equal("noParent", true, Intercomm.getParent().isNull());
            merged.free();
            bridge.free();
            half.free();
        }

        static void windows(RankChecks c) throws MPIException {
            Intracomm world = MPI.COMM_WORLD;
            IntBuffer memory = MPI.newIntBuffer(c.size);
            Win win = new Win(memory, c.size, 1, MPI.INFO_NULL, world);
            win.fence(0);
            // Every rank writes its rank + 1 into slot `rank` of every other rank's window.
            for (int target = 0; target < c.size; target++) {
                win.put(MPI.newIntBuffer(1).put(0, c.rank + 1), 1, MPI.INT, target, c.rank, 1, MPI.INT);
            }
            win.fence(0);
            int[] seen = new int[c.size];
            int[] expected = new int[c.size];
            for (int i = 0; i < c.size; i++) {
                seen[i] = memory.get(i);
                expected[i] = i + 1;
            }
            c.equal("winPutFence", expected, seen);
            IntBuffer fetched = MPI.newIntBuffer(1);
            win.lock(MPI.LOCK_SHARED, (c.rank + 1) % c.size, 0);
            win.get(fetched, 1, MPI.INT, (c.rank + 1) % c.size, 0, 1, MPI.INT);
            win.unlock((c.rank + 1) % c.size);
            c.equal("winGetLocked", 1, fetched.get(0));
            win.fence(0);
            win.accumulate(MPI.newIntBuffer(1).put(0, 10), 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM);
            win.fence(0);
            if (c.rank == 0) {
                c.equal("winAccumulate", 1 + 10 * c.size, memory.get(0));
            }
            c.equal("winDispUnit", 4, win.getAttr(MPI.WIN_DISP_UNIT));
            c.equal("winSize", 4 * c.size, win.getAttr(MPI.WIN_SIZE));
            c.equal("winGroupSize", c.size, win.getGroup().getSize());
            win.free();
        }

        static void files(RankChecks c) throws MPIException {
            // One name for all ranks: rank 0's, broadcast.
            Intracomm world = MPI.COMM_WORLD;
            byte[] name = new byte[200];
            if (c.rank == 0) {
                byte[] chosen = Path.of(System.getProperty("java.io.tmpdir"), "mpi4all-ompi-java-"
                        + ProcessHandle.current().pid() + ".bin").toString().getBytes(StandardCharsets.UTF_8);
                System.arraycopy(chosen, 0, name, 0, chosen.length);
            }
            world.bcast(name, name.length, MPI.BYTE, 0);
            String path = new String(name, StandardCharsets.UTF_8).trim();
            File file = new File(world, path, MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE);
            file.writeAt(8L * c.rank, new double[] {c.rank + 0.5}, 1, MPI.DOUBLE);
            file.sync();
            world.barrier();
            file.sync();
            double[] back = new double[c.size];
            Status status = file.readAt(0, back, c.size, MPI.DOUBLE);
            double[] expected = new double[c.size];
            for (int i = 0; i < c.size; i++) {
                expected[i] = i + 0.5;
            }
            c.equal("fileReadBack", expected, back);
            c.equal("fileStatusCount", c.size, status.getCount(MPI.DOUBLE));
            c.equal("fileSize", 8L * c.size, file.getSize());
            file.setView(0, MPI.DOUBLE, MPI.DOUBLE, "native");
            c.equal("fileView", "native", file.getView().getDataRep());
            DoubleBuffer direct = MPI.newDoubleBuffer(1);
            file.iReadAt(c.rank, direct, 1, MPI.DOUBLE).waitFor();
            c.equal("fileIReadAt", c.rank + 0.5, direct.get(0));
            world.barrier();
            file.close();
            world.barrier();
            c.equal("fileDeletedOnClose", false, Files.exists(Path.of(path)));
        }

        static void errors(RankChecks c) throws MPIException {
            MPIException badRoot = c.throwsA("bcastBadRoot", MPIException.class,
                    () -> MPI.COMM_WORLD.bcast(new int[1], 1, MPI.INT, c.size + 3));
            if (badRoot != null) {
                c.equal("bcastBadRootClass", MPI.ERR_ROOT, badRoot.getErrorClass());
            }
            MPIException noFile = c.throwsA("openMissingFile", MPIException.class,
                    () -> new File(MPI.COMM_SELF, "/nonexistent/mpi4all/none", MPI.MODE_RDONLY));
            if (noFile != null) {
                c.equal("openMissingFileIsFileError", true, noFile.getErrorClass() == MPI.ERR_NO_SUCH_FILE
                        || noFile.getErrorClass() == MPI.ERR_FILE || noFile.getErrorClass() == MPI.ERR_IO);
            }
            c.throwsA("groupRangeNotATriplet", IllegalArgumentException.class,
                    () -> MPI.COMM_WORLD.getGroup().rangeIncl(new int[][] {{0, 1}}));
            c.throwsA("cartPeriodsMismatch", IllegalArgumentException.class,
                    () -> MPI.COMM_WORLD.createCart(new int[] {c.size}, new boolean[2], false));
        }
    }

    @Test
    void objectsOnTwoRanks() {
        Launch.run(Program.class, 2, "versionAtLeast3", "tagUb", "vector", "indexed", "typeAttribute", "struct",
                "doubleComplex", "unionSimilar", "translateRanks", "attributeCopiedOnDup", "splitKeyReverses",
                "info", "cartShift", "graphNeighbors", "distGraphNeighbors", "neighborAllGather", "mergedAllReduce",
                "winPutFence", "winGetLocked", "winDispUnit", "fileReadBack", "fileIReadAt", "bcastBadRootClass",
                "openMissingFile", "groupRangeNotATriplet");
    }

    @Test
    void objectsOnFourRanks() {
        Launch.run(Program.class, 4, "vector", "struct", "rangeIncl", "splitSize", "cartParms", "remoteSize",
                "winPutFence", "fileReadBack");
    }
}
