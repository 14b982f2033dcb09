package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.MPI_Status;
import org.mpi4all.ffi.Mpi;

/**
 * The one thread that completes the requests turned into futures: it tests all of them together with
 * {@code MPI_Testsome}, completes those that are done, and backs off (spinning, then parking for up to
 * a millisecond) while none is; it parks until the next submission when there is nothing to test. It
 * calls MPI concurrently with the application's threads, so it exists only at
 * {@link ThreadLevel#MULTIPLE}.
 */
final class Progress implements Runnable {
    private static final long MAX_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Environment environment;
    private final ConcurrentLinkedQueue<Request<?>> submitted = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private volatile boolean stopping;

    Progress(Environment environment) {
        this.environment = environment;
        this.thread = Thread.ofPlatform().name("mpi4all-progress").daemon().start(this);
    }

    void submit(Request<?> request) {
        if (stopping) {
            request.failFuture(new IllegalStateException(request.operation + ": the environment is closing"));
            return;
        }
        submitted.add(request);
        LockSupport.unpark(thread);
    }

    /** Stops the thread; the futures still pending fail. */
    void stop() {
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void run() {
        List<Request<?>> active = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment handles = MPI_Request.allocateArray(arena, 0);
            MemorySegment indices = arena.allocate(JAVA_INT, 0);
            MemorySegment statuses = MPI_Status.allocateArray(arena, 0);
            // the count, then 8 aligned bytes of scratch for a status's (possibly large) count
            MemorySegment outcount = arena.allocate(JAVA_LONG, 2);
            int idle = 0;
            while (!stopping) {
                for (Request<?> r; (r = submitted.poll()) != null; ) {
                    active.add(r);
                    idle = 0;
                }
                if (active.isEmpty()) {
                    LockSupport.park(this);
                    continue;
                }
                int n = active.size();
                if (indices.byteSize() < n * JAVA_INT.byteSize()) {
                    handles = MPI_Request.allocateArray(arena, 2L * n);
                    indices = arena.allocate(JAVA_INT, 2L * n);
                    statuses = MPI_Status.allocateArray(arena, 2L * n);
                }
                for (int i = 0; i < n; i++) {
                    MPI_Request.write(handles, i, new MPI_Request(active.get(i).handle));
                }
                try {
                    Mpi.MPI_Testsome(n, handles, outcount, indices, statuses);
                } catch (RuntimeException e) {
                    active.forEach(r -> r.failFuture(e));
                    active.clear();
                    continue;
                }
                int done = outcount.get(JAVA_INT, 0);
                if (done <= 0 || done == Mpi.MPI_UNDEFINED) {
                    idle = backOff(idle);
                    continue;
                }
                idle = 0;
                Throwable callbackFailure = Op.takeFailure();
                boolean[] completed = new boolean[n];
                for (int k = 0; k < done; k++) {
                    int index = indices.getAtIndex(JAVA_INT, k);
                    Request<?> request = active.get(index);
                    completed[index] = true;
                    if (callbackFailure != null) {
                        request.failFuture(callbackFailure);
                    } else {
                        request.completeFuture(MPI_Status.get(statuses, k), outcount.asSlice(8));
                    }
                }
                List<Request<?>> stillActive = new ArrayList<>(n - done);
                for (int i = 0; i < n; i++) {
                    if (!completed[i]) {
                        stillActive.add(active.get(i));
                    }
                }
                active = stillActive;
            }
        }
        IllegalStateException closed = new IllegalStateException("the environment closed before the operation completed");
        active.forEach(r -> r.failFuture(closed));
        for (Request<?> r; (r = submitted.poll()) != null; ) {
            r.failFuture(closed);
        }
    }

    private static int backOff(int idle) {
        if (idle < 64) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(Math.min(MAX_BACKOFF_NANOS, 1000L << Math.min(idle - 64, 10)));
        }
        return idle + 1;
    }
}
