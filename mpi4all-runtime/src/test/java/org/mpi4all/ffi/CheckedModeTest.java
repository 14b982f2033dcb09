package org.mpi4all.ffi;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** {@link CheckedModeProgram} on 2 ranks: every misuse refused with its exception on both ranks, correct calls work. */
class CheckedModeTest {
    @TestFactory
    Stream<DynamicTest> checkedModeOnTwoRanks() {
        return Conformance.run(CheckedModeProgram.class, 2);
    }
}
