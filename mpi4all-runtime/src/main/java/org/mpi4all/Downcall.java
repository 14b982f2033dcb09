package org.mpi4all;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;

/**
 * The one place where a blocking operation chooses between the critical downcall ({@code MpiCritical},
 * heap arrays in place) and the plain one ({@code Mpi}), as {@link Call#prepare} decided. Each function
 * takes the resolved {@link Message}s. A critical downcall gets each buffer as the array itself and a byte
 * offset ({@link Message#criticalBuffer()}): {@code MpiCritical} makes the view where it calls MPI, so the JIT
 * keeps it off the heap whatever it inlines here (a view made here escaped whenever C2 compiled this without
 * inlining the critical method). Counts and displacements are still views ({@link Message#mpi(boolean)}).
 *
 * <p>Conventions of the arguments: a null message is a buffer MPI does not read at this process
 * ({@code NULL}, as the receive buffer of a reduce off the root); a receive message that is the send
 * message itself is in place (the send buffer is then {@code MPI_IN_PLACE}). Counts and datatypes not
 * given are the send message's.
 *
 * <p>It is also where a count that does not fit an int (a {@link Message#isLarge() large} message, or a block
 * of more than 2^31-1 elements) takes the large-count function ({@code MPI_Send_c} ...) instead: a test of an
 * int field on the common path, and a lambda only on the large one; see {@link LargeCounts}.
 */
final class Downcall {
    private Downcall() {}

    /** Counts or displacements for a critical downcall (their views are made here: they are not buffers). */
    private static MemorySegment critical(Message message) {
        return message == null ? MemorySegment.NULL : message.mpi(true);
    }

    /** A buffer for a critical downcall, with {@link #offset}: the array it views itself, a segment, or null. */
    private static Object array(Message message) {
        return message == null ? null : message.criticalBuffer();
    }

    private static long offset(Message message) {
        return message == null ? 0 : message.criticalOffset();
    }

    private static MemorySegment plain(Message message) {
        return message == null ? MemorySegment.NULL : message.mpi();
    }

    /** The send buffer of an operation that can be in place: {@code MPI_IN_PLACE} when it receives into {@code in}. */
    private static MemorySegment sent(Message in, Message out) {
        return in == out ? Mpi.MPI_IN_PLACE : in.mpi();
    }

    /** The same for a critical downcall, with {@link #sentOffset}. */
    private static Object sentArray(Message in, Message out) {
        return in == out ? Mpi.MPI_IN_PLACE : in.criticalBuffer();
    }

    private static long sentOffset(Message in, Message out) {
        return in == out ? 0 : in.criticalOffset();
    }

    static void send(boolean critical, PointToPoint.Mode mode, Message m, int dest, int tag, MPI_Comm comm) {
        if (m.isLarge()) {
            long n = m.elements();
            LargeCounts.run(n, () -> {
                switch (mode) {
                    case STANDARD -> Mpi.MPI_Send_c(m.mpi(), n, m.handle, dest, tag, comm);
                    case SYNCHRONOUS -> Mpi.MPI_Ssend_c(m.mpi(), n, m.handle, dest, tag, comm);
                    case BUFFERED -> Mpi.MPI_Bsend_c(m.mpi(), n, m.handle, dest, tag, comm);
                    case READY -> Mpi.MPI_Rsend_c(m.mpi(), n, m.handle, dest, tag, comm);
                }
            });
        } else if (critical) {
            switch (mode) {
                case STANDARD -> MpiCritical.MPI_Send(array(m), offset(m), m.count, m.handle, dest, tag, comm);
                case SYNCHRONOUS -> MpiCritical.MPI_Ssend(array(m), offset(m), m.count, m.handle, dest, tag, comm);
                case BUFFERED -> MpiCritical.MPI_Bsend(array(m), offset(m), m.count, m.handle, dest, tag, comm);
                case READY -> MpiCritical.MPI_Rsend(array(m), offset(m), m.count, m.handle, dest, tag, comm);
            }
        } else {
            switch (mode) {
                case STANDARD -> Mpi.MPI_Send(m.mpi(), m.count, m.handle, dest, tag, comm);
                case SYNCHRONOUS -> Mpi.MPI_Ssend(m.mpi(), m.count, m.handle, dest, tag, comm);
                case BUFFERED -> Mpi.MPI_Bsend(m.mpi(), m.count, m.handle, dest, tag, comm);
                case READY -> Mpi.MPI_Rsend(m.mpi(), m.count, m.handle, dest, tag, comm);
            }
        }
    }

