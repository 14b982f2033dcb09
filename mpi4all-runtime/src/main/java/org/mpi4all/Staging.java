package org.mpi4all;

import java.lang.foreign.MemorySegment;

/**
 * What a nonblocking operation holds until it completes: the caller's buffers (so that nothing MPI
 * reads or writes is collected) and the native memory its heap and packed buffers were staged in,
 * whose contents go back to the buffers on completion.
 */
final class Staging {
    /** What a staging of native buffers only, or a released one, copies: nothing (shared, not allocated each time). */
    static final Message[] NOTHING = {};

    private MemorySegment memory;
    /** Held, not read: what MPI uses must stay reachable until the operation completes. */
    private Object[] owned;
    private Message[] staged;

    Staging(MemorySegment memory, Object[] owned, Message[] staged) {
        this.memory = memory;
        this.owned = owned;
        this.staged = staged;
    }

    /** The operation completed: copies received data to the caller's buffers, frees the native memory. */
    void complete() {
        try {
            copyBack();
        } finally {
            release();
        }
    }

    /** Copies received data to the caller's buffers, keeping the native memory (a persistent request's). */
    void copyBack() {
        for (Message message : staged) {
            if (message != null) {
                message.unstage();
            }
        }
    }

    /** Copies the caller's buffers MPI reads to their native memory again: a persistent request's next start. */
    void restage() {
        for (Message message : staged) {
            if (message != null) {
                message.restage();
            }
        }
    }

    /** Copies back only what the receive of {@code status} wrote (see {@link Message#limitToReceived}). */
    void limitToReceived(MemorySegment status, MemorySegment intScratch) {
        for (Message message : staged) {
            if (message != null && (message.direction & Message.OUT) != 0) {
                message.limitToReceived(status, intScratch);
            }
        }
    }

    /** Frees the native memory without copying anything back (the operation failed to start). */
    void release() {
        if (memory != null) {
            NativeMemory.free(memory);
            memory = null;
        }
        owned = null;
        staged = NOTHING;
    }

    /** Copies elements {@code from .. from+n} of the staged buffers between them and their native memory. */
    void copyRange(long from, long n, boolean toNative) {
        for (Message message : staged) {
            if (message != null && toNative) {
                message.restage(from, n);
            } else if (message != null) {
                message.unstage(from, n);
            }
        }
    }
}
