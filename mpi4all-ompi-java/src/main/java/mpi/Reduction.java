package mpi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * How a reduction reaches MPI. With a predefined operation: the program's arrays or buffers themselves, through
 * a critical call. With a Java operation ({@link UserFunction}), which MPI calls back and a critical call
 * cannot: native copies of them through a plain call, the result copied back.
 */
final class Reduction {
    private Reduction() {
    }

    /** The MPI function, on the send and receive memory (send is {@code MPI_IN_PLACE} for a null buffer). */
    interface Call {
        void run(MemorySegment send, MemorySegment receive, boolean critical) throws MPIException;
    }

    static void run(Op op, Object sendBuf, Object recvBuf, Call call) throws MPIException {
        MemorySegment send = Native.inPlaceOr(Native.segment(sendBuf));
        MemorySegment receive = Native.segment(recvBuf);
        if (!op.isUserDefined()) {
            Native.run(() -> call.run(send, receive, true));
        } else {
            Native.run(arena -> staged(arena, send, receive, call));
        }
        Native.copyBack(recvBuf, receive);
    }

    private static void staged(Arena arena, MemorySegment send, MemorySegment receive, Call call)
            throws MPIException {
        MemorySegment nativeReceive = Native.offHeap(receive, arena);
        call.run(Native.offHeap(send, arena), nativeReceive, false);
        if (nativeReceive != receive) {
            receive.copyFrom(nativeReceive);
        }
    }
}
