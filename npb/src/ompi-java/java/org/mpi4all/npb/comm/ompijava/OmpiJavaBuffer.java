package org.mpi4all.npb.comm.ompijava;

import java.lang.foreign.MemorySegment;
import java.nio.DoubleBuffer;
import mpi.MPI;
import org.mpi4all.npb.comm.MessageBuffer;

/** A message buffer in a direct NIO buffer: Open MPI's Java bindings start nonblocking operations on nothing else. */
final class OmpiJavaBuffer extends MessageBuffer {
    final DoubleBuffer buffer;

    OmpiJavaBuffer(int length) {
        this(MPI.newDoubleBuffer(length));
    }

    private OmpiJavaBuffer(DoubleBuffer buffer) {
        super(MemorySegment.ofBuffer(buffer));
        this.buffer = buffer;
    }

    /** The buffer from element {@code offset} on, as the bindings take a range. */
    DoubleBuffer from(int offset) {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}
