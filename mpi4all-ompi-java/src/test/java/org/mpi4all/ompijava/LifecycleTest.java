package org.mpi4all.ompijava;

import static org.assertj.core.api.Assertions.assertThat;

import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/** Calls before MPI.Init and after MPI.Finalize are MPIExceptions, as in Open MPI's bindings, not aborts. */
class LifecycleTest {

    public static final class Program {
        public static void main(String[] args) throws MPIException {
            System.out.println("initializedBefore=" + MPI.isInitialized());
            System.out.println("beforeInit=" + failure(() -> MPI.COMM_WORLD.getRank()));
            MPI.Init(args);
            System.out.println("rank=" + MPI.COMM_WORLD.getRank());
            System.out.println("size=" + MPI.COMM_WORLD.getSize());
            MPI.Finalize();
            System.out.println("finalizedAfter=" + MPI.isFinalized());
            System.out.println("afterFinalize=" + failure(() -> MPI.COMM_WORLD.barrier()));
        }

        interface Call {
            void run() throws MPIException;
        }

        /** The message of the MPIException {@code call} throws, or "none". */
        static String failure(Call call) {
            try {
                call.run();
                return "none";
            } catch (MPIException e) {
                return e.getMessage();
            }
        }
    }

    @Test
    void callsOutsideInitAndFinalizeAreExceptions() {
        MpiRunResult result = MpiRun.java(Program.class).ranks(2).run().assertSucceeded();
        result.assertEachRank(rank -> {
            assertThat(rank.value("rank")).contains(Integer.toString(rank.rank()));
            assertThat(rank.value("size")).contains("2");
            assertThat(rank.value("initializedBefore")).contains("false");
            assertThat(rank.value("beforeInit")).contains("MPI is not initialized: call MPI.Init first");
            assertThat(rank.value("finalizedAfter")).contains("true");
            assertThat(rank.value("afterFinalize")).contains("MPI is finalized");
        });
    }
}
