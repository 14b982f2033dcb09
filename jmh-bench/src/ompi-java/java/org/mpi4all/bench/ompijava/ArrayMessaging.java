package org.mpi4all.bench.ompijava;

/**
 * Open MPI's Java bindings with Java arrays, their natural use: the JNI layer copies each array into native
 * memory (through a pool of 64 KiB buffers) and back. Nonblocking operations take only direct buffers there,
 * so this contender has none.
 */
public final class ArrayMessaging extends OmpiJavaMessaging {

    @Override
    protected void allocateBlocking(int bytes) {
        message = new byte[bytes];
        sendDoubles = new double[bytes / Double.BYTES];
        receiveDoubles = new double[bytes / Double.BYTES];
    }

    @Override
    public boolean supportsNonblocking() {
        return false;
    }
}
