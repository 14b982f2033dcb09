package org.mpi4all.ffi;

import java.nio.file.Path;
import java.util.List;
import org.mpi4all.testkit.MpiRunResult;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ErrorsProgram} on 2 ranks: MPI errors as exceptions on communicators, windows and files; Java misuse. The
 * checked mode is off, so that MPI itself sees the invalid arguments ({@link CheckedModeTest} covers the checks).
 */
class ErrorsTest {
    @TestFactory
    Stream<DynamicTest> errorsOnTwoRanks(@TempDir Path directory) {
        MpiRunResult result = Conformance.launch(List.of("env", "MPI4ALL_CHECKED=false"), ErrorsProgram.class, 2,
                directory.toString());
        return Conformance.tests(result, ErrorsProgram.class);
    }
}
