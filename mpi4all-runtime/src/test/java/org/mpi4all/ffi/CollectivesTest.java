package org.mpi4all.ffi;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** {@link CollectivesProgram} on 3 ranks (not a power of two): every collective family, Java reductions. */
class CollectivesTest {
    @TestFactory
    Stream<DynamicTest> collectivesOnThreeRanks() {
        return Conformance.run(CollectivesProgram.class, 3);
    }
}