    static void recv(boolean critical, Message m, int source, int tag, MPI_Comm comm, MemorySegment status) {
        if (m.isLarge()) {
            LargeCounts.run(m.elements(), () -> Mpi.MPI_Recv_c(m.mpi(), m.elements(), m.handle, source, tag, comm,
                    status));
        } else if (critical) {
            MpiCritical.MPI_Recv(array(m), offset(m), m.count, m.handle, source, tag, comm, status);
        } else {
            Mpi.MPI_Recv(m.mpi(), m.count, m.handle, source, tag, comm, status);
        }
    }

    static void mrecv(boolean critical, Message m, MemorySegment message, MemorySegment status) {
        // never large: recv(Class) sizes its buffer by Status.count, which refuses more than an int
        if (critical) {
            MpiCritical.MPI_Mrecv(array(m), offset(m), m.count, m.handle, message, status);
        } else {
            Mpi.MPI_Mrecv(m.mpi(), m.count, m.handle, message, status);
        }
    }

    static void sendrecv(boolean critical, Message s, int dest, int sendTag, Message r, int source, int recvTag,
            MPI_Comm comm, MemorySegment status) {
        if (s.isLarge() || r.isLarge()) {
            LargeCounts.run(Math.max(s.elements(), r.elements()), () -> Mpi.MPI_Sendrecv_c(s.mpi(), s.elements(),
                    s.handle, dest, sendTag, r.mpi(), r.elements(), r.handle, source, recvTag, comm, status));
        } else if (critical) {
            MpiCritical.MPI_Sendrecv(array(s), offset(s), s.count, s.handle, dest, sendTag, array(r), offset(r),
                    r.count, r.handle, source, recvTag, comm, status);
        } else {
            Mpi.MPI_Sendrecv(s.mpi(), s.count, s.handle, dest, sendTag, r.mpi(), r.count, r.handle, source, recvTag,
                    comm, status);
        }
    }

    static void bcast(boolean critical, Message m, int root, MPI_Comm comm) {
        if (m.isLarge()) {
            LargeCounts.run(m.elements(), () -> Mpi.MPI_Bcast_c(m.mpi(), m.elements(), m.handle, root, comm));
        } else if (critical) {
            MpiCritical.MPI_Bcast(array(m), offset(m), m.count, m.handle, root, comm);
        } else {
            Mpi.MPI_Bcast(m.mpi(), m.count, m.handle, root, comm);
        }
    }

    /** {@code MPI_Reduce}, {@code MPI_Allreduce}, {@code MPI_Scan} or {@code MPI_Exscan} of {@code in.count} elements. */
    static void reduction(boolean critical, Reductions.Kind kind, Message in, Message out, MPI_Op op, int root,
            MPI_Comm comm) {
        if (in.isLarge()) {
            largeReduction(kind, in, out, op, root, comm);
        } else if (critical) {
            switch (kind) {
                case REDUCE -> MpiCritical.MPI_Reduce(sentArray(in, out), sentOffset(in, out), array(out), offset(out),
                        in.count, in.handle, op, root, comm);
                case ALLREDUCE -> MpiCritical.MPI_Allreduce(sentArray(in, out), sentOffset(in, out), array(out),
                        offset(out), in.count, in.handle, op, comm);
                case SCAN -> MpiCritical.MPI_Scan(sentArray(in, out), sentOffset(in, out), array(out), offset(out),
                        in.count, in.handle, op, comm);
                case EXSCAN -> MpiCritical.MPI_Exscan(sentArray(in, out), sentOffset(in, out), array(out), offset(out),
                        in.count, in.handle, op, comm);
            }
        } else {
            Reductions.plain(kind, sent(in, out), plain(out), in.count, in.handle, op, root, comm);
        }
    }

    private static void largeReduction(Reductions.Kind kind, Message in, Message out, MPI_Op op, int root,
            MPI_Comm comm) {
        long n = in.elements();
        MemorySegment sendbuf = sent(in, out);
        LargeCounts.run(n, () -> {
            switch (kind) {
                case REDUCE -> Mpi.MPI_Reduce_c(sendbuf, plain(out), n, in.handle, op, root, comm);
                case ALLREDUCE -> Mpi.MPI_Allreduce_c(sendbuf, plain(out), n, in.handle, op, comm);
                case SCAN -> Mpi.MPI_Scan_c(sendbuf, plain(out), n, in.handle, op, comm);
                case EXSCAN -> Mpi.MPI_Exscan_c(sendbuf, plain(out), n, in.handle, op, comm);
            }
        });
    }

