package org.mpi4all.ffi;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** {@link PointToPointProgram} on 3 ranks: blocking, nonblocking, probing, persistent, statuses and their sentinels. */
class PointToPointTest {
    @TestFactory
    Stream<DynamicTest> pointToPointOnThreeRanks() {
        return Conformance.run(PointToPointProgram.class, 3);
    }
}
