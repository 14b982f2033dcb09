package org.mpi4all.npb.comm.mpj;

import mpi.Request;
import org.mpi4all.npb.comm.RequestSlots;

/** Request slots holding MPJ's request objects (MPJ allocates one per operation; nothing to avoid here). */
final class MpjRequests extends RequestSlots<Request> {

    MpjRequests(int size) {
        super(size);
    }

    @Override
    protected void complete(Request request) {
        request.Wait();
    }
}