    /**
     * {@code MPI_Reduce_scatter_block} of blocks of {@code block}, or {@code MPI_Reduce_scatter} by {@code counts}
     * (ints, which need no large-count function even where they add up to more).
     */
    static void reduceScatter(boolean critical, Message in, Message out, long block, Message counts, MPI_Op op,
            MPI_Comm comm) {
        if (counts == null && LargeCounts.exceedsInt(block)) {
            LargeCounts.run(block, () -> Mpi.MPI_Reduce_scatter_block_c(sent(in, out), out.mpi(), block,
                    in.handle, op, comm));
        } else if (counts == null && critical) {
            MpiCritical.MPI_Reduce_scatter_block(sentArray(in, out), sentOffset(in, out), array(out), offset(out),
                    (int) block, in.handle, op, comm);
        } else if (counts == null) {
            Mpi.MPI_Reduce_scatter_block(sent(in, out), out.mpi(), (int) block, in.handle, op, comm);
        } else if (critical) {
            MpiCritical.MPI_Reduce_scatter(sentArray(in, out), sentOffset(in, out), array(out), offset(out),
                    counts.mpi(true), in.handle, op, comm);
        } else {
            Mpi.MPI_Reduce_scatter(sent(in, out), out.mpi(), counts.mpi(), in.handle, op, comm);
        }
    }

    static void gather(boolean critical, Message in, Message out, long block, int root, MPI_Comm comm) {
        if (LargeCounts.exceedsInt(block)) {
            LargeCounts.run(block, () -> Mpi.MPI_Gather_c(sent(in, out), block, in.handle, plain(out), block,
                    in.handle, root, comm));
        } else if (critical) {
            MpiCritical.MPI_Gather(sentArray(in, out), sentOffset(in, out), (int) block, in.handle, array(out),
                    offset(out), (int) block, in.handle, root, comm);
        } else {
            Mpi.MPI_Gather(sent(in, out), (int) block, in.handle, plain(out), (int) block, in.handle, root, comm);
        }
    }

    /** {@code MPI_Allgather}, {@code MPI_Alltoall} or their neighbour forms: blocks of {@code block} each way. */
    static void exchange(boolean critical, Collectives.Exchange kind, Message in, Message out, long block,
            MPI_Comm comm) {
        if (LargeCounts.exceedsInt(block)) {
            LargeCounts.run(block, () -> {
                switch (kind) {
                    case ALLGATHER -> Mpi.MPI_Allgather_c(sent(in, out), block, in.handle, out.mpi(), block,
                            in.handle, comm);
                    case ALLTOALL -> Mpi.MPI_Alltoall_c(sent(in, out), block, in.handle, out.mpi(), block,
                            in.handle, comm);
                    case NEIGHBOR_ALLGATHER -> Mpi.MPI_Neighbor_allgather_c(in.mpi(), block, in.handle, out.mpi(),
                            block, in.handle, comm);
                    case NEIGHBOR_ALLTOALL -> Mpi.MPI_Neighbor_alltoall_c(in.mpi(), block, in.handle, out.mpi(),
                            block, in.handle, comm);
                }
            });
        } else {
            exchange(critical, kind, in, out, (int) block, comm);
        }
    }

    private static void exchange(boolean critical, Collectives.Exchange kind, Message in, Message out, int block,
            MPI_Comm comm) {
        if (critical) {
            switch (kind) {
                case ALLGATHER -> MpiCritical.MPI_Allgather(sentArray(in, out), sentOffset(in, out), block, in.handle,
                        array(out), offset(out), block, in.handle, comm);
                case ALLTOALL -> MpiCritical.MPI_Alltoall(sentArray(in, out), sentOffset(in, out), block, in.handle,
                        array(out), offset(out), block, in.handle, comm);
                case NEIGHBOR_ALLGATHER -> MpiCritical.MPI_Neighbor_allgather(array(in), offset(in), block, in.handle,
                        array(out), offset(out), block, in.handle, comm);
                case NEIGHBOR_ALLTOALL -> MpiCritical.MPI_Neighbor_alltoall(array(in), offset(in), block, in.handle,
                        array(out), offset(out), block, in.handle, comm);
            }
        } else {
            switch (kind) {
                case ALLGATHER -> Mpi.MPI_Allgather(sent(in, out), block, in.handle, out.mpi(), block, in.handle,
                        comm);
                case ALLTOALL -> Mpi.MPI_Alltoall(sent(in, out), block, in.handle, out.mpi(), block, in.handle,
                        comm);
                case NEIGHBOR_ALLGATHER -> Mpi.MPI_Neighbor_allgather(in.mpi(), block, in.handle, out.mpi(), block,
                        in.handle, comm);
                case NEIGHBOR_ALLTOALL -> Mpi.MPI_Neighbor_alltoall(in.mpi(), block, in.handle, out.mpi(), block,
                        in.handle, comm);
            }
        }
    }

