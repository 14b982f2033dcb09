package org.mpi4all.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.runtime.MpiDiscovery.Choice;
import org.mpi4all.runtime.MpiDiscovery.Family;
import org.mpi4all.runtime.MpiLauncher.Kind;

/**
 * The decisions of {@link MpiLauncher} and {@link MpiDiscovery} that need no MPI: which launcher the environment
 * and the ancestors show, where a launcher's library is looked for, in which order names are tried, and the
 * user's choices. {@link MpiDiscoveryTest} runs them for real.
 */
class DiscoveryRulesTest {
    private static final Choice NO_CHOICE = new Choice(null, null, null, null);

    @Test
    void theNearestLauncherProgramAmongTheAncestorsWins() {
        MpiLauncher launcher = MpiLauncher.detect(Map.of("OMPI_COMM_WORLD_SIZE", "2"),
                List.of(Path.of("/usr/bin/dash"), Path.of("/opt/mpich/bin/hydra_pmi_proxy"), Path.of("/usr/bin/orterun")).iterator());
        assertThat(launcher.kind()).isEqualTo(Kind.HYDRA);
        assertThat(launcher.evidence()).isEqualTo("parent process /opt/mpich/bin/hydra_pmi_proxy");
        assertThat(launcher.prefix()).contains(Path.of("/opt/mpich"));
    }

    @Test
    void theAncestorsAreReadOnlyAsFarAsTheLauncher() {
        Iterator<Path> ancestors = Stream.concat(Stream.of(Path.of("/x/bin/prted")),
                Stream.<Path>generate(() -> {
                    throw new AssertionError("read an ancestor beyond the launcher");
                })).iterator();
        assertThat(MpiLauncher.detect(Map.of(), ancestors).kind()).isEqualTo(Kind.OPEN_MPI);
    }

    @Test
    void everyLauncherProgramIsRecognised() {
        Map<String, Kind> programs = Map.of("/usr/bin/orterun", Kind.OPEN_MPI, "/x/bin/orted", Kind.OPEN_MPI,
                "/x/bin/prterun", Kind.OPEN_MPI, "/x/bin/prted", Kind.OPEN_MPI, "/x/bin/hydra_pmi_proxy", Kind.HYDRA,
                "/x/bin/mpiexec.hydra", Kind.HYDRA, "/x/bin/mpiexec.gforker", Kind.HYDRA,
                "/usr/sbin/slurmstepd", Kind.SLURM);
        programs.forEach((program, kind) -> assertThat(MpiLauncher.detect(Map.of(), List.of(Path.of(program)).iterator()).kind())
                .as(program).isEqualTo(kind));
    }

    @Test
    void withoutALauncherProgramTheVariablesDecide() {
        assertThat(kindFromVariables("OMPI_COMM_WORLD_SIZE", "PMIX_RANK")).isEqualTo(Kind.OPEN_MPI);
        assertThat(kindFromVariables("PMI_RANK", "PMI_FD")).isEqualTo(Kind.HYDRA);
        // srun --mpi=pmi2 sets PMI_RANK too, and --mpi=pmix PMIX_RANK: it is Slurm, which either lineage can use.
        assertThat(kindFromVariables("PMI_RANK", "SLURM_STEP_ID")).isEqualTo(Kind.SLURM);
        assertThat(kindFromVariables("PMIX_RANK", "SLURM_STEP_ID")).isEqualTo(Kind.SLURM);
        assertThat(kindFromVariables("PMIX_RANK")).isEqualTo(Kind.PMIX);
        assertThat(kindFromVariables("HOME")).isEqualTo(Kind.NONE);
        assertThat(MpiLauncher.detect(Map.of("PMI_RANK", "0"), List.of(Path.of("/usr/bin/bash")).iterator()).evidence())
                .isEqualTo("PMI_RANK is set");
    }

