package org.mpi4all;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.MPI_Status;

/**
 * The state of the high-level MPI call a thread is making: its buffers as MPI sees them, and where heap
 * buffers are staged. One per thread, reused by every call, so the hot path allocates nothing.
 *
 * <p>This is where the heap-array policy lives. A call whose buffers include a heap array (or a heap
 * segment or buffer) either
 * <ul>
 * <li>hands MPI the array itself through a critical downcall ({@code MpiCritical}), when the
 *     {@link Environment} allows it ({@link Environment#heapAccess()}); the call must then use the
 *     {@code MpiCritical} function, or</li>
 * <li>copies the array into native scratch memory of this thread before the call and back after it.</li>
 * </ul>
 * A call that may call back into Java (a reduction with a Java operator) never goes critical: a
 * critical function must not upcall. Record arrays and {@code boolean[]} are always staged, since MPI
 * cannot read Java objects or {@code boolean[]} in place. Native segments and direct buffers are
 * always handed over as they are.
 *
 * <p>Use: {@code begin}, one {@code message} per buffer, {@code prepare}, the MPI function through
 * {@link Downcall} (critical or not as {@code prepare} says), {@code finish}; all in a try-with-resources,
 * whose {@code close} ends the call.
 */
final class Call implements AutoCloseable {
    private static final ThreadLocal<Call> CURRENT = ThreadLocal.withInitial(Call::new);
    /** The most buffers one MPI call takes: send, recv, and per side counts, displacements and types (alltoallw). */
    private static final int SLOTS = 8;

    private final Message[] messages = new Message[SLOTS];
    private final MemorySegment[] scratch = new MemorySegment[SLOTS];
    /** An {@code MPI_Status} for the calls that need one, native and reused. */
    final MemorySegment status = MPI_Status.allocate(Arena.ofAuto());
    /** Room for the scalar results of MPI functions (a flag, a count, a request or message handle). */
    final MemorySegment words = Arena.ofAuto().allocate(64, 8);
    /** Where the MPI function of a nonblocking or persistent operation writes its request ({@link #request()}). */
    private final MemorySegment request = words.asSlice(0, MPI_Request.LAYOUT.byteSize());
    /** The buffers staged for the request being started, until the request takes them ({@link #started()}). */
    private Staging starting;
    private int used;
    /** Whether a message is on the Java heap, or can only reach MPI copied; noted as each is resolved. */
    private boolean anyHeap;
    private boolean anyPacked;
    /** Whether {@link #prepare} staged a message, which {@link #finish} then copies back. */
    private boolean staging;
    private boolean active;
    /** Whether MPI may call back into Java during the call, so a failure of the callback may be pending. */
    private boolean mayUpcall;
    Environment environment;
    String operation;
    /** The operation of the request a call completes or starts ({@code iallreduce} for {@code waitFor}), or null. */
    private String of;

    private Call() {
        for (int i = 0; i < SLOTS; i++) {
            messages[i] = new Message();
        }
    }

    /**
     * Checks that this thread may start a call of {@code operation}, for one that needs no call state.
     *
     * @throws IllegalStateException if this thread is inside a call (a reduction operator that calls MPI)
     */
    static void checkOutside(String operation) {
        // Only a Java operator calls MPI from inside a call (MPI runs it during the reduction): while none runs on
        // any thread, the thread-local lookup is skipped. A record's accessor run while a call stages its buffers
        // is not refused here: no MPI function is in progress then, and these calls touch no call state.
        if (Op.anyRunning()) {
            CURRENT.get().checkInactive(operation, null);
        }
    }

    /** The operation this thread is calling, for a message of {@link LargeCounts}. */
    static String operationInProgress() {
        Call call = CURRENT.get();
        return named(call.operation, call.of);
    }

    private void checkInactive(String operation, String of) {
        if (active) {
            throw new IllegalStateException(named(operation, of) + ": called while this thread is inside "
                    + named(this.operation, this.of) + " (MPI must not be called from a reduction operator)");
        }
    }

    /** {@code waitFor iallreduce}: composed only for a message, so that completing a request allocates no name. */
    private static String named(String operation, String of) {
        return of == null ? operation : operation + " " + of;
    }

    /**
     * Starts a call of {@code operation} on this thread.
     *
     * @throws IllegalStateException if this thread is already inside one (a reduction operator that calls MPI)
     */
    static Call begin(Environment environment, String operation) {
        return begin(environment, operation, null);
    }

    /**
     * Starts {@code operation} ({@code waitFor}, {@code start} ...) on the request of the operation {@code of}
     * ({@code iallreduce}) on this thread; see {@link #begin(Environment, String)}.
     */
    static Call begin(Environment environment, String operation, String of) {
        Call call = CURRENT.get();
        call.checkInactive(operation, of);
        call.active = true;
        // Stored only when they change, as in Message: a reference store here costs a GC barrier.
        if (call.environment != environment) {
            call.environment = environment;
        }
        if (call.operation != operation) {
            call.operation = operation;
        }
        if (call.of != of) {
            call.of = of;
        }
        call.used = 0;
        call.anyHeap = false;
        call.anyPacked = false;
        call.staging = false;
        call.mayUpcall = false;
        return call;
    }

