package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/** A deadlocked program fails within its timeout and leaves no process behind, whatever the implementation. */
class DeadlockTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    /** Both ranks receive from each other and nobody sends. */
    public static final class BothRanksReceive {
        public static void main(String[] args) {
            Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment rank = arena.allocate(JAVA_INT);
                Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, rank);
                System.out.println("receiving=true");
                System.out.flush();
                Mpi.MPI_Recv(arena.allocate(JAVA_INT), 1, Mpi.MPI_INT, 1 - rank.get(JAVA_INT, 0), 0, Mpi.MPI_COMM_WORLD,
                        Mpi.MPI_STATUS_IGNORE);
            }
            System.out.println("received=true");
            Mpi.MPI_Finalize();
        }
    }

    @Test
    void twoRanksBothInMpiRecvAreKilledAtTheTimeoutAndLeaveNoProcess() {
        long start = System.nanoTime();
        MpiRunResult result = MpiRun.java(BothRanksReceive.class).ranks(2).timeout(TIMEOUT).run();
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(result.timedOut()).as("timed out").isTrue();
        assertThat(result.succeeded()).isFalse();
        result.assertEachRank(r -> {
            assertThat(r.value("receiving")).as("reached MPI_Recv").contains("true");
            assertThat(r.value("received")).isEmpty();
            assertThat(r.exitCode()).as("killed, so no exit status of its own").isEmpty();
        });
        assertThat(took).isLessThan(TIMEOUT.plusSeconds(20));
        assertThat(result.leftoverProcesses()).as("processes carrying the run's marker").isEmpty();
        assertThat(result.processesRunning(BothRanksReceive.class.getName())).as("rank JVMs of this program").isEmpty();
    }
}
