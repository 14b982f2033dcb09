package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class GoComparisonTest {

    @Test
    void eachBenchmarkHasTheBestAndMedianOfEachSideAndTheirRatios() {
        List<String> table = GoComparison.markdown(List.of(
                "Jacobi\tgo\t2.0", "Jacobi\tc\t1.0",
                "Jacobi\tc\t3.0", "Jacobi\tgo\t4.0",
                "Jacobi\tgo\t3.0", "Jacobi\tc\t2.0",
                "Halo3D\tgo\t1.5", "Halo3D\tc\t1.0",
                "Halo3D\tc\t2.0", "Halo3D\tgo\t2.5"));

        assertThat(table).containsExactly(
                "| benchmark | Go best (s) | C best (s) | Go/C best | Go median (s) | C median (s) | Go/C median |",
                "|---|---|---|---|---|---|---|",
                "| Jacobi | 2.000 | 1.000 | **2.00** | 3.000 | 2.000 | 1.50 |",
                // An even count: the mean of the middle two.
                "| Halo3D | 1.500 | 1.000 | **1.50** | 2.000 | 1.500 | 1.33 |");
    }

    @Test
    void aBenchmarkWithoutOneSideOrAMalformedLineIsNamed() {
        assertThatThrownBy(() -> GoComparison.markdown(List.of("Jacobi\tgo\t2.0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Jacobi: no c time to compare (only go)");
        assertThatThrownBy(() -> GoComparison.markdown(List.of("Jacobi\tfortran\t2.0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("not: Jacobi\tfortran\t2.0");
    }
}
