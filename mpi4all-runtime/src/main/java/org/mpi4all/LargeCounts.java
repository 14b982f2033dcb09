package org.mpi4all;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.Mpi;

/**
 * Buffers of more than 2^31-1 elements (MPI-4.1 §2.5.8): MPI's large-count functions ({@code MPI_Send_c} ...), whose
 * counts are {@code MPI_Count}s. Only a native segment holds that many elements (a Java array has at most 2^31-1),
 * so these serve a whole native segment of a predefined type in {@code send}, {@code recv} and {@code bcast};
 * elsewhere such a count is an {@link IllegalArgumentException} naming the limit. A library without the functions
 * (Open MPI 4.1 and 5) makes them an {@link UnsupportedOperationException} that says so.
 */
final class LargeCounts {
    private LargeCounts() {}

    /** The elements of {@code buf} if it is a whole native segment MPI can take as it is and they exceed an int; else -1. */
    static long of(Object buf, Datatype typeParam, int direction) {
        if (!(buf instanceof MemorySegment)) {
            return -1;
        }
        long elements = Message.nativeElements(buf, typeParam, direction);
        return elements > Integer.MAX_VALUE ? elements : -1;
    }

    static void send(boolean synchronous, MemorySegment buf, long count, Datatype typeParam, int dest, int tag,
            MPI_Comm comm) {
        MPI_Datatype type = handle(typeParam);
        call("send", count, synchronous ? "MPI_Ssend_c" : "MPI_Send_c", () -> {
            if (synchronous) {
                Mpi.MPI_Ssend_c(buf, count, type, dest, tag, comm);
            } else {
                Mpi.MPI_Send_c(buf, count, type, dest, tag, comm);
            }
        });
    }

    static void recv(MemorySegment buf, long count, Datatype typeParam, int source, int tag, MPI_Comm comm) {
        MPI_Datatype type = handle(typeParam);
        call("recv", count, "MPI_Recv_c", () -> Mpi.MPI_Recv_c(buf, count, type, source, tag, comm,
                Mpi.MPI_STATUS_IGNORE));
    }

    static void bcast(MemorySegment buf, long count, Datatype typeParam, int root, MPI_Comm comm) {
        MPI_Datatype type = handle(typeParam);
        call("bcast", count, "MPI_Bcast_c", () -> Mpi.MPI_Bcast_c(buf, count, type, root, comm));
    }

    private static MPI_Datatype handle(Datatype typeParam) {
        return (typeParam != null ? typeParam : Datatype.BYTE).handle(null);
    }

    /** Runs the large-count function {@code function}, saying why it was needed if the library lacks it. */
    private static void call(String operation, long count, String function, Runnable mpi) {
        Call.checkOutside(operation);
        try {
            mpi.run();
        } catch (UnsupportedOperationException e) {
            throw new UnsupportedOperationException(operation + ": " + count + " elements exceed an int count, and "
                    + e.getMessage() + " (MPI-4's large counts)", e);
        }
    }
}
