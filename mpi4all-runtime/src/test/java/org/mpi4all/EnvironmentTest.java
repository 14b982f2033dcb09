package org.mpi4all;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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
import org.mpi4all.testkit.RankResult;

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

            Resources idle = env.resources();
            Communicator extra = world.dup();
            Request<int[]> receiving = world.irecv(new int[3], Communicator.PROC_NULL);
            Resources busy = env.resources();
            receiving.waitFor();
            extra.close();
            checks.equal("resourcesCounted", List.of(idle.communicators() + 1, idle.requests() + 1, true, idle),
                    List.of(busy.communicators(), busy.requests(), busy.nativeBytes() > idle.nativeBytes(),
                            env.resources()));

            Communicator dup = world.dup();
            Request<int[]> pending = world.irecv(new int[1], Communicator.PROC_NULL);
            env.close();
            checks.that("closed", env.isClosed(), "not closed");
            checks.equal("resourcesLeftOpen", List.of(1L, 1L), List.of(env.resources().communicators(),
                    env.resources().requests()));
            checks.throwsWith("closeTwice", IllegalStateException.class, "already closed", env::close);
            checks.throwsWith("callAfterClose", IllegalStateException.class, "MPI cannot be used again", world::barrier);
            checks.throwsWith("dupAfterClose", IllegalStateException.class, "MPI cannot be used again",
                    () -> dup.allreduce(1, Op.SUM));
            checks.throwsWith("worldAfterClose", IllegalStateException.class, "MPI cannot be used again", env::world);
            checks.throwsWith("waitAfterClose", IllegalStateException.class, "MPI cannot be used again", pending::waitFor);
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
                Checks.value("rank", world.rank());
                Checks.value("size", world.size());
                System.out.flush();
                world.barrier();
                if (world.rank() == 1) {
                    throw new IllegalStateException("rank 1 gives up");
                }
                world.recv(new int[1], 1);
            });
        }
    }

    @Test
    void runOrAbortEndsTheJobWhenTheProgramThrows() {
        MpiRunResult run = MpiRun.java(FailingRank.class).ranks(2).timeout(Duration.ofSeconds(60)).run();
        assertEndedByRankOne(run, "java.lang.IllegalStateException: rank 1 gives up");
    }

    /**
     * The natural program: rank 1 throws out of {@code try (Environment ...)} (argument {@code main}) or from a
     * thread of its own (argument {@code thread}), while every rank then waits in {@code recv} for a message
     * that never comes; or (argument {@code late}) rank 1 throws after the others left the block normally
     * and wait in {@code MPI_Finalize} for it.
     */
    public static final class ThrowsOutOfTry {
        public static void main(String[] args) throws InterruptedException {
            String how = args[0];
            try (Environment env = Environment.init(args)) {
                Communicator world = env.world();
                Checks.value("rank", world.rank());
                Checks.value("size", world.size());
                System.out.flush();
                world.barrier(); // every rank has said who it is before one fails
                if (world.rank() == 1) {
                    switch (how) {
                        case "main" -> throw new IllegalStateException("rank 1 gives up");
                        case "late" -> {
                            Thread.sleep(1000);
                            throw new IllegalStateException("rank 1 gives up late");
                        }
                        default -> {
                            Thread worker = new Thread(() -> {
                                throw new IllegalStateException("a thread of rank 1 gives up");
                            }, "worker");
                            worker.start();
                            worker.join();
                        }
                    }
                }
                if (!how.equals("late")) {
                    world.recv(new int[1], 1 - world.rank());
                }
            }
        }
    }

    @Test
    void anExceptionOutOfTryEndsTheJob() {
        MpiRunResult run = MpiRun.java(ThrowsOutOfTry.class, "main").ranks(2).timeout(Duration.ofSeconds(60)).run();
        assertEndedByRankOne(run, "Exception in thread \"main\" java.lang.IllegalStateException: rank 1 gives up");
    }

    @Test
    void anExceptionOnAnotherThreadEndsTheJob() {
        MpiRunResult run = MpiRun.java(ThrowsOutOfTry.class, "thread").ranks(2).timeout(Duration.ofSeconds(60)).run();
        assertEndedByRankOne(run,
                "Exception in thread \"worker\" java.lang.IllegalStateException: a thread of rank 1 gives up");
    }

    @Test
    void aRankFailingWhileTheOthersFinalizeEndsTheJob() {
        MpiRunResult run = MpiRun.java(ThrowsOutOfTry.class, "late").ranks(2).timeout(Duration.ofSeconds(60)).run();
        assertEndedByRankOne(run, "Exception in thread \"main\" java.lang.IllegalStateException: rank 1 gives up late");
    }

    /** Both ranks started as one job, rank 1 printed {@code exception} once naming itself, and the job failed. */
    private static void assertEndedByRankOne(MpiRunResult run, String exception) {
        run.assertEachRank(r -> {
            assertThat(r.value("rank")).contains(String.valueOf(r.rank()));
            assertThat(r.value("size")).contains("2");
        });
        assertThat(run.timedOut()).as(run.report()).isFalse();
        assertThat(run.succeeded()).as(run.report()).isFalse();
        RankResult failed = run.rank(1);
        assertThat(failed.exitCode()).as(run.report()).isNotEqualTo(java.util.Optional.of(0));
        assertThat(occurrences(failed.stderr(), exception)).as(failed.stderr()).isEqualTo(1);
        assertThat(occurrences(failed.stderr(), "mpi4all: rank 1 of 2 failed")).as(failed.stderr()).isEqualTo(1);
        assertThat(run.rank(0).stderr()).doesNotContain("gives up");
    }

    private static int occurrences(String text, String fragment) {
        return text.split(java.util.regex.Pattern.quote(fragment), -1).length - 1;
    }

    /**
     * Completes normally although the ranks finish at different times and one catches an exception of its
     * own; reports the resources before and after {@code close()} (a record type and a Java operator, then
     * nothing), whether {@code close()} left {@code MPI_Finalize} to the end of the program and whether MPI
     * was finalized by the time the JVM exited.
     */
    public static final class EndsNormally {
        public static void main(String[] args) throws InterruptedException {
            Checks checks = new Checks();
            Environment environment;
            try (Environment env = Environment.init(args)) {
                Communicator world = env.world();
                int rank = world.rank();
                checks.equal("ranks", IntStream.range(0, world.size()).toArray(), world.allgather(new int[] {rank}));
                checks.throwsWith("caughtInside", org.mpi4all.runtime.MpiException.class, "MPI_ERR_RANK",
                        () -> world.send(new int[1], world.size() + 5));
                checks.equal("recordsByJavaOperator", new Pair[] {new Pair(world.size(), 0)},
                        world.allreduce(new Pair[] {new Pair(1, 0)}, Op.ofRecords(Pair.class, Pair::plus)));
                Checks.value("resourcesBeforeClose", env.resources());
                environment = env;
                if (rank == world.size() - 1) {
                    Thread.sleep(500); // the others are already closing
                }
            }
            Checks.value("finalizedAtClose", finalized());
            Checks.value("resourcesAfterClose", environment.resources());
            reportFinalizedAtExit();
            checks.exit();
        }
    }

    record Pair(int count, long weight) {
        Pair plus(Pair other) {
            return new Pair(count + other.count, weight + other.weight);
        }
    }

    /** {@code MPI_Finalized}, which may be called at any time from any thread. */
    static boolean finalized() {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment flag = arena.allocate(java.lang.foreign.ValueLayout.JAVA_INT);
            org.mpi4all.ffi.Mpi.MPI_Finalized(flag);
            return flag.get(java.lang.foreign.ValueLayout.JAVA_INT, 0) != 0;
        }
    }

    /** Prints, as the JVM exits, whether MPI got finalized (shutdown hooks run together: wait for it a while). */
    private static void reportFinalizedAtExit() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!finalized() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            Checks.value("finalizedAtExit", finalized());
            System.out.flush();
        }));
    }

    @Test
    void normalCompletionFinalizesAtExitAndSucceedsOnEveryRank() {
        MpiRunResult run = Runs.run(EndsNormally.class, 3);
        Runs.assertChecks(run, "ranks", "caughtInside", "recordsByJavaOperator");
        run.assertEachRank(r -> {
            assertThat(r.value("resourcesBeforeClose"))
                    .contains("Resources[nativeBytes=0, requests=0, communicators=0, datatypes=1, operators=1]");
            assertThat(r.value("resourcesAfterClose"))
                    .contains("Resources[nativeBytes=0, requests=0, communicators=0, datatypes=0, operators=0]");
            assertThat(r.value("failures")).contains("0");
            assertThat(r.value("finalizedAtClose")).contains("false");
            assertThat(r.value("finalizedAtExit")).contains("true");
            assertThat(r.exitCode()).contains(0);
        });
    }

    /**
     * With the opt-out, an exception escaping a thread of rank 1 is the JVM's business only: the ranks go on,
     * and {@code close()} finalizes MPI itself.
     */
    public static final class OptedOut {
        public static void main(String[] args) throws InterruptedException {
            Checks checks = new Checks();
            try (Environment env = Environment.init(args)) {
                Communicator world = env.world();
                if (world.rank() == 1) {
                    Thread worker = new Thread(() -> {
                        throw new IllegalStateException("a thread of rank 1 gives up");
                    }, "worker");
                    worker.start();
                    worker.join();
                }
                checks.equal("sum", world.size() * (world.size() - 1) / 2, world.allreduce(world.rank(), Op.SUM));
            }
            Checks.value("finalizedAtClose", finalized());
            checks.exit();
        }
    }

    @Test
    void theOptOutLeavesUncaughtExceptionsToTheJvmAndFinalizesAtClose() {
        MpiRunResult run = Runs.runWithJvmOptions(OptedOut.class, 2,
                List.of("-D" + Environment.ABORT_ON_UNCAUGHT_PROPERTY + "=false"));
        Runs.assertChecks(run, "sum");
        run.assertEachRank(r -> assertThat(r.value("finalizedAtClose")).contains("true"));
        assertThat(run.rank(1).stderr()).contains(
                "Exception in thread \"worker\" java.lang.IllegalStateException: a thread of rank 1 gives up")
                .doesNotContain("mpi4all: rank");
    }

    @Test
    void aBadOptOutValueIsRefusedBeforeMpiStarts() {
        System.setProperty(Environment.ABORT_ON_UNCAUGHT_PROPERTY, "no");
        try {
            assertThatThrownBy(() -> Environment.init(new String[0]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-Dmpi4all.abortOnUncaughtException=no: expected true or false");
        } finally {
            System.clearProperty(Environment.ABORT_ON_UNCAUGHT_PROPERTY);
        }
    }

    @Test
    void lifecycleAtSingle() {
        MpiRunResult run = Runs.run(Lifecycle.class, 2, "SINGLE");
        Runs.assertChecks(run, "ranks", "self", "processorName", "wtime", "initTwice", "worldCannotClose",
                "otherThreadRefused", "resourcesCounted", "closed", "resourcesLeftOpen", "closeTwice", "callAfterClose", "dupAfterClose", "worldAfterClose",
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
