package org.mpi4all.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.runtime.MpiDiscovery.Family;
import org.mpi4all.runtime.MpiDiscovery.Lineage;
import org.mpi4all.runtime.MpiLauncher.Kind;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;
import org.mpi4all.testkit.RankResult;

/**
 * {@link MpiDiscovery} against every installed implementation, whatever {@code -Dmpi} selects: each library
 * identified in a process of its own; {@link DiscoveryProgram} under each implementation's own launcher with no
 * mpi4all setting, finding that implementation's library and joining one job (the standard ABI's, where an
 * installation carries only that one); the standard ABI chosen by name beside an implementation's own library;
 * and a library under the other lineage's launcher refused on every rank with one line.
 */
class MpiDiscoveryTest {
    /** Every installed implementation is tried whatever -Dmpi says: the later passes of scripts/test leave it out. */
    @BeforeAll
    static void onceForAllImplementations() {
        Assumptions.assumeFalse("false".equals(System.getProperty("mpi4all.neutrality")),
                "covers every implementation: run once (-Dmpi4all.neutrality=false)");
    }

    private static final Path DEBIAN_OPEN_MPI = Path.of("/usr/lib/x86_64-linux-gnu/libmpi.so.40");

    /** What each implementation's own library is, and which launcher {@code scripts/mpi run NAME} starts. */
    private record Expected(String name, Family family, Lineage lineage, Kind launcher) {}

    private static final List<Expected> IMPLEMENTATIONS = List.of(
            new Expected("openmpi", Family.OPEN_MPI, Lineage.OPEN_MPI, Kind.OPEN_MPI),
            new Expected("mpich", Family.MPICH, Lineage.MPICH, Kind.HYDRA),
            new Expected("intelmpi", Family.MPICH, Lineage.MPICH, Kind.HYDRA),
            new Expected("mpich5", Family.MPICH, Lineage.MPICH, Kind.HYDRA),
            new Expected("openmpi5", Family.OPEN_MPI, Lineage.OPEN_MPI, Kind.OPEN_MPI),
            // An installation carrying only the standard ABI's library (scripts/mpi links it from MPICH 5's).
            new Expected("mpiabi", Family.STANDARD_ABI, Lineage.MPICH, Kind.HYDRA));

    /** The implementations that install the MPI-5 standard ABI's library beside their own. */
    private static final List<String> WITH_STANDARD_ABI = List.of("mpich5", "intelmpi");

