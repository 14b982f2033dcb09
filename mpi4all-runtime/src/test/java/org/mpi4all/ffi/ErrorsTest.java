package org.mpi4all.ffi;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** {@link ErrorsProgram} on 2 ranks: MPI errors as exceptions on communicators, windows and files; Java misuse. */
class ErrorsTest {
    @TestFactory
    Stream<DynamicTest> errorsOnTwoRanks(@TempDir Path directory) {
        return Conformance.run(ErrorsProgram.class, 2, directory.toString());
    }
}
