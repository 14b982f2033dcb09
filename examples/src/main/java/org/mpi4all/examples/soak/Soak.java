package org.mpi4all.examples.soak;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.mpi4all.Param.recvCounts;
import static org.mpi4all.Param.recvDispls;
import static org.mpi4all.Param.root;
import static org.mpi4all.Param.sendCounts;
import static org.mpi4all.Param.tag;
import static org.mpi4all.Param.type;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongBinaryOperator;
import java.util.stream.IntStream;
import org.mpi4all.CartesianCommunicator;
import org.mpi4all.Communicator;
import org.mpi4all.Datatype;
import org.mpi4all.Environment;
import org.mpi4all.Op;
import org.mpi4all.Persistent;
import org.mpi4all.Request;
import org.mpi4all.RequestPool;
import org.mpi4all.Resources;
import org.mpi4all.Serializer;
import org.mpi4all.ThreadLevel;

/**
 * A soak test of the high level: for a given time, several threads of every rank (at
 * {@link ThreadLevel#MULTIPLE}, each on a communicator of its own) run every operation family in turn with
 * random sizes (0, small, and far above the eager limit of shared memory) and check every value
 * received; meanwhile a small heap makes the garbage collector move the arrays MPI works on. At the end the
 * resources the high level holds ({@link Environment#resources()}) must be back where they started, and zero
 * after {@link Environment#close()}. Prints a summary as {@code key=value} lines on rank 0; exits non-zero on
 * any failed check.
 *
 * <p>Usage: {@code Soak SECONDS [THREADS]} (run by {@code scripts/soak}, with {@code -Xmx64m}).
 */
public final class Soak {
    /** A record, sent as an MPI struct type and reduced by a Java operator. */
    record Particle(int id, double mass, long charge) {
        Particle plus(Particle other) {
            return new Particle(id + other.id, mass + other.mass, charge + other.charge);
        }
    }

    private static final Op XOR_LONGS = Op.ofLongs((a, b) -> a ^ b);
    private static final Op MAX_DOUBLES = Op.ofDoubles(Math::max);
    private static final Op SUM_PARTICLES = Op.ofRecords(Particle.class, Particle::plus);
    private static final Serializer<int[]> JAVA_SERIALIZATION = Serializer.javaSerialization(int[].class);
    private static final int FAMILIES = 14;
    private static final int MAX_FAILURES_SHOWN = 5;

    private Soak() {}

