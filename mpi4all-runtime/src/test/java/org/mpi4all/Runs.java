package org.mpi4all;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/** The test side of a multi-rank test: launches a program under the MPI implementation's own launcher. */
final class Runs {
    private Runs() {}

    /** Runs {@code program} on {@code ranks} ranks and fails unless every rank succeeded. */
    static MpiRunResult run(Class<?> program, int ranks, String... args) {
        return MpiRun.java(program, args).ranks(ranks).run().assertSucceeded();
    }

    /** Runs {@code program} with extra JVM options (system properties) before the class name. */
    static MpiRunResult runWithJvmOptions(Class<?> program, int ranks, List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>(MpiRun.javaCommand());
        command.addAll(jvmOptions);
        command.add(program.getName());
        command.addAll(List.of(args));
        return MpiRun.command(command).ranks(ranks).run().assertSucceeded();
    }

    /** Asserts that every rank printed {@code name=ok} for each of {@code names}. */
    static void assertChecks(MpiRunResult result, String... names) {
        result.assertEachRank(rank -> {
            for (String name : names) {
                assertThat(rank.value(name)).as(name).contains("ok");
            }
        });
    }
}
