package org.mpi4all;

import java.lang.foreign.MemorySegment;
import org.mpi4all.Shapes.Gathered;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_Info;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;
import org.mpi4all.ffi.internal.MpiCriticalPrechecked;
import org.mpi4all.ffi.internal.MpiPrechecked;

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

    /**
     * {@code MPI_Send}, or {@code MPI_Ssend} if {@code synchronous}, of a whole buffer MPI takes as it is
     * ({@link Message#wholeCount}), without call state, given as its segment ({@code Communicator.wholeSegment}): a
     * native segment through {@code Mpi}, the view of a heap array in place through {@code MpiCritical}, each in the
     * form without the checked mode ({@code MpiPrechecked}): the caller has checked every argument it would.
     */
    static void sendWhole(boolean synchronous, MemorySegment buf, int count, MPI_Datatype type, int dest, int tag,
            MPI_Comm comm) {
        boolean critical = !buf.isNative();
        if (synchronous) {
            if (critical) {
                MpiCriticalPrechecked.MPI_Ssend(buf, count, type, dest, tag, comm);
            } else {
                MpiPrechecked.MPI_Ssend(buf, count, type, dest, tag, comm);
            }
        } else if (critical) {
            MpiCriticalPrechecked.MPI_Send(buf, count, type, dest, tag, comm);
        } else {
            MpiPrechecked.MPI_Send(buf, count, type, dest, tag, comm);
        }
    }

    /** {@code MPI_Recv} into a whole buffer MPI takes as it is, without a status; see {@link #sendWhole}. */
    static void recvWhole(MemorySegment buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm) {
        if (buf.isNative()) {
            MpiPrechecked.MPI_Recv(buf, count, type, source, tag, comm, Mpi.MPI_STATUS_IGNORE);
        } else {
            MpiCriticalPrechecked.MPI_Recv(buf, count, type, source, tag, comm, Mpi.MPI_STATUS_IGNORE);
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
            criticalReduction(kind, sentArray(in, out), sentOffset(in, out), array(out), offset(out), in.count,
                    in.handle, op, root, comm);
        } else {
            plainReduction(kind, sent(in, out), plain(out), in.count, in.handle, op, root, comm);
        }
    }

    /**
     * A reduction of whole buffers MPI takes as they are ({@link Message#wholeCount}) by a predefined operator,
     * without call state, given as their segments ({@code Communicator.wholeSegment}): native segments through
     * {@code MpiPrechecked}, the views of heap arrays in place through {@code MpiCriticalPrechecked}, as in
     * {@link #sendWhole}; {@code recv} is {@code NULL} where this process receives nothing (a reduce off the root).
     */
    static void wholeReduction(Reductions.Kind kind, MemorySegment send, MemorySegment recv, int count,
            MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
        if (send.isNative()) {
            switch (kind) {
                case REDUCE -> MpiPrechecked.MPI_Reduce(send, recv, count, type, op, root, comm);
                case ALLREDUCE -> MpiPrechecked.MPI_Allreduce(send, recv, count, type, op, comm);
                case SCAN -> MpiPrechecked.MPI_Scan(send, recv, count, type, op, comm);
                case EXSCAN -> MpiPrechecked.MPI_Exscan(send, recv, count, type, op, comm);
            }
        } else {
            switch (kind) {
                case REDUCE -> MpiCriticalPrechecked.MPI_Reduce(send, recv, count, type, op, root, comm);
                case ALLREDUCE -> MpiCriticalPrechecked.MPI_Allreduce(send, recv, count, type, op, comm);
                case SCAN -> MpiCriticalPrechecked.MPI_Scan(send, recv, count, type, op, comm);
                case EXSCAN -> MpiCriticalPrechecked.MPI_Exscan(send, recv, count, type, op, comm);
            }
        }
    }

    /** The critical function of the reduction {@code kind}: each buffer an array (or segment) and a byte offset into it. */
    private static void criticalReduction(Reductions.Kind kind, Object send, long sendOffset, Object recv,
            long recvOffset, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
        switch (kind) {
            case REDUCE -> MpiCritical.MPI_Reduce(send, sendOffset, recv, recvOffset, count, type, op, root, comm);
            case ALLREDUCE -> MpiCritical.MPI_Allreduce(send, sendOffset, recv, recvOffset, count, type, op, comm);
            case SCAN -> MpiCritical.MPI_Scan(send, sendOffset, recv, recvOffset, count, type, op, comm);
            case EXSCAN -> MpiCritical.MPI_Exscan(send, sendOffset, recv, recvOffset, count, type, op, comm);
        }
    }

    /** The plain function of the reduction {@code kind}, on segments. */
    private static void plainReduction(Reductions.Kind kind, MemorySegment sendbuf, MemorySegment recvbuf, int count,
            MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
        switch (kind) {
            case REDUCE -> Mpi.MPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
            case ALLREDUCE -> Mpi.MPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
            case SCAN -> Mpi.MPI_Scan(sendbuf, recvbuf, count, type, op, comm);
            case EXSCAN -> Mpi.MPI_Exscan(sendbuf, recvbuf, count, type, op, comm);
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

    /** {@code MPI_Reduce_scatter_c}: {@code counts} are {@code MPI_Count}s, the {@code largest} beyond an int. */
    static void largeReduceScatter(boolean critical, Message in, Message out, Message counts, long largest, MPI_Op op,
            MPI_Comm comm) {
        LargeCounts.run(largest, () -> {
            if (critical) {
                MpiCritical.MPI_Reduce_scatter_c(sentArray(in, out), sentOffset(in, out), array(out), offset(out),
                        counts.mpi(true), in.handle, op, comm);
            } else {
                Mpi.MPI_Reduce_scatter_c(sent(in, out), out.mpi(), counts.mpi(), in.handle, op, comm);
            }
        });
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

    // The v-collectives: a Gathered (gathers, the receive side of all-to-all) or Dealt (scatter) says whether they
    // take the large-count function, whose counts and displacements are MPI_Count and MPI_Aint arrays (long[]).

    /** {@code MPI_Gatherv}; off the root, {@code g} has only what is sent. */
    static void gatherv(boolean critical, Gathered<?> g, int root, MPI_Comm comm) {
        Message in = g.in();
        if (g.large()) {
            LargeCounts.runV(() -> {
                if (critical) {
                    MpiCritical.MPI_Gatherv_c(in.mpi(true), in.elements(), in.handle, critical(g.out()),
                            critical(g.counts()), critical(g.displs()), in.handle, root, comm);
                } else {
                    Mpi.MPI_Gatherv_c(in.mpi(), in.elements(), in.handle, plain(g.out()), plain(g.counts()),
                            plain(g.displs()), in.handle, root, comm);
                }
            });
        } else if (critical) {
            MpiCritical.MPI_Gatherv(array(in), offset(in), in.count, in.handle, array(g.out()), offset(g.out()),
                    critical(g.counts()), critical(g.displs()), in.handle, root, comm);
        } else {
            Mpi.MPI_Gatherv(in.mpi(), in.count, in.handle, plain(g.out()), plain(g.counts()), plain(g.displs()),
                    in.handle, root, comm);
        }
    }

    static void allgatherv(boolean critical, Gathered<?> g, MPI_Comm comm) {
        Message in = g.in();
        if (g.large()) {
            LargeCounts.runV(() -> {
                if (critical) {
                    MpiCritical.MPI_Allgatherv_c(in.mpi(true), in.elements(), in.handle, g.out().mpi(true),
                            g.counts().mpi(true), g.displs().mpi(true), in.handle, comm);
                } else {
                    Mpi.MPI_Allgatherv_c(in.mpi(), in.elements(), in.handle, g.out().mpi(), g.counts().mpi(),
                            g.displs().mpi(), in.handle, comm);
                }
            });
        } else if (critical) {
            MpiCritical.MPI_Allgatherv(array(in), offset(in), in.count, in.handle, array(g.out()), offset(g.out()),
                    g.counts().mpi(true), g.displs().mpi(true), in.handle, comm);
        } else {
            Mpi.MPI_Allgatherv(in.mpi(), in.count, in.handle, g.out().mpi(), g.counts().mpi(), g.displs().mpi(),
                    in.handle, comm);
        }
    }

    /** {@code MPI_Scatterv}; off the root, {@code d} has only the block received. The types are the block's. */
    static void scatterv(boolean critical, Collectives.Dealt<?> d, int root, MPI_Comm comm) {
        Message out = d.out();
        if (d.large()) {
            LargeCounts.runV(() -> {
                if (critical) {
                    MpiCritical.MPI_Scatterv_c(critical(d.in()), critical(d.counts()), critical(d.displs()),
                            out.handle, out.mpi(true), out.elements(), out.handle, root, comm);
                } else {
                    Mpi.MPI_Scatterv_c(plain(d.in()), plain(d.counts()), plain(d.displs()), out.handle, out.mpi(),
                            out.elements(), out.handle, root, comm);
                }
            });
        } else if (critical) {
            MpiCritical.MPI_Scatterv(array(d.in()), offset(d.in()), critical(d.counts()), critical(d.displs()),
                    out.handle, array(out), offset(out), out.count, out.handle, root, comm);
        } else {
            Mpi.MPI_Scatterv(plain(d.in()), plain(d.counts()), plain(d.displs()), out.handle, out.mpi(), out.count,
                    out.handle, root, comm);
        }
    }

    /** The signature {@code MPI_Alltoallv} and {@code MPI_Neighbor_alltoallv} share with their {@code _c} forms. */
    @FunctionalInterface
    private interface Alltoallv {
        void call(MemorySegment sendbuf, MemorySegment sendcounts, MemorySegment sdispls, MPI_Datatype sendtype,
                MemorySegment recvbuf, MemorySegment recvcounts, MemorySegment rdispls, MPI_Datatype recvtype,
                MPI_Comm comm);
    }

    /** {@code MPI_Alltoallv}, or {@code MPI_Neighbor_alltoallv} if {@code neighbours}. */
    static void personalized(boolean critical, boolean neighbours, Collectives.Personal<?> p, MPI_Comm comm) {
        if (p.received().large()) {
            Alltoallv function = neighbours
                    ? critical ? MpiCritical::MPI_Neighbor_alltoallv_c : Mpi::MPI_Neighbor_alltoallv_c
                    : critical ? MpiCritical::MPI_Alltoallv_c : Mpi::MPI_Alltoallv_c;
            LargeCounts.runV(() -> personalized(function, critical, p, comm));
        } else if (critical) {
            // the array forms, which make the buffers' views where they call MPI (see the class comment)
            Gathered<?> g = p.received();
            Message in = g.in();
            Message out = g.out();
            MemorySegment sendCounts = p.sendCountsMessage().mpi(true);
            MemorySegment sendDispls = p.sendDisplsMessage().mpi(true);
            if (neighbours) {
                MpiCritical.MPI_Neighbor_alltoallv(array(in), offset(in), sendCounts, sendDispls, in.handle, array(out),
                        offset(out), g.counts().mpi(true), g.displs().mpi(true), in.handle, comm);
            } else {
                MpiCritical.MPI_Alltoallv(array(in), offset(in), sendCounts, sendDispls, in.handle, array(out),
                        offset(out), g.counts().mpi(true), g.displs().mpi(true), in.handle, comm);
            }
        } else {
            personalized(neighbours ? Mpi::MPI_Neighbor_alltoallv : Mpi::MPI_Alltoallv, false, p, comm);
        }
    }

    private static void personalized(Alltoallv function, boolean critical, Collectives.Personal<?> p, MPI_Comm comm) {
        Gathered<?> g = p.received();
        Message in = g.in();
        Message sc = p.sendCountsMessage();
        Message sd = p.sendDisplsMessage();
        if (critical) {
            function.call(in.mpi(true), sc.mpi(true), sd.mpi(true), in.handle, g.out().mpi(true), g.counts().mpi(true),
                    g.displs().mpi(true), in.handle, comm);
        } else {
            function.call(in.mpi(), sc.mpi(), sd.mpi(), in.handle, g.out().mpi(), g.counts().mpi(), g.displs().mpi(),
                    in.handle, comm);
        }
    }

    /** {@code MPI_Alltoallw}, or {@code MPI_Neighbor_alltoallw} if {@code neighbours}; their {@code _c} forms if large. */
    static void alltoallw(boolean critical, boolean neighbours, Alltoallw.Weighted<?> w, MPI_Comm comm) {
        Message in = w.in();
        Message out = w.out();
        MemorySegment sc = w.sendCounts().mpi(critical);
        MemorySegment sd = w.sendDispls().mpi(critical);
        MemorySegment st = w.sendTypes().mpi(critical);
        MemorySegment rc = w.recvCounts().mpi(critical);
        MemorySegment rd = w.recvDispls().mpi(critical);
        MemorySegment rt = w.recvTypes().mpi(critical);
        if (w.large()) {
            MemorySegment sendbuf = in.mpi(critical);
            MemorySegment recvbuf = out.mpi(critical);
            LargeCounts.runV(() -> {
                if (critical && neighbours) {
                    MpiCritical.MPI_Neighbor_alltoallw_c(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm);
                } else if (critical) {
                    MpiCritical.MPI_Alltoallw_c(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm);
                } else if (neighbours) {
                    Mpi.MPI_Neighbor_alltoallw_c(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm);
                } else {
                    Mpi.MPI_Alltoallw_c(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm);
                }
            });
        } else if (critical && neighbours) {
            MpiCritical.MPI_Neighbor_alltoallw(array(in), offset(in), sc, sd, st, array(out), offset(out), rc, rd, rt,
                    comm);
        } else if (critical) {
            MpiCritical.MPI_Alltoallw(array(in), offset(in), sc, sd, st, array(out), offset(out), rc, rd, rt, comm);
        } else if (neighbours) {
            Mpi.MPI_Neighbor_alltoallw(in.mpi(), sc, sd, st, out.mpi(), rc, rd, rt, comm);
        } else {
            Mpi.MPI_Alltoallw(in.mpi(), sc, sd, st, out.mpi(), rc, rd, rt, comm);
        }
    }

    // ---- nonblocking and persistent: the function that starts or binds the request (see Issue) -----------
    // Each method calls its int function directly, so that issuing allocates nothing beyond the request; only a
    // large message goes through a lambda, to LargeCounts.

    /** {@code MPI_Ibcast} or {@code MPI_Bcast_init}, or their {@code _c} forms for a large message. */
    static void ibcast(Issue issue, Message m, int root, MPI_Comm comm, MemorySegment request) {
        if (m.isLarge()) {
            long n = m.elements();
            LargeCounts.run(n, () -> {
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Bcast_init_c(m.mpi(), n, m.handle, root, comm, Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Ibcast_c(m.mpi(), n, m.handle, root, comm, request);
                }
            });
        } else if (issue == Issue.PERSISTENT) {
            Mpi.MPI_Bcast_init(m.mpi(), m.count, m.handle, root, comm, Mpi.MPI_INFO_NULL, request);
        } else {
            Mpi.MPI_Ibcast(m.mpi(), m.count, m.handle, root, comm, request);
        }
    }

    /**
     * {@code MPI_Ireduce}, {@code MPI_Iallreduce}, {@code MPI_Iscan} or {@code MPI_Iexscan} of {@code in.elements()},
     * or their {@code _init} forms; the {@code _c} forms for a large message.
     */
    static void startReduction(Issue issue, Reductions.Kind kind, Message in, Message out, MPI_Op op, int root,
            MPI_Comm comm, MemorySegment request) {
        if (in.isLarge()) {
            long n = in.elements();
            LargeCounts.run(n, () -> {
                if (issue == Issue.PERSISTENT) {
                    switch (kind) {
                        case REDUCE -> Mpi.MPI_Reduce_init_c(in.mpi(), plain(out), n, in.handle, op, root, comm,
                                Mpi.MPI_INFO_NULL, request);
                        case ALLREDUCE -> Mpi.MPI_Allreduce_init_c(in.mpi(), plain(out), n, in.handle, op, comm,
                                Mpi.MPI_INFO_NULL, request);
                        case SCAN -> Mpi.MPI_Scan_init_c(in.mpi(), plain(out), n, in.handle, op, comm, Mpi.MPI_INFO_NULL,
                                request);
                        case EXSCAN -> Mpi.MPI_Exscan_init_c(in.mpi(), plain(out), n, in.handle, op, comm,
                                Mpi.MPI_INFO_NULL, request);
                    }
                    return;
                }
                switch (kind) {
                    case REDUCE -> Mpi.MPI_Ireduce_c(in.mpi(), plain(out), n, in.handle, op, root, comm, request);
                    case ALLREDUCE -> Mpi.MPI_Iallreduce_c(in.mpi(), plain(out), n, in.handle, op, comm, request);
                    case SCAN -> Mpi.MPI_Iscan_c(in.mpi(), plain(out), n, in.handle, op, comm, request);
                    case EXSCAN -> Mpi.MPI_Iexscan_c(in.mpi(), plain(out), n, in.handle, op, comm, request);
                }
            });
        } else if (issue == Issue.PERSISTENT) {
            switch (kind) {
                case REDUCE -> Mpi.MPI_Reduce_init(in.mpi(), plain(out), in.count, in.handle, op, root, comm,
                        Mpi.MPI_INFO_NULL, request);
                case ALLREDUCE -> Mpi.MPI_Allreduce_init(in.mpi(), plain(out), in.count, in.handle, op, comm,
                        Mpi.MPI_INFO_NULL, request);
                case SCAN -> Mpi.MPI_Scan_init(in.mpi(), plain(out), in.count, in.handle, op, comm, Mpi.MPI_INFO_NULL,
                        request);
                case EXSCAN -> Mpi.MPI_Exscan_init(in.mpi(), plain(out), in.count, in.handle, op, comm,
                        Mpi.MPI_INFO_NULL, request);
            }
        } else {
            switch (kind) {
                case REDUCE -> Mpi.MPI_Ireduce(in.mpi(), plain(out), in.count, in.handle, op, root, comm, request);
                case ALLREDUCE -> Mpi.MPI_Iallreduce(in.mpi(), plain(out), in.count, in.handle, op, comm, request);
                case SCAN -> Mpi.MPI_Iscan(in.mpi(), plain(out), in.count, in.handle, op, comm, request);
                case EXSCAN -> Mpi.MPI_Iexscan(in.mpi(), plain(out), in.count, in.handle, op, comm, request);
            }
        }
    }

    /** {@code MPI_Ireduce_scatter_block} of blocks of {@code block}, or its {@code _init} form; {@code _c} beyond an int. */
    static void startReduceScatterBlock(Issue issue, Message in, Message out, long block, MPI_Op op, MPI_Comm comm,
            MemorySegment request) {
        MemorySegment sendbuf = sent(in, out);
        if (LargeCounts.exceedsInt(block)) {
            LargeCounts.run(block, () -> {
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Reduce_scatter_block_init_c(sendbuf, out.mpi(), block, in.handle, op, comm,
                            Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Ireduce_scatter_block_c(sendbuf, out.mpi(), block, in.handle, op, comm, request);
                }
            });
        } else if (issue == Issue.PERSISTENT) {
            Mpi.MPI_Reduce_scatter_block_init(sendbuf, out.mpi(), (int) block, in.handle, op, comm, Mpi.MPI_INFO_NULL,
                    request);
        } else {
            Mpi.MPI_Ireduce_scatter_block(sendbuf, out.mpi(), (int) block, in.handle, op, comm, request);
        }
    }

    /**
     * {@code MPI_Ireduce_scatter} or {@code MPI_Reduce_scatter_init} by {@code counts}, ints; or their {@code _c}
     * forms, whose counts are {@code MPI_Count}s, if the {@code largest} exceeds an int.
     */
    static void startReduceScatter(Issue issue, Message in, Message out, Message counts, long largest, MPI_Op op,
            MPI_Comm comm, MemorySegment request) {
        MemorySegment sendbuf = sent(in, out);
        MemorySegment recvcounts = counts.mpi();
        if (LargeCounts.exceedsInt(largest)) {
            LargeCounts.run(largest, () -> {
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Reduce_scatter_init_c(sendbuf, out.mpi(), recvcounts, in.handle, op, comm,
                            Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Ireduce_scatter_c(sendbuf, out.mpi(), recvcounts, in.handle, op, comm, request);
                }
            });
        } else if (issue == Issue.PERSISTENT) {
            Mpi.MPI_Reduce_scatter_init(sendbuf, out.mpi(), recvcounts, in.handle, op, comm, Mpi.MPI_INFO_NULL,
                    request);
        } else {
            Mpi.MPI_Ireduce_scatter(sendbuf, out.mpi(), recvcounts, in.handle, op, comm, request);
        }
    }

    /** {@code MPI_Igather} or {@code MPI_Gather_init} of blocks of {@code block}; {@code _c} beyond an int. */
    static void startGather(Issue issue, Message in, Message out, long block, int root, MPI_Comm comm,
            MemorySegment request) {
        MemorySegment sendbuf = sent(in, out);
        if (LargeCounts.exceedsInt(block)) {
            LargeCounts.run(block, () -> {
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Gather_init_c(sendbuf, block, in.handle, plain(out), block, in.handle, root, comm,
                            Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Igather_c(sendbuf, block, in.handle, plain(out), block, in.handle, root, comm, request);
                }
            });
        } else if (issue == Issue.PERSISTENT) {
            int b = (int) block;
            Mpi.MPI_Gather_init(sendbuf, b, in.handle, plain(out), b, in.handle, root, comm, Mpi.MPI_INFO_NULL, request);
        } else {
            int b = (int) block;
            Mpi.MPI_Igather(sendbuf, b, in.handle, plain(out), b, in.handle, root, comm, request);
        }
    }

    /** {@code MPI_Iscatter} or {@code MPI_Scatter_init}: blocks of an int ({@code count(n)}), so never {@code _c}. */
    static void startScatter(Issue issue, Message in, Message out, int block, int root, MPI_Comm comm,
            MemorySegment request) {
        if (issue == Issue.PERSISTENT) {
            Mpi.MPI_Scatter_init(plain(in), block, out.handle, out.mpi(), block, out.handle, root, comm,
                    Mpi.MPI_INFO_NULL, request);
        } else {
            Mpi.MPI_Iscatter(plain(in), block, out.handle, out.mpi(), block, out.handle, root, comm, request);
        }
    }

    /** The nonblocking or persistent {@code MPI_Iallgather}, {@code MPI_Ialltoall} and neighbour forms; {@code _c} beyond an int. */
    static void startExchange(Issue issue, Collectives.Exchange kind, Message in, Message out, long block,
            MPI_Comm comm, MemorySegment request) {
        if (LargeCounts.exceedsInt(block)) {
            LargeCounts.run(block, () -> {
                if (issue == Issue.PERSISTENT) {
                    switch (kind) {
                        case ALLGATHER -> Mpi.MPI_Allgather_init_c(in.mpi(), block, in.handle, out.mpi(), block,
                                in.handle, comm, Mpi.MPI_INFO_NULL, request);
                        case ALLTOALL -> Mpi.MPI_Alltoall_init_c(in.mpi(), block, in.handle, out.mpi(), block,
                                in.handle, comm, Mpi.MPI_INFO_NULL, request);
                        case NEIGHBOR_ALLGATHER -> Mpi.MPI_Neighbor_allgather_init_c(in.mpi(), block, in.handle,
                                out.mpi(), block, in.handle, comm, Mpi.MPI_INFO_NULL, request);
                        case NEIGHBOR_ALLTOALL -> Mpi.MPI_Neighbor_alltoall_init_c(in.mpi(), block, in.handle,
                                out.mpi(), block, in.handle, comm, Mpi.MPI_INFO_NULL, request);
                    }
                    return;
                }
                switch (kind) {
                    case ALLGATHER -> Mpi.MPI_Iallgather_c(in.mpi(), block, in.handle, out.mpi(), block, in.handle,
                            comm, request);
                    case ALLTOALL -> Mpi.MPI_Ialltoall_c(in.mpi(), block, in.handle, out.mpi(), block, in.handle, comm,
                            request);
                    case NEIGHBOR_ALLGATHER -> Mpi.MPI_Ineighbor_allgather_c(in.mpi(), block, in.handle, out.mpi(),
                            block, in.handle, comm, request);
                    case NEIGHBOR_ALLTOALL -> Mpi.MPI_Ineighbor_alltoall_c(in.mpi(), block, in.handle, out.mpi(),
                            block, in.handle, comm, request);
                }
            });
        } else if (issue == Issue.PERSISTENT) {
            int b = (int) block;
            switch (kind) {
                case ALLGATHER -> Mpi.MPI_Allgather_init(in.mpi(), b, in.handle, out.mpi(), b, in.handle, comm,
                        Mpi.MPI_INFO_NULL, request);
                case ALLTOALL -> Mpi.MPI_Alltoall_init(in.mpi(), b, in.handle, out.mpi(), b, in.handle, comm,
                        Mpi.MPI_INFO_NULL, request);
                case NEIGHBOR_ALLGATHER -> Mpi.MPI_Neighbor_allgather_init(in.mpi(), b, in.handle, out.mpi(), b,
                        in.handle, comm, Mpi.MPI_INFO_NULL, request);
                case NEIGHBOR_ALLTOALL -> Mpi.MPI_Neighbor_alltoall_init(in.mpi(), b, in.handle, out.mpi(), b,
                        in.handle, comm, Mpi.MPI_INFO_NULL, request);
            }
        } else {
            int b = (int) block;
            switch (kind) {
                case ALLGATHER -> Mpi.MPI_Iallgather(in.mpi(), b, in.handle, out.mpi(), b, in.handle, comm, request);
                case ALLTOALL -> Mpi.MPI_Ialltoall(in.mpi(), b, in.handle, out.mpi(), b, in.handle, comm, request);
                case NEIGHBOR_ALLGATHER -> Mpi.MPI_Ineighbor_allgather(in.mpi(), b, in.handle, out.mpi(), b, in.handle,
                        comm, request);
                case NEIGHBOR_ALLTOALL -> Mpi.MPI_Ineighbor_alltoall(in.mpi(), b, in.handle, out.mpi(), b, in.handle,
                        comm, request);
            }
        }
    }

    /** {@code MPI_Igatherv} or {@code MPI_Gatherv_init}, or their {@code _c} forms; see {@link #gatherv}. */
    static void startGatherv(Issue issue, Gathered<?> g, int root, MPI_Comm comm, MemorySegment request) {
        Message in = g.in();
        MemorySegment recvbuf = plain(g.out());
        MemorySegment counts = plain(g.counts());
        MemorySegment displs = plain(g.displs());
        if (g.large()) {
            LargeCounts.runV(() -> {
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Gatherv_init_c(in.mpi(), in.elements(), in.handle, recvbuf, counts, displs, in.handle, root,
                            comm, Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Igatherv_c(in.mpi(), in.elements(), in.handle, recvbuf, counts, displs, in.handle, root,
                            comm, request);
                }
            });
        } else if (issue == Issue.PERSISTENT) {
            Mpi.MPI_Gatherv_init(in.mpi(), in.count, in.handle, recvbuf, counts, displs, in.handle, root, comm,
                    Mpi.MPI_INFO_NULL, request);
        } else {
            Mpi.MPI_Igatherv(in.mpi(), in.count, in.handle, recvbuf, counts, displs, in.handle, root, comm, request);
        }
    }

    /** {@code MPI_Iallgatherv} or {@code MPI_Allgatherv_init}, or their {@code _c} forms. */
    static void startAllgatherv(Issue issue, Gathered<?> g, MPI_Comm comm, MemorySegment request) {
        Message in = g.in();
        MemorySegment recvbuf = g.out().mpi();
        MemorySegment counts = g.counts().mpi();
        MemorySegment displs = g.displs().mpi();
        if (g.large()) {
            LargeCounts.runV(() -> {
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Allgatherv_init_c(in.mpi(), in.elements(), in.handle, recvbuf, counts, displs, in.handle,
                            comm, Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Iallgatherv_c(in.mpi(), in.elements(), in.handle, recvbuf, counts, displs, in.handle, comm,
                            request);
                }
            });
        } else if (issue == Issue.PERSISTENT) {
            Mpi.MPI_Allgatherv_init(in.mpi(), in.count, in.handle, recvbuf, counts, displs, in.handle, comm,
                    Mpi.MPI_INFO_NULL, request);
        } else {
            Mpi.MPI_Iallgatherv(in.mpi(), in.count, in.handle, recvbuf, counts, displs, in.handle, comm, request);
        }
    }

    /** {@code MPI_Iscatterv} or {@code MPI_Scatterv_init}, or their {@code _c} forms; see {@link #scatterv}. */
    static void startScatterv(Issue issue, Collectives.Dealt<?> d, int root, MPI_Comm comm, MemorySegment request) {
        Message out = d.out();
        MemorySegment sendbuf = plain(d.in());
        MemorySegment counts = plain(d.counts());
        MemorySegment displs = plain(d.displs());
        if (d.large()) {
            LargeCounts.runV(() -> {
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Scatterv_init_c(sendbuf, counts, displs, out.handle, out.mpi(), out.elements(), out.handle,
                            root, comm, Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Iscatterv_c(sendbuf, counts, displs, out.handle, out.mpi(), out.elements(), out.handle,
                            root, comm, request);
                }
            });
        } else if (issue == Issue.PERSISTENT) {
            Mpi.MPI_Scatterv_init(sendbuf, counts, displs, out.handle, out.mpi(), out.count, out.handle, root, comm,
                    Mpi.MPI_INFO_NULL, request);
        } else {
            Mpi.MPI_Iscatterv(sendbuf, counts, displs, out.handle, out.mpi(), out.count, out.handle, root, comm,
                    request);
        }
    }

    /** The nonblocking or persistent {@code MPI_Ialltoallv} or neighbour form, or their {@code _c} forms. */
    static void startPersonalized(Issue issue, boolean neighbours, Collectives.Personal<?> p, MPI_Comm comm,
            MemorySegment request) {
        Gathered<?> g = p.received();
        MPI_Datatype type = g.in().handle;
        MemorySegment sendbuf = g.in().mpi();
        MemorySegment sendcounts = p.sendCountsMessage().mpi();
        MemorySegment sdispls = p.sendDisplsMessage().mpi();
        MemorySegment recvbuf = g.out().mpi();
        MemorySegment recvcounts = g.counts().mpi();
        MemorySegment rdispls = g.displs().mpi();
        MPI_Info info = Mpi.MPI_INFO_NULL;
        boolean persistent = issue == Issue.PERSISTENT;
        if (g.large()) {
            LargeCounts.runV(() -> {
                if (neighbours && persistent) {
                    Mpi.MPI_Neighbor_alltoallv_init_c(sendbuf, sendcounts, sdispls, type, recvbuf, recvcounts, rdispls,
                            type, comm, info, request);
                } else if (neighbours) {
                    Mpi.MPI_Ineighbor_alltoallv_c(sendbuf, sendcounts, sdispls, type, recvbuf, recvcounts, rdispls,
                            type, comm, request);
                } else if (persistent) {
                    Mpi.MPI_Alltoallv_init_c(sendbuf, sendcounts, sdispls, type, recvbuf, recvcounts, rdispls, type,
                            comm, info, request);
                } else {
                    Mpi.MPI_Ialltoallv_c(sendbuf, sendcounts, sdispls, type, recvbuf, recvcounts, rdispls, type, comm,
                            request);
                }
            });
        } else if (neighbours && persistent) {
            Mpi.MPI_Neighbor_alltoallv_init(sendbuf, sendcounts, sdispls, type, recvbuf, recvcounts, rdispls, type,
                    comm, info, request);
        } else if (neighbours) {
            Mpi.MPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, type, recvbuf, recvcounts, rdispls, type, comm,
                    request);
        } else if (persistent) {
            Mpi.MPI_Alltoallv_init(sendbuf, sendcounts, sdispls, type, recvbuf, recvcounts, rdispls, type, comm, info,
                    request);
        } else {
            Mpi.MPI_Ialltoallv(sendbuf, sendcounts, sdispls, type, recvbuf, recvcounts, rdispls, type, comm, request);
        }
    }

    /** The nonblocking or persistent {@code MPI_Ialltoallw} or neighbour form, or their {@code _c} forms. */
    static void startAlltoallw(Issue issue, boolean neighbours, Alltoallw.Weighted<?> w, MPI_Comm comm,
            MemorySegment request) {
        MemorySegment sendbuf = w.in().mpi();
        MemorySegment sc = w.sendCounts().mpi();
        MemorySegment sd = w.sendDispls().mpi();
        MemorySegment st = w.sendTypes().mpi();
        MemorySegment recvbuf = w.out().mpi();
        MemorySegment rc = w.recvCounts().mpi();
        MemorySegment rd = w.recvDispls().mpi();
        MemorySegment rt = w.recvTypes().mpi();
        MPI_Info info = Mpi.MPI_INFO_NULL;
        boolean persistent = issue == Issue.PERSISTENT;
        if (w.large()) {
            LargeCounts.runV(() -> {
                if (persistent && neighbours) {
                    Mpi.MPI_Neighbor_alltoallw_init_c(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, info, request);
                } else if (persistent) {
                    Mpi.MPI_Alltoallw_init_c(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, info, request);
                } else if (neighbours) {
                    Mpi.MPI_Ineighbor_alltoallw_c(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, request);
                } else {
                    Mpi.MPI_Ialltoallw_c(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, request);
                }
            });
        } else if (persistent && neighbours) {
            Mpi.MPI_Neighbor_alltoallw_init(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, info, request);
        } else if (persistent) {
            Mpi.MPI_Alltoallw_init(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, info, request);
        } else if (neighbours) {
            Mpi.MPI_Ineighbor_alltoallw(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, request);
        } else {
            Mpi.MPI_Ialltoallw(sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, request);
        }
    }
}