    @Test
    void theAncestorsAreReadOnlyWhereALaunchersVariableIsSet() {
        assertThat(MpiLauncher.reachable(Map.of("HOME", "/root", "PATH", "/usr/bin", "MPI4ALL_LIB", "x"))).isFalse();
        for (String name : List.of("PMI_FD", "PMI_PORT", "PMI_RANK", "PMIX_SERVER_URI41", "PMIX_RANK",
                "OMPI_COMM_WORLD_SIZE", "SLURM_STEP_ID")) {
            assertThat(MpiLauncher.reachable(Map.of("HOME", "/root", name, "1"))).as(name).isTrue();
        }
    }

    private static Kind kindFromVariables(String... names) {
        Map<String, String> environment = new HashMap<>();
        for (String name : names) {
            environment.put(name, "0");
        }
        return MpiLauncher.detect(environment, List.of(Path.of("/usr/bin/bash"), Path.of("/sbin/init")).iterator()).kind();
    }

    @Test
    void theLaunchersOwnLibraryIsFoundInItsPrefixAndOnlyOfItsLineage(@TempDir Path prefix) throws IOException {
        Path hydra = file(prefix.resolve("bin/hydra_pmi_proxy"));
        file(prefix.resolve("lib/libmpi.so.40"));
        Path mpich = file(prefix.resolve("lib64/libmpi.so.12"));
        Path standard = file(prefix.resolve("lib64/libmpi_abi.so.1"));
        MpiLauncher launcher = MpiLauncher.detect(Map.of(), List.of(hydra).iterator());

        assertThat(MpiDiscovery.besideLauncher(launcher, NO_CHOICE))
                .contains(new MpiDiscovery.Located(mpich.toString(), "beside the launcher " + hydra));
        assertThat(MpiDiscovery.besideLauncher(launcher, new Choice(null, null, Family.STANDARD_ABI, "MPI4ALL_ABI")))
                .map(MpiDiscovery.Located::library).contains(standard.toString());
    }

    @Test
    void anInstallationCarryingOnlyTheStandardAbisLibraryGivesThatOne(@TempDir Path prefix) throws IOException {
        Path hydra = file(prefix.resolve("bin/hydra_pmi_proxy"));
        file(prefix.resolve("lib/libmpi.so.40"));
        Path standard = file(prefix.resolve("lib/libmpi_abi.so.1"));
        MpiLauncher launcher = MpiLauncher.detect(Map.of(), List.of(hydra).iterator());

        assertThat(MpiDiscovery.besideLauncher(launcher, NO_CHOICE))
                .map(MpiDiscovery.Located::library).contains(standard.toString());
        // The implementation's own ABI's library wins wherever the prefix keeps it.
        Path mpich = file(prefix.resolve("lib64/libmpich.so.12"));
        assertThat(MpiDiscovery.besideLauncher(launcher, NO_CHOICE))
                .map(MpiDiscovery.Located::library).contains(mpich.toString());
        assertThat(MpiDiscovery.besideLauncher(launcher, new Choice(null, null, Family.MPICH, "MPI4ALL_ABI")))
                .map(MpiDiscovery.Located::library).contains(mpich.toString());
    }

    @Test
    void debiansLaunchersInUsrBinFindTheirLibraryInTheMultiarchDirectory(@TempDir Path usr) throws IOException {
        Path orterun = file(usr.resolve("bin/orterun"));
        List<Path> directories = MpiDiscovery.libraryDirectories(usr);
        Path multiarch = directories.stream().filter(d -> d.getFileName().toString().contains("-linux-")).findFirst()
                .orElseThrow(() -> new AssertionError("no multiarch directory among " + directories
                        + " (this test expects a Debian-like system)"));
        Path openMpi = file(multiarch.resolve("libmpi.so.40"));
        file(multiarch.resolve("libmpich.so.12"));

        assertThat(MpiDiscovery.besideLauncher(MpiLauncher.detect(Map.of(), List.of(orterun).iterator()), NO_CHOICE))
                .map(MpiDiscovery.Located::library).contains(openMpi.toString());
    }

