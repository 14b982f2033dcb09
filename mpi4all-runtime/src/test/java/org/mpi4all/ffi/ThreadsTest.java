package org.mpi4all.ffi;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** {@link ThreadsProgram} on 2 ranks of 4 Java threads each, under {@code MPI_THREAD_MULTIPLE}. */
class ThreadsTest {
    @TestFactory
    Stream<DynamicTest> threadMultipleOnTwoRanksOfFourThreads() {
        return Conformance.run(ThreadsProgram.class, 2);
    }
}
