package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The launcher inside the test's JVM on a single-process backend: the whole path from command line to exit
 * status, several runs in one JVM (the benchmarks keep no static state), and the verdict on a wrong result.
 */
class MainTest {
    private static final String SINGLE = SingleProcessBackend.class.getName();

    /** What one run printed and returned. */
    private record Outcome(int status, String out, String err) {}

    private static Outcome run(String... args) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0} S on one process: {1} = {2}")
    @CsvSource({"EP, sx, -3.247834652034740e+3", "CG, zeta, 8.5971775078648", "MG, rnm2, 0.5307707005734e-04"})
    void classSVerifiesOnOneProcess(String benchmark, String quantity, double official) {
        Outcome outcome = run(benchmark, "S", "--backend", SINGLE, "--quiet");
        assertThat(outcome.status()).as(outcome.err()).isEqualTo(Main.SUCCESSFUL);
        assertThat(new NpbOutput(outcome.out()).verifiedValues().get(quantity).computed())
                .isCloseTo(official, within(Math.abs(official) * 1e-8));
        assertThat(new NpbOutput(outcome.out()).field("Verification")).contains("SUCCESSFUL");
        assertThat(outcome.err()).isEmpty();
    }

    @Test
    void theReportSaysWhichWarmUpRanAndForHowLong() {
        Outcome jit = run("CG", "S", "--backend", SINGLE, "--quiet");
        assertThat(new NpbOutput(jit.out()).field("Warm-up").orElseThrow())
                .matches("\\d+ steps, \\d+\\.\\d\\d s \\(jit: (quiet|capped, JIT not quiet)\\)");
        Outcome npb = run("CG", "S", "--backend", SINGLE, "--quiet", "--warmup", "npb");
        assertThat(npb.status()).isEqualTo(Main.SUCCESSFUL);
        assertThat(new NpbOutput(npb.out()).field("Warm-up").orElseThrow()).matches("1 step, \\d+\\.\\d\\d s \\(npb\\)");
    }

    @Test
    void progressShowsEachWarmUpStep() {
        Outcome outcome = run("CG", "S", "--backend", SINGLE, "--warmup", "npb");
        assertThat(outcome.err()).contains(" warm-up: step 1, ");
    }

    @Test
    void aWrongResultIsUnsuccessfulWithStatus1() {
        Outcome outcome = run("EP", "S", "--backend", CorruptingBackend.class.getName(), "--quiet");
        assertThat(outcome.status()).isEqualTo(Main.UNSUCCESSFUL);
        assertThat(new NpbOutput(outcome.out()).field("Verification")).contains("UNSUCCESSFUL");
        assertThat(outcome.out()).contains("  FAILED");
    }

    @Test
    void progressGoesToStandardErrorUnlessQuiet() {
        Outcome outcome = run("MG", "S", "--backend", SINGLE);
        assertThat(outcome.status()).isEqualTo(Main.SUCCESSFUL);
        assertThat(outcome.err()).contains("  iter    1").contains("  iter    4");
        assertThat(outcome.out()).doesNotContain("iter ");
    }

    @Test
    void refusalsReturnTheirStatusWithOneLine() {
        Outcome unknown = run("XX", "S", "--backend", SINGLE);
        assertThat(unknown.status()).isEqualTo(Main.USAGE);
        assertThat(unknown.err()).isEqualTo("npb: unknown benchmark 'XX' (choose one of CG, EP, FT, MG, SP)\n");
        Outcome tooLarge = run("MG", "E", "--backend", SINGLE);
        assertThat(tooLarge.status()).isEqualTo(Main.NO_MEMORY);
        assertThat(tooLarge.err()).startsWith("npb: MG class E on 1 process needs an array of").endsWith("\n")
                .hasLineCount(1);
        Outcome notABackend = run("EP", "S", "--backend", String.class.getName());
        assertThat(notABackend.status()).isEqualTo(Main.USAGE);
        assertThat(notABackend.err()).isEqualTo("npb: java.lang.String is not a backend (it does not implement"
                + " org.mpi4all.npb.comm.Backend)\n");
        assertThat(run("--help").out()).isEqualTo(Options.USAGE + "\n");
    }

    @Test
    void aRankThatFailsAbortsTheRun() {
        assertThatThrownBy(() -> run("EP", "S", "--backend", FailingBackend.class.getName(), "--quiet"))
                .isInstanceOf(SingleProcessBackend.Aborted.class)
                .satisfies(e -> assertThat(((SingleProcessBackend.Aborted) e).status).isEqualTo(Main.FAILED));
    }

    /** A single-process backend whose barrier fails, as a library error would. */
    public static class FailingBackend extends SingleProcessBackend {
        @Override
        protected void barrier() {
            throw new IllegalStateException("the library failed");
        }
    }
}
