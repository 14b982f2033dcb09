package org.mpi4all;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
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

    /**
     * If the ranks reported that the library lacks what the program tests (an {@code unsupported=} line), checks
     * that each said so clearly ({@code unsupportedMessage=ok} and the {@code also} checks) and aborts the test
     * with that reason; otherwise returns.
     */
    static void abortIfUnsupported(MpiRunResult result, String what, String... also) {
        Optional<String> unsupported = result.rank(0).value("unsupported");
        if (unsupported.isPresent()) {
            assertChecks(result, "unsupportedMessage");
            assertChecks(result, also);
            Assumptions.abort("the MPI library has no " + what + ": " + unsupported.get());
        }
    }
}
