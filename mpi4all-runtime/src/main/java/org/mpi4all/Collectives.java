package org.mpi4all;

import static org.mpi4all.Param.Name.COUNT;
import static org.mpi4all.Param.Name.IN_PLACE;
import static org.mpi4all.Param.Name.OFFSET;
import static org.mpi4all.Param.Name.RECV_BUF;
import static org.mpi4all.Param.Name.RECV_COUNTS;
import static org.mpi4all.Param.Name.RECV_COUNTS_OUT;
import static org.mpi4all.Param.Name.RECV_DISPLS;
import static org.mpi4all.Param.Name.RECV_DISPLS_OUT;
import static org.mpi4all.Param.Name.ROOT;
import static org.mpi4all.Param.Name.SEND_COUNTS;
import static org.mpi4all.Param.Name.SEND_DISPLS;
import static org.mpi4all.Param.Name.TYPE;
import static org.mpi4all.Shapes.blockOf;
import static org.mpi4all.Shapes.checkCounts;
import static org.mpi4all.Shapes.countOf;
import static org.mpi4all.Shapes.displacements;
import static org.mpi4all.Shapes.nonRootResult;
import static org.mpi4all.Shapes.recvDisplacements;
import static org.mpi4all.Shapes.resultBuffer;

import java.lang.foreign.MemorySegment;
import java.util.function.UnaryOperator;
import org.mpi4all.Shapes.Gathered;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/**
 * The data-moving collectives of {@link Communicator} and {@link TopologyCommunicator} (MPI-4.1 §6.4-6.8,
 * 6.12, 8.6): broadcast, gathers, scatters, all-to-all, their v-variants, nonblocking forms and
 * neighbour forms.
 */
final class Collectives {
    private static final int BCAST_PARAMS = Param.accepting(ROOT, COUNT, OFFSET, TYPE);
    private static final int GATHER_PARAMS = Param.accepting(ROOT, RECV_BUF, IN_PLACE, TYPE);
    private static final int SCATTER_PARAMS = Param.accepting(ROOT, RECV_BUF, COUNT, TYPE);
    private static final int GATHERV_PARAMS = Param.accepting(ROOT, RECV_BUF, RECV_COUNTS, RECV_DISPLS,
            RECV_COUNTS_OUT, RECV_DISPLS_OUT, TYPE);
    private static final int ALLGATHERV_PARAMS = Param.accepting(RECV_BUF, RECV_COUNTS, RECV_DISPLS,
            RECV_COUNTS_OUT, RECV_DISPLS_OUT, TYPE);
    private static final int SCATTERV_PARAMS = Param.accepting(ROOT, SEND_COUNTS, SEND_DISPLS, RECV_BUF, COUNT, TYPE);
    private static final int ALLTOALLV_PARAMS = Param.accepting(SEND_COUNTS, SEND_DISPLS, RECV_BUF, RECV_COUNTS,
            RECV_DISPLS, RECV_COUNTS_OUT, RECV_DISPLS_OUT, TYPE);
    private static final int IBCAST_PARAMS = Param.accepting(ROOT, TYPE);

    /** The collectives that exchange blocks of one size: with every process, or with the neighbours of a topology. */
    enum Exchange {
        ALLGATHER("allgather", true, false), ALLTOALL("alltoall", false, false),
        NEIGHBOR_ALLGATHER("neighborAllgather", true, true), NEIGHBOR_ALLTOALL("neighborAlltoall", false, true);

        /** The name of the blocking operation; the nonblocking one is "i" + it. */
        final String operation;
        /** Whether all of the send buffer goes to every peer (else block j to peer j). */
        final boolean gather;
        final boolean neighbours;

        Exchange(String operation, boolean gather, boolean neighbours) {
            this.operation = operation;
            this.gather = gather;
            this.neighbours = neighbours;
        }
    }

    private static final int EXCHANGE_PARAMS = Param.accepting(RECV_BUF, IN_PLACE, TYPE);
    private static final int NEIGHBOR_OR_NONBLOCKING_PARAMS = Param.accepting(RECV_BUF, TYPE);

    private Collectives() {}

