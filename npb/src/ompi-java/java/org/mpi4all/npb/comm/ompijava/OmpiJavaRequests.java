package org.mpi4all.npb.comm.ompijava;

import mpi.Request;
import org.mpi4all.npb.comm.Requests;

/** Request slots holding the bindings' request objects (they allocate one per operation; nothing to avoid here). */
final class OmpiJavaRequests implements Requests {
    private final Request[] slots;

    OmpiJavaRequests(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("a request set needs a non-negative size, not " + size);
        }
        slots = new Request[size];
    }

    @Override
    public int size() {
        return slots.length;
    }

    /** Checks that {@code slot} exists and is free, before the operation that will {@link #record} into it starts. */
    void checkFree(int slot) {
        if (slots[slot] != null) {
            throw new IllegalStateException("request slot " + slot + " still holds an incomplete request");
        }
    }

    void record(int slot, Request request) {
        slots[slot] = request;
    }

    @Override
    public void waitFor(int slot) {
        Request request = slots[slot];
        if (request != null) {
            OmpiJavaComm.call("Request.waitFor", () -> {
                request.waitFor();
                return null;
            });
            slots[slot] = null;
        }
    }

    @Override
    public void waitAll() {
        for (int slot = 0; slot < slots.length; slot++) {
            waitFor(slot);
        }
    }
}
