package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every way a wrapper can be wrong ends in one ProbeException whose message says what and where. */
class ProbeErrorsTest {
    @TempDir
    Path dir;

    private static ProbeOptions optionsFor(Path wrapper) {
        return ProbeOptions.of(CompilerWrapper.of(wrapper));
    }

    @Test
    void noWrapperOnPath() {
        assertThatThrownBy(() -> CompilerWrapper.findOnPath(dir.toString()))
                .isInstanceOf(ProbeException.class)
                .hasMessage("no MPI compiler wrapper on PATH (looked for mpicc, mpiicc, mpiicx, mpigcc, mpicc.openmpi,"
                        + " mpicc.mpich): give one with --mpicc or name an implementation with --mpi");
    }

    @Test
    void findOnPathTakesTheFirstKnownName() throws IOException {
        Path wrapper = FakeWrappers.notAWrapper(dir).resolveSibling("mpicc.mpich");
        java.nio.file.Files.copy(FakeWrappers.notAWrapper(dir), wrapper);
        assertThat(CompilerWrapper.findOnPath("/nonexistent:" + dir).path()).isEqualTo(wrapper);
    }

    @Test
    void wrapperThatIsNoFile() {
        assertThatThrownBy(() -> CompilerWrapper.of(dir.resolve("mpicc")))
                .isInstanceOf(ProbeException.class)
                .hasMessage("compiler wrapper " + dir.resolve("mpicc") + " is not an executable file");
    }

    @Test
    void wrapperThatFailsToCompile() throws IOException {
        Path wrapper = FakeWrappers.failingToCompile(dir);
        assertThatThrownBy(() -> Probe.run(optionsFor(wrapper)))
                .isInstanceOf(ProbeException.class)
                .hasMessage(wrapper + " cannot compile #include <mpi.h>: fake-mpicc: fatal error: this compiler is broken");
    }

    @Test
    void headerWithoutMpi() throws IOException {
        Path wrapper = FakeWrappers.withHeaderWithoutMpi(dir);
        assertThatThrownBy(() -> Probe.run(optionsFor(wrapper)))
                .isInstanceOf(ProbeException.class)
                .hasMessage(dir.resolve("include/mpi.h") + " declares no MPI functions: it is not an MPI header");
    }

    @Test
    void noHeaderAtAll() throws IOException {
        Path wrapper = FakeWrappers.withoutHeader(dir);
        assertThatThrownBy(() -> Probe.run(optionsFor(wrapper)))
                .isInstanceOf(ProbeException.class)
                .hasMessageStartingWith(wrapper + " cannot compile #include <mpi.h>: ")
                .hasMessageContaining("mpi.h: No such file or directory");
    }

    @Test
    void programThatIsNoWrapper() throws IOException {
        Path wrapper = FakeWrappers.notAWrapper(dir);
        assertThatThrownBy(() -> Probe.run(optionsFor(wrapper)))
                .isInstanceOf(ProbeException.class)
                .hasMessage(wrapper + " is not an MPI compiler wrapper: it answers neither -show nor --showme");
    }
}
