package org.mpi4all.ffi;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** {@link ObjectsProgram} on 4 ranks: communicators, groups, derived datatypes, info objects. */
class ObjectsTest {
    @TestFactory
    Stream<DynamicTest> communicatorsGroupsDatatypesAndInfoOnFourRanks() {
        return Conformance.run(ObjectsProgram.class, 4);
    }
}
