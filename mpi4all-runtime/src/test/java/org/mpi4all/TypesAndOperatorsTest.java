package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.mpi4all.Checks.rank;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.recvBuf;
import static org.mpi4all.Param.root;
import static org.mpi4all.Param.tag;
import static org.mpi4all.Param.type;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.testkit.MpiRunResult;

/** Records as MPI struct types, Java reduction operators (upcalls), and objects through explicit serializers. */
class TypesAndOperatorsTest {

    record Particle(int id, double x, double y, boolean alive) {}

    record Point(float x, float y) {}

    record Edge(Point from, Point to, long weight) {}

    /** x -> a*x + b; composing maps is associative but not commutative. */
    record Affine(long a, long b) {
        Affine then(Affine next) {
            return new Affine(next.a * a, next.a * b + next.b);
        }
    }

    record Named(String name) {}

    public static final class Program {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.section("extents", () -> extents(checks, env));
                checks.section("records", () -> records(checks));
                checks.section("operators", () -> operators(checks));
                checks.section("objects", () -> objects(checks));
            });
        }

        /**
         * A native segment of a datatype with a fixed handle goes to MPI whole, through the generated functions without
         * the checked mode (Message.wholeCount, MpiPrechecked): its bytes are what MPI touches only if each such
         * datatype's extent, as MPI measures it, is its size, and its data lies within it.
         */
        static void extents(Checks checks, Environment env) {
            List<Datatype> fixed = new ArrayList<>(List.of(Datatype.BYTE, Datatype.SHORT, Datatype.CHAR,
                    Datatype.INT, Datatype.LONG, Datatype.FLOAT, Datatype.DOUBLE, Datatype.BOOLEAN,
                    Datatype.of(Loc.OfInt.class), Datatype.of(Loc.OfLong.class), Datatype.of(Loc.OfShort.class),
                    Datatype.of(Loc.OfFloat.class), Datatype.of(Loc.OfDouble.class), Datatype.DOUBLE.dup(env),
                    Datatype.of(Particle.class).dup(env), Datatype.of(Loc.OfShort.class).dup(env)));
            List<String> wrong = new ArrayList<>();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment aints = arena.allocate(JAVA_LONG, 4);
                for (Datatype type : fixed) {
                    MPI_Datatype handle = type.handle(null);
                    Mpi.MPI_Type_get_extent(handle, aints, aints.asSlice(8));
                    Mpi.MPI_Type_get_true_extent(handle, aints.asSlice(16), aints.asSlice(24));
                    long lb = aints.get(JAVA_LONG, 0);
                    long extent = aints.get(JAVA_LONG, 8);
                    long trueLb = aints.get(JAVA_LONG, 16);
                    long trueExtent = aints.get(JAVA_LONG, 24);
                    if (!type.hasFixedHandle() || lb != 0 || extent != type.size() || trueLb < 0
                            || trueLb + trueExtent > type.size()) {
                        wrong.add(type + ": fixed handle " + type.hasFixedHandle() + ", size " + type.size() + ", lb "
                                + lb + ", extent " + extent + ", true lb " + trueLb + ", true extent " + trueExtent);
                    }
                }
            }
            checks.equal("fixedHandleExtentsAreSizes", List.of(), wrong);
        }

        static void records(Checks checks) {
            Datatype particle = Datatype.of(Particle.class);
            checks.that("recordTypeIsCached", particle == Datatype.of(Particle.class), "two objects");
            StructLayout layout = (StructLayout) particle.layout();
            // as C lays out struct { int id; double x; double y; bool alive; }
            checks.equal("recordLayout", List.of(32L, 0L, 8L, 16L, 24L), List.of(layout.byteSize(),
                    layout.byteOffset(MemoryLayout.PathElement.groupElement("id")),
                    layout.byteOffset(MemoryLayout.PathElement.groupElement("x")),
                    layout.byteOffset(MemoryLayout.PathElement.groupElement("y")),
                    layout.byteOffset(MemoryLayout.PathElement.groupElement("alive"))));
            checks.equal("nestedRecordLayout", 24L, Datatype.of(Edge.class).size());

            int right = (rank + 1) % size;
            int left = (rank + size - 1) % size;
            Particle[] mine = particles(rank, 3);
            Particle[] got = world.sendrecv(mine, right, new Particle[3], left);
            checks.equal("recordSendrecv", particles(left, 3), got);
            Particle[] everyone = world.allgather(mine);
            checks.equal("recordAllgather", IntStream.range(0, size).boxed().flatMap(r -> Arrays.stream(particles(r, 3))).toList(),
                    Arrays.asList(everyone));
            Edge[] edges = world.bcast(rank == 0 ? new Edge[] {new Edge(new Point(1, 2), new Point(3, 4), 99)} : new Edge[1]);
            checks.equal("nestedRecordBcast", new Edge(new Point(1, 2), new Point(3, 4), 99), edges[0]);
            Particle[] varying = world.allgatherv(particles(rank, rank + 1));
            checks.equal("recordAllgatherv", size * (size + 1) / 2, varying.length);
            Particle[] probed = rank % 2 == 0 ? sendThenReceive(mine, right, left) : receiveThenSend(mine, right, left);
            checks.equal("recordRecvOfUnknownSize", particles(left, 3), probed);

            // an off-heap array laid out by the record's layout travels without a copy
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment structs = arena.allocate(particle.layout(), 2);
                for (int i = 0; i < 2; i++) {
                    MemorySegment s = structs.asSlice(i * particle.size(), particle.size());
                    s.set(JAVA_INT, 0, rank * 10 + i);
                    s.set(JAVA_DOUBLE, 8, i / 2.0);
                    s.set(JAVA_DOUBLE, 16, -i);
                    s.set(JAVA_BOOLEAN, 24, i == 1);
                }
                Particle[] fromSegment = world.sendrecv(structs, right, new Particle[2], left, type(particle));
                checks.equal("recordFromNativeSegment",
                        List.of(new Particle(left * 10, 0, 0, false), new Particle(left * 10 + 1, 0.5, -1, true)),
                        Arrays.asList(fromSegment));
            }
            checks.throwsWith("recordWithString", IllegalArgumentException.class,
                    "component java.lang.String name has no MPI struct mapping", () -> Datatype.of(Named.class));
            checks.throwsWith("nullRecordElement", NullPointerException.class, "Particle[] element 1 is null",
                    () -> world.send(new Particle[] {mine[0], null}, right));
            world.barrier();
        }

        private static Particle[] sendThenReceive(Particle[] mine, int right, int left) {
            world.send(mine, right, tag(3));
            return world.recv(Particle[].class, left, tag(3));
        }

        private static Particle[] receiveThenSend(Particle[] mine, int right, int left) {
            Particle[] got = world.recv(Particle[].class, left, tag(3));
            world.send(mine, right, tag(3));
            return got;
        }

        static void operators(Checks checks) {
            int sum = size * (size - 1) / 2;
            checks.equal("intLambda", new int[] {sum, 2 * sum},
                    world.allreduce(new int[] {rank, 2 * rank}, Op.ofInts(Integer::sum)));
            checks.equal("longLambda", (long) IntStream.range(0, size).reduce(0, (a, b) -> a ^ (b + 1)),
                    world.allreduce(new long[] {rank + 1}, Op.ofLongs((a, b) -> a ^ b))[0]);
            checks.equal("doubleLambda", (double) (size - 1),
                    world.allreduce(new double[] {rank}, Op.ofDoubles(Math::max))[0]);
            // The narrow types: f computes on ints, the result wraps as a cast (and MPI_SUM) would
            int byteSum = IntStream.range(0, size).map(r -> 100 + r).sum();
            checks.equal("byteLambda", new byte[] {(byte) -size, (byte) byteSum}, world.allreduce(
                    new byte[] {-1, (byte) (100 + rank)}, Op.ofBytes(Integer::sum)));
            checks.equal("shortLambda", new short[] {(short) (-1000 * (size - 1)), 30000}, world.allreduce(
                    new short[] {(short) (-1000 * rank), (short) (30000 + rank)}, Op.ofShorts(Math::min)));
            checks.equal("charLambda", (char) (60000 + size - 1),
                    world.allreduce(new char[] {(char) (60000 + rank)}, Op.ofChars(Math::max))[0]);
            checks.equal("floatLambda", sum + 0.5f * size,
                    world.allreduce(new float[] {rank + 0.5f}, Op.ofFloats(Float::sum))[0]);
            maxlocAndMinloc(checks);
            Op centroid = Op.ofRecords(Point.class, (a, b) -> new Point(a.x() + b.x(), a.y() + b.y()));
            Point[] points = world.allreduce(new Point[] {new Point(rank, 1), new Point(1, rank)}, centroid);
            checks.equal("recordLambda", List.of(new Point(sum, size), new Point(size, sum)), Arrays.asList(points));
            Affine[] composed = world.allreduce(new Affine[] {new Affine(rank + 2, rank)},
                    Op.ofRecords(Affine.class, Affine::then).nonCommutative());
            Affine expected = IntStream.range(0, size).mapToObj(r -> new Affine(r + 2, r)).reduce(new Affine(1, 0), Affine::then);
            checks.equal("nonCommutativeInRankOrder", expected, composed[0]);
            checks.equal("lambdaNonblocking", new int[] {sum}, world.iallreduce(new int[] {rank}, Op.ofInts(Integer::sum)).waitFor());
            checks.equal("lambdaReduce", rank == 0 ? new double[] {sum} : new double[0],
                    world.reduce(new double[] {rank}, Op.ofDoubles(Double::sum), root(0)));

            Op failing = Op.ofInts((a, b) -> {
                throw new IllegalStateException("the operator failed on " + a + " and " + b);
            });
            checks.equal("lambdaExceptionRethrown", true, thrownAnywhere(failing, "the operator failed on"));
            checks.equal("usableAfterLambdaException", size, world.allreduce(1, Op.SUM));
            Request<int[]> failingNonblocking = world.iallreduce(new int[] {rank}, failing);
            boolean sawIt;
            try {
                failingNonblocking.waitFor();
                sawIt = false;
            } catch (IllegalStateException e) {
                sawIt = e.getMessage().startsWith("the operator failed on");
            }
            checks.equal("lambdaExceptionRethrownByWait", true, world.allreduce(sawIt, Op.LOR));
            checks.equal("completeAfterLambdaException", true, failingNonblocking.isComplete());

            String refused = "MPI must not be called from a reduction operator";
            checks.equal("mpiFromOperatorRefused", true,
                    thrownAnywhere(Op.ofInts((a, b) -> world.allreduce(a, Op.SUM)), refused));
            // The same, by a reduction of native segments, which needs no call state of its own
            MemorySegment one = Arena.ofAuto().allocate(JAVA_INT);
            MemorySegment total = Arena.ofAuto().allocate(JAVA_INT);
            Op callsMpiOnSegments = Op.ofInts((a, b) -> {
                world.allreduce(one, Op.SUM, recvBuf(total), type(Datatype.INT));
                return a + b;
            });
            checks.equal("mpiOnSegmentsFromOperatorRefused", true, thrownAnywhere(callsMpiOnSegments, refused));
            checks.throwsWith("operatorTypeMismatch", IllegalArgumentException.class,
                    "allreduce: the Java operator on double cannot reduce int",
                    () -> world.allreduce(new int[1], Op.ofDoubles(Double::sum)));
            checks.throwsWith("predefinedCommutative", UnsupportedOperationException.class, "SUM is predefined",
                    Op.SUM::nonCommutative);
        }

        /** MPI's pair types: the extreme value and the rank it came from, ties to the smallest rank. */
        private static void maxlocAndMinloc(Checks checks) {
            int last = size - 1;
            Loc.OfDouble[] mine = {new Loc.OfDouble(rank * 1.5, rank), new Loc.OfDouble(7, rank)};
            checks.equal("maxlocDouble", List.of(new Loc.OfDouble(last * 1.5, last), new Loc.OfDouble(7, 0)),
                    Arrays.asList(world.allreduce(mine, Op.MAXLOC)));
            checks.equal("minlocDouble", List.of(new Loc.OfDouble(0, 0), new Loc.OfDouble(7, 0)),
                    Arrays.asList(world.allreduce(mine, Op.MINLOC)));
            checks.equal("maxlocInt", new Loc.OfInt(-1, last),
                    world.allreduce(new Loc.OfInt[] {new Loc.OfInt(rank == last ? -1 : -100, rank)}, Op.MAXLOC)[0]);
            checks.equal("minlocLong", new Loc.OfLong(-(1L << 40) * last, last),
                    world.allreduce(new Loc.OfLong[] {new Loc.OfLong(-(1L << 40) * rank, rank)}, Op.MINLOC)[0]);
            checks.equal("maxlocShort", new Loc.OfShort((short) (1000 + last), last),
                    world.allreduce(new Loc.OfShort[] {new Loc.OfShort((short) (1000 + rank), rank)}, Op.MAXLOC)[0]);
            checks.equal("maxlocFloat", new Loc.OfFloat(last + 0.5f, last),
                    world.allreduce(new Loc.OfFloat[] {new Loc.OfFloat(rank + 0.5f, rank)}, Op.MAXLOC)[0]);
            // In place in native memory, C's struct layout: no copy
            Datatype pair = Datatype.of(Loc.OfDouble.class);
            MemorySegment in = Arena.ofAuto().allocate(pair.layout());
            MemorySegment out = Arena.ofAuto().allocate(pair.layout());
            in.set(JAVA_DOUBLE, 0, -rank);
            in.set(JAVA_INT, 8, rank);
            world.allreduce(in, Op.MINLOC, recvBuf(out), type(pair));
            checks.equal("minlocSegment", List.of((double) -last, last), List.of(out.get(JAVA_DOUBLE, 0), out.get(JAVA_INT, 8)));
            checks.throwsWith("sumOfPairs", IllegalArgumentException.class, "allreduce: SUM does not apply to Loc.OfDouble",
                    () -> world.allreduce(mine, Op.SUM));
            checks.throwsWith("maxlocOfDoubles", IllegalArgumentException.class, "allreduce: MAXLOC does not apply to double",
                    () -> world.allreduce(new double[1], Op.MAXLOC));
        }

        /** Whether reducing with {@code op} threw an {@code IllegalStateException} saying {@code fragment} on any rank. */
        private static boolean thrownAnywhere(Op op, String fragment) {
            boolean thrown;
            try {
                world.allreduce(new int[] {rank}, op);
                thrown = false;
            } catch (IllegalStateException e) {
                thrown = e.getMessage().contains(fragment);
            }
            return world.allreduce(thrown, Op.LOR);
        }

        static void objects(Checks checks) {
            Serializer<HashMap> java = Serializer.javaSerialization(HashMap.class);
            int right = (rank + 1) % size;
            int left = (rank + size - 1) % size;
            HashMap<String, Integer> map = new HashMap<>(Map.of("rank", rank, "square", rank * rank));
            Map<?, ?> received;
            if (rank % 2 == 0) {
                world.sendObject(map, right, java, tag(8));
                received = world.recvObject(left, java, tag(8));
            } else {
                received = world.recvObject(left, java, tag(8));
                world.sendObject(map, right, java, tag(8));
            }
            checks.equal("javaSerialization", Map.of("rank", left, "square", left * left), received);

            Serializer<String> utf8 = new Serializer<>() {
                @Override
                public byte[] serialize(String value) {
                    return value.getBytes(StandardCharsets.UTF_8);
                }

                @Override
                public String deserialize(byte[] bytes) {
                    return new String(bytes, StandardCharsets.UTF_8);
                }
            };
            checks.equal("bcastObject", "from the last rank",
                    world.bcastObject(rank == size - 1 ? "from the last rank" : null, utf8, root(size - 1)));
            List<String> expected = IntStream.range(0, size).mapToObj(r -> "é".repeat(r + 1)).toList();
            checks.equal("allgatherObjects", expected, world.allgatherObjects("é".repeat(rank + 1), utf8));
            checks.equal("gatherObjects", rank == 1 ? expected : List.of(),
                    world.gatherObjects("é".repeat(rank + 1), utf8, root(1)));
        }

        static Particle[] particles(int rank, int n) {
            return IntStream.range(0, n).mapToObj(i -> new Particle(rank * 10 + i, rank + i / 4.0, -i, i % 2 == 0))
                    .toArray(Particle[]::new);
        }
    }

    private static final String[] CHECKS = {"fixedHandleExtentsAreSizes", "recordTypeIsCached", "recordLayout", "nestedRecordLayout",
        "recordSendrecv", "recordAllgather", "nestedRecordBcast", "recordAllgatherv", "recordRecvOfUnknownSize",
        "recordFromNativeSegment", "recordWithString", "nullRecordElement", "intLambda", "longLambda", "doubleLambda",
        "byteLambda", "shortLambda", "charLambda", "floatLambda", "maxlocDouble", "minlocDouble", "maxlocInt",
        "minlocLong", "maxlocShort", "maxlocFloat", "minlocSegment", "sumOfPairs", "maxlocOfDoubles",
        "recordLambda", "nonCommutativeInRankOrder", "lambdaNonblocking", "lambdaReduce", "lambdaExceptionRethrown",
        "usableAfterLambdaException", "lambdaExceptionRethrownByWait", "completeAfterLambdaException",
        "mpiFromOperatorRefused", "mpiOnSegmentsFromOperatorRefused", "operatorTypeMismatch", "predefinedCommutative",
        "javaSerialization", "bcastObject", "allgatherObjects", "gatherObjects"};

    @Test
    void recordsOperatorsAndObjectsOnFourRanks() {
        Runs.assertChecks(Runs.run(Program.class, 4), CHECKS);
    }

    @Test
    void recordsOperatorsAndObjectsOnThreeRanksCopyingHeapArrays() {
        MpiRunResult run = Runs.runWithJvmOptions(Program.class, 3, List.of("-Dmpi4all.heapAccess=copy"));
        Runs.assertChecks(run, CHECKS);
    }
}
