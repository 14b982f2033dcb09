package org.mpi4all.ffi;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link CriticalStartsProgram} on 2 ranks: the critical starts carry messages and errors, and a Java error handler
 * makes them plain before MPI can call it ({@link ThreadsTest} checks that {@code MPI_THREAD_MULTIPLE} does too).
 */
class CriticalStartsTest {
    @TestFactory
    Stream<DynamicTest> criticalStartsOnTwoRanks() {
        return Conformance.run(CriticalStartsProgram.class, 2);
    }
}
