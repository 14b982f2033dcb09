package org.mpi4all.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The signal check's parts in a JVM that loaded no MPI: the handlers libc reports are the JVM's own, found in
 * {@code java.home} by the path the loader gives or through links to it, and a file elsewhere is not the JVM's. (That
 * a foreign handler is refused with its library's name is {@code JvmTrapsTest}'s, with UCX.)
 */
class SignalOwnershipTest {
    private static final int SIGSEGV = 11;
    private static final String JAVA_HOME = System.getProperty("java.home");

    @Test
    void theJvmHandlesItsSignalsWithOneHandlerInItsOwnLibrary() {
        long handler = LibC.signalHandler(SIGSEGV);
        assertThat(handler).as("the JVM installs a handler for SIGSEGV").isGreaterThan(1);
        for (int signal : new int[] {7, 8, 4}) {   // SIGBUS, SIGFPE, SIGILL
            assertThat(LibC.signalHandler(signal)).as("signal %d", signal).isEqualTo(handler);
        }
        LibC.SharedObject object = LibC.sharedObjectAt(handler);
        assertThat(object).isNotNull();
        assertThat(object.file()).contains("libjvm");
        assertThat(SignalOwnership.inJavaHome(object.file())).isTrue();
        SignalOwnership.requireJvmHandlers("in a test JVM");
    }

    @Test
    void aFileIsTheJvmsOnlyUnderJavaHomeByTextOrThroughLinks(@TempDir Path links) throws IOException {
        String libjvm = LibC.sharedObjectAt(LibC.signalHandler(SIGSEGV)).file();
        Path linkedHome = Files.createSymbolicLink(links.resolve("jdk"), Path.of(JAVA_HOME));
        assertThat(SignalOwnership.inJavaHome(linkedHome.resolve(Path.of(JAVA_HOME).relativize(Path.of(libjvm)))
                .toString())).as("libjvm through a link to java.home").isTrue();
        assertThat(SignalOwnership.inJavaHome(LibC.fileOf(LibC.aLibcFunction()).orElseThrow()))
                .as("the C library").isFalse();
        assertThat(SignalOwnership.inJavaHome(JAVA_HOME + "-other/lib/server/libjvm.so"))
                .as("a sibling of java.home whose name begins like it").isFalse();
    }
}
