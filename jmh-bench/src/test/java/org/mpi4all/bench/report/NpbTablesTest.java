package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

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
        List<String> lines = NpbTables.jmh(List.of(
                "mpi4all\tCG\tA\t2\tjmh\t1.0,2.0,3.0",
                "mpi4all\tCG\tA\t2\tnpb\t1.01,2.01,3.01")).lines().toList();

        assertThat(lines).hasSize(3);
        assertThat(lines.get(2)).startsWith("| CG.A | 2 | mpi4all | 2.00 ± ").endsWith(" | 1.00 | 1.01, 2.01, 3.01 |");
    }
}
