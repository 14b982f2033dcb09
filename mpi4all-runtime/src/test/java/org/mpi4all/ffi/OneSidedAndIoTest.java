package org.mpi4all.ffi;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** {@link OneSidedAndIoProgram} on 3 ranks: windows with fences and locks, MPI-IO in a temporary directory. */
class OneSidedAndIoTest {
    @TestFactory
    Stream<DynamicTest> oneSidedAndFileIoOnThreeRanks(@TempDir Path directory) {
        return Conformance.run(OneSidedAndIoProgram.class, 3, directory.toString());
    }
}
