package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mpi4all.ffi.Mpi.MPI_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.mpi4all.ffi.RankProgram.Check;
import org.mpi4all.ffi.RankProgram.ThreadMultiple;
import org.mpi4all.runtime.CriticalStarts;

/**
 * {@code MPI_Init_thread(MPI_THREAD_MULTIPLE)} and MPI calls made concurrently from several Java threads of each
 * rank: tagged point-to-point exchanges per thread, and collectives on a communicator per thread.
 */
@ThreadMultiple
final class ThreadsProgram {
    static final int THREADS = 4;
    static final int ROUNDS = 200;

    private ThreadsProgram() {}

    private static void requireThreadMultiple(Rank r) {
        if (r.providedThreadLevel != Mpi.MPI_THREAD_MULTIPLE) {
            throw r.skip("MPI_Init_thread provided level " + r.providedThreadLevel + ", not MPI_THREAD_MULTIPLE");
        }
    }

    /** Runs {@code body(thread)} on {@link #THREADS} threads at once; fails with the first thread's failure. */
    private static void onThreads(ThreadBody body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CyclicBarrier start = new CyclicBarrier(THREADS);
            List<Future<Void>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                results.add(pool.submit((Callable<Void>) () -> {
                    start.await();
                    try (Arena arena = Arena.ofConfined()) {
                        body.run(thread, arena);
                    }
                    return null;
                }));
            }
            for (Future<Void> result : results) {
                result.get(2, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private interface ThreadBody {
        void run(int thread, Arena arena) throws Exception;
    }

    @Check
    static void initThreadProvidesThreadMultipleAndKnowsTheMainThread(Rank r) throws Exception {
        System.out.println("provided=" + r.providedThreadLevel);
        assertThat(r.providedThreadLevel).as("MPI_THREAD_MULTIPLE is %d", Mpi.MPI_THREAD_MULTIPLE)
                .isEqualTo(Mpi.MPI_THREAD_MULTIPLE);
        assertThat(r.intOut(Mpi::MPI_Query_thread)).isEqualTo(r.providedThreadLevel);
        // A start may then wait for a lock another thread holds, which a critical call must not.
        assertThat(CriticalStarts.active()).as("critical starts").isFalse();
        assertThat(CriticalStarts.plainBecause()).isEqualTo("MPI runs at MPI_THREAD_MULTIPLE");
        assertThat(r.flagOut(Mpi::MPI_Is_thread_main)).as("main thread").isTrue();
        int[] otherIsMain = {-1};
        Thread other = Thread.ofPlatform().start(() -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment flag = arena.allocate(JAVA_INT);
                Mpi.MPI_Is_thread_main(flag);
                otherIsMain[0] = flag.get(JAVA_INT, 0);
            }
        });
        other.join();
        assertThat(otherIsMain[0]).as("MPI_Is_thread_main on another thread").isZero();
    }

    @Check
    static void concurrentTaggedSendrecvFromEveryThreadReachesTheSameThreadOfThePeer(Rank r) throws Exception {
        requireThreadMultiple(r);
        onThreads((thread, arena) -> {
            MemorySegment send = arena.allocate(JAVA_INT, 3);
            MemorySegment received = arena.allocate(JAVA_INT, 3);
            MemorySegment status = MPI_Status.allocate(arena);
            for (int round = 0; round < ROUNDS; round++) {
                send.copyFrom(MemorySegment.ofArray(new int[] {r.rank, thread, round}));
                Mpi.MPI_Sendrecv(send, 3, MPI_INT, r.right(), thread, received, 3, MPI_INT, r.left(), thread,
                        r.world(), status);
                assertThat(received.toArray(JAVA_INT)).as("thread %d round %d", thread, round)
                        .containsExactly(r.left(), thread, round);
                assertThat(MPI_Status.MPI_TAG(status)).isEqualTo(thread);
            }
        });
    }

    @Check
    static void concurrentCollectivesOnACommunicatorPerThreadGiveEachThreadItsSums(Rank r) throws Exception {
        requireThreadMultiple(r);
        MPI_Comm[] comms = new MPI_Comm[THREADS];
        for (int t = 0; t < THREADS; t++) {
            comms[t] = r.commOut(p -> Mpi.MPI_Comm_dup(r.world(), p));   // collective: same order on every rank
        }
        onThreads((thread, arena) -> {
            MemorySegment mine = arena.allocate(JAVA_INT);
            MemorySegment sum = arena.allocate(JAVA_INT);
            for (int round = 0; round < ROUNDS / 4; round++) {
                mine.set(JAVA_INT, 0, 1000 * thread + r.rank + round);
                Mpi.MPI_Allreduce(mine, sum, 1, MPI_INT, Mpi.MPI_SUM, comms[thread]);
                assertThat(sum.get(JAVA_INT, 0)).as("thread %d round %d", thread, round)
                        .isEqualTo(r.size * (1000 * thread + round) + Rank.triangle(r.size));
            }
            Mpi.MPI_Barrier(comms[thread]);
        });
        for (MPI_Comm comm : comms) {
            Mpi.MPI_Comm_free(r.commCell(comm));
        }
    }
}
