package org.mpi4all.codegen.java;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The standard's LaTeX descriptions become plain Javadoc. */
class JavaNamesTest {
    @Test
    void latexMarkupBecomesJavadoc() {
        assertThat(JavaNames.javadocText("number of elements in \\mpiarg{array_of_integers}"))
                .isEqualTo("number of elements in {@code array_of_integers}");
        assertThat(JavaNames.javadocText("the size of Fortran \\code{LOGICAL} in bytes"))
                .isEqualTo("the size of Fortran {@code LOGICAL} in bytes");
        assertThat(JavaNames.javadocText("\\MPI/ process, \\RMA/ window, not~(\\mbox{\\mpicode{false}})"))
                .isEqualTo("MPI process, RMA window, not ({@code false})");
        assertThat(JavaNames.javadocText("plain text")).isEqualTo("plain text");
    }
}
