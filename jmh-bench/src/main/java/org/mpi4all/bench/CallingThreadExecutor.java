package org.mpi4all.bench;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * JMH's executor for the MPI benchmarks: runs each benchmark task in the thread that submits it, which with
 * {@code -f 0} is the thread that initialised MPI. JMH's default pool would run the benchmark in a worker
 * thread of its own, which MPI allows only at {@code MPI_THREAD_SERIALIZED}, and that level is not free:
 * Open MPI 4.1 takes a mutex and waits on a condition object in every blocking call at any level above
 * {@code MPI_THREAD_SINGLE} (docs/benchmarks-journal.md, "The thread level of the benchmarks"). With this executor
 * every contender, C included, initialises at {@code MPI_THREAD_SINGLE}, as a program on one thread does.
 *
 * <p>It serves single-shot benchmarks with one thread only, which is what {@link MpiBenchmarks} runs: a timed
 * mode's main thread would wait for the end of an iteration that its own task is running.
 */
public final class CallingThreadExecutor extends AbstractExecutorService {
    private volatile boolean shutdown;

    /** The constructor JMH's {@code jmh.executor=CUSTOM} calls. */
    public CallingThreadExecutor(int maxThreads, String prefix) {
        if (maxThreads != 1) {
            throw new IllegalArgumentException(prefix + " asks for " + maxThreads
                    + " threads: MPI is called from the thread that initialised it, so benchmarks run on one thread");
        }
    }

    /** Makes JMH, in this JVM, run benchmark tasks with this executor; call before the first JMH run. */
    public static void install() {
        System.setProperty("jmh.executor", "CUSTOM");
        System.setProperty("jmh.executor.class", CallingThreadExecutor.class.getName());
    }

    @Override
    public void execute(Runnable task) {
        if (shutdown) {
            throw new RejectedExecutionException("the executor is shut down");
        }
        task.run();
    }

    @Override
    public void shutdown() {
        shutdown = true;
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown = true;
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    @Override
    public boolean isTerminated() {
        return shutdown;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return shutdown;
    }
}
