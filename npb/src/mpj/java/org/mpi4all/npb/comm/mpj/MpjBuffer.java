package org.mpi4all.npb.comm.mpj;

import java.lang.foreign.MemorySegment;
import org.mpi4all.npb.comm.MessageBuffer;

/** A message buffer on the Java heap: MPJ Express sends from and receives into Java arrays. */
final class MpjBuffer extends MessageBuffer {
    final double[] array;

    MpjBuffer(int length) {
        this(new double[length]);
    }

    private MpjBuffer(double[] array) {
        super(MemorySegment.ofArray(array));
        this.array = array;
    }
}
