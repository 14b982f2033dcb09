package org.mpi4all.npb.comm;

/**
 * {@link Requests} for libraries whose nonblocking operations return a request object: each slot holds the
 * object of the operation recorded in it until the operation completes. Backends subclass it with the way
 * their library waits for one request.
 *
 * @param <R> the library's request class
 */
public abstract class RequestSlots<R> implements Requests {
    private final Object[] slots;

    protected RequestSlots(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("a request set needs a non-negative size, not " + size);
        }
        slots = new Object[size];
    }

    @Override
    public final int size() {
        return slots.length;
    }

    /**
     * Checks, before a nonblocking operation on {@code count} doubles of {@code buffer} from {@code offset}
     * starts, that the range lies in the buffer and that {@code slot} exists and is free.
     */
    public final void checkStart(MessageBuffer buffer, int offset, int count, int slot) {
        buffer.checkRange(offset, count);
        if (slots[slot] != null) {
            throw new IllegalStateException("request slot " + slot + " still holds an incomplete request");
        }
    }

    /** Records the request of an operation that {@link #checkStart} allowed. */
    public final void record(int slot, R request) {
        slots[slot] = request;
    }

    @Override
    public final void waitFor(int slot) {
        @SuppressWarnings("unchecked")
        R request = (R) slots[slot];
        if (request != null) {
            complete(request);
            slots[slot] = null;
        }
    }

    @Override
    public final void waitAll() {
        for (int slot = 0; slot < slots.length; slot++) {
            waitFor(slot);
        }
    }

    /** Waits until {@code request} has completed. */
    protected abstract void complete(R request);
}
