package org.mpi4all.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Carries an exception thrown by Java code that MPI called back (a user reduction, an error handler, an
 * attribute copy function) across the native frames, which it must not unwind: the upcall stores it and
 * returns normally; the Java code that made the MPI call takes it afterwards and rethrows it, either as the
 * cause of the error the MPI function returned or, when the function succeeded anyway (a reduction callback is
 * {@code void}: MPI cannot know it failed), by itself ({@link #rethrowIfPending}).
 */
public final class Upcalls {
    private static final ThreadLocal<Throwable> PENDING = new ThreadLocal<>();
    /**
     * How many threads hold a recorded failure: zero almost always, so that the check every generated function
     * makes after a successful call is one read of a field, not a thread-local lookup.
     */
    private static volatile int pendingThreads;
    private static final VarHandle PENDING_THREADS;

    static {
        try {
            PENDING_THREADS = MethodHandles.lookup().findStaticVarHandle(Upcalls.class, "pendingThreads", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Upcalls() {}

    /** Records {@code failure} for the thread's current MPI call; a second failure is added as suppressed. */
    public static void fail(Throwable failure) {
        Throwable first = PENDING.get();
        if (first == null) {
            PENDING.set(failure);
            PENDING_THREADS.getAndAdd(1);
        } else if (first != failure) {
            first.addSuppressed(failure);
        }
    }

    /** Removes and returns the exception an upcall of this thread recorded, or null. */
    public static Throwable takePending() {
        if (pendingThreads == 0) {
            return null;
        }
        Throwable pending = PENDING.get();
        if (pending != null) {
            PENDING.remove();
            PENDING_THREADS.getAndAdd(-1);
        }
        return pending;
    }

    /**
     * What a generated function calls after the MPI function returned success: rethrows the exception a callback
     * it ran (on this thread) recorded. Costs one read of a volatile field when there is none.
     */
    public static void rethrowIfPending() {
        if (pendingThreads != 0) {
            rethrowPending();
        }
    }

    /** Rethrows the exception an upcall of this thread recorded, if any, as unchecked. */
    public static void rethrowPending() {
        Throwable pending = takePending();
        if (pending instanceof RuntimeException e) {
            throw e;
        }
        if (pending instanceof Error e) {
            throw e;
        }
        if (pending != null) {
            throw new IllegalStateException("an MPI callback failed: " + pending, pending);
        }
    }
}
