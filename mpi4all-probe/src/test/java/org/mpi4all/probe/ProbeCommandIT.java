package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;
import org.mpi4all.core.mpi.MpiImplementation;

/** The packaged CLI, run as users run it: {@code java -jar mpi4all-probe/target/mpi4all-probe.jar ...}. */
class ProbeCommandIT {
    private static final Path JAR = Path.of("target", "mpi4all-probe.jar").toAbsolutePath();

    @TempDir
    Path dir;

    private ProcessOutput probe(Map<String, String> environment, String... arguments) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dmpi4all.root=" + MpiImplementation.projectRoot(), "-jar", JAR.toString()));
        command.addAll(List.of(arguments));
        return ProcessOutput.run(command, dir, environment);
    }

    private ProcessOutput probe(String... arguments) {
        return probe(Map.of(), arguments);
    }

    private static void assertOneErrorLine(ProcessOutput output, String message) {
        assertThat(output.exitCode()).as(output.stderr()).isEqualTo(1);
        assertThat(output.stderr().lines().toList()).containsExactly("mpi4all-probe: " + message);
        assertThat(output.stdout()).isEmpty();
    }

    @Test
    void helpDescribesEveryOption() {
        ProcessOutput output = probe("--help");
        assertThat(output.exitCode()).isZero();
        assertThat(output.stdout()).contains("Usage: mpi4all-probe", "--mpicc=WRAPPER", "--mpi=NAME", "--out=FILE",
                "--aux=FILE.so", "--verbose", "--help", "--version");
        for (String name : MpiImplementation.NAMES) {
            assertThat(output.stdout()).contains(name);
        }
    }

    @Test
    void probesAWrapperWritesTheBlueprintAndBuildsTheLibrary() throws IOException {
        Path out = dir.resolve("mpich.json");
        Path aux = dir.resolve("aux/libmpi4all_mpich.so");
        Files.createDirectories(aux.getParent());
        ProcessOutput output = probe("--mpicc", "/usr/bin/mpicc.mpich", "--out", out.toString(), "--aux", aux.toString(), "-v");
        assertThat(output.exitCode()).as(output.stderr()).isZero();
        Blueprint blueprint = BlueprintJson.read(out);
        assertThat(blueprint.implementation().family()).isEqualTo("mpich");
        assertThat(blueprint.implementation().name()).isEqualTo("mpich");
        assertThat(blueprint.function("MPI_Send")).isPresent();
        assertThat(aux).isRegularFile();
        assertThat(dir.resolve("aux/libmpi4all_mpich.c")).content().contains("mpi4all_MPI_COMM_WORLD");
        assertThat(output.stderr()).contains("preprocessed", "parsed", "measured", "assembled", "auxiliary library " + aux);
    }

    @Test
    void namedImplementationAndStandardOutput() {
        ProcessOutput output = probe("--mpi", "openmpi");
        assertThat(output.exitCode()).as(output.stderr()).isZero();
        Blueprint blueprint = BlueprintJson.fromJson(output.stdout());
        assertThat(blueprint.implementation().name()).isEqualTo("openmpi");
        assertThat(blueprint.implementation().library()).endsWith("/libmpi.so.40");
    }

    @Test
    void withoutOptionsTheWrapperOnPathIsUsed() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("mpicc"), "#!/bin/sh\nexec /usr/bin/mpicc.openmpi \"$@\"\n");
        bin.resolve("mpicc").toFile().setExecutable(true);
        ProcessOutput output = probe(Map.of("PATH", bin + ":/usr/bin:/bin"));
        assertThat(output.exitCode()).as(output.stderr()).isZero();
        Blueprint blueprint = BlueprintJson.fromJson(output.stdout());
        assertThat(blueprint.implementation().family()).isEqualTo("openmpi");
        assertThat(blueprint.implementation().mpicc()).isEqualTo(bin.resolve("mpicc").toString());
    }

    @Test
    void noCompilerFound() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path out = dir.resolve("out.json");
        assertOneErrorLine(probe(Map.of("PATH", empty.toString()), "--out", out.toString()),
                "no MPI compiler wrapper on PATH (looked for mpicc, mpiicc, mpiicx, mpigcc, mpicc.openmpi, mpicc.mpich):"
                        + " give one with --mpicc or name an implementation with --mpi");
        assertThat(out).doesNotExist();
    }

    @Test
    void wrapperThatFailsToCompileLeavesTheOldBlueprintAlone() throws IOException {
        Path wrapper = FakeWrappers.failingToCompile(dir);
        Path out = dir.resolve("out.json");
        Files.writeString(out, "old");
        assertOneErrorLine(probe("--mpicc", wrapper.toString(), "--out", out.toString()),
                wrapper + " cannot compile #include <mpi.h>: fake-mpicc: fatal error: this compiler is broken");
        assertThat(out).hasContent("old");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void headerWithoutMpi() throws IOException {
        Path wrapper = FakeWrappers.withHeaderWithoutMpi(dir);
        Path out = dir.resolve("out.json");
        assertOneErrorLine(probe("--mpicc", wrapper.toString(), "--out", out.toString()),
                dir.resolve("include/mpi.h") + " declares no MPI functions: it is not an MPI header");
        assertThat(out).doesNotExist();
    }

    @Test
    void unwritableOutput() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "");
        assertOneErrorLine(probe("--mpi", "openmpi", "--out", file.resolve("out.json").toString()),
                "cannot write the blueprint to " + file.resolve("out.json") + ": " + file + " is not a directory");
        assertOneErrorLine(probe("--mpi", "openmpi", "--out", dir.toString()),
                "cannot write the blueprint to " + dir + ": it is a directory");
        assertOneErrorLine(probe("--mpi", "openmpi", "--aux", file.resolve("aux.so").toString()),
                "cannot write the auxiliary library to " + file.resolve("aux.so") + ": " + file + " is not a directory");
    }

    @Test
    void unknownImplementationAndConflictingOptions() {
        assertOneErrorLine(probe("--mpi", "lam"),
                "unknown MPI implementation 'lam' (choose one of: openmpi, mpich, intelmpi, mpich5, openmpi5, mpiabi)");
        ProcessOutput both = probe("--mpi", "openmpi", "--mpicc", "/usr/bin/mpicc.openmpi");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.stderr()).startsWith("give --mpicc or --mpi, not both");
    }
}
