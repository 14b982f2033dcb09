package org.mpi4all.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.Communicator;
import org.mpi4all.Environment;
import org.mpi4all.Op;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;
import org.mpi4all.testkit.RankResult;
import org.mpi4all.testkit.TestMpi;

/**
 * Run-time binding generation on a real MPI: with the carried profiles withheld ({@code MPI4ALL_ABI=probe}, an
 * unknown ABI as far as mpi4all can tell), the ranks probe the implementation once, cache the profile and then run a
 * real MPI program with it; later runs take it from the cache; a corrupt entry is rebuilt; and what cannot work
 * fails on every rank with one line saying what to do.
 */
class RuntimeProbeTest {
    /** Initialises MPI with the probed profile and reports size, rank and a sum over all ranks. */
    public static final class ProbedRank {
        public static void main(String[] args) {
            try (Environment env = Environment.init(args)) {
                Communicator world = env.world();
                System.out.println("size=" + world.size());
                System.out.println("rank=" + world.rank());
                System.out.println("sum=" + world.allreduce(world.rank() + 1, Op.SUM));
                System.out.println("family=" + MpiLibrary.current().profile().family());
            }
        }
    }

    @TempDir
    Path work;

    @Test
    void theFirstRunProbesAndCachesAndTheNextDoesNot() throws IOException {
        Path cache = work.resolve("cache");
        MpiRunResult first = assertRanMpi(run(2, cache), 2);
        assertThat(ranksThat(first, "probed")).as("ranks that probed\n" + first.report()).isEqualTo(1);
        assertThat(ranksThat(first, "cached")).as("ranks that found it cached").isEqualTo(1);

        Path entry = onlyEntry(cache);
        try (Stream<Path> files = Files.list(entry)) {
            List<Path> all = files.toList();
            assertThat(all.stream().map(f -> f.getFileName().toString()))
                    .contains(ProfileCache.PROFILE, ProfileCache.AUX_LIBRARY, ProfileCache.MANIFEST);
            for (Path file : all) {
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                        .as(file.toString()).isEqualTo("rw-------");
            }
        }
        for (Path directory : List.of(cache, entry.getParent(), entry)) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory)))
                    .as(directory.toString()).isEqualTo("rwx------");
        }
        assertThat(Files.readString(entry.resolve(ProfileCache.MANIFEST)))
                .contains("library-sha256\t" + ProfileCache.sha256(TestMpi.implementation().library()));

        MpiRunResult second = assertRanMpi(run(2, cache), 2);
        assertThat(ranksThat(second, "probed")).as("ranks that probed again\n" + second.report()).isZero();
        assertThat(ranksThat(second, "cached")).isEqualTo(2);
    }

    @Test
    void fourRanksStartingTogetherOnAnEmptyCacheProbeOnce() {
        Path cache = work.resolve("cache");
        MpiRunResult result = assertRanMpi(run(4, cache), 4);
        assertThat(ranksThat(result, "probed")).as("ranks that probed\n" + result.report()).isEqualTo(1);
        assertThat(ranksThat(result, "cached")).isEqualTo(3);
    }

    @Test
    void aCorruptEntryIsDetectedAndRebuilt() throws IOException {
        Path cache = work.resolve("cache");
        assertRanMpi(run(2, cache), 2);
        Path profile = onlyEntry(cache).resolve(ProfileCache.PROFILE);
        String whole = Files.readString(profile);
        Files.writeString(profile, whole.substring(0, whole.length() / 2));

        MpiRunResult result = assertRanMpi(run(2, cache), 2);
        assertThat(ranksThat(result, "probed")).as("ranks that probed\n" + result.report()).isEqualTo(1);
        assertThat(result.ranks().stream().filter(r -> r.stderr().contains("is corrupt (profile does not match"))
                .count()).as("ranks that reported the corrupt entry").isEqualTo(1);
        assertThat(Files.readString(profile)).isEqualTo(whole);
    }

    @Test
    void noCompilerAndNoCacheIsOneClearErrorOnEveryRank() throws IOException {
        Path emptyPath = Files.createDirectory(work.resolve("bin"));
        List<String> command = new ArrayList<>(List.of("/usr/bin/env", "PATH=" + emptyPath));
        command.addAll(rankCommand());
        MpiRunResult result = launch(MpiRun.command(command), 2, work.resolve("cache"))
                .environment(RuntimeProbe.MPICC_VARIABLE, "/nonexistent/mpicc").run();
        String library = TestMpi.implementation().library().getFileName().toString();
        assertFailedOnEveryRank(result, "mpi4all has no ABI profile for ", library, "MPI4ALL_ABI=probe",
                "the compiler wrapper /nonexistent/mpicc given by -Dmpi4all.mpicc or MPI4ALL_MPICC is not an"
                        + " executable file; set MPI4ALL_MPICC to its implementation's mpicc, or install the"
                        + " implementation's development package");
    }

    @Test
    void anotherImplementationsCompilerIsRefusedAndNothingIsCached() throws IOException {
        // Debian's /usr/bin/mpicc is whichever implementation the alternatives chose, not necessarily the loaded one.
        String other = expectedFamily().equals("openmpi") ? "mpich" : "openmpi";
        Path otherMpicc = MpiImplementation.facts(other).mpicc();
        Path cache = work.resolve("cache");
        MpiRunResult result = launch(MpiRun.command(rankCommand()), 2, cache)
                .environment(RuntimeProbe.MPICC_VARIABLE, otherMpicc.toString()).run();
        // The ranks take turns to probe; the launcher may end the job as soon as the first has failed.
        List<RankResult> finished = result.ranks().stream().filter(r -> r.exitCode().isPresent()).toList();
        assertThat(finished).as("ranks that finished\n" + result.report()).isNotEmpty();
        assertFailed(finished, "mpi4all has no ABI profile for ", "and the compiler wrapper " + otherMpicc
                + " builds against ", "not against it: set MPI4ALL_MPICC to the mpicc of ");
        assertThat(Files.exists(onlyEntry(cache).resolve(ProfileCache.MANIFEST))).as("an entry was cached").isFalse();
    }

    @Test
    void aCacheDirectoryGroupOrOthersCanWriteIsRefused() throws IOException {
        Path cache = Files.createDirectory(work.resolve("shared"));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxrwx---"));
        assertFailedOnEveryRank(run(2, cache), "mpi4all refuses the cache directory " + cache.toRealPath()
                + ": group or others can write to it (rwxrwx---)", "MPI4ALL_CACHE");
        try (Stream<Path> inside = Files.list(cache)) {
            assertThat(inside).as("what was written into the refused directory").isEmpty();
        }
    }

    @Test
    void anUnwritableCacheIsOneErrorNamingIt() {
        Path cache = Path.of("/proc/mpi4all-cache");
        assertFailedOnEveryRank(run(2, cache), "mpi4all cannot write its cache directory " + cache, "MPI4ALL_CACHE");
    }

    private static MpiRunResult run(int ranks, Path cache) {
        return launch(MpiRun.command(rankCommand()), ranks, cache)
                .environment(RuntimeProbe.MPICC_VARIABLE, TestMpi.implementation().mpicc().toString()).run();
    }

    private static List<String> rankCommand() {
        List<String> command = new ArrayList<>(MpiRun.javaCommand());
        command.add("-D" + RuntimeProbe.VERBOSE_PROPERTY + "=true");
        command.add(ProbedRank.class.getName());
        return command;
    }

    private static MpiRun launch(MpiRun run, int ranks, Path cache) {
        // Probing compiles and runs C programs on a shared machine: allow for it.
        // Open MPI's launchers kill the other ranks when one exits non-zero: let every rank reach its own error.
        return run.ranks(ranks).timeout(Duration.ofMinutes(5))
                .environment("OMPI_MCA_orte_abort_on_non_zero_status", "0")
                .environment("PRTE_MCA_state_base_error_non_zero_exit", "0")
                .environment(MpiDiscovery.ABI_VARIABLE, MpiDiscovery.PROBE)
                .environment(ProfileCache.CACHE_VARIABLE, cache.toString());
    }

    private static MpiRunResult assertRanMpi(MpiRunResult result, int ranks) {
        return result.assertSucceeded().assertEachRank(rank -> {
            assertThat(rank.value("size")).as("size").contains(String.valueOf(ranks));
            assertThat(rank.value("rank")).as("rank").contains(String.valueOf(rank.rank()));
            assertThat(rank.value("sum")).as("sum of rank + 1").contains(String.valueOf(ranks * (ranks + 1) / 2));
            assertThat(rank.value("family")).as("family").contains(expectedFamily());
        });
    }

    /** The ABI family of the implementation the tests run on, as the probe names it. */
    private static String expectedFamily() {
        String name = TestMpi.implementation().name();
        return name.startsWith("openmpi") ? "openmpi" : name.equals("mpiabi") ? "mpiabi" : "mpich";
    }

    /** How many ranks said the profile was {@code how} ({@code probed} or {@code cached}). */
    private static long ranksThat(MpiRunResult result, String how) {
        return result.ranks().stream().filter(r -> r.stderr().contains("mpi4all: " + how + " ABI profile of ")).count();
    }

    private static void assertFailedOnEveryRank(MpiRunResult result, String... message) {
        assertThat(result.timedOut()).as("timed out").isFalse();
        assertFailed(result.ranks(), message);
    }

    /** Each of {@code ranks} exited non-zero with one error line containing every part of {@code message}. */
    private static void assertFailed(List<RankResult> ranks, String... message) {
        for (RankResult rank : ranks) {
            assertThat(rank.exitCode()).as("rank " + rank.rank() + " exit\n" + rank.stderr())
                    .hasValueSatisfying(code -> assertThat(code).isNotZero());
            List<String> errorLines = rank.stderr().lines().filter(line -> line.contains(message[0])).toList();
            assertThat(errorLines).as("rank " + rank.rank() + "'s error lines\n" + rank.stderr()).hasSize(1);
            assertThat(errorLines.getFirst()).contains(message);
            assertThat(rank.stderr()).as("rank " + rank.rank()).doesNotContain("mpi4all: probed");
        }
    }

    private static Path onlyEntry(Path cache) throws IOException {
        try (Stream<Path> entries = Files.list(cache.resolve("profiles"))) {
            List<Path> all = entries.toList();
            assertThat(all).as("cache entries").hasSize(1);
            return all.getFirst();
        }
    }
}
