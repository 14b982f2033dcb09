package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckedCostTest {
    @TempDir
    Path directory;

    private Path file(String name, String... lines) throws IOException {
        return Files.writeString(directory.resolve(name), String.join("\n", lines) + "\n");
    }

    @Test
    void bestAndMedianOfEveryRunOfEachModeAndTheirCost() throws IOException {
        // two runs of each mode: their iterations are pooled
        Path unchecked = file("unchecked.tsv",
                "mpi4all-segment\tPingPong.roundTrip\t8\t1\t100\t1.0,3.0",
                "mpi4all-segment\tPingPong.roundTrip\t8\t1\t100\t2.0,4.0");
        Path checked = file("checked.tsv",
                "mpi4all-segment\tPingPong.roundTrip\t8\t1\t100\t1.1,3.3",
                "mpi4all-segment\tPingPong.roundTrip\t8\t1\t100\t2.2,4.4");

        assertThat(CheckedCost.markdown(unchecked, checked)).last()
                .isEqualTo("| PingPong.roundTrip | 1.000 | 1.100 | +10.0% | 2.500 | 2.750 | +10.0% |");
    }

    @Test
    void aBenchmarkMissingInOneModeIsNamed() throws IOException {
        Path unchecked = file("unchecked.tsv", "mpi4all-segment\tAllreduce.sum\t8\t1\t100\t1.0");
        Path checked = file("checked.tsv", "mpi4all-segment\tPingPong.roundTrip\t8\t1\t100\t1.0");

        assertThatThrownBy(() -> CheckedCost.markdown(unchecked, checked))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Allreduce.sum");
    }
}
