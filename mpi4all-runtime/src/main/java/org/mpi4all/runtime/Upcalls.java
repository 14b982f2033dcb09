package org.mpi4all.runtime;

/**
 * Carries an exception thrown by Java code that MPI called back (a user reduction, an error handler, an
 * attribute copy function) across the native frames, which it must not unwind: the upcall stores it and
 * returns normally; the Java code that made the MPI call takes it afterwards and rethrows it.
 */
public final class Upcalls {
    private static final ThreadLocal<Throwable> PENDING = new ThreadLocal<>();

    private Upcalls() {}

    /** Records {@code failure} for the thread's current MPI call; a second failure is added as suppressed. */
    public static void fail(Throwable failure) {
        Throwable first = PENDING.get();
        if (first == null) {
            PENDING.set(failure);
        } else if (first != failure) {
            first.addSuppressed(failure);
        }
    }

    /** Removes and returns the exception an upcall of this thread recorded, or null. */
    public static Throwable takePending() {
        Throwable pending = PENDING.get();
        if (pending != null) {
            PENDING.remove();
        }
        return pending;
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