    /** {@code MPI_Scatter}; {@code in} is null off the root, the types are {@code out}'s. */
    static void scatter(boolean critical, Message in, Message out, long block, int root, MPI_Comm comm) {
        if (LargeCounts.exceedsInt(block)) {
            LargeCounts.run(block, () -> Mpi.MPI_Scatter_c(plain(in), block, out.handle, out.mpi(), block, out.handle,
                    root, comm));
        } else if (critical) {
            MpiCritical.MPI_Scatter(array(in), offset(in), (int) block, out.handle, array(out), offset(out),
                    (int) block, out.handle, root, comm);
        } else {
            Mpi.MPI_Scatter(plain(in), (int) block, out.handle, out.mpi(), (int) block, out.handle, root, comm);
        }
    }

    /**
     * The count a v-collective passes for this process's own buffer: an int, as the counts of the others are
     * ({@code int[]} parameters), so a buffer of more elements is refused. The blocks they add up to may exceed an
     * int: MPI takes a count per block.
     */
    private static int ownCount(Message m) {
        if (m.isLarge()) {
            throw new IllegalArgumentException(Call.operationInProgress() + ": " + m.elements() + " elements exceed an"
                    + " int count, and the counts of the v-collectives are ints");
        }
        return m.count;
    }

    /** {@code MPI_Gatherv}; {@code out}, {@code counts} and {@code displs} are null off the root. */
    static void gatherv(boolean critical, Message in, Message out, Message counts, Message displs, int root,
            MPI_Comm comm) {
        int count = ownCount(in);
        if (critical) {
            MpiCritical.MPI_Gatherv(array(in), offset(in), count, in.handle, array(out), offset(out), critical(counts),
                    critical(displs), in.handle, root, comm);
        } else {
            Mpi.MPI_Gatherv(in.mpi(), count, in.handle, plain(out), plain(counts), plain(displs), in.handle, root,
                    comm);
        }
    }

    static void allgatherv(boolean critical, Message in, Message out, Message counts, Message displs, MPI_Comm comm) {
        int count = ownCount(in);
        if (critical) {
            MpiCritical.MPI_Allgatherv(array(in), offset(in), count, in.handle, array(out), offset(out),
                    counts.mpi(true), displs.mpi(true), in.handle, comm);
        } else {
            Mpi.MPI_Allgatherv(in.mpi(), count, in.handle, out.mpi(), counts.mpi(), displs.mpi(), in.handle, comm);
        }
    }

    /** {@code MPI_Scatterv}; {@code in}, {@code counts} and {@code displs} are null off the root, the types are {@code out}'s. */
    static void scatterv(boolean critical, Message in, Message counts, Message displs, Message out, int root,
            MPI_Comm comm) {
        int count = ownCount(out);
        if (critical) {
            MpiCritical.MPI_Scatterv(array(in), offset(in), critical(counts), critical(displs), out.handle, array(out),
                    offset(out), count, out.handle, root, comm);
        } else {
            Mpi.MPI_Scatterv(plain(in), plain(counts), plain(displs), out.handle, out.mpi(), count, out.handle, root,
                    comm);
        }
    }

    /** {@code MPI_Alltoallv}, or {@code MPI_Neighbor_alltoallv} if {@code neighbours}. */
    static void personalized(boolean critical, boolean neighbours, Message in, Message sendCounts, Message sendDispls,
            Message out, Message recvCounts, Message recvDispls, MPI_Comm comm) {
        if (neighbours && critical) {
            MpiCritical.MPI_Neighbor_alltoallv(array(in), offset(in), sendCounts.mpi(true), sendDispls.mpi(true),
                    in.handle, array(out), offset(out), recvCounts.mpi(true), recvDispls.mpi(true), in.handle, comm);
        } else if (neighbours) {
            Mpi.MPI_Neighbor_alltoallv(in.mpi(), sendCounts.mpi(), sendDispls.mpi(), in.handle, out.mpi(),
                    recvCounts.mpi(), recvDispls.mpi(), in.handle, comm);
        } else if (critical) {
            MpiCritical.MPI_Alltoallv(array(in), offset(in), sendCounts.mpi(true), sendDispls.mpi(true), in.handle,
                    array(out), offset(out), recvCounts.mpi(true), recvDispls.mpi(true), in.handle, comm);
        } else {
            Mpi.MPI_Alltoallv(in.mpi(), sendCounts.mpi(), sendDispls.mpi(), in.handle, out.mpi(), recvCounts.mpi(),
                    recvDispls.mpi(), in.handle, comm);
        }
    }
}
