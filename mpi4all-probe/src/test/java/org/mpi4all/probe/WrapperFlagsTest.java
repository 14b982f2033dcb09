package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WrapperFlagsTest {

    @Test
    void openMpiShowme() {
        WrapperFlags flags = WrapperFlags.parse("gcc -I/usr/lib/x86_64-linux-gnu/openmpi/include -pthread"
                + " -L/usr/lib/x86_64-linux-gnu/openmpi/lib -lmpi");
        assertThat(flags.compiler()).isEqualTo("gcc");
        assertThat(flags.compileFlags()).containsExactly("-I/usr/lib/x86_64-linux-gnu/openmpi/include", "-pthread");
        assertThat(flags.linkFlags()).containsExactly("-pthread", "-L/usr/lib/x86_64-linux-gnu/openmpi/lib", "-lmpi");
        assertThat(flags.includeDirectories()).containsExactly(Path.of("/usr/lib/x86_64-linux-gnu/openmpi/include"));
    }

    @Test
    void intelShowWithQuotesAndXlinkerPairs() {
        WrapperFlags flags = WrapperFlags.parse("gcc -I\"/opt/intel mpi/include\" -L\"/opt/intel mpi/lib\""
                + " -Xlinker --enable-new-dtags -Xlinker -rpath -Xlinker \"/opt/intel mpi/lib\" -lmpi -Wl,-z,now -DX=1");
        assertThat(flags.compileFlags()).containsExactly("-I/opt/intel mpi/include", "-DX=1");
        assertThat(flags.linkFlags()).containsExactly("-L/opt/intel mpi/lib", "-Xlinker", "--enable-new-dtags",
                "-Xlinker", "-rpath", "-Xlinker", "/opt/intel mpi/lib", "-lmpi", "-Wl,-z,now");
        assertThat(flags.includeDirectories()).containsExactly(Path.of("/opt/intel mpi/include"));
    }

    @Test
    void separateIncludeArguments() {
        WrapperFlags flags = WrapperFlags.parse("cc -I /a -isystem /b -include x.h");
        assertThat(flags.compileFlags()).containsExactly("-I", "/a", "-isystem", "/b", "-include", "x.h");
        assertThat(flags.includeDirectories()).containsExactly(Path.of("/a"), Path.of("/b"));
    }

    @Test
    void shellWordsFollowPosixQuoting() {
        assertThat(ShellWords.split("a 'b c' \"d \\\"e\\\"\" f\\ g  ")).containsExactly("a", "b c", "d \"e\"", "f g");
        assertThatThrownBy(() -> ShellWords.split("gcc \"-I/x"))
                .isInstanceOf(ProbeException.class)
                .hasMessage("unbalanced quote in the wrapper's command line: gcc \"-I/x");
    }
}
