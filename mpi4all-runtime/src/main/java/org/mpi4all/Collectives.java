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
import static org.mpi4all.Shapes.longs;
import static org.mpi4all.Shapes.narrow;
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
    // The names of the nonblocking and persistent forms (Issue.Names)
    private static final Issue.Names IGATHER = Issue.Names.of("gather");
    private static final Issue.Names ISCATTER = Issue.Names.of("scatter");
    private static final Issue.Names IGATHERV = Issue.Names.of("gatherv");
    private static final Issue.Names ISCATTERV = Issue.Names.of("scatterv");
    private static final Issue.Names IALLGATHERV = Issue.Names.of("allgatherv");
    private static final Issue.Names IALLTOALLV = Issue.Names.of("alltoallv");
    private static final Issue.Names INEIGHBOR_ALLTOALLV = Issue.Names.of("neighborAlltoallv");
    private static final Issue.Names IBARRIER = Issue.Names.of("barrier");
    private static final Issue.Names IBCAST = Issue.Names.of("bcast");

    /** The collectives that exchange blocks of one size: with every process, or with the neighbours of a topology. */
    enum Exchange {
        ALLGATHER("allgather", true, false), ALLTOALL("alltoall", false, false),
        NEIGHBOR_ALLGATHER("neighborAllgather", true, true), NEIGHBOR_ALLTOALL("neighborAlltoall", false, true);

        /** The name of the blocking operation. */
        final String operation;
        /** The names of its nonblocking and persistent forms. */
        final Issue.Names issued;
        /** Whether all of the send buffer goes to every peer (else block j to peer j). */
        final boolean gather;
        final boolean neighbours;

        Exchange(String operation, boolean gather, boolean neighbours) {
            this.operation = operation;
            this.issued = Issue.Names.of(operation);
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
            int sources = kind.neighbours ? ((TopologyCommunicator) c).sources().length : c.peers();
            int destinations = kind.neighbours ? ((TopologyCommunicator) c).destinations().length : c.peers();
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
        MPI_Comm comm = c.collectiveHandle(kind.operation, given);
        try (Call call = Call.begin(c.environment, kind.operation)) {
            Blocks<T> b = Blocks.of(call, c, kind, kind.operation, send, params, given);
            Downcall.exchange(call.prepare(false), kind, b.in(), b.out(), b.block(), comm);
            return call.finish(b.result());
        }
    }

    static <T> T bcast(Communicator c, T buf, Param[] params) {
        int given = Param.check("bcast", params, BCAST_PARAMS);
        MPI_Comm comm = c.collectiveHandle("bcast", given);
        int root = c.root("bcast", params, given);
        try (Call call = Call.begin(c.environment, "bcast")) {
            Message m = call.message(buf, Param.type(params, given), Param.intValue(params, given, OFFSET, 0),
                    Param.intValue(params, given, COUNT, -1), receivesFromRoot(c, root) ? Message.OUT : Message.IN);
            Downcall.bcast(call.prepare(false), m, root, comm);
            call.finish();
        }
        return buf;
    }

    /** Whether the process giving {@code root} receives what the root sends (a broadcast's data). */
    private static boolean receivesFromRoot(Communicator c, int root) {
        return !c.isRoot(root) && c.exchangesWithRoot(root);
    }

    /** The buffers of a gather (mpi4py's {@code for_gather}): what is sent, the result at the root, the block size. */
    private record Rooted<T>(Message in, Message out, long block, T result) {
        static <T> Rooted<T> gather(Call call, Communicator c, String operation, T send, Param[] params, int given,
                int root) {
            boolean isRoot = c.isRoot(root);
            boolean inPlace = isRoot && Param.has(given, IN_PLACE);
            Message in = call.message(send, Param.type(params, given), 0, -1, inPlace ? Message.INOUT : Message.IN);
            long block = inPlace ? blockOf(operation, in, c.size(), "process") : in.elements();
            Object recvBuf = Param.value(params, given, RECV_BUF);
            T result = isRoot ? resultBuffer(operation, send, recvBuf, in, block * c.peers(), inPlace)
                    : nonRootResult(operation, send, recvBuf, in);
            Message out = inPlace ? in : isRoot ? call.message(result, in.type, 0, block * c.peers(), Message.OUT) : null;
            return new Rooted<>(in, out, block, result);
        }

        /** A scatter's: the root's send buffer (null elsewhere), this process's block, the block size. */
        static <T> Rooted<T> scatter(Call call, Communicator c, String operation, T send, Param[] params, int given,
                int root, long block) {
            boolean isRoot = c.isRoot(root);
            Message in = call.message(send, Param.type(params, given), 0, isRoot ? block * c.peers() : 0, Message.IN);
            if (!c.exchangesWithRoot(root)) {
                // The root's group of an intercommunicator receives nothing, an empty result. MPI ignores the receive
                // buffer there, but the checked layer measures it against the count: the root lends its send
                // buffer (never written), the others, which send nothing either, pass no elements.
                T none = nonRootResult(operation, send, Param.value(params, given, RECV_BUF), in);
                return isRoot ? new Rooted<>(in, in, block, none) : new Rooted<>(null, call.message(none, in.type, 0, 0,
                        Message.OUT), 0, none);
            }
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, block, false);
            Message out = call.message(result, in.type, 0, block, Message.OUT);
            return new Rooted<>(isRoot ? in : null, out, block, result);
        }
    }

    static <T> T gather(Communicator c, T send, Param[] params) {
        int given = Param.check("gather", params, GATHER_PARAMS);
        MPI_Comm comm = c.collectiveHandle("gather", given);
        int root = c.root("gather", params, given);
        try (Call call = Call.begin(c.environment, "gather")) {
            Rooted<T> g = Rooted.gather(call, c, "gather", send, params, given, root);
            Downcall.gather(call.prepare(false), g.in(), g.out(), g.block(), root, comm);
            return call.finish(g.result());
        }
    }

    static <T, R extends AbstractRequest<T>> R igather(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation(IGATHER);
        int given = Param.check(operation, params, GATHER_PARAMS);
        issue.refuseWhereBroken(operation, "MPI_Gather_init");
        MPI_Comm comm = c.collectiveHandle(operation, given);
        int root = c.root(operation, params, given);
        try (Call call = Call.begin(c.environment, operation)) {
            Rooted<T> g = Rooted.gather(call, c, operation, send, params, given, root);
            Downcall.startGather(issue, g.in(), g.out(), g.block(), root, comm, issue.request(call, IGATHER));
            return issue.issued(call, g.result());
        }
    }

    static <T> T scatter(Communicator c, T send, Param[] params) {
        int given = Param.check("scatter", params, SCATTER_PARAMS);
        MPI_Comm comm = c.collectiveHandle("scatter", given);
        int root = c.root("scatter", params, given);
        long block = Param.intValue(params, given, COUNT, -1);
        if (block < 0) {
            long[] shared = {c.isRoot(root) ? blockOf("scatter", countOf(c.environment, "scatter", send,
                    Param.type(params, given)), c.peers(), "process") : 0};
            block = c.bcast(shared, Param.rootArgument(root))[0];
        }
        try (Call call = Call.begin(c.environment, "scatter")) {
            Rooted<T> s = Rooted.scatter(call, c, "scatter", send, params, given, root, block);
            Downcall.scatter(call.prepare(false), s.in(), s.out(), s.block(), root, comm);
            return call.finish(s.result());
        }
    }

    static <T, R extends AbstractRequest<T>> R iscatter(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation(ISCATTER);
        int given = Param.check(operation, params, SCATTER_PARAMS);
        MPI_Comm comm = c.collectiveHandle(operation, given);
        int root = c.root(operation, params, given);
        // the root's group of an intercommunicator, the root aside, takes no part: no block size there
        int block = c.isRoot(root) || c.exchangesWithRoot(root) ? requiredCount(operation, params, given) : 0;
        issue.refuseWhereBroken(operation, "MPI_Scatter_init");
        try (Call call = Call.begin(c.environment, operation)) {
            Rooted<T> s = Rooted.scatter(call, c, operation, send, params, given, root, block);
            Downcall.startScatter(issue, s.in(), s.out(), block, root, comm, issue.request(call, ISCATTER));
            return issue.issued(call, s.result());
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
        MPI_Comm comm = c.collectiveHandle("gatherv", given);
        int root = c.root("gatherv", params, given);
        long[] counts = longs(Param.value(params, given, RECV_COUNTS));
        if (counts == null) {
            counts = c.gather(new long[] {countOf(c.environment, "gatherv", send, Param.type(params, given))
                    .elements()}, Param.rootArgument(root));
        }
        try (Call call = Call.begin(c.environment, "gatherv")) {
            Gathered<T> g = gathered(call, c, "gatherv", send, params, given, counts, root);
            Downcall.gatherv(call.prepare(false), g, root, comm);
            return call.finish(g.result());
        }
    }

    /** A gatherv's buffers: at the root, of {@code counts} (null elsewhere, where only what is sent counts). */
    private static <T> Gathered<T> gathered(Call call, Communicator c, String operation, T send, Param[] params,
            int given, long[] counts, int root) {
        if (c.isRoot(root)) {
            return Gathered.of(call, operation, send, params, given, counts, recvDisplacements(operation, params,
                    given, counts, c.peers()));
        }
        Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
        return new Gathered<>(in, null, null, null, nonRootResult(operation, send, Param.value(params, given,
                RECV_BUF), in), in.isLarge());
    }

    static <T, R extends AbstractRequest<T>> R igatherv(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation(IGATHERV);
        int given = Param.check(operation, params, GATHERV_PARAMS);
        MPI_Comm comm = c.collectiveHandle(operation, given);
        int root = c.root(operation, params, given);
        long[] counts = longs(Param.value(params, given, RECV_COUNTS));
        if (c.isRoot(root) && counts == null) {
            throw new IllegalArgumentException(operation + ": recvCounts is required at the root (gatherv gathers them"
                    + " itself)");
        }
        try (Call call = Call.begin(c.environment, operation)) {
            Gathered<T> g = gathered(call, c, operation, send, params, given, counts, root);
            Downcall.startGatherv(issue, g, root, comm, issue.request(call, IGATHERV));
            return issue.issued(call, g.result());
        }
    }

    static <T> T allgatherv(Communicator c, T send, Param[] params) {
        int given = Param.check("allgatherv", params, ALLGATHERV_PARAMS);
        MPI_Comm comm = c.collectiveHandle("allgatherv", given);
        long[] counts = longs(Param.value(params, given, RECV_COUNTS));
        if (counts == null) {
            counts = c.allgather(new long[] {countOf(c.environment, "allgatherv", send, Param.type(params, given))
                    .elements()});
        }
        long[] displs = recvDisplacements("allgatherv", params, given, counts, c.peers());
        try (Call call = Call.begin(c.environment, "allgatherv")) {
            Gathered<T> g = Gathered.of(call, "allgatherv", send, params, given, counts, displs);
            Downcall.allgatherv(call.prepare(false), g, comm);
            return call.finish(g.result());
        }
    }

    /** The root's send counts and displacements of a scatterv, checked (null elsewhere). */
    private static long[][] scattervLayout(Communicator c, String operation, Object send, Param[] params, int given,
            int root) {
        if (!c.isRoot(root)) {
            return null;
        }
        long[] counts = longs(Param.value(params, given, SEND_COUNTS));
        if (counts == null) {
            throw new IllegalArgumentException(operation + ": sendCounts is required at the root");
        }
        checkCounts(operation, "sendCounts", counts, c.peers());
        long[] displs = displacements(operation, "sendDispls", longs(Param.value(params, given, SEND_DISPLS)), counts);
        Shapes.checkFits(operation, counts, displs, countOf(c.environment, operation, send, Param.type(params, given)));
        return new long[][] {counts, displs};
    }

    /**
     * The buffers of a scatterv: the root's send buffer, counts and displacements (null elsewhere), the block
     * received, and whether they need the large-count function.
     */
    record Dealt<T>(Message in, Message counts, Message displs, Message out, T result, boolean large) {
        static <T> Dealt<T> of(Call call, String operation, T send, Param[] params, int given, long[][] layout,
                long block) {
            Message in = call.message(send, Param.type(params, given), 0, layout != null ? -1 : 0, Message.IN);
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, block, false);
            Message out = call.message(result, in.type, 0, block, Message.OUT);
            if (layout == null) {
                return new Dealt<>(null, null, null, out, result, out.isLarge());
            }
            boolean large = Shapes.large(out, layout[0], layout[1]);
            return large ? new Dealt<>(in, call.longs(layout[0]), call.longs(layout[1]), out, result, true)
                    : new Dealt<>(in, call.ints(narrow(layout[0])), call.ints(narrow(layout[1])), out, result, false);
        }
    }

    static <T> T scatterv(Communicator c, T send, Param[] params) {
        int given = Param.check("scatterv", params, SCATTERV_PARAMS);
        MPI_Comm comm = c.collectiveHandle("scatterv", given);
        int root = c.root("scatterv", params, given);
        long[][] layout = scattervLayout(c, "scatterv", send, params, given, root);
        long block = Param.intValue(params, given, COUNT, -1);
        if (block < 0) {
            long[] own = c.scatter(layout != null ? layout[0] : new long[0], Param.rootArgument(root), Param.count(1));
            block = own.length > 0 ? own[0] : 0;   // empty in the root's group of an intercommunicator
        }
        try (Call call = Call.begin(c.environment, "scatterv")) {
            Dealt<T> d = Dealt.of(call, "scatterv", send, params, given, layout, block);
            Downcall.scatterv(call.prepare(false), d, root, comm);
            return call.finish(d.result());
        }
    }

    static <T, R extends AbstractRequest<T>> R iscatterv(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation(ISCATTERV);
        int given = Param.check(operation, params, SCATTERV_PARAMS);
        MPI_Comm comm = c.collectiveHandle(operation, given);
        int root = c.root(operation, params, given);
        long[][] layout = scattervLayout(c, operation, send, params, given, root);
        // between two groups, the root's group receives nothing: no block size there
        int block = c.exchangesWithRoot(root) ? requiredCount(operation, params, given) : 0;
        try (Call call = Call.begin(c.environment, operation)) {
            Dealt<T> d = Dealt.of(call, operation, send, params, given, layout, block);
            Downcall.startScatterv(issue, d, root, comm, issue.request(call, ISCATTERV));
            return issue.issued(call, d.result());
        }
    }

    /**
     * The buffers of {@code alltoallv} and {@code neighborAlltoallv}: the one sends {@code sendCounts[j]}
     * elements to rank j of all, the other to neighbour j of its destinations; the receive counts, unless
     * given, come from {@code exchangeCounts} of the send counts (null: they are required). Resolved in two
     * steps: the counts (which may communicate) before the call, the buffers in it.
     */
    record Personal<T>(int given, long[] sendCounts, long[] sendDispls, long[] recvCounts, long[] recvDispls,
            Gathered<T> received, Message sendCountsMessage, Message sendDisplsMessage) {
        static <T> Personal<T> counts(Communicator c, String operation, T send, Param[] params, int destinations,
                int sources, UnaryOperator<long[]> exchangeCounts) {
            int given = Param.check(operation, params, ALLTOALLV_PARAMS);
            long[] sendCounts = longs(Param.value(params, given, SEND_COUNTS));
            if (sendCounts == null) {
                throw new IllegalArgumentException(operation + ": sendCounts is required");
            }
            checkCounts(operation, "sendCounts", sendCounts, destinations);
            long[] sendDispls = displacements(operation, "sendDispls", longs(Param.value(params, given, SEND_DISPLS)),
                    sendCounts);
            Shapes.checkFits(operation, sendCounts, sendDispls, countOf(c.environment, operation, send,
                    Param.type(params, given)));
            long[] recvCounts = longs(Param.value(params, given, RECV_COUNTS));
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

        /** The buffers, the send counts and displacements as MPI gets them: longs if either side is large. */
        Personal<T> buffers(Call call, String operation, T send, Param[] params) {
            Gathered<T> g = Gathered.received(call, operation, send, params, given, recvCounts, recvDispls,
                    !Shapes.fitInts(sendCounts) || !Shapes.fitInts(sendDispls));
            return g.large() ? new Personal<>(given, sendCounts, sendDispls, recvCounts, recvDispls, g,
                    call.longs(sendCounts), call.longs(sendDispls))
                    : new Personal<>(given, sendCounts, sendDispls, recvCounts, recvDispls, g,
                            call.ints(narrow(sendCounts)), call.ints(narrow(sendDispls)));
        }
    }

    /** {@code alltoallv} and {@code neighborAlltoallv}; see {@link Personal}. */
    static <T> T personalized(Communicator c, boolean neighbours, T send, Param[] params, int destinations,
            int sources, UnaryOperator<long[]> exchangeCounts) {
        String operation = neighbours ? "neighborAlltoallv" : "alltoallv";
        Personal<T> counts = Personal.counts(c, operation, send, params, destinations, sources, exchangeCounts);
        MPI_Comm comm = c.collectiveHandle(operation, counts.given());
        try (Call call = Call.begin(c.environment, operation)) {
            Personal<T> p = counts.buffers(call, operation, send, params);
            Downcall.personalized(call.prepare(false), neighbours, p, comm);
            return call.finish(p.received().result());
        }
    }

    /** {@code ialltoallv} and {@code ineighborAlltoallv}, or their {@code Init} forms, which need the receive counts given. */
    static <T, R extends AbstractRequest<T>> R ipersonalized(Communicator c, Issue issue, boolean neighbours, T send,
            Param[] params, int destinations, int sources) {
        Issue.Names names = neighbours ? INEIGHBOR_ALLTOALLV : IALLTOALLV;
        String operation = issue.operation(names);
        if (neighbours) {
            issue.refuseWhereBroken(operation, "MPI_Neighbor_alltoallv_init");
        }
        Personal<T> counts = Personal.counts(c, operation, send, params, destinations, sources, null);
        MPI_Comm comm = c.collectiveHandle(operation, counts.given());
        try (Call call = Call.begin(c.environment, operation)) {
            Personal<T> p = counts.buffers(call, operation, send, params);
            Downcall.startPersonalized(issue, neighbours, p, comm, issue.request(call, names));
            return issue.issued(call, p.received().result());
        }
    }

    // ---- nonblocking and persistent (the same buffers and arguments, see Issue) --------------------

    static <R extends AbstractRequest<Void>> R ibarrier(Communicator c, Issue issue) {
        MPI_Comm comm = c.collectiveHandle(issue.operation(IBARRIER), 0);
        try (Call call = Call.begin(c.environment, issue.operation(IBARRIER))) {
            if (issue == Issue.PERSISTENT) {
                Mpi.MPI_Barrier_init(comm, Mpi.MPI_INFO_NULL, issue.request(call, IBARRIER));
            } else {
                Mpi.MPI_Ibarrier(comm, issue.request(call, IBARRIER));
            }
            return issue.issued(call, null);
        }
    }

    static <T, R extends AbstractRequest<T>> R ibcast(Communicator c, Issue issue, T buf, Param[] params) {
        String operation = issue.operation(IBCAST);
        int given = Param.check(operation, params, IBCAST_PARAMS);
        MPI_Comm comm = c.collectiveHandle(operation, given);
        int root = c.root(operation, params, given);
        try (Call call = Call.begin(c.environment, operation)) {
            Message m = call.message(buf, Param.type(params, given), 0, -1, receivesFromRoot(c, root) ? Message.OUT : Message.IN);
            if (m.isLarge()) {
                Issue.KnownBugs.refuse(operation, issue == Issue.PERSISTENT ? "MPI_Bcast_init_c" : "MPI_Ibcast_c");
            }
            Downcall.ibcast(issue, m, root, comm, issue.request(call, IBCAST));
            return issue.issued(call, buf);
        }
    }

    static <T, R extends AbstractRequest<T>> R iallgatherv(Communicator c, Issue issue, T send, Param[] params) {
        String operation = issue.operation(IALLGATHERV);
        int given = Param.check(operation, params, ALLGATHERV_PARAMS);
        MPI_Comm comm = c.collectiveHandle(operation, given);
        long[] counts = longs(Param.value(params, given, RECV_COUNTS));
        if (counts == null) {
            throw new IllegalArgumentException(operation + ": recvCounts is required (allgatherv exchanges them itself)");
        }
        long[] displs = recvDisplacements(operation, params, given, counts, c.peers());
        try (Call call = Call.begin(c.environment, operation)) {
            Gathered<T> g = Gathered.of(call, operation, send, params, given, counts, displs);
            Downcall.startAllgatherv(issue, g, comm, issue.request(call, IALLGATHERV));
            return issue.issued(call, g.result());
        }
    }

    /** {@code MPI_Iallgather}, {@code MPI_Ialltoall} and their neighbour forms, or their {@code _init} forms. */
    static <T, R extends AbstractRequest<T>> R iexchange(Communicator c, Issue issue, Exchange kind, T send,
            Param[] params) {
        String operation = issue.operation(kind.issued);
        int given = Param.check(operation, params, NEIGHBOR_OR_NONBLOCKING_PARAMS);
        if (kind == Exchange.ALLGATHER) {
            issue.refuseWhereBroken(operation, "MPI_Allgather_init");
        }
        MPI_Comm comm = c.collectiveHandle(operation, given);
        try (Call call = Call.begin(c.environment, operation)) {
            Blocks<T> b = Blocks.of(call, c, kind, operation, send, params, given);
            Downcall.startExchange(issue, kind, b.in(), b.out(), b.block(), comm,
                    issue.request(call, kind.issued));
            return issue.issued(call, b.result());
        }
    }
}
