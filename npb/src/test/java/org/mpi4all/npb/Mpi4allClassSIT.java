package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/**
 * Class S of every implemented benchmark verifies through mpi4all on the MPI implementation the build
 * generated the bindings for ({@code -Dmpi}), launched by that implementation's own {@code mpirun}; each
 * printed value is checked against the official NPB 3.4 value ({@link OfficialClassS}).
 */
class Mpi4allClassSIT {

    @ParameterizedTest(name = "{0} S on {1} ranks")
    @CsvSource({"EP, 2", "CG, 2", "CG, 4", "MG, 2", "MG, 4", "FT, 2", "SP, 1", "SP, 4"})
    void classSVerifies(String benchmark, int ranks) {
        List<String> command = new ArrayList<>(MpiRun.javaCommand().subList(0, 2));
        command.addAll(List.of("-jar", Path.of(System.getProperty("npb.jar")).toString(),
                benchmark, "S", "--backend", "mpi4all", "--quiet"));
        MpiRunResult run = MpiRun.command(command).ranks(ranks).timeout(Duration.ofMinutes(3)).run();

        run.assertSucceeded();
        run.assertEachRank(rank -> assertThat(rank.stderr()).as("--quiet leaves standard error empty").isEmpty());
        NpbOutput output = new NpbOutput(run.rank(0).stdout());
        OfficialClassS.of(benchmark).assertVerifiedIn(output);
        assertThat(output.field("Total processes")).contains(Integer.toString(ranks));
        assertThat(output.field("Backend").orElseThrow()).startsWith("mpi4all on ");
        // Every rank ran the same number of warm-up steps (a rank that ran fewer would leave the others waiting in
        // the warm-up's allreduce, and the run would fail): what rank 0 reports is the warm-up of all.
        assertThat(output.field("Warm-up").orElseThrow())
                .matches("\\d+ steps, \\d+\\.\\d\\d s \\(jit: (quiet|capped, JIT not quiet)\\)");
    }
}
