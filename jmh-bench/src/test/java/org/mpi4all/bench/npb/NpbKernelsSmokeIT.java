package org.mpi4all.bench.npb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.bench.RepositoryScripts;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;
import org.mpi4all.testkit.TestMpi;

/**
 * The NAS kernels under JMH, run for real the way the report runs them ({@code scripts/bench-npb --jmh} on the MPI
 * the build is for), class S with one warm-up and one measured iteration, each of which must verify: every
 * backend's launch must succeed and record one time of each view (JMH's and NPB's own) per kernel. No timing is
 * asserted.
 */
class NpbKernelsSmokeIT {
    private static final String MPI = TestMpi.selectedName();

    @TempDir
    Path results;

    @Test
    void everyKernelVerifiesOnMpi4all() throws Exception {
        String backend = "mpi4all-" + MPI;
        runJmh("CG EP FT MG", 2, backend);
        runJmh("SP", 4, backend);

        assertOneIterationOfEachView(backend, List.of("CG", "EP", "FT", "MG"), 2);
        assertOneIterationOfEachView(backend, List.of("SP"), 4);
    }

    @Test
    void cgVerifiesOnOpenMpisApiOverMpi4all() throws Exception {
        String backend = "mpi4all-ompi-java-" + MPI;
        runJmh("CG", 2, backend);

        assertOneIterationOfEachView(backend, List.of("CG"), 2);
    }

    @Test
    void cgVerifiesOnOpenMpisOwnBindings() throws Exception {
        assumeTrue(MPI.equals("openmpi"), "Open MPI's Java bindings run on Open MPI only");
        assumeTrue(RepositoryScripts.succeeds("scripts/ompi-java", "facts"), "Open MPI's Java classes are not built: run scripts/ompi-java setup");
        runJmh("CG", 2, "ompi-java");

        assertOneIterationOfEachView("ompi-java", List.of("CG"), 2);
    }

    @Test
    void cgVerifiesOnMpjExpress() throws Exception {
        assumeTrue(RepositoryScripts.succeeds("scripts/mpj-express", "facts"), "MPJ Express is not set up: run scripts/mpj-express setup");
        runJmh("CG", 2, "mpj");

        assertOneIterationOfEachView("mpj", List.of("CG"), 2);
    }

    @Test
    void anIterationThatDoesNotVerifyFailsTheBenchmark() {
        List<String> command = new ArrayList<>(MpiRun.javaCommand());
        command.addAll(List.of("-Djmh.ignoreLock=true", "-D" + NpbKernels.BACKEND_PROPERTY + "=" + CorruptingBackend.class.getName(),
                NpbKernels.class.getName(), "EP", "S", "--warmup", "0", "--iterations", "1"));
        MpiRunResult run = MpiRun.command(command).ranks(2).timeout(Duration.ofMinutes(5)).run();

        assertThat(run.timedOut()).as(run.report()).isFalse();
        run.assertEachRank(rank -> assertThat(rank.exitCode()).contains(1));
        assertThat(run.rank(0).stdout() + run.rank(0).stderr()).contains("EP class S: iteration 1 did not verify against the official values");
    }

    private void runJmh(String benches, int ranks, String backend) throws IOException, InterruptedException {
        List<String> command = List.of("scripts/bench-npb", "--jmh", "--no-build", "--warmup", "1", "--iterations", "1",
                "--classes", "S", "--benches", benches, "--ranks", Integer.toString(ranks),
                "--results", results.resolve("npb-jmh.tsv").toString(), backend);
        String output = RepositoryScripts.runSucceeding(command, results.resolve("bench-npb-" + ranks + ".log"));
        for (String bench : benches.split(" ")) {
            assertThat(output).as("the launch of %s on %s", bench, backend)
                    .contains(String.join("\t", backend, bench, "S", Integer.toString(ranks), "verified"));
        }
    }

    /** One positive time per view (jmh, npb) for each kernel, recorded by rank 0 under the backend's name. */
    private void assertOneIterationOfEachView(String backend, List<String> benches, int ranks) throws IOException {
        List<String[]> lines = Files.readAllLines(results.resolve("npb-jmh.tsv")).stream().map(l -> l.split("\t")).toList();
        for (String bench : benches) {
            List<String> views = new ArrayList<>();
            for (String[] line : lines) {
                if (line[0].equals(backend) && line[1].equals(bench) && line[2].equals("S")
                        && line[3].equals(Integer.toString(ranks))) {
                    views.add(line[4]);
                    assertThat(Arrays.stream(line[5].split(",")).map(Double::valueOf).toList())
                            .as("%s %s S on %d ranks, view %s", backend, bench, ranks, line[4])
                            .hasSize(1).allSatisfy(t -> assertThat(t).isPositive().isFinite());
                }
            }
            assertThat(views).as("%s %s S on %d ranks", backend, bench, ranks).containsExactlyInAnyOrder("jmh", "npb");
        }
    }
}
