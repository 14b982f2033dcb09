package org.mpi4all.ompijava;

import static org.assertj.core.api.Assertions.assertThat;

import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/** The test side: runs a rank program under the implementation's launcher and reads back every rank's checks. */
final class Launch {
    private Launch() {
    }

    /**
     * Runs {@code program} on {@code ranks} ranks; every rank must succeed, report its rank and the size (one
     * job, not singletons), and print {@code name=ok} for each check name.
     */
    static MpiRunResult run(Class<?> program, int ranks, String... checks) {
        MpiRunResult result = MpiRun.java(program).ranks(ranks).run().assertSucceeded();
        result.assertEachRank(rank -> {
            assertThat(rank.value("rank")).contains(Integer.toString(rank.rank()));
            assertThat(rank.value("size")).contains(Integer.toString(ranks));
            assertThat(rank.value("failures")).contains("0");
            for (String check : checks) {
                assertThat(rank.value(check)).as(check).contains("ok");
            }
        });
        return result;
    }
}
