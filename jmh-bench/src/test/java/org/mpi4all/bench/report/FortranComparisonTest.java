package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FortranComparisonTest {
    @TempDir
    Path directory;

    private NpbRuns runs(String... lines) throws IOException {
        return NpbRuns.read(Files.writeString(directory.resolve("fortran.tsv"), String.join("\n", lines) + "\n"));
    }

    @Test
    void mediansOfEachSideAndTheirRatioPerBenchmarkAndRanks() throws IOException {
        NpbRuns runs = runs(
                "fortran-mpich\tEP\tA\t1\t4.00", "mpi4all-mpich\tEP\tA\t1\t5.00",
                "fortran-mpich\tEP\tA\t1\t4.40", "mpi4all-mpich\tEP\tA\t1\t4.60",
                "fortran-mpich\tEP\tA\t1\tunverified", "mpi4all-mpich\tEP\tA\t1\tfailed-4",
                "fortran-mpich\tEP\tA\t1\tunverified", "mpi4all-mpich\tEP\tA\t1\ttimeout",
                "fortran-mpich\tSP\tA\t2\tunsupported-ranks", "mpi4all-mpich\tSP\tA\t2\tunsupported-ranks");

        assertThat(FortranComparison.markdown(runs)).contains(
                "| mpich | EP.A | 1 | 4.20 (4.00–4.40); unverified ×2 | 4.80 (4.60–5.00); failed-4, timeout | ×1.14 |",
                "| mpich | SP.A | 2 | unsupported-ranks | unsupported-ranks | – |");
    }

    @Test
    void noFortranRunsNoTable() throws IOException {
        assertThat(FortranComparison.markdown(runs("ompi-java\tCG\tA\t2\t0.42"))).isEmpty();
    }

    @Test
    void aMalformedLineIsRefusedWithItsText() {
        assertThatThrownBy(() -> runs("fortran-openmpi\tCG\tA\ttwo\t0.30"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fortran-openmpi\tCG\tA\ttwo");
    }
}
