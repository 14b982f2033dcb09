package org.mpi4all.ffi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/**
 * Constants are declared in interfaces of their families, which a JVM initialises on first use, apart from
 * {@link Mpi}: a program that reads a constant before anything initialises {@code Mpi} gets the library's value, and
 * {@code Mpi}, initialised afterwards (reading some of the same constants), works with it.
 */
class ConstantsFirstTest {
    @Test
    void aConstantReadBeforeMpiIsInitialisedHasTheLibrarysValue() {
        MpiRunResult result = MpiRun.java(ConstantsFirstProgram.class).ranks(2).timeout(Conformance.TIMEOUT).run();

        result.assertSucceeded();
        assertThat(result.ranks()).hasSize(2);
        result.assertEachRank(r -> {
            assertThat(r.value("size")).contains("2");
            assertThat(r.value("rank")).contains(String.valueOf(r.rank()));
            assertThat(r.value("in_place_read_first")).isEqualTo(r.value("in_place_of_the_library"));
            assertThat(r.value("int_read_first")).isEqualTo(r.value("int_of_the_library")).isNotEqualTo(Optional.of("0"));
            assertThat(r.value("sum")).contains("3");
        });
    }
}
