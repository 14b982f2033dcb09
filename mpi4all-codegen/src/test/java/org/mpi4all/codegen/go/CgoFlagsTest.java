package org.mpi4all.codegen.go;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CgoFlagsTest {

    @Test
    void theWrappersFlagsBecomeTheCgoLines() {
        assertThat(CgoFlags.lines(List.of("-I/usr/include/x86_64-linux-gnu/mpich"),
                List.of("-Wl,-z,relro", "-L/usr/lib/x86_64-linux-gnu", "-lmpich"))).containsExactly(
                "#cgo CFLAGS: -I/usr/include/x86_64-linux-gnu/mpich -Wno-deprecated-declarations",
                "#cgo LDFLAGS: -Wl,-z,relro -L/usr/lib/x86_64-linux-gnu -lmpich");
    }

    @Test
    void xlinkerPairsBecomeTheWlFormCgoAccepts() {
        assertThat(CgoFlags.cgoLinkFlags(List.of("-L/opt/impi/lib", "-Xlinker", "--enable-new-dtags",
                "-Xlinker", "-rpath", "-Xlinker", "/opt/impi/lib", "-lmpi"))).containsExactly(
                "-L/opt/impi/lib", "-Wl,--enable-new-dtags", "-Wl,-rpath", "-Wl,/opt/impi/lib", "-lmpi");
    }

    @Test
    void aDanglingXlinkerIsAnError() {
        assertThatThrownBy(() -> CgoFlags.cgoLinkFlags(List.of("-lmpi", "-Xlinker")))
                .hasMessageContaining("-Xlinker without an argument");
    }

    @Test
    void flagsWithSpacesAreQuoted() {
        assertThat(CgoFlags.lines(List.of("-I/opt/my mpi/include", "-DNAME=\"x\""), List.of())).containsExactly(
                "#cgo CFLAGS: \"-I/opt/my mpi/include\" '-DNAME=\"x\"' -Wno-deprecated-declarations");
    }
}
