package org.mpi4all;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mpi4all.Param.tag;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/** The environment's life: init with a thread level, world and self, close exactly once, nothing after it. */
class EnvironmentTest {

    /** Initialises at the level given as argument, then exercises the environment's contract. */
    public static final class Lifecycle {
        public static void main(String[] args) throws Exception {
            Checks checks = new Checks();
            ThreadLevel asked = ThreadLevel.valueOf(args[0]);
            Environment env = Environment.init(args, asked);
            Communicator world = env.world();
            Checks.value("threadLevel", env.threadLevel());
            Checks.value("heapAccess", env.heapAccess());
            checks.equal("ranks", java.util.stream.IntStream.range(0, world.size()).toArray(),
                    world.allgather(new int[] {world.rank()}));
            checks.equal("self", List.of(0, 1), List.of(env.self().rank(), env.self().size()));
            checks.that("processorName", !env.processorName().isBlank(), "blank");
            double t0 = env.wtime();
            checks.that("wtime", env.wtime() >= t0, "went back");
            checks.throwsWith("initTwice", IllegalStateException.class, "already initialized",
                    () -> Environment.init(args));
            checks.throwsWith("worldCannotClose", UnsupportedOperationException.class, "predefined",
                    world::close);

            AtomicReference<Throwable> fromOtherThread = new AtomicReference<>();
            Thread other = new Thread(() -> {
                try {
                    world.barrier();
                } catch (Throwable t) {
                    fromOtherThread.set(t);
                }
            });
            if (asked.compareTo(ThreadLevel.SERIALIZED) < 0) {
                other.start();
                other.join();
                checks.that("otherThreadRefused", fromOtherThread.get() instanceof WrongThreadException
                        && fromOtherThread.get().getMessage().contains("only that thread may call it"),
                        "got " + fromOtherThread.get());
            }

            if (asked == ThreadLevel.MULTIPLE) {
                int size = world.size();
                int left = (world.rank() + size - 1) % size;
                long[] expected = IntStream.range(0, THREADS)
                        .mapToLong(t -> 100L * left + t + 1000L * (size * (size - 1) / 2 + size * t)).toArray();
                checks.equal("threadsInsideRanks", expected, threadsInsideRank(world));
            }

            Communicator dup = world.dup();
            Request<int[]> pending = world.irecv(new int[1], Communicator.PROC_NULL);
            env.close();
            checks.that("closed", env.isClosed(), "not closed");
            checks.throwsWith("closeTwice", IllegalStateException.class, "already closed", env::close);
            checks.throwsWith("callAfterClose", IllegalStateException.class, "MPI was finalized", world::barrier);
            checks.throwsWith("dupAfterClose", IllegalStateException.class, "MPI was finalized",
                    () -> dup.allreduce(1, Op.SUM));
            checks.throwsWith("worldAfterClose", IllegalStateException.class, "MPI was finalized", env::world);
            checks.throwsWith("waitAfterClose", IllegalStateException.class, "MPI was finalized", pending::waitFor);
            checks.throwsWith("initAfterClose", IllegalStateException.class, "cannot be initialized again",
                    () -> Environment.init(args));
            checks.exit();
        }
    }

    private static final int THREADS = 4;

    /**
     * {@code THREADS} threads of each rank at once: each receives from the same thread of the left
     * neighbour (a tag per thread) and sums over a communicator of its own. Per thread: the value received
     * plus 1000 times the sum.
     */
    static long[] threadsInsideRank(Communicator world) throws Exception {
        int rank = world.rank();
        int size = world.size();
        List<Communicator> own = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            own.add(world.dup());
        }
        List<Future<Long>> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(THREADS)) {
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                results.add(threads.submit(() -> {
                    long[] fromLeft = world.sendrecv(new long[] {100L * rank + thread}, (rank + 1) % size,
                            new long[1], (rank + size - 1) % size, tag(thread));
                    return fromLeft[0] + 1000L * own.get(thread).allreduce(rank + thread, Op.SUM);
                }));
            }
        }
        long[] values = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            values[t] = results.get(t).get();
            own.get(t).close();
        }
        return values;
    }

    /** Rank 1 fails while rank 0 waits for it: without an abort, rank 0 would wait forever. */
    public static final class FailingRank {
        public static void main(String[] args) {
            Environment.runOrAbort(args, ThreadLevel.SINGLE, env -> {
                Communicator world = env.world();
                if (world.rank() == 1) {
                    throw new IllegalStateException("rank 1 gives up");
                }
                world.recv(new int[1], 1);
            });
        }
    }

    @Test
    void aFailingRankAbortsTheJobInsteadOfHangingIt() {
        MpiRunResult run = MpiRun.java(FailingRank.class).ranks(2).timeout(Duration.ofSeconds(60)).run();
        assertThat(run.timedOut()).as(run.report()).isFalse();
        assertThat(run.succeeded()).isFalse();
        assertThat(run.rank(1).stderr()).contains("java.lang.IllegalStateException: rank 1 gives up");
    }

    @Test
    void lifecycleAtSingle() {
        MpiRunResult run = Runs.run(Lifecycle.class, 2, "SINGLE");
        Runs.assertChecks(run, "ranks", "self", "processorName", "wtime", "initTwice", "worldCannotClose",
                "otherThreadRefused", "closed", "closeTwice", "callAfterClose", "dupAfterClose", "worldAfterClose",
                "waitAfterClose", "initAfterClose");
        run.assertEachRank(r -> {
            assertThat(r.value("threadLevel")).contains("SINGLE");
            assertThat(r.value("heapAccess")).contains("CRITICAL");
            assertThat(r.value("failures")).contains("0");
        });
    }

    @Test
    void multipleThreadsCallMpiAtOnceAndCopyHeapArrays() {
        MpiRunResult run = Runs.run(Lifecycle.class, 3, "MULTIPLE");
        Runs.assertChecks(run, "ranks", "threadsInsideRanks", "closeTwice", "callAfterClose");
        run.assertEachRank(r -> {
            assertThat(r.value("threadLevel")).contains("MULTIPLE");
            assertThat(r.value("heapAccess")).contains("COPY");
        });
    }
}