    /**
     * The buffers of an exchange of blocks (mpi4py's {@code for_allgather}, {@code for_alltoall}): what is
     * sent (all of it in place), the result of one block per source, and the block size.
     */
    private record Blocks<T>(Message in, Message out, long block, T result) {
        static <T> Blocks<T> of(Call call, Communicator c, Exchange kind, String operation, T send, Param[] params,
                int given) {
            boolean inPlace = Param.has(given, IN_PLACE);
            int sources = kind.neighbours ? ((TopologyCommunicator) c).sources().length : c.size();
            int destinations = kind.neighbours ? ((TopologyCommunicator) c).destinations().length : c.size();
            Message in = call.message(send, Param.type(params, given), 0, -1, inPlace ? Message.INOUT : Message.IN);
            long block = inPlace || !kind.gather
                    ? blockOf(operation, in, destinations, kind.neighbours ? "destination" : "process") : in.elements();
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, block * sources, inPlace);
            Message out = inPlace ? in : call.message(result, in.type, 0, block * sources, Message.OUT);
            return new Blocks<>(in, out, block, result);
        }
    }

    /** {@code allgather}, {@code alltoall} and their neighbour forms. */
    static <T> T exchange(Communicator c, Exchange kind, T send, Param[] params) {
        int given = Param.check(kind.operation, params, kind.neighbours ? NEIGHBOR_OR_NONBLOCKING_PARAMS : EXCHANGE_PARAMS);
        MPI_Comm comm = c.intraHandle();
        try (Call call = Call.begin(c.environment, kind.operation)) {
            Blocks<T> b = Blocks.of(call, c, kind, kind.operation, send, params, given);
            Downcall.exchange(call.prepare(false), kind, b.in(), b.out(), b.block(), comm);
            return call.finish(b.result());
        }
    }

    static <T> T bcast(Communicator c, T buf, Param[] params) {
        int given = Param.check("bcast", params, BCAST_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        try (Call call = Call.begin(c.environment, "bcast")) {
            Message m = call.message(buf, Param.type(params, given), Param.intValue(params, given, OFFSET, 0),
                    Param.intValue(params, given, COUNT, -1), c.rank() == root ? Message.IN : Message.OUT);
            Downcall.bcast(call.prepare(false), m, root, comm);
            call.finish();
        }
        return buf;
    }

    /** The buffers of a gather (mpi4py's {@code for_gather}): what is sent, the result at the root, the block size. */
    private record Rooted<T>(Message in, Message out, long block, T result) {
        static <T> Rooted<T> gather(Call call, Communicator c, String operation, T send, Param[] params, int given,
                int root) {
            boolean isRoot = c.rank() == root;
            boolean inPlace = isRoot && Param.has(given, IN_PLACE);
            Message in = call.message(send, Param.type(params, given), 0, -1, inPlace ? Message.INOUT : Message.IN);
            long block = inPlace ? blockOf(operation, in, c.size(), "process") : in.elements();
            Object recvBuf = Param.value(params, given, RECV_BUF);
            T result = isRoot ? resultBuffer(operation, send, recvBuf, in, block * c.size(), inPlace)
                    : nonRootResult(operation, send, recvBuf, in);
            Message out = inPlace ? in : isRoot ? call.message(result, in.type, 0, block * c.size(), Message.OUT) : null;
            return new Rooted<>(in, out, block, result);
        }

        /** A scatter's: the root's send buffer (null elsewhere), this process's block, the block size. */
        static <T> Rooted<T> scatter(Call call, Communicator c, String operation, T send, Param[] params, int given,
                int root, long block) {
            boolean isRoot = c.rank() == root;
            Message in = call.message(send, Param.type(params, given), 0, isRoot ? block * c.size() : 0, Message.IN);
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, block, false);
            Message out = call.message(result, in.type, 0, block, Message.OUT);
            return new Rooted<>(isRoot ? in : null, out, block, result);
        }
    }

    static <T> T gather(Communicator c, T send, Param[] params) {
        int given = Param.check("gather", params, GATHER_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        try (Call call = Call.begin(c.environment, "gather")) {
            Rooted<T> g = Rooted.gather(call, c, "gather", send, params, given, root);
            Downcall.gather(call.prepare(false), g.in(), g.out(), g.block(), root, comm);
            return call.finish(g.result());
        }
    }

    static <T, R extends AbstractRequest<T>> R igather(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation("gather");
        int given = Param.check(operation, params, GATHER_PARAMS);
        issue.refuseWhereBroken(operation, "MPI_Gather_init");
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        try (Call call = Call.begin(c.environment, operation)) {
            Rooted<T> g = Rooted.gather(call, c, operation, send, params, given, root);
            call.takeLargeCounts();
            return issue.issue(call, g.result(), request -> Downcall.startGather(issue, g.in(), g.out(), g.block(), root,
                    comm, request));
        }
    }

    static <T> T scatter(Communicator c, T send, Param[] params) {
        int given = Param.check("scatter", params, SCATTER_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        long block = Param.intValue(params, given, COUNT, -1);
        if (block < 0) {
            long[] shared = {c.rank() == root ? blockOf("scatter", countOf(c.environment, "scatter", send,
                    Param.type(params, given)), c.size(), "process") : 0};
            block = c.bcast(shared, Param.root(root))[0];
        }
        try (Call call = Call.begin(c.environment, "scatter")) {
            Rooted<T> s = Rooted.scatter(call, c, "scatter", send, params, given, root, block);
            Downcall.scatter(call.prepare(false), s.in(), s.out(), block, root, comm);
            return call.finish(s.result());
        }
    }

    static <T, R extends AbstractRequest<T>> R iscatter(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation("scatter");
        int given = Param.check(operation, params, SCATTER_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        int block = requiredCount(operation, params, given);
        issue.refuseWhereBroken(operation, "MPI_Scatter_init");
        try (Call call = Call.begin(c.environment, operation)) {
            Rooted<T> s = Rooted.scatter(call, c, operation, send, params, given, root, block);
            call.takeLargeCounts();   // the root's buffer may exceed an int: MPI is given the block
            return issue.issue(call, s.result(), request -> Downcall.startScatter(issue, s.in(), s.out(), block, root,
                    comm, request));
        }
    }

    /** The block size a nonblocking scatter cannot learn from the root: {@code count(n)}, required. */
    private static int requiredCount(String operation, Param[] params, int given) {
        if (!Param.has(given, COUNT)) {
            throw new IllegalArgumentException(operation + ": count(n), this process's block size, is required"
                    + " (the blocking form broadcasts it)");
        }
        return Param.intValue(params, given, COUNT, 0);
    }

    static <T> T gatherv(Communicator c, T send, Param[] params) {
        int given = Param.check("gatherv", params, GATHERV_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        boolean isRoot = c.rank() == root;
        Datatype typeParam = Param.type(params, given);
        int[] counts = (int[]) Param.value(params, given, RECV_COUNTS);
        if (counts == null) {
            counts = exchanged("gatherv", c.gather(new int[] {countOf(c.environment, "gatherv", send, typeParam).count},
                    Param.root(root)));
        }
        try (Call call = Call.begin(c.environment, "gatherv")) {
            if (isRoot) {
                int[] displs = recvDisplacements("gatherv", params, given, counts, c.size());
                Gathered<T> g = Gathered.of(call, "gatherv", send, params, given, counts, displs);
                Downcall.gatherv(call.prepare(false), g.in(), g.out(), g.counts(), g.displs(), root, comm);
                return call.finish(g.result());
            }
            Message in = call.message(send, typeParam, 0, -1, Message.IN);
            T result = nonRootResult("gatherv", send, Param.value(params, given, RECV_BUF), in);
            Downcall.gatherv(call.prepare(false), in, null, null, null, root, comm);
            return call.finish(result);
        }
    }

    static <T, R extends AbstractRequest<T>> R igatherv(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation("gatherv");
        int given = Param.check(operation, params, GATHERV_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        int[] counts = (int[]) Param.value(params, given, RECV_COUNTS);
        if (c.rank() == root && counts == null) {
            throw new IllegalArgumentException(operation + ": recvCounts is required at the root (gatherv gathers them"
                    + " itself)");
        }
        try (Call call = Call.begin(c.environment, operation)) {
            Gathered<T> g;
            if (c.rank() == root) {
                g = Gathered.of(call, operation, send, params, given, counts,
                        recvDisplacements(operation, params, given, counts, c.size()));
            } else {
                Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
                g = new Gathered<>(in, null, null, null, nonRootResult(operation, send, Param.value(params, given,
                        RECV_BUF), in));
            }
            Message in = g.in();
            return issue.issue(call, g.result(), request -> {
                MemorySegment recvbuf = g.out() != null ? g.out().mpi() : MemorySegment.NULL;
                MemorySegment recvcounts = g.counts() != null ? g.counts().mpi() : MemorySegment.NULL;
                MemorySegment displs = g.displs() != null ? g.displs().mpi() : MemorySegment.NULL;
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Gatherv_init(in.mpi(), in.count, in.handle, recvbuf, recvcounts, displs, in.handle, root,
                            comm, Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Igatherv(in.mpi(), in.count, in.handle, recvbuf, recvcounts, displs, in.handle, root, comm,
                            request);
                }
            });
        }
    }

    static <T> T allgatherv(Communicator c, T send, Param[] params) {
        int given = Param.check("allgatherv", params, ALLGATHERV_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int[] counts = (int[]) Param.value(params, given, RECV_COUNTS);
        if (counts == null) {
            counts = exchanged("allgatherv", c.allgather(new int[] {countOf(c.environment, "allgatherv", send,
                    Param.type(params, given)).count}));
        }
        int[] displs = recvDisplacements("allgatherv", params, given, counts, c.size());
        try (Call call = Call.begin(c.environment, "allgatherv")) {
            Gathered<T> g = Gathered.of(call, "allgatherv", send, params, given, counts, displs);
            Downcall.allgatherv(call.prepare(false), g.in(), g.out(), g.counts(), g.displs(), comm);
            return call.finish(g.result());
        }
    }

    /**
     * The counts a v-collective exchanged, after checking that none is the {@link Message#LARGE} of a buffer of more
     * elements than an int counts (each process sends its own, so that all fail together rather than some wait).
     */
    private static int[] exchanged(String operation, int[] counts) {
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == Message.LARGE) {
                throw new IllegalArgumentException(operation + ": rank " + i + "'s buffer has more elements than an int"
                        + " counts, and the counts of the v-collectives are ints");
            }
        }
        return counts;
    }

    /** The root's send counts and displacements of a scatterv, checked (null elsewhere). */
    private static int[][] scattervLayout(Communicator c, String operation, Object send, Param[] params, int given,
            int root) {
        if (c.rank() != root) {
            return null;
        }
        int[] counts = (int[]) Param.value(params, given, SEND_COUNTS);
        if (counts == null) {
            throw new IllegalArgumentException(operation + ": sendCounts is required at the root");
        }
        checkCounts(operation, "sendCounts", counts, c.size());
        int[] displs = displacements(operation, "sendDispls", (int[]) Param.value(params, given, SEND_DISPLS), counts);
        Shapes.checkFits(operation, counts, displs, countOf(c.environment, operation, send, Param.type(params, given)));
        return new int[][] {counts, displs};
    }

    /** The buffers of a scatterv: the root's send buffer, counts and displacements (null elsewhere), the block received. */
    private record Dealt<T>(Message in, Message counts, Message displs, Message out, T result) {
        static <T> Dealt<T> of(Call call, String operation, T send, Param[] params, int given, int[][] layout,
                int block) {
            Message in = call.message(send, Param.type(params, given), 0, layout != null ? -1 : 0, Message.IN);
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, block, false);
            Message out = call.message(result, in.type, 0, block, Message.OUT);
            return layout == null ? new Dealt<>(null, null, null, out, result)
                    : new Dealt<>(in, call.ints(layout[0]), call.ints(layout[1]), out, result);
        }
    }

    static <T> T scatterv(Communicator c, T send, Param[] params) {
        int given = Param.check("scatterv", params, SCATTERV_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        int[][] layout = scattervLayout(c, "scatterv", send, params, given, root);
        int block = Param.intValue(params, given, COUNT, -1);
        if (block < 0) {
            block = c.scatter(layout != null ? layout[0] : new int[0], Param.root(root), Param.count(1))[0];
        }
        try (Call call = Call.begin(c.environment, "scatterv")) {
            Dealt<T> d = Dealt.of(call, "scatterv", send, params, given, layout, block);
            Downcall.scatterv(call.prepare(false), d.in(), d.counts(), d.displs(), d.out(), root, comm);
            return call.finish(d.result());
        }
    }

    static <T, R extends AbstractRequest<T>> R iscatterv(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation("scatterv");
        int given = Param.check(operation, params, SCATTERV_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        int[][] layout = scattervLayout(c, operation, send, params, given, root);
        int block = requiredCount(operation, params, given);
        try (Call call = Call.begin(c.environment, operation)) {
            Dealt<T> d = Dealt.of(call, operation, send, params, given, layout, block);
            Message out = d.out();
            return issue.issue(call, d.result(), request -> {
                MemorySegment sendbuf = d.in() != null ? d.in().mpi() : MemorySegment.NULL;
                MemorySegment sendcounts = d.counts() != null ? d.counts().mpi() : MemorySegment.NULL;
                MemorySegment displs = d.displs() != null ? d.displs().mpi() : MemorySegment.NULL;
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Scatterv_init(sendbuf, sendcounts, displs, out.handle, out.mpi(), block, out.handle, root,
                            comm, Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Iscatterv(sendbuf, sendcounts, displs, out.handle, out.mpi(), block, out.handle, root, comm,
                            request);
                }
            });
        }
    }

    /**
     * The buffers of {@code alltoallv} and {@code neighborAlltoallv}: the one sends {@code sendCounts[j]}
     * elements to rank j of all, the other to neighbour j of its destinations; the receive counts, unless
     * given, come from {@code exchangeCounts} of the send counts (null: they are required). Resolved in two
     * steps: the counts (which may communicate) before the call, the buffers in it.
     */
    private record Personal<T>(int given, int[] sendCounts, int[] sendDispls, int[] recvCounts, int[] recvDispls,
            Gathered<T> received, Message sendCountsMessage, Message sendDisplsMessage) {
        static <T> Personal<T> counts(Communicator c, String operation, T send, Param[] params, int destinations,
                int sources, UnaryOperator<int[]> exchangeCounts) {
            int given = Param.check(operation, params, ALLTOALLV_PARAMS);
            int[] sendCounts = (int[]) Param.value(params, given, SEND_COUNTS);
            if (sendCounts == null) {
                throw new IllegalArgumentException(operation + ": sendCounts is required");
            }
            checkCounts(operation, "sendCounts", sendCounts, destinations);
            int[] sendDispls = displacements(operation, "sendDispls", (int[]) Param.value(params, given, SEND_DISPLS),
                    sendCounts);
            Shapes.checkFits(operation, sendCounts, sendDispls, countOf(c.environment, operation, send,
                    Param.type(params, given)));
            int[] recvCounts = (int[]) Param.value(params, given, RECV_COUNTS);
            if (recvCounts == null && exchangeCounts == null) {
                throw new IllegalArgumentException(operation + ": recvCounts is required (a nonblocking call cannot"
                        + " exchange them first)");
            }
            if (recvCounts == null) {
                recvCounts = exchangeCounts.apply(sendCounts);
            }
            return new Personal<>(given, sendCounts, sendDispls, recvCounts, recvDisplacements(operation, params, given,
                    recvCounts, sources), null, null, null);
        }

        Personal<T> buffers(Call call, String operation, T send, Param[] params) {
            Gathered<T> g = Gathered.of(call, operation, send, params, given, recvCounts, recvDispls);
            return new Personal<>(given, sendCounts, sendDispls, recvCounts, recvDispls, g, call.ints(sendCounts),
                    call.ints(sendDispls));
        }
    }

    /** {@code alltoallv} and {@code neighborAlltoallv}; see {@link Personal}. */
    static <T> T personalized(Communicator c, boolean neighbours, T send, Param[] params, int destinations,
            int sources, UnaryOperator<int[]> exchangeCounts) {
        String operation = neighbours ? "neighborAlltoallv" : "alltoallv";
        Personal<T> counts = Personal.counts(c, operation, send, params, destinations, sources, exchangeCounts);
        MPI_Comm comm = c.intraHandle();
        try (Call call = Call.begin(c.environment, operation)) {
            Personal<T> p = counts.buffers(call, operation, send, params);
            Gathered<T> g = p.received();
            Downcall.personalized(call.prepare(false), neighbours, g.in(), p.sendCountsMessage(), p.sendDisplsMessage(),
                    g.out(), g.counts(), g.displs(), comm);
            return call.finish(g.result());
        }
    }

    /** {@code ialltoallv} and {@code ineighborAlltoallv}, or their {@code Init} forms, which need the receive counts given. */
    static <T, R extends AbstractRequest<T>> R ipersonalized(Communicator c, Issue issue, boolean neighbours, T send,
            Param[] params, int destinations, int sources) {
        String operation = issue.operation(neighbours ? "neighborAlltoallv" : "alltoallv");
        if (neighbours) {
            issue.refuseWhereBroken(operation, "MPI_Neighbor_alltoallv_init");
        }
        Personal<T> counts = Personal.counts(c, operation, send, params, destinations, sources, null);
        MPI_Comm comm = c.intraHandle();
        try (Call call = Call.begin(c.environment, operation)) {
            Personal<T> p = counts.buffers(call, operation, send, params);
            Message sc = p.sendCountsMessage();
            Message sd = p.sendDisplsMessage();
            Gathered<T> g = p.received();
            Message in = g.in();
            boolean persistent = issue == Issue.PERSISTENT;
            return issue.issue(call, g.result(), request -> {
                if (neighbours && persistent) {
                    Mpi.MPI_Neighbor_alltoallv_init(in.mpi(), sc.mpi(), sd.mpi(), in.handle, g.out().mpi(),
                            g.counts().mpi(), g.displs().mpi(), in.handle, comm, Mpi.MPI_INFO_NULL, request);
                } else if (neighbours) {
                    Mpi.MPI_Ineighbor_alltoallv(in.mpi(), sc.mpi(), sd.mpi(), in.handle, g.out().mpi(),
                            g.counts().mpi(), g.displs().mpi(), in.handle, comm, request);
                } else if (persistent) {
                    Mpi.MPI_Alltoallv_init(in.mpi(), sc.mpi(), sd.mpi(), in.handle, g.out().mpi(), g.counts().mpi(),
                            g.displs().mpi(), in.handle, comm, Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Ialltoallv(in.mpi(), sc.mpi(), sd.mpi(), in.handle, g.out().mpi(), g.counts().mpi(),
                            g.displs().mpi(), in.handle, comm, request);
                }
            });
        }
    }

    // ---- nonblocking and persistent (the same buffers and arguments, see Issue) --------------------

    static <R extends AbstractRequest<Void>> R ibarrier(Communicator c, Issue issue) {
        MPI_Comm comm = c.intraHandle();
        try (Call call = Call.begin(c.environment, issue.operation("barrier"))) {
            return issue.issue(call, null, request -> {
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Barrier_init(comm, Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Ibarrier(comm, request);
                }
            });
        }
    }

    static <T, R extends AbstractRequest<T>> R ibcast(Communicator c, Issue issue, T buf, Param[] params) {
        String operation = issue.operation("bcast");
        int given = Param.check(operation, params, IBCAST_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int root = Param.intValue(params, given, ROOT, 0);
        try (Call call = Call.begin(c.environment, operation)) {
            Message m = call.message(buf, Param.type(params, given), 0, -1, c.rank() == root ? Message.IN : Message.OUT);
            if (m.isLarge()) {
                Issue.KnownBugs.refuse(operation, issue == Issue.PERSISTENT ? "MPI_Bcast_init_c" : "MPI_Ibcast_c");
                call.takeLargeCounts();
            }
            return issue.issue(call, buf, request -> Downcall.ibcast(issue, m, root, comm, request));
        }
    }

    static <T, R extends AbstractRequest<T>> R iallgatherv(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation("allgatherv");
        int given = Param.check(operation, params, ALLGATHERV_PARAMS);
        MPI_Comm comm = c.intraHandle();
        int[] counts = (int[]) Param.value(params, given, RECV_COUNTS);
        if (counts == null) {
            throw new IllegalArgumentException(operation + ": recvCounts is required (allgatherv exchanges them itself)");
        }
        int[] displs = recvDisplacements(operation, params, given, counts, c.size());
        try (Call call = Call.begin(c.environment, operation)) {
            Gathered<T> g = Gathered.of(call, operation, send, params, given, counts, displs);
            Message in = g.in();
            return issue.issue(call, g.result(), request -> {
                if (issue == Issue.PERSISTENT) {
                    Mpi.MPI_Allgatherv_init(in.mpi(), in.count, in.handle, g.out().mpi(), g.counts().mpi(),
                            g.displs().mpi(), in.handle, comm, Mpi.MPI_INFO_NULL, request);
                } else {
                    Mpi.MPI_Iallgatherv(in.mpi(), in.count, in.handle, g.out().mpi(), g.counts().mpi(),
                            g.displs().mpi(), in.handle, comm, request);
                }
            });
        }
    }

    /** {@code MPI_Iallgather}, {@code MPI_Ialltoall} and their neighbour forms, or their {@code _init} forms. */
    static <T, R extends AbstractRequest<T>> R iexchange(Communicator c, Issue issue, Exchange kind, T send,
            Param[] params) {
        String operation = issue.operation(kind.operation);
        int given = Param.check(operation, params, NEIGHBOR_OR_NONBLOCKING_PARAMS);
        if (kind == Exchange.ALLGATHER) {
            issue.refuseWhereBroken(operation, "MPI_Allgather_init");
        }
        MPI_Comm comm = c.intraHandle();
        try (Call call = Call.begin(c.environment, operation)) {
            Blocks<T> b = Blocks.of(call, c, kind, operation, send, params, given);
            call.takeLargeCounts();
            return issue.issue(call, b.result(), request -> Downcall.startExchange(issue, kind, b.in(), b.out(),
                    b.block(), comm, request));
        }
    }
}
