package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * The warm-up's rule on one process, with the JIT's compilation time played by a counter: when it stops, what it
 * reports, and that the trial is reset after the last step.
 */
class WarmUpTest {
    /**
     * The milliseconds of a compilation here: far more than 1% of any window of these steps (which take real time),
     * so that whether a window is quiet depends on the clock alone, not on how long a loaded machine took.
     */
    private static final double COMPILATION = 100_000;

    private final SingleProcessBackend backend = new SingleProcessBackend();
    private final RunContext context = new RunContext(backend, backend.world(), NpbClass.S,
            new PrintStream(OutputStream.nullOutputStream()), Progress.silent());

    /** A trial that records its calls; each step sleeps {@code stepMillis}. */
    private static class RecordingTrial implements Trial {
        final List<String> calls = new ArrayList<>();
        private final long stepMillis;

        RecordingTrial(long stepMillis) {
            this.stepMillis = stepMillis;
        }

        @Override
        public void untimedStep() {
            calls.add("step");
            try {
                Thread.sleep(stepMillis);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }

        @Override
        public void reset() {
            calls.add("reset");
        }

        @Override
        public void timedSection() {
            calls.add("section");
        }

        @Override
        public Optional<Report> report(double seconds) {
            return Optional.empty();
        }
    }

    /**
     * A compilation clock that advances by {@link #COMPILATION} at each of its first {@code busyReads} reads, then
     * stands still.
     */
    private static DoubleSupplier compilingFor(int busyReads) {
        long[] reads = {0};
        return () -> COMPILATION * Math.min(++reads[0], busyReads);
    }

    private static List<String> stepsThenReset(int steps) {
        List<String> calls = new ArrayList<>(Collections.nCopies(steps, "step"));
        calls.add("reset");
        return calls;
    }

    @Test
    void npbRunsTheUntimedStepOnceThenResets() {
        RecordingTrial trial = new RecordingTrial(0);
        WarmUp.Outcome outcome = WarmUp.NPB.run(trial, context, compilingFor(Integer.MAX_VALUE));
        assertThat(trial.calls).containsExactly("step", "reset");
        assertThat(outcome.steps()).isEqualTo(1);
        assertThat(outcome.quiet()).isFalse();
        assertThat(outcome.describe()).matches("1 step, \\d+\\.\\d\\d s \\(npb\\)");
    }

    @Test
    void jitStopsAfterAWindowOfStepsWithoutCompilations() {
        RecordingTrial trial = new RecordingTrial(0);
        // Reads come in pairs around each step: steps 1 to 4 see the clock advance, step 5 on do not.
        WarmUp.Outcome outcome = WarmUp.JIT.run(trial, context, compilingFor(9));
        assertThat(trial.calls).isEqualTo(stepsThenReset(4 + WarmUp.QUIET_STEPS));
        assertThat(outcome.quiet()).isTrue();
        assertThat(outcome.describe()).matches((4 + WarmUp.QUIET_STEPS) + " steps, \\d+\\.\\d\\d s \\(jit: quiet\\)");
    }

    @Test
    void aStepWithCompilationsStartsTheQuietCountAgain() {
        long[] reads = {0};
        // Compilations finish during steps 1, 3 and 4 only (reads 1-2, 5-6 and 7-8).
        DoubleSupplier clock = () -> {
            long read = ++reads[0];
            return COMPILATION * (read >= 8 ? 3 : read >= 6 ? 2 : read >= 2 ? 1 : 0);
        };
        RecordingTrial trial = new RecordingTrial(0);
        WarmUp.Outcome outcome = WarmUp.JIT.run(trial, context, clock);
        assertThat(outcome.steps()).isEqualTo(4 + WarmUp.QUIET_STEPS);
        assertThat(outcome.quiet()).isTrue();
    }

    @Test
    void npbRunsTheUntimedStepAndLongerWarmUpsRepeatTheWarmUpStep() {
        RecordingTrial trial = new RecordingTrial(0) {
            @Override
            public void warmUpStep() {
                calls.add("warm-up step");
            }
        };
        WarmUp.NPB.run(trial, context, compilingFor(0));
        new WarmUp("test", 2, 60).run(trial, context, compilingFor(Integer.MAX_VALUE));
        assertThat(trial.calls).containsExactly("step", "reset", "warm-up step", "warm-up step", "reset");
    }

    @Test
    void aJitThatNeverGoesQuietStopsAtTheStepCap() {
        RecordingTrial trial = new RecordingTrial(0);
        WarmUp.Outcome outcome = new WarmUp("test", 10, 60).run(trial, context, compilingFor(Integer.MAX_VALUE));
        assertThat(trial.calls).isEqualTo(stepsThenReset(10));
        assertThat(outcome.quiet()).isFalse();
        assertThat(outcome.describe()).matches("10 steps, \\d+\\.\\d\\d s \\(test: capped, JIT not quiet\\)");
    }

    @Test
    void noStepStartsAfterTheTimeCap() {
        RecordingTrial trial = new RecordingTrial(20);
        WarmUp.Outcome outcome = new WarmUp("test", 1000, 0.1).run(trial, context, compilingFor(Integer.MAX_VALUE));
        // Each step takes at least 20 ms: the cap of 0.1 s is reached after at most 5.
        assertThat(outcome.steps()).isBetween(1, 5);
        assertThat(outcome.seconds()).isGreaterThanOrEqualTo(0.1);
        assertThat(trial.calls).isEqualTo(stepsThenReset(outcome.steps()));
    }

    @Test
    void theLauncherRunsTheWarmUpBeforeTheTimedSection() {
        RecordingTrial trial = new RecordingTrial(0);
        Benchmark benchmark = new Benchmark() {
            @Override
            public String name() {
                return "XX";
            }

            @Override
            public ProcessRule processRule() {
                return ProcessRule.ANY;
            }

            @Override
            public MemoryNeed memoryNeed(NpbClass npbClass, int processes) {
                return MemoryNeed.NONE;
            }

            @Override
            public Trial prepare(RunContext context) {
                return trial;
            }
        };
        benchmark.run(context, WarmUp.NPB);
        assertThat(trial.calls).containsExactly("step", "reset", "section");
    }

    @Test
    void choicesByName() {
        assertThat(WarmUp.named("jit")).isSameAs(WarmUp.JIT);
        assertThat(WarmUp.named("NPB")).isSameAs(WarmUp.NPB);
        assertThatThrownBy(() -> WarmUp.named("none")).isInstanceOf(UsageException.class)
                .hasMessage("unknown warm-up 'none' (choose jit: until the JIT is quiet, or npb: NPB's single"
                        + " untimed step)");
    }

    @Test
    void capsMustAllowAStep() {
        assertThatThrownBy(() -> new WarmUp("x", 0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a warm-up runs at least one step, not 0");
        assertThatThrownBy(() -> new WarmUp("x", 1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a warm-up's time cap must be positive, not 0.0");
        assertThatThrownBy(() -> new WarmUp("x", 1, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
