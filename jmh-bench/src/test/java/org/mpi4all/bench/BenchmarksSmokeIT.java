package org.mpi4all.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.testkit.TestMpi;

/**
 * Every benchmark's code path, run for real the way the report runs it ({@code scripts/bench} on 2 ranks of the
 * MPI the build is for) with the quick plan: each contender must produce a time for each of its benchmarks on
 * both ranks. Catches a broken benchmark without running the suite.
 */
class BenchmarksSmokeIT {
    private static final String MPI = TestMpi.selectedName();

    private static final Set<String> MESSAGING = Set.of("PingPong.roundTrip", "Allreduce.sum",
            "CallOverhead.commRank", "CallOverhead.wtime");
    private static final Set<String> NONBLOCKING = Set.of("Bandwidth.window");
    private static final Set<String> BINDING = Set.of("BindingOverhead.commRankBinding", "BindingOverhead.commRankRaw",
            "BindingOverhead.commRankRawCritical", "BindingOverhead.wtimeBinding", "BindingOverhead.wtimeRaw",
            "BindingOverhead.wtimeRawCritical", "BindingOverhead.sendToProcNullBinding",
            "BindingOverhead.isendToProcNullBinding", "BindingOverhead.isendToProcNullRaw",
            "BindingOverhead.isendToProcNullRawCritical");

    @TempDir
    Path results;

    @Test
    void cAndMpi4allProduceTimesOnBothRanks() throws Exception {
        runBench(List.of("--paired"), "c", "mpi4all-segment", "mpi4all-heap", "class-init");

        Map<String, Set<String>> expected = Map.of(
                "c", union(MESSAGING, NONBLOCKING),
                "mpi4all-segment", union(MESSAGING, NONBLOCKING, BINDING),
                "mpi4all-heap", MESSAGING,
                // --paired: C's loop of each step inside the Java contender's launch
                "c-in-mpi4all-segment", union(MESSAGING, NONBLOCKING),
                "c-in-mpi4all-heap", MESSAGING);
        assertTimesOnBothRanks(expected);
        assertThat(benchmarksOf(ResultFile.read(results.resolve("rank0.tsv")), "mpi4all")).containsExactlyInAnyOrder(
                "ClassInitialisation.mpiColdJvm", "ClassInitialisation.mpiAfterFfmWarm",
                "ClassInitialisation.libmpiAfterFfmWarm", "ClassInitialisation.mpiWithEveryHandle");
    }

    @Test
    void openMpiJavaProducesTimesOnBothRanks() throws Exception {
        assumeTrue(MPI.equals("openmpi"), "Open MPI's Java bindings run on Open MPI only");
        assumeTrue(RepositoryScripts.succeeds("scripts/ompi-java", "facts"), "Open MPI's Java classes are not built: run scripts/ompi-java setup");
        runBench(List.of(), "ompi-java-array", "ompi-java-direct");

        assertTimesOnBothRanks(Map.of("ompi-java-array", MESSAGING, "ompi-java-direct", union(MESSAGING, NONBLOCKING)));
    }

    @Test
    void mpjExpressProducesTimesOnBothRanks() throws Exception {
        assumeTrue(RepositoryScripts.succeeds("scripts/mpj-express", "facts"), "MPJ Express is not set up: run scripts/mpj-express setup");
        runBench(List.of(), "mpj-array");

        assertTimesOnBothRanks(Map.of("mpj-array", union(MESSAGING, NONBLOCKING)));
    }

    @Test
    void theHighLevelContenderWritesBothLayersOnBothRanks() throws Exception {
        // HighLevelBench --quick: one warm-up round, then one round of 2 iterations per benchmark
        RepositoryScripts.runSucceeding(List.of("scripts/bench", "--quick", "--no-build", "--results", results.toString(),
                MPI, "high-level", "--", "--bytes", "8", "--only", "Layers,OneSided"), results.resolve("bench.log"));

        Set<String> layers = Set.of("LayersBenchmark.pingPongGenerated", "LayersBenchmark.pingPongHighLevel",
                "LayersBenchmark.allreduceGenerated", "LayersBenchmark.allreduceHighLevel",
                "LayersBenchmark.allreduceHighLevelInlineParams");
        for (int rank = 0; rank < 2; rank++) {
            List<Measurement> measurements = ResultFile.read(results.resolve("rank" + rank + ".tsv"));
            assertThat(benchmarksOf(measurements, "mpi4all-heap")).as("heap arrays on rank %d", rank)
                    .containsExactlyInAnyOrderElementsOf(layers);
            assertThat(benchmarksOf(measurements, "mpi4all-segment")).as("segments on rank %d", rank)
                    .containsExactlyInAnyOrderElementsOf(union(layers,
                            Set.of("OneSidedBenchmark.putFenceGenerated", "OneSidedBenchmark.putFenceHighLevel")));
            for (Measurement m : measurements) {
                assertThat(m.bytes()).as("%s on rank %d", m, rank).isEqualTo(8);
                assertThat(m.microseconds()).as("%s on rank %d", m, rank).hasSize(2)
                        .allSatisfy(t -> assertThat(t).isPositive().isFinite());
            }
        }
        assertThat(Files.readString(results.resolve("high-level.md"))).contains("| pingPong | array | 8 |");
    }

    private void runBench(List<String> options, String... contenders) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("scripts/bench", "--quick", "--no-build", "--results", results.toString()));
        command.addAll(options);
        command.add(MPI);
        command.addAll(List.of(contenders));
        RepositoryScripts.runSucceeding(command, results.resolve("bench.log"));
    }

    /** Each contender has a positive, finite time per timed iteration of each expected benchmark, on each rank. */
    private void assertTimesOnBothRanks(Map<String, Set<String>> expected) {
        for (int rank = 0; rank < 2; rank++) {
            List<Measurement> measurements = ResultFile.read(results.resolve("rank" + rank + ".tsv"));
            for (var contender : expected.entrySet()) {
                assertThat(benchmarksOf(measurements, contender.getKey()))
                        .as("benchmarks of %s on rank %d", contender.getKey(), rank)
                        .containsExactlyInAnyOrderElementsOf(contender.getValue());
            }
            for (Measurement m : measurements) {
                assertThat(m.microseconds()).as("%s on rank %d", m, rank)
                        .hasSize(BenchPlan.QUICK.measurementIterations())
                        .allSatisfy(t -> assertThat(t).isPositive().isFinite());
            }
        }
    }

    private static Set<String> benchmarksOf(List<Measurement> measurements, String contender) {
        return measurements.stream().filter(m -> m.contender().equals(contender)).map(Measurement::benchmark)
                .collect(Collectors.toSet());
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        return Arrays.stream(sets).flatMap(Set::stream).collect(Collectors.toSet());
    }
}