    @TestFactory
    Stream<DynamicTest> eachLibraryIsIdentifiedInAProcessOfItsOwn() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Expected expected : IMPLEMENTATIONS) {
            tests.add(dynamicTest(expected.name() + "'s library has the " + expected.family() + " ABI", () -> {
                MpiImplementation mpi = installed(expected.name());
                RankResult alone = runAlone(mpi, Map.of(), "-D" + MpiDiscovery.LIBRARY_PROPERTY + "=" + mpi.library());
                assertLoaded(alone, mpi.library(), expected.family(), expected.lineage());
                assertThat(alone.value("how")).contains("given by -Dmpi4all.lib=" + mpi.library());
                assertThat(alone.value("launcher")).contains(Kind.NONE.name());
            }));
        }
        for (String name : WITH_STANDARD_ABI) {
            tests.add(dynamicTest(name + "'s libmpi_abi.so.1 has the standard ABI, though its code is MPICH's", () -> {
                MpiImplementation mpi = installed(name);
                Path library = standardAbiLibrary(mpi);
                RankResult alone = runAlone(mpi, Map.of(), "-D" + MpiDiscovery.LIBRARY_PROPERTY + "=" + library);
                assertLoaded(alone, library, Family.STANDARD_ABI, Lineage.MPICH);
            }));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> underItsOwnLauncherEachImplementationFindsItsLibraryAndRunsOneJob() {
        return IMPLEMENTATIONS.stream().map(expected -> dynamicTest(expected.name() + " under its own launcher", () -> {
            MpiImplementation mpi = installed(expected.name());
            MpiRunResult result = MpiRun.java(DiscoveryProgram.class, "join").implementation(mpi).ranks(2).run()
                    .assertSucceeded();
            assertJoinedAs(result, mpi.library(), expected.family(), expected.launcher());
        }));
    }

    @TestFactory
    Stream<DynamicTest> theStandardAbiIsChosenByNameBesideTheLauncher() {
        return WITH_STANDARD_ABI.stream().map(name -> dynamicTest(name + " with MPI4ALL_ABI=standard", () -> {
            MpiImplementation mpi = installed(name);
            MpiRunResult result = MpiRun.java(DiscoveryProgram.class, "join").implementation(mpi).ranks(2)
                    .environment(MpiDiscovery.ABI_VARIABLE, "standard").run().assertSucceeded();
            assertJoinedAs(result, standardAbiLibrary(mpi), Family.STANDARD_ABI, Kind.HYDRA);
        }));
    }

    /** A library and a launcher of the other lineage, both installed: the pair that must be refused. */
    private record Mismatch(String launcher, String libraryOf, boolean standardAbi) {}

    @TestFactory
    Stream<DynamicTest> aLibraryUnderTheOtherLineagesLauncherIsRefusedOnEveryRankInOneLine() {
        return Stream.of(
                new Mismatch("mpich", "openmpi", false),
                new Mismatch("openmpi", "mpich", false),
                new Mismatch("intelmpi", "openmpi", false),
                new Mismatch("mpich5", "openmpi5", false),
                new Mismatch("openmpi5", "mpich5", true)).map(pair -> dynamicTest(
                        (pair.standardAbi() ? "the standard-ABI library of " : "") + pair.libraryOf()
                                + "'s library under " + pair.launcher() + "'s launcher",
                        () -> assertRefused(pair)));
    }

    private static void assertRefused(Mismatch pair) {
        MpiImplementation launcher = installed(pair.launcher());
        MpiImplementation owner = installed(pair.libraryOf());
        Path library = pair.standardAbi() ? standardAbiLibrary(owner) : owner.library();
        List<String> command = new ArrayList<>(MpiRun.javaCommand());
        command.add("-D" + MpiDiscovery.LIBRARY_PROPERTY + "=" + library);
        command.add(DiscoveryProgram.class.getName());
        command.add("join");
        // Open MPI's launchers kill the other ranks when one exits non-zero (Hydra lets them finish): let every rank
        // reach its own refusal, which is what a user of any launcher would see.
        MpiRunResult result = MpiRun.command(command).implementation(launcher).ranks(2)
                .environment("OMPI_MCA_orte_abort_on_non_zero_status", "0")
                .environment("PRTE_MCA_state_base_error_non_zero_exit", "0")
                .run();
        assertThat(result.timedOut()).as(result.report()).isFalse();
        assertThat(result.leftoverProcesses()).isEmpty();
        String launcherName = expected(pair.launcher()).launcher().description() + " (parent process "
                + launcher.prefix().resolve("bin");
        result.assertEachRank(rank -> {
            assertThat(rank.exitCode()).hasValueSatisfying(code -> assertThat(code).isNotZero());
            assertThat(rank.value("rank")).as("a rank that ran alone").isEmpty();
            List<String> refusals = rank.stderr().lines().filter(l -> l.contains("mpi4all: ")).toList();
            assertThat(refusals).hasSize(1);
            assertThat(refusals.getFirst()).contains(launcherName, "cannot run the MPI library " + library,
                    "every rank would run alone", "-Dmpi4all.lib=" + launcher.library());
        });
    }

    @Test
    void aLibraryAlreadyInTheProcessIsTheOneUsed() {
        MpiImplementation mpich = installed("mpich");
        RankResult alone = runAlone(mpich, Map.of("LD_PRELOAD", mpich.library().toString()));
        assertLoaded(alone, mpich.library(), Family.MPICH, Lineage.MPICH);
        assertThat(alone.value("how")).contains("already loaded in the process");
    }

    @Test
    void aLibraryChosenBesideAnotherAlreadyInTheProcessIsRefused() {
        MpiImplementation mpich = installed("mpich");
        MpiImplementation openMpi = installed("openmpi");
        RankResult alone = runAlone(mpich, Map.of("LD_PRELOAD", mpich.library().toString()),
                "-D" + MpiDiscovery.LIBRARY_PROPERTY + "=" + openMpi.library());
        assertThat(alone.succeeded()).isFalse();
        assertThat(alone.stderr()).contains("the MPI library " + openMpi.library() + " (given by -Dmpi4all.lib=",
                mpich.library() + " is already loaded in this process");
    }

    @Test
    void aLoneProcessFindsALibraryThroughTheLoaderOpenMpisFirst() {
        MpiImplementation openMpi = installed("openmpi");
        Assumptions.assumeTrue(openMpi.library().equals(DEBIAN_OPEN_MPI),
                "expects Debian's Open MPI in the loader's default directories, not " + openMpi.library());
        RankResult alone = runAlone(openMpi, Map.of());
        assertLoaded(alone, DEBIAN_OPEN_MPI, Family.OPEN_MPI, Lineage.OPEN_MPI);
        assertThat(alone.value("how")).contains("found by the loader as libmpi.so.40");
        assertThat(alone.value("launcher")).contains(Kind.NONE.name());
    }

    @Test
    void aNamedAbiNarrowsTheLoadersSearchToItsLibrary() {
        MpiImplementation mpich5 = installed("mpich5");
        RankResult alone = runAlone(mpich5, Map.of(MpiDiscovery.ABI_VARIABLE, "standard"));
        assertLoaded(alone, standardAbiLibrary(mpich5), Family.STANDARD_ABI, Lineage.MPICH);
        assertThat(alone.value("how")).contains("found by the loader as libmpi_abi.so.1");
    }

    @Test
    void aWheelsLinkerScriptStandsForItsLibrary() {
        MpiImplementation mpich5 = installed("mpich5");
        Path script = mpich5.prefix().resolve("lib/libmpi.so");
        RankResult alone = runAlone(mpich5, Map.of(MpiDiscovery.LIBRARY_VARIABLE, script.toString()));
        assertLoaded(alone, mpich5.library(), Family.MPICH, Lineage.MPICH);
    }

    @Test
    void aLibraryOfAnotherAbiThanTheNamedOneIsRefused() {
        MpiImplementation mpich = installed("mpich");
        RankResult alone = runAlone(mpich, Map.of(MpiDiscovery.ABI_VARIABLE, "standard"),
                "-D" + MpiDiscovery.LIBRARY_PROPERTY + "=" + mpich.library());
        assertThat(alone.succeeded()).isFalse();
        assertThat(alone.stderr()).contains("MPI4ALL_ABI=standard names the standard ABI, but the MPI library "
                + mpich.library());
        assertThat(alone.stderr()).contains("has the mpich ABI");
    }

    @Test
    void badChoicesAreNamed() {
        MpiImplementation mpi = installed(expectedInstalledAny());
        RankResult missing = runAlone(mpi, Map.of(MpiDiscovery.LIBRARY_VARIABLE, "/no/such/libmpi.so.40"));
        assertThat(missing.succeeded()).isFalse();
        assertThat(missing.stderr()).contains("the MPI library /no/such/libmpi.so.40 given by MPI4ALL_LIB does not exist");
        RankResult badAbi = runAlone(mpi, Map.of(), "-D" + MpiDiscovery.ABI_PROPERTY + "=intel");
        assertThat(badAbi.succeeded()).isFalse();
        assertThat(badAbi.stderr()).contains("-Dmpi4all.abi=intel is not an MPI ABI: choose openmpi, mpich or standard (or probe)");
        RankResult notMpi = runAlone(mpi, Map.of(MpiDiscovery.LIBRARY_VARIABLE, "libz.so.1"));
        assertThat(notMpi.succeeded()).isFalse();
        assertThat(notMpi.stderr()).contains("libz.so.1 (given by MPI4ALL_LIB=libz.so.1) is not an MPI library");
    }

    private static String expectedInstalledAny() {
        return IMPLEMENTATIONS.stream().map(Expected::name).filter(name -> installedOrEmpty(name).isPresent())
                .findFirst().orElseGet(() -> Assumptions.abort("no MPI implementation is installed"));
    }

    private static void assertJoinedAs(MpiRunResult result, Path library, Family family, Kind launcher) {
        assertThat(result.ranks()).hasSize(2);
        result.assertEachRank(rank -> {
            assertLoaded(rank, library, family, null);
            assertThat(rank.value("how")).hasValueSatisfying(how -> assertThat(how).startsWith("beside the launcher "));
            assertThat(rank.value("launcher")).contains(launcher.name());
            assertThat(rank.value("rank")).contains(Integer.toString(rank.rank()));
            assertThat(rank.value("size")).contains("2");
        });
    }

    /** The rank loaded {@code library} (the same file, whatever path led to it) and identified it so. */
    private static void assertLoaded(RankResult rank, Path library, Family family, Lineage lineage) {
        assertThat(rank.succeeded()).as("exit status; stderr:\n" + rank.stderr()).isTrue();
        assertThat(rank.value("library").map(Path::of).map(MpiDiscoveryTest::realPath)).contains(realPath(library));
        assertThat(rank.value("family")).contains(family.name());
        if (lineage != null) {
            assertThat(rank.value("lineage")).contains(lineage.name());
        }
    }

    /** Runs {@link DiscoveryProgram} in one process, without a launcher, with the implementation's environment. */
    private static RankResult runAlone(MpiImplementation mpi, Map<String, String> variables, String... jvmOptions) {
        List<String> command = new ArrayList<>(MpiRun.javaCommand());
        command.addAll(List.of(jvmOptions));
        command.add(DiscoveryProgram.class.getName());
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> environment = builder.environment();
        // Nothing of the test's own environment may choose for the program: no mpi4all setting, no launcher's
        // variable, no loader path or preload but the implementation's.
        environment.keySet().removeIf(name -> name.startsWith("MPI4ALL_") || name.startsWith("OMPI_")
                || name.startsWith("PMI") || name.startsWith("SLURM_") || name.startsWith("LD_"));
        environment.putAll(mpi.environment());
        environment.putAll(variables);
        try {
            Process process = builder.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
            String stdout = read(process.getInputStream());
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            return new RankResult(0, Optional.of(process.exitValue()), stdout, stderr.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static String read(java.io.InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Expected expected(String name) {
        return IMPLEMENTATIONS.stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
    }

    private static Path standardAbiLibrary(MpiImplementation mpi) {
        Path library = mpi.prefix().resolve("lib/libmpi_abi.so.1");
        Assumptions.assumeTrue(Files.isRegularFile(library), mpi.name() + " has no " + library);
        return library;
    }

    private static final Map<String, Optional<MpiImplementation>> INSTALLED = new HashMap<>();

    /** The implementation's facts; the test is skipped, with the reason, when it is not installed. */
    private static MpiImplementation installed(String name) {
        return installedOrEmpty(name).orElseGet(() -> Assumptions.abort(name + " is not installed (scripts/mpi install "
                + name + ")"));
    }

    private static synchronized Optional<MpiImplementation> installedOrEmpty(String name) {
        return INSTALLED.computeIfAbsent(name, n -> {
            try {
                return Optional.of(MpiImplementation.facts(n));
            } catch (IllegalStateException notInstalled) {
                return Optional.empty();
            }
        });
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
