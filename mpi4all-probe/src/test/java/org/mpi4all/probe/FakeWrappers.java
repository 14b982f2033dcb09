package org.mpi4all.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Compiler wrappers that go wrong in the ways a user's can, written as shell scripts into a directory. */
final class FakeWrappers {
    private FakeWrappers() {}

    /** Answers {@code -show} like a wrapper but fails every compile. */
    static Path failingToCompile(Path dir) throws IOException {
        return script(dir, "mpicc-broken", """
                case "$1" in -show|--showme) echo "gcc -I/nowhere"; exit 0;; esac
                echo "fake-mpicc: fatal error: this compiler is broken" >&2
                exit 1
                """);
    }

    /** Compiles with plain gcc and a directory whose mpi.h declares nothing of MPI. */
    static Path withHeaderWithoutMpi(Path dir) throws IOException {
        Path include = Files.createDirectories(dir.resolve("include"));
        Files.writeString(include.resolve("mpi.h"), "int not_mpi(void);\n#define NOT_MPI 1\n");
        return script(dir, "mpicc-no-mpi", """
                case "$1" in -show|--showme) echo "gcc -I%1$s"; exit 0;; esac
                exec gcc -I%1$s "$@"
                """.formatted(include));
    }

    /** Compiles with plain gcc, which finds no mpi.h at all. */
    static Path withoutHeader(Path dir) throws IOException {
        return script(dir, "mpicc-no-header", """
                case "$1" in -show|--showme) echo "gcc"; exit 0;; esac
                exec gcc "$@"
                """);
    }

    /** Prints nothing for {@code -show} or {@code --showme}: not a wrapper at all. */
    static Path notAWrapper(Path dir) throws IOException {
        return script(dir, "not-a-wrapper", "exit 0\n");
    }

    private static Path script(Path dir, String name, String body) throws IOException {
        Path script = dir.resolve(name);
        Files.writeString(script, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }
}