    public static void main(String[] args) throws Exception {
        double seconds = Double.parseDouble(args[0]);
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        long[] totals;
        Resources atStart;
        Resources atEnd;
        Environment environment;
        boolean reporter;
        long rssWarm;
        long rssHalf;
        long rssEnd;
        try (Environment env = Environment.init(args, ThreadLevel.MULTIPLE)) {
            environment = env;
            if (env.threadLevel() != ThreadLevel.MULTIPLE) {
                throw new IllegalStateException("the soak test needs MPI_THREAD_MULTIPLE; this MPI gives " + env.threadLevel());
            }
            Communicator world = env.world();
            if (world.size() < 2) {
                throw new IllegalStateException("the soak test needs at least 2 ranks");
            }
            // Open MPI 4.1 loads its topology component on first use without a lock: two threads creating
            // their first Cartesian communicators at once crash it (SIGSEGV in mca_base_var_register).
            world.createCartesian(new int[] {world.size()}, new boolean[] {true}, false).close();
            atStart = env.resources();
            List<Communicator> own = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                own.add(world.dup());
            }
            long start = System.nanoTime();
            long deadline = start + (long) (seconds * 1e9);
            List<Traffic> traffic = new ArrayList<>();
            List<Future<?>> running = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
                for (int t = 0; t < threads; t++) {
                    Traffic one = new Traffic(own.get(t), t, deadline);
                    traffic.add(one);
                    running.add(pool.submit(one));
                }
                // resident memory at a tenth of the run (warm), then at its half: it should stop growing
                Thread.sleep((long) (seconds * 100));
                rssWarm = residentKib();
                Thread.sleep((long) (seconds * 400));
                rssHalf = residentKib();
                for (Future<?> f : running) {
                    f.get(); // a thread's exception ends the job through the uncaught exception handler
                }
            }
            rssEnd = residentKib();
            double elapsed = (System.nanoTime() - start) / 1e9;
            for (Communicator c : own) {
                c.close();
            }
            atEnd = env.resources();
            long[] mine = new long[] {
                traffic.stream().mapToLong(t -> t.iterations).sum(),
                traffic.stream().mapToLong(t -> t.operations).sum(),
                traffic.stream().mapToLong(t -> t.bytes).sum(),
                traffic.stream().mapToLong(t -> t.checks).sum(),
                traffic.stream().mapToLong(t -> t.failures).sum(),
                garbageCollections()};
            totals = world.allreduce(mine, Op.SUM);
            long[] worst = world.allreduce(new long[] {rssWarm, rssHalf, rssEnd, rssEnd - rssHalf}, Op.MAX);
            reporter = world.rank() == 0;
            for (Traffic t : traffic) {
                t.messages.forEach(m -> System.err.println("rank " + world.rank() + ": " + m));
            }
            if (reporter) {
                System.out.printf("seconds=%.1f%n", elapsed);
                System.out.println("ranks=" + world.size());
                System.out.println("threads_per_rank=" + threads);
                System.out.println("heap_max_mib=" + Runtime.getRuntime().maxMemory() / (1024 * 1024));
                System.out.println("iterations=" + totals[0]);
                System.out.println("operations=" + totals[1]);
                System.out.println("bytes_sent=" + totals[2]);
                System.out.println("checks=" + totals[3]);
                System.out.println("failed_checks=" + totals[4]);
                System.out.println("gc_collections=" + totals[5]);
                System.out.println("rss_kib_at_tenth_max=" + worst[0]);
                System.out.println("rss_kib_at_half_max=" + worst[1]);
                System.out.println("rss_kib_at_end_max=" + worst[2]);
                System.out.println("rss_kib_growth_second_half_max=" + worst[3]);
                System.out.println("resources_at_start=" + atStart);
                System.out.println("resources_at_end=" + atEnd);
            }
        }
        Resources afterClose = environment.resources();
        boolean leaked = !atEnd.equals(new Resources(0, 0, 0, atEnd.datatypes(), atEnd.operators()))
                || !afterClose.isEmpty();
        if (reporter) {
            System.out.println("resources_after_close=" + afterClose);
        }
        if (leaked) {
            System.err.println("leak: at the end " + atEnd + ", after close " + afterClose);
        }
        if (leaked || totals[4] > 0) {
            System.exit(1);
        }
    }

    /** One thread's traffic on its own communicator; every rank's thread t runs the same sequence. */
    static final class Traffic implements Runnable {
        private final Communicator comm;
        private final int thread;
        private final long deadline;
        private final int rank;
        private final int size;
        private final int left;
        private final int right;
        final List<String> messages = new ArrayList<>();
        long iterations;
        long operations;
        long bytes;
        long checks;
        long failures;

        Traffic(Communicator comm, int thread, long deadline) {
            this.comm = comm;
            this.thread = thread;
            this.deadline = deadline;
            this.rank = comm.rank();
            this.size = comm.size();
            this.left = (rank + size - 1) % size;
            this.right = (rank + 1) % size;
        }

        @Override
        public void run() {
            for (int i = 0; ; i++) {
                operations++;
                if (comm.allreduce(System.nanoTime() > deadline, Op.LOR)) {
                    return;
                }
                // the same choices on every rank: a seed of the thread and the iteration
                Random random = new Random(31L * thread + 1_000_003L * i);
                int n = length(random);
                iteration(i % FAMILIES, i, n, random);
                iterations++;
            }
        }

        /** 0, a few, a few thousand, or 16-80 Ki elements (64-640 KiB; Open MPI 4.1 sends above 4 KiB by rendezvous). */
        private static int length(Random random) {
            return switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> 1 + random.nextInt(64);
                case 2 -> 65 + random.nextInt(4096);
                default -> 16_384 + random.nextInt(65_536);
            };
        }

        private void iteration(int family, int i, int n, Random random) {
            switch (family) {
                case 0 -> blockingRing(i, n);
                case 1 -> orderedSendRecv(i, n);
                case 2 -> nonblocking(i, n);
                case 3 -> persistent(i, n);
                case 4 -> futures(i, n);
                case 5 -> broadcasts(i, n);
                case 6 -> fixedBlocks(i, n / size);
                case 7 -> varyingBlocks(i, random);
                case 8 -> predefinedReductions(i, n);
                case 9 -> javaOperators(i, n);
                case 10 -> records(i, Math.min(n, 4096));
                case 11 -> objects(i, Math.min(n, 4096));
                case 12 -> communicators(i, n);
                default -> nativeBuffers(i, n);
            }
        }

        private void blockingRing(int i, int n) {
            int[] got = comm.sendrecv(ints(rank, i, n), right, new int[n], left, tag(1));
            record(1, 4L * n);
            check("sendrecv", ints(left, i, n), got);
        }

        /** Even ranks send first, odd ones receive first; the receive learns the size from the message. */
        private void orderedSendRecv(int i, int n) {
            long[] got;
            if (rank % 2 == 0) {
                comm.send(longs(rank, i, n), right, tag(2));
                got = comm.recv(long[].class, left, tag(2));
            } else {
                got = comm.recv(long[].class, left, tag(2));
                comm.send(longs(rank, i, n), right, tag(2));
            }
            record(2, 8L * n);
            check("send/recv", longs(left, i, n), got);
        }

        private void nonblocking(int i, int n) {
            RequestPool pool = new RequestPool();
            Request<double[]> fromLeft = pool.add(comm.irecv(new double[n], left, tag(3)));
            Request<double[]> fromRight = pool.add(comm.irecv(new double[n], right, tag(4)));
            pool.add(comm.isend(doubles(rank, i, n), right, tag(3)));
            pool.add(comm.isend(doubles(rank, i, n), left, tag(4)));
            if (i % 2 == 0) {
                pool.waitAll();
            } else {
                while (!pool.testAll()) {
                    Thread.onSpinWait();
                }
            }
            record(4, 16L * n);
            check("irecv left", doubles(left, i, n), fromLeft.result());
            check("irecv right", doubles(right, i, n), fromRight.result());
        }

        /** A persistent pair started three times, the send array changed before each start. */
        private void persistent(int i, int n) {
            int[] outgoing = new int[n];
            int[] incoming = new int[n];
            try (Persistent<int[]> send = comm.sendInit(outgoing, right, tag(5));
                    Persistent<int[]> recv = comm.recvInit(incoming, left, tag(5))) {
                for (int round = 0; round < 3; round++) {
                    System.arraycopy(ints(rank, i + round, n), 0, outgoing, 0, n);
                    recv.start();
                    send.start();
                    send.waitFor();
                    check("persistent", ints(left, i + round, n), recv.waitFor());
                    record(2, 4L * n);
                }
            }
        }

        private void futures(int i, int n) {
            var received = comm.irecv(new long[n], left, tag(6)).future();
            comm.isend(longs(rank, i, n), right, tag(6)).future().join();
            check("future", longs(left, i, n), received.join());
            record(2, 8L * n);
        }

        private void broadcasts(int i, int n) {
            int from = i % size;
            long[] got = comm.bcast(rank == from ? longs(from, i, n) : new long[n], root(from));
            check("bcast", longs(from, i, n), got);
            int[] nonblocking = comm.ibcast(rank == from ? ints(from, i, n) : new int[n], root(from)).waitFor();
            check("ibcast", ints(from, i, n), nonblocking);
            comm.barrier();
            comm.ibarrier().waitFor();
            record(4, rank == from ? 12L * n : 0);
        }

        /** gather, allgather, scatter, alltoall and their nonblocking forms on blocks of {@code n} ints. */
        private void fixedBlocks(int i, int n) {
            int to = (i + 1) % size;
            int[] all = concat(IntStream.range(0, size).mapToObj(r -> ints(r, i, n)).toList());
            check("gather", rank == to ? all : new int[0], comm.gather(ints(rank, i, n), root(to)));
            check("allgather", all, comm.allgather(ints(rank, i, n)));
            check("iallgather", all, comm.iallgather(ints(rank, i, n)).waitFor());
            check("scatter", Arrays.copyOfRange(all, rank * n, rank * n + n),
                    comm.scatter(rank == to ? all : new int[0], root(to)));
            // block j of rank r holds ints(r, i + j, n): afterwards block j holds ints(j, i + rank, n)
            int[] personal = concat(IntStream.range(0, size).mapToObj(j -> ints(rank, i + j, n)).toList());
            int[] exchanged = concat(IntStream.range(0, size).mapToObj(j -> ints(j, i + rank, n)).toList());
            check("alltoall", exchanged, comm.alltoall(personal));
            check("ialltoall", exchanged, comm.ialltoall(personal).waitFor());
            record(6, 4L * n * (3 + 3 * size));
        }

        /** gatherv, allgatherv, scatterv, alltoallv with random counts (zeros included) the same on every rank. */
        private void varyingBlocks(int i, Random random) {
            int[] counts = new int[size];
            for (int r = 0; r < size; r++) {
                counts[r] = random.nextInt(3) == 0 ? 0 : length(random) / size;
            }
            int[] mine = ints(rank, i, counts[rank]);
            int[] all = concat(IntStream.range(0, size).mapToObj(r -> ints(r, i, counts[r])).toList());
            int to = i % size;
            check("gatherv", rank == to ? all : new int[0], comm.gatherv(mine, root(to)));
            check("allgatherv", all, comm.allgatherv(mine));
            check("iallgatherv", all, comm.iallgatherv(mine, recvCounts(counts), recvDispls(displacements(counts)))
                    .waitFor());
            check("scatterv", mine, comm.scatterv(rank == to ? all : new int[0], sendCounts(counts), root(to)));
            // rank r sends counts[j] elements to rank j: ints(r, i + j, counts[j]), and receives counts[rank] from each
            int[] personal = concat(IntStream.range(0, size).mapToObj(j -> ints(rank, i + j, counts[j])).toList());
            int[] expected = concat(IntStream.range(0, size).mapToObj(r -> ints(r, i + rank, counts[rank])).toList());
            int[] counted = new int[size];
            Arrays.fill(counted, counts[rank]);
            check("alltoallv", expected, comm.alltoallv(personal, sendCounts(counts), recvCounts(counted)));
            record(5, 4L * (Arrays.stream(counts).sum() * 3L + counts[rank] * (long) size));
        }

        private void predefinedReductions(int i, int n) {
            long[] sum = reducedLongs(i, n, Long::sum);
            double[] max = maxOfDoubles(i, n);
            check("allreduce SUM", sum, comm.allreduce(longs(rank, i, n), Op.SUM));
            check("iallreduce SUM", sum, comm.iallreduce(longs(rank, i, n), Op.SUM).waitFor());
            int to = i % size;
            check("reduce MAX", rank == to ? max : new double[0], comm.reduce(doubles(rank, i, n), Op.MAX, root(to)));
            int[] scanned = new int[] {rank + i};
            check("scan", new int[] {(rank + 1) * i + rank * (rank + 1) / 2}, comm.scan(scanned, Op.SUM));
            int[] blocks = ints(rank, i, n / size * size);
            int block = n / size;
            int[] expectedBlock = new int[block];
            for (int r = 0; r < size; r++) {
                int[] theirs = ints(r, i, block * size);
                for (int k = 0; k < block; k++) {
                    expectedBlock[k] += theirs[rank * block + k];
                }
            }
            check("reduceScatter", expectedBlock, comm.reduceScatter(blocks, Op.SUM));
            record(5, 8L * n * 2 + 8L * n + 4 + 4L * block * size);
        }

        /** Reductions by Java operators (upcalls from MPI): on longs, doubles and records. */
        private void javaOperators(int i, int n) {
            long[] xor = reducedLongs(i, n, (a, b) -> a ^ b);
            double[] max = maxOfDoubles(i, n);
            check("allreduce Java XOR", xor, comm.allreduce(longs(rank, i, n), XOR_LONGS));
            check("allreduce Java max", max, comm.allreduce(doubles(rank, i, n), MAX_DOUBLES));
            int m = Math.min(n, 1024);
            Particle[] total = particles(0, i, m);
            for (int r = 1; r < size; r++) {
                Particle[] theirs = particles(r, i, m);
                for (int k = 0; k < m; k++) {
                    total[k] = total[k].plus(theirs[k]);
                }
            }
            check("iallreduce Java records", total, comm.iallreduce(particles(rank, i, m), SUM_PARTICLES).waitFor());
            record(3, 16L * n + 24L * m);
        }

        /** What reducing every rank's {@code longs} with {@code f} gives. */
        private long[] reducedLongs(int i, int n, LongBinaryOperator f) {
            long[] result = longs(0, i, n);
            for (int r = 1; r < size; r++) {
                long[] theirs = longs(r, i, n);
                for (int k = 0; k < n; k++) {
                    result[k] = f.applyAsLong(result[k], theirs[k]);
                }
            }
            return result;
        }

        /** The element-wise maximum of every rank's {@code doubles}. */
        private double[] maxOfDoubles(int i, int n) {
            double[] result = doubles(0, i, n);
            for (int r = 1; r < size; r++) {
                double[] theirs = doubles(r, i, n);
                for (int k = 0; k < n; k++) {
                    result[k] = Math.max(result[k], theirs[k]);
                }
            }
            return result;
        }

        private void records(int i, int n) {
            Particle[] got = comm.sendrecv(particles(rank, i, n), right, new Particle[n], left, tag(7));
            check("records sendrecv", particles(left, i, n), got);
            List<Particle> everyone = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                everyone.addAll(Arrays.asList(particles(r, i, n)));
            }
            check("records allgather", everyone.toArray(new Particle[0]), comm.allgather(particles(rank, i, n)));
            record(2, 24L * n * (1 + size));
        }

        private void objects(int i, int n) {
            int[] got;
            if (rank % 2 == 0) {
                comm.sendObject(ints(rank, i, n), right, JAVA_SERIALIZATION, tag(8));
                got = comm.recvObject(left, JAVA_SERIALIZATION, tag(8));
            } else {
                got = comm.recvObject(left, JAVA_SERIALIZATION, tag(8));
                comm.sendObject(ints(rank, i, n), right, JAVA_SERIALIZATION, tag(8));
            }
            check("object", ints(left, i, n), got);
            record(2, 4L * n);
        }

        /** Communicators made and freed: a split by parity, a duplicate, a periodic ring's neighbours. */
        private void communicators(int i, int n) {
            try (Communicator half = comm.split(rank % 2, rank)) {
                int members = (size - rank % 2 + 1) / 2;
                check("split sum", new long[] {(long) members * i + sumOfParity(rank % 2)},
                        half.allreduce(new long[] {i + rank}, Op.SUM));
            }
            try (Communicator copy = comm.dup()) {
                check("dup sendrecv", ints(left, i, n), copy.sendrecv(ints(rank, i, n), right, new int[n], left));
            }
            try (CartesianCommunicator ring = comm.createCartesian(new int[] {size}, new boolean[] {true}, false)) {
                CartesianCommunicator.Shift shift = ring.shift(0, 1);
                int[] neighbours = ring.neighborAllgather(new int[] {ring.rank() + i});
                check("cartesian neighbours", new int[] {shift.source() + i, shift.destination() + i}, neighbours);
            }
            record(3, 4L * n + 8 + 4);
        }

        private long sumOfParity(int parity) {
            long sum = 0;
            for (int r = parity; r < size; r += 2) {
                sum += r;
            }
            return sum;
        }

        /** A native segment and a direct buffer, in place: no copy on either side. */
        private void nativeBuffers(int i, int n) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocateFrom(JAVA_INT, ints(rank, i, n));
                MemorySegment in = arena.allocate(JAVA_INT, n);
                comm.sendrecv(out, right, in, left, tag(9), type(Datatype.INT));
                check("segment", ints(left, i, n), in.toArray(JAVA_INT));
            }
            IntBuffer out = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asIntBuffer();
            out.put(ints(rank, i, n)).flip();
            IntBuffer in = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asIntBuffer();
            comm.sendrecv(out, right, in, left, tag(10));
            int[] got = new int[n];
            in.get(got);
            check("direct buffer", ints(left, i, n), got);
            record(2, 8L * n);
        }

        private void record(int calls, long sent) {
            operations += calls;
            bytes += sent;
        }

        private void check(String what, Object expected, Object actual) {
            checks++;
            if (!Arrays.deepEquals(new Object[] {expected}, new Object[] {actual})) {
                failures++;
                if (messages.size() < MAX_FAILURES_SHOWN) {
                    messages.add("thread " + thread + ": " + what + " received wrong values");
                }
            }
        }
    }

    // ---- the values: every element names its sender, the iteration and its index ---------------------

    static int[] ints(int sender, int iteration, int n) {
        int[] values = new int[n];
        for (int k = 0; k < n; k++) {
            values[k] = sender * 1_000_003 + iteration * 7_919 + k;
        }
        return values;
    }

    static long[] longs(int sender, int iteration, int n) {
        long[] values = new long[n];
        for (int k = 0; k < n; k++) {
            values[k] = ((long) sender << 48) ^ ((long) iteration << 24) ^ k;
        }
        return values;
    }

    static double[] doubles(int sender, int iteration, int n) {
        double[] values = new double[n];
        for (int k = 0; k < n; k++) {
            values[k] = sender + iteration / 1024.0 + k * 1e-3;
        }
        return values;
    }

    static Particle[] particles(int sender, int iteration, int n) {
        Particle[] values = new Particle[n];
        for (int k = 0; k < n; k++) {
            values[k] = new Particle(sender + k, iteration + k / 8.0, (long) sender * iteration - k);
        }
        return values;
    }

    static int[] concat(List<int[]> blocks) {
        return blocks.stream().flatMapToInt(Arrays::stream).toArray();
    }

    static int[] displacements(int[] counts) {
        int[] displs = new int[counts.length];
        for (int k = 1; k < counts.length; k++) {
            displs[k] = displs[k - 1] + counts[k - 1];
        }
        return displs;
    }

    static long garbageCollections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    /** The process's resident memory (VmRSS), in KiB. */
    static long residentKib() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("VmRSS:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", "")))
                .findFirst().orElseThrow();
    }
}
