package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The memory each class needs, computed from its problem size, against the footprints of the NPB 3.4-MPI
 * reference on one process (shared/npb/npb_verification.md §5, decimal GB), and what a machine of this kind
 * (24 GB, a default heap of a quarter of it) therefore refuses.
 */
class MemoryNeedTest {
    private static final long GIB = 1L << 30;
    private static final MemoryLimits THIS_MACHINE_KIND = new MemoryLimits(24 * GIB, 6 * GIB);

    @ParameterizedTest(name = "{0} class {1}: {2} GB")
    @CsvSource({
            "CG, S, 0.003", "CG, W, 0.018", "CG, A, 0.062", "CG, B, 0.448", "CG, C, 1.16", "CG, D, 21.4",
            "MG, S, 0.001", "MG, W, 0.059", "MG, A, 0.457", "MG, B, 0.457", "MG, C, 3.59", "MG, D, 28.5"})
    void onOneProcessTheNeedIsTheReferenceFootprint(String benchmark, NpbClass npbClass, double gigabytes) {
        double need = Benchmarks.find(benchmark).memoryNeed(npbClass, 1).bytesPerProcess() / 1e9;
        // The table gives three significant digits.
        assertThat(need).isCloseTo(gigabytes, within(Math.max(0.0006, gigabytes * 0.005)));
    }

    @ParameterizedTest(name = "{0} class {1} on {2} processes fits: {3}")
    @CsvSource({
            "EP, E, 1, true", "CG, C, 1, true", "MG, C, 1, true", "CG, D, 1, false", "MG, D, 1, false",
            "CG, D, 8, true", "MG, D, 8, true", "CG, E, 1, false", "MG, E, 1, false", "MG, E, 4, false"})
    void whatThisMachineKindRefuses(String benchmark, NpbClass npbClass, int processes, boolean fits) {
        MemoryNeed need = Benchmarks.find(benchmark).memoryNeed(npbClass, processes);
        // One process per JVM, as under mpirun; the processes beyond one machine's worth run elsewhere.
        assertThat(THIS_MACHINE_KIND.refusal(benchmark + " class " + npbClass, need, processes, 1, 1).isEmpty())
                .isEqualTo(fits);
    }

    @ParameterizedTest(name = "{0} needs less per process on more processes")
    @CsvSource({"CG", "MG"})
    void theNeedShrinksWithTheProcessCount(String benchmark) {
        Benchmark b = Benchmarks.find(benchmark);
        long one = b.memoryNeed(NpbClass.B, 1).bytesPerProcess();
        long four = b.memoryNeed(NpbClass.B, 4).bytesPerProcess();
        assertThat(four).isLessThan(one / 3).isGreaterThan(one / 5);
    }
}