    @Test
    void aLauncherWithoutAPrefixOrLineageHasNoLibraryBesideIt(@TempDir Path prefix) throws IOException {
        file(prefix.resolve("lib/libmpi.so.40"));
        Path slurmstepd = file(prefix.resolve("sbin/slurmstepd"));
        MpiLauncher slurm = MpiLauncher.detect(Map.of(), List.of(slurmstepd).iterator());
        assertThat(MpiDiscovery.besideLauncher(slurm, NO_CHOICE)).isEmpty();
        assertThat(MpiDiscovery.besideLauncher(slurm, new Choice(null, null, Family.OPEN_MPI, "MPI4ALL_ABI"))).isEmpty();
        assertThat(MpiDiscovery.besideLauncher(MpiLauncher.detect(Map.of("PMI_RANK", "0"), List.<Path>of().iterator()), NO_CHOICE))
                .isEmpty();
    }

    @Test
    void theLoaderTriesTheLaunchersLineageFirstAndOnlyTheNamedAbi() {
        MpiLauncher hydra = new MpiLauncher(Kind.HYDRA, "PMI_RANK is set", Optional.empty());
        MpiLauncher none = new MpiLauncher(Kind.NONE, "no launcher's variable is set", Optional.empty());
        assertThat(MpiDiscovery.namesInOrder(none, NO_CHOICE))
                .containsExactly("libmpi.so.40", "libmpich.so.12", "libmpi.so.12", "libmpi_abi.so.1");
        assertThat(MpiDiscovery.namesInOrder(hydra, NO_CHOICE))
                .containsExactly("libmpich.so.12", "libmpi.so.12", "libmpi.so.40", "libmpi_abi.so.1");
        assertThat(MpiDiscovery.namesInOrder(hydra, new Choice(null, null, Family.STANDARD_ABI, "-Dmpi4all.abi")))
                .containsExactly("libmpi_abi.so.1");
    }

    @Test
    void theAbiIsNamedByItsShortName() {
        assertThat(Choice.family("OpenMPI", "MPI4ALL_ABI")).isEqualTo(Family.OPEN_MPI);
        assertThat(Choice.family("mpich", "MPI4ALL_ABI")).isEqualTo(Family.MPICH);
        assertThat(Choice.family("standard", "MPI4ALL_ABI")).isEqualTo(Family.STANDARD_ABI);
        assertThatThrownBy(() -> Choice.family("intel", "-Dmpi4all.abi"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dmpi4all.abi=intel is not an MPI ABI: choose openmpi, mpich or standard (or probe)");
    }

    @Test
    void aLinkerScriptStandsForTheLibraryItNames(@TempDir Path lib) throws IOException {
        Path script = lib.resolve("libmpi.so");
        Files.writeString(script, "INPUT(libmpi.so.12)\n");
        assertThat(MpiDiscovery.realLibrary(script)).isEqualTo(lib.resolve("libmpi.so.12"));
        Path elf = lib.resolve("libmpi.so.40");
        Files.write(elf, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 'I', 'N', 'P', 'U', 'T', '(', 'x', ')'});
        assertThat(MpiDiscovery.realLibrary(elf)).isEqualTo(elf);
    }

    @Test
    void anExplicitPathThatDoesNotExistIsNamed() {
        assertThatThrownBy(() -> MpiDiscovery.chosen(new Choice("/no/such/libmpi.so.40", "MPI4ALL_LIB", null, null)))
                .isInstanceOf(UnsatisfiedLinkError.class)
                .hasMessage("the MPI library /no/such/libmpi.so.40 given by MPI4ALL_LIB does not exist");
        assertThat(MpiDiscovery.chosen(new Choice("libmpich.so.12", "-Dmpi4all.lib", null, null)))
                .contains(new MpiDiscovery.Located("libmpich.so.12", "given by -Dmpi4all.lib=libmpich.so.12"));
    }

    @Test
    void aLibraryTheLoaderCannotLoadIsExplainedInTheLoadersWords() {
        assertThatThrownBy(() -> LibC.dlopen("libmpi-no-such.so.1", LibC.RTLD_NOW | LibC.RTLD_GLOBAL))
                .isInstanceOf(UnsatisfiedLinkError.class)
                .hasMessage("cannot load libmpi-no-such.so.1: libmpi-no-such.so.1: cannot open shared object file:"
                        + " No such file or directory");
    }

    private static Path file(Path path) throws IOException {
        Files.createDirectories(path.getParent());
        return Files.writeString(path, "");
    }
}
