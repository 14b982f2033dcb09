package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class NpbTablesTest {

    @Test
    void oneShotRowsHaveEveryRunBestMedianAndTheRatioOfMedians() {
        NpbRuns runs = new NpbRuns(List.of(
                new NpbRuns.Run("ompi-java", "CG", "A", 2, "3.0"),
                new NpbRuns.Run("m4a", "CG", "A", 2, "1.0"),
                new NpbRuns.Run("ompi-java", "CG", "A", 2, "1.0"),
                new NpbRuns.Run("m4a", "CG", "A", 2, "2.0"),
                new NpbRuns.Run("ompi-java", "CG", "A", 2, "2.0"),
                new NpbRuns.Run("m4a", "CG", "A", 2, "failed-1")));

        List<String> lines = NpbTables.oneShot(runs).lines().toList();

        assertThat(lines.getFirst()).isEqualTo("| bench | ranks | ompi-java: runs (s) | best | median | m4a: runs (s) | best | median"
                + " | median ÷ ompi-java's, m4a |");
        assertThat(lines).hasSize(3);
        assertThat(lines.get(2)).isEqualTo("| CG.A | 2 | 3.0, 1.0, 2.0 | 1.00 | 2.00 | 1.0, 2.0, failed-1 | 1.00 | 1.50 | ×0.75 |");
    }

    @Test
    void jmhRowsHaveTheMeanWithItsIntervalTheMinimumAndNpbsOwnTimes() {
        NpbJmhRuns runs = NpbJmhRuns.parse("test", List.of(
                "mpi4all\tCG\tA\t2\tjmh\t1.0,2.0,3.0",
                "mpi4all\tCG\tA\t2\tnpb\t1.01,2.01,3.01",
                "",
                "mpj\tCG\tA\t2\ttimeout",
                "mpi4all\tEP\tS\t2\tjmh\t0.0123",
                "mpi4all\tEP\tS\t2\tnpb\t0.0124"));

        List<String> lines = NpbTables.jmh(runs).lines().toList();

        assertThat(lines).hasSize(5);
        // t of 2 degrees of freedom at 99.95%, 31.60, times the standard deviation 1 over √3
        assertThat(lines.get(2)).isEqualTo("| CG.A | 2 | mpi4all | 2.00 ± 18.24 | 1.00 | 2.01 | 1.01, 2.01, 3.01 |");
        assertThat(lines.get(3)).isEqualTo("| CG.A | 2 | mpj | timeout | – | – | – |");
        // one measured iteration: no interval; milliseconds with three significant digits
        assertThat(lines.get(4)).isEqualTo("| EP.S | 2 | mpi4all | 0.0123 | 0.0123 | 0.0124 | 0.0124 |");
    }

    @Test
    void aJmhLineOfAnotherShapeIsRefused() {
        assertThatThrownBy(() -> NpbJmhRuns.parse("npb-jmh.tsv", List.of("mpi4all\tCG\tA\t2\tcold\t1.0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("npb-jmh.tsv: an NPB-under-JMH line is");
    }
}
