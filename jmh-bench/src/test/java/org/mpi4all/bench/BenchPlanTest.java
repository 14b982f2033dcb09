package org.mpi4all.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchPlanTest {
    private static List<Integer> sizes(BenchPlan plan, BenchPlan.Family family) {
        return plan.steps(family).stream().map(BenchPlan.Step::bytes).toList();
    }

    @Test
    void theGoalsPlanRunsOnlyTheSizesTheGoalsName() {
        assertThat(sizes(BenchPlan.GOALS, BenchPlan.Family.PING_PONG)).containsExactly(8);
        assertThat(sizes(BenchPlan.GOALS, BenchPlan.Family.ALLREDUCE)).containsExactly(8);
        assertThat(sizes(BenchPlan.GOALS, BenchPlan.Family.BANDWIDTH)).containsExactly(8, 64, 1 << 16, 1 << 20, 1 << 22);
        assertThat(sizes(BenchPlan.GOALS, BenchPlan.Family.CALL_OVERHEAD)).containsExactly(0);
    }

    @Test
    void theGoalsPlanKeepsTheFullPlansBatchesAndIterations() {
        BenchPlan.Step goal = BenchPlan.GOALS.steps(BenchPlan.Family.PING_PONG).getFirst();
        BenchPlan.Step full = BenchPlan.FULL.steps(BenchPlan.Family.PING_PONG).stream()
                .filter(step -> step.bytes() == 8).findFirst().orElseThrow();
        assertThat(goal).isEqualTo(full);
        assertThat(BenchPlan.GOALS.measurementIterations()).isEqualTo(BenchPlan.FULL.measurementIterations());
    }

    @Test
    void smallMessagesWarmUpWithAboutAMillionMessagesLargeOnesWithinTheByteLimit() {
        BenchPlan.Step eightBytes = BenchPlan.FULL.steps(BenchPlan.Family.PING_PONG).stream()
                .filter(step -> step.bytes() == 8).findFirst().orElseThrow();
        assertThat((long) BenchPlan.FULL.warmupIterations() * BenchPlan.FULL.warmupBatch(eightBytes))
                .isEqualTo(1_000_000);
        BenchPlan.Step window = BenchPlan.GOALS.steps(BenchPlan.Family.BANDWIDTH).getFirst();
        assertThat((long) BenchPlan.GOALS.warmupIterations() * BenchPlan.GOALS.warmupBatch(window) * window.window())
                .isBetween(500_000L, 1_000_000L);
        BenchPlan.Step largest = BenchPlan.FULL.steps(BenchPlan.Family.PING_PONG).getLast();
        assertThat(BenchPlan.FULL.warmupBatch(largest)).isEqualTo(largest.batch());
        BenchPlan.Step smoke = BenchPlan.QUICK.steps(BenchPlan.Family.PING_PONG).getFirst();
        assertThat(BenchPlan.QUICK.warmupBatch(smoke)).isEqualTo(smoke.batch());
    }

    @Test
    void largeRoundTripsAndReductionsRunSixteenPerIteration() {
        assertThat(BenchPlan.FULL.steps(BenchPlan.Family.PING_PONG))
                .filteredOn(step -> step.bytes() >= 1 << 16)
                .extracting(BenchPlan.Step::batch).containsExactly(16, 16, 16, 16);
        assertThat(BenchPlan.FULL.steps(BenchPlan.Family.ALLREDUCE).getLast().batch()).isEqualTo(16);
        assertThat(BenchPlan.FULL.steps(BenchPlan.Family.PING_PONG).getFirst().batch()).isEqualTo(100);
    }

    @Test
    void theSmokeTestRunsTheExtremesWithSmallBatches() {
        assertThat(sizes(BenchPlan.QUICK, BenchPlan.Family.PING_PONG)).containsExactly(1, 1 << 22);
        assertThat(BenchPlan.QUICK.steps(BenchPlan.Family.PING_PONG).getFirst().batch()).isEqualTo(1);
    }

    @Test
    void optionsNameThePlans() {
        assertThat(BenchPlan.fromOption("--quick")).isSameAs(BenchPlan.QUICK);
        assertThat(BenchPlan.fromOption("--goals")).isSameAs(BenchPlan.GOALS);
        assertThat(BenchPlan.fromOption("--full")).isNull();
    }
}