    /** Resolves the next buffer of the call; see {@link Message#resolve}. */
    Message message(Object carrier, Datatype typeParam, int offset, long count, int direction) {
        Message message = messages[used++].resolve(environment, operation, carrier, typeParam, offset, count,
                direction);
        anyHeap |= message.isHeap();
        anyPacked |= message.isPacked();
        return message;
    }

    /** A buffer of {@code int}s MPI reads (counts, displacements). */
    Message ints(int[] values) {
        return message(values, null, 0, -1, Message.IN);
    }

    /** A buffer of {@code long}s MPI reads ({@code MPI_Count} or {@code MPI_Aint} counts and displacements). */
    Message longs(long[] values) {
        return message(values, null, 0, -1, Message.IN);
    }

    /**
     * Decides how the buffers reach MPI and stages those that need it.
     *
     * @param mayUpcall whether MPI may call back into Java during the call (a user-defined reduction)
     * @return whether the MPI function to call is the critical one (see {@link Downcall})
     */
    boolean prepare(boolean mayUpcall) {
        this.mayUpcall = mayUpcall;
        boolean critical = anyHeap && !mayUpcall && environment.heapInPlace();
        stage(critical);
        return critical;
    }

    /**
     * Prepares the buffers of a call that is never critical, whose heap buffers are copied: file I/O,
     * whose time is the file system's, not the copy's. A message of more than 2^31-1 elements (a native segment)
     * reaches MPI as it is, through the large-count function.
     */
    void prepareCopying() {
        mayUpcall = false;
        stage(false);
    }

    private void stage(boolean critical) {
        // The common calls (native memory, or heap arrays in place) have nothing to stage: no loop.
        staging = anyPacked || (anyHeap && !critical);
        if (staging) {
            for (int i = 0; i < used; i++) {
                Message message = messages[i];
                if (message.isPacked() || (message.isHeap() && !critical)) {
                    message.stage(scratch(i, message.bytes()));
                }
            }
        }
    }

    /**
     * Prepares the buffers of a nonblocking or persistent operation ({@link #prepareNonblocking()}) and returns
     * room for its request, which its MPI function ({@code MPI_Iallreduce}, {@code MPI_Send_init} ...) is called
     * with, directly: then {@link Request#started} or {@link Persistent#bound} wraps the request. No function object
     * per call, so starting one allocates nothing beyond the request.
     */
    MemorySegment request() {
        prepareNonblocking();
        return request;
    }

    /** {@return the request handle the MPI function wrote into {@link #request()}} */
    long requestHandle() {
        return MPI_Request.read(request).value();
    }

    /**
     * Prepares the buffers of a nonblocking call: MPI keeps using them after the call returns, so a
     * heap address, which the garbage collector may move, must never reach it. Heap and packed buffers
     * are staged in native memory the operation will own: {@link #started()} hands it over once MPI took the
     * buffers; if the MPI function fails instead, closing the call frees it. What a Java operator MPI runs while
     * the call starts throws is kept for the completion of the request to rethrow.
     */
    void prepareNonblocking() {
        long total = 0;
        boolean staging = false;
        for (int i = 0; i < used; i++) {
            Message message = messages[i];
            if (message.isPacked() || message.isHeap()) {
                total += align(message.bytes());
                staging = true;
            }
        }
        // an empty heap array is staged too, in memory of no bytes
        MemorySegment memory = staging ? NativeMemory.allocate(total) : null;
        Object[] owned = new Object[used];
        Message[] staged = staging ? new Message[used] : Staging.NOTHING;
        long at = 0;
        for (int i = 0; i < used; i++) {
            Message message = messages[i];
            owned[i] = message.carrier;
            if (message.isPacked() || message.isHeap()) {
                message.stage(memory.asSlice(at, message.bytes()));
                at += align(message.bytes());
                staged[i] = message.detach();
            }
        }
        starting = new Staging(memory, owned, staged);
    }

    /** {@return the staging of {@link #prepareNonblocking()}}, now the started operation's to finish and free. */
    Staging started() {
        Staging staging = starting;
        starting = null;
        return staging;
    }

    private static long align(long bytes) {
        return (bytes + 15) & ~15L;
    }

    /** Copies what MPI wrote back to staged buffers; rethrows what a Java reduction operator threw. */
    void finish() {
        if (staging) {
            for (int i = 0; i < used; i++) {
                messages[i].unstage();
            }
        }
        if (mayUpcall) {
            Op.rethrowFailure();
        }
    }

    /** {@link #finish()}, then returns {@code result}, the operation's. */
    <R> R finish(R result) {
        finish();
        return result;
    }

    /** Ends the call, successful or not; drops the references to the caller's buffers. */
    @Override
    public void close() {
        if (starting != null) {
            // the MPI function of a nonblocking operation failed: no request owns the staged memory
            starting.release();
            starting = null;
        }
        for (int i = 0; i < used; i++) {
            messages[i].clear();
        }
        if (mayUpcall) {
            Op.takeFailure();
        }
        used = 0;
        active = false;
    }

    private MemorySegment scratch(int slot, long bytes) {
        MemorySegment memory = scratch[slot];
        if (memory == null || memory.byteSize() < bytes) {
            long size = Math.max(bytes, memory == null ? 256 : memory.byteSize() * 2);
            memory = Arena.ofAuto().allocate(size, 16);
            scratch[slot] = memory;
        }
        return memory;
    }
}
