package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The command line: what is accepted, and the one-line message for each thing that is not. */
class OptionsTest {

    private static Options parse(String... args) {
        return Options.parse(args);
    }

    private static void assertRejected(String message, String... args) {
        assertThatThrownBy(() -> Options.parse(args)).isInstanceOf(UsageException.class).hasMessage(message);
    }

    @Test
    void acceptsBenchmarkAndClassInEitherCaseWithOptionsAnywhere() {
        Options options = parse("--quiet", "ep", "a", "--backend", "mpj");
        assertThat(options.benchmark().name()).isEqualTo("EP");
        assertThat(options.npbClass()).isEqualTo(NpbClass.A);
        assertThat(options.backend()).contains("mpj");
        assertThat(options.quiet()).isTrue();
        assertThat(parse("EP", "S", "--backend=mpj").backend()).contains("mpj");
        assertThat(parse("EP", "E").backend()).isEmpty();
        assertThat(parse("EP", "E").quiet()).isFalse();
    }

    @Test
    void theWarmUpIsTheJitsUnlessNpbIsChosen() {
        assertThat(parse("CG", "A").warmUp()).isSameAs(WarmUp.JIT);
        assertThat(parse("CG", "A", "--warmup", "npb").warmUp()).isSameAs(WarmUp.NPB);
        assertThat(parse("--warmup=NPB", "CG", "A").warmUp()).isSameAs(WarmUp.NPB);
        assertThat(parse("CG", "A", "--warmup", "jit").warmUp()).isSameAs(WarmUp.JIT);
        assertRejected("--warmup needs jit or npb (" + Options.USAGE + ")", "CG", "A", "--warmup");
        assertRejected("--warmup needs jit or npb (" + Options.USAGE + ")", "CG", "A", "--warmup", "--quiet");
        assertRejected("unknown warm-up 'long' (choose jit: until the JIT is quiet, or npb: NPB's single untimed"
                + " step)", "CG", "A", "--warmup=long");
    }

    @Test
    void everyClassFromSToEIsAccepted() {
        for (String name : new String[] {"S", "W", "A", "B", "C", "D", "E"}) {
            assertThat(parse("EP", name).npbClass().name()).isEqualTo(name);
        }
    }

    @Test
    void unknownBenchmark() {
        assertRejected("unknown benchmark 'BT' (choose one of CG, EP, FT, MG, SP)", "BT", "A");
    }

    @Test
    void unknownClass() {
        assertRejected("unknown class 'F' (choose one of S, W, A, B, C, D, E)", "EP", "F");
        assertRejected("unknown class 'AA' (choose one of S, W, A, B, C, D, E)", "EP", "AA");
    }

    @Test
    void missingAndExtraArguments() {
        assertRejected("missing BENCH and CLASS (" + Options.USAGE + ")");
        assertRejected("missing CLASS (" + Options.USAGE + ")", "EP");
        assertRejected("unexpected argument 'x' (" + Options.USAGE + ")", "EP", "A", "x");
    }

    @Test
    void unknownOption() {
        assertRejected("unknown option '--fast' (" + Options.USAGE + ")", "EP", "A", "--fast");
    }

    @Test
    void backendWithoutName() {
        assertThatThrownBy(() -> Options.backend(new String[] {"EP", "A", "--backend"}))
                .isInstanceOf(UsageException.class).hasMessage("--backend needs a backend name");
        assertThatThrownBy(() -> Options.backend(new String[] {"--backend", "--quiet", "EP", "A"}))
                .isInstanceOf(UsageException.class).hasMessage("--backend needs a backend name");
    }

    @Test
    void everyBenchmarkOfTheSuiteIsFoundInEitherCase() {
        assertThat(Benchmarks.NAMES).containsExactly("CG", "EP", "FT", "MG", "SP");
        for (String name : Benchmarks.NAMES) {
            assertThat(Benchmarks.find(name).name()).isEqualTo(name);
            assertThat(Benchmarks.find(name.toLowerCase(java.util.Locale.ROOT)).name()).isEqualTo(name);
        }
        assertThatThrownBy(() -> Benchmarks.find("IS")).isInstanceOf(UsageException.class)
                .hasMessage("unknown benchmark 'IS' (choose one of CG, EP, FT, MG, SP)");
    }

    @Test
    void helpIsRecognised() {
        assertThat(Options.helpRequested(new String[] {"--help"})).isTrue();
        assertThat(Options.helpRequested(new String[] {"EP", "-h"})).isTrue();
        assertThat(Options.helpRequested(new String[] {"EP", "A"})).isFalse();
    }

    @Test
    void processRules() {
        assertThat(ProcessRule.POWER_OF_TWO.accepts(1)).isTrue();
        assertThat(ProcessRule.POWER_OF_TWO.accepts(4)).isTrue();
        assertThat(ProcessRule.POWER_OF_TWO.accepts(6)).isFalse();
        assertThat(ProcessRule.POWER_OF_TWO.accepts(0)).isFalse();
        assertThat(ProcessRule.SQUARE.accepts(9)).isTrue();
        assertThat(ProcessRule.SQUARE.accepts(8)).isFalse();
        assertThat(ProcessRule.ANY.accepts(7)).isTrue();
        assertThat(ProcessRule.SQUARE.description()).isEqualTo("a square number of processes (1, 4, 9, 16, ...)");
    }
}
