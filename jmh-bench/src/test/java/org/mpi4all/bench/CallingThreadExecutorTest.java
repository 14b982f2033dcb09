package org.mpi4all.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CallingThreadExecutorTest {

    @Test
    void runsEachTaskInTheSubmittingThreadBeforeSubmitReturns() throws Exception {
        // JMH's BenchmarkHandler wraps the executor in a completion service and polls it afterwards.
        ExecutorService executor = newAsJmhDoes(1);
        var service = new ExecutorCompletionService<Thread>(executor);
        Future<Thread> submitted = service.submit(Thread::currentThread);

        assertThat(submitted.isDone()).isTrue();
        assertThat(submitted.get()).isSameAs(Thread.currentThread());
        assertThat(service.poll(0, TimeUnit.NANOSECONDS)).isSameAs(submitted);
    }

    @Test
    void refusesMoreThanOneThread() {
        assertThatThrownBy(() -> new CallingThreadExecutor(2, "org.mpi4all.bench.PingPong.roundTrip"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PingPong.roundTrip asks for 2 threads");
    }

    @Test
    void shutsDownAsJmhExpectsAndRejectsLaterTasks() throws Exception {
        ExecutorService executor = newAsJmhDoes(1);
        executor.shutdown();

        assertThat(executor.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThat(executor.isTerminated()).isTrue();
        assertThatThrownBy(() -> executor.execute(() -> {})).isInstanceOf(RejectedExecutionException.class);
    }

    /** JMH's {@code jmh.executor=CUSTOM} instantiates the class named by {@code jmh.executor.class} this way. */
    private static ExecutorService newAsJmhDoes(int threads) throws ReflectiveOperationException {
        CallingThreadExecutor.install();
        return (ExecutorService) Class.forName(System.getProperty("jmh.executor.class"))
                .getConstructor(int.class, String.class).newInstance(threads, "benchmark");
    }
}
