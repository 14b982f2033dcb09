package org.mpi4all;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The live counts behind {@link Environment#resources()}, kept where the objects are made and freed. They
 * are process-wide, as the environment is: there is one per process.
 */
final class Census {
    /** Bytes of native memory {@link NativeMemory} allocated and not yet freed. */
    static final AtomicLong NATIVE_BYTES = new AtomicLong();
    /** MPI requests of {@link Request}s not yet completed and {@link Persistent}s not yet closed. */
    static final AtomicLong REQUESTS = new AtomicLong();
    /** MPI operators created for Java operators and not yet freed. */
    static final AtomicLong OPERATORS = new AtomicLong();

    private Census() {}
}
