package org.mpi4all.npb.comm.ompijava;

import mpi.Request;
import org.mpi4all.npb.comm.RequestSlots;

/** Request slots holding the bindings' request objects (they allocate one per operation; nothing to avoid here). */
final class OmpiJavaRequests extends RequestSlots<Request> {

    OmpiJavaRequests(int size) {
        super(size);
    }

    @Override
    protected void complete(Request request) {
        OmpiJavaComm.call("Request.waitFor", () -> {
            request.waitFor();
            return null;
        });
    }
}
