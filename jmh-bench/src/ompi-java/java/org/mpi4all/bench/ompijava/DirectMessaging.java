package org.mpi4all.bench.ompijava;

import mpi.MPI;

/** Open MPI's Java bindings with direct NIO buffers, which they pass to C without a copy. */
public final class DirectMessaging extends OmpiJavaMessaging {

    @Override
    protected void allocateBlocking(int bytes) {
        message = MPI.newByteBuffer(bytes);
        sendDoubles = MPI.newDoubleBuffer(bytes / Double.BYTES);
        receiveDoubles = MPI.newDoubleBuffer(bytes / Double.BYTES);
    }

    @Override
    public boolean supportsNonblocking() {
        return true;
    }
}
