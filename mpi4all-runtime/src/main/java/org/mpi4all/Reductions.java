package org.mpi4all;

import static org.mpi4all.Param.Name.IN_PLACE;
import static org.mpi4all.Param.Name.RECV_BUF;
import static org.mpi4all.Param.Name.RECV_COUNTS;
import static org.mpi4all.Param.Name.ROOT;
import static org.mpi4all.Param.Name.TYPE;
import static org.mpi4all.Shapes.nonRootResult;
import static org.mpi4all.Shapes.resultBuffer;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Op;

/** The reductions of {@link Communicator} (MPI-4.1 §6.9-6.11): reduce, allreduce, scan, exscan, reduce-scatter. */
final class Reductions {
    private static final int REDUCE_PARAMS = Param.accepting(ROOT, RECV_BUF, IN_PLACE, TYPE);
    private static final int REDUCTION_PARAMS = Param.accepting(RECV_BUF, IN_PLACE, TYPE);
    private static final int REDUCE_SCATTER_PARAMS = Param.accepting(RECV_COUNTS, RECV_BUF, IN_PLACE, TYPE);
    private static final int NONBLOCKING_REDUCE_PARAMS = Param.accepting(ROOT, RECV_BUF, TYPE);
    private static final int NONBLOCKING_REDUCTION_PARAMS = Param.accepting(RECV_BUF, TYPE);
    private static final Issue.Names IREDUCE_SCATTER = Issue.Names.of("reduceScatter");

    /** The element-wise reductions; only {@code REDUCE} has a root. */
    enum Kind {
        REDUCE("reduce", true), ALLREDUCE("allreduce", true), SCAN("scan", false), EXSCAN("exscan", false);

        final String operation;
        /** The names of its nonblocking and persistent forms. */
        final Issue.Names issued;
        /** Whether MPI defines it on an intercommunicator (the prefix reductions need one order of all processes). */
        final boolean betweenGroups;

        Kind(String operation, boolean betweenGroups) {
            this.operation = operation;
            this.issued = Issue.Names.of(operation);
            this.betweenGroups = betweenGroups;
        }
    }

    private Reductions() {}

    @SuppressWarnings("unchecked")
    static <T> T reduction(Communicator c, Kind kind, T send, Op op, Param[] params) {
        String operation = kind.operation;
        int given = Param.check(operation, params, kind == Kind.REDUCE ? REDUCE_PARAMS : REDUCTION_PARAMS);
        Objects.requireNonNull(op, "op == null");
        MPI_Comm comm = kind.betweenGroups ? c.collectiveHandle(operation, given) : c.intraHandle();
        int root = kind == Kind.REDUCE ? c.root(operation, params, given) : 0;
        boolean receives = kind != Kind.REDUCE || c.isRoot(root);
        boolean inPlace = receives && Param.has(given, IN_PLACE);
        Object recvBuf = Param.value(params, given, RECV_BUF);
        Datatype typeParam = Param.type(params, given);
        // Whole buffers of one kind that MPI takes as they are (native segments, and heap arrays where a critical
        // downcall may take them) and a predefined operator, which calls no Java: with nothing to stage, copy back
        // or rethrow, the call needs none of Call's bookkeeping, which is most of what the high level adds to an
        // 8-byte allreduce. Anything else, misuse included, goes the long way.
        if (!inPlace && recvBuf != null && send != null && recvBuf.getClass() == send.getClass()
                && !op.isUserDefined() && whole(c, kind, send, op, comm, root, receives, recvBuf, typeParam)) {
            return (T) recvBuf;
        }
        return resolved(c, kind, send, op, comm, root, receives, inPlace, recvBuf, typeParam);
    }

    /**
     * The short way of {@link #reduction}: calls MPI and returns true if both buffers are whole ones MPI takes as
     * they are ({@link Message#wholeCount}), the result buffer large enough. Apart, as {@link #resolved} is.
     */
    private static boolean whole(Communicator c, Kind kind, Object send, Op op, MPI_Comm comm, int root,
            boolean receives, Object recvBuf, Datatype typeParam) {
        boolean heapInPlace = c.environment.heapInPlace();
        int count = Message.wholeCount(send, typeParam, Message.IN, heapInPlace);
        int room = Message.wholeCount(recvBuf, typeParam, Message.OUT, heapInPlace);
        if (count < 0 || room < count) {
            return false;
        }
        Call.checkOutside(kind.operation);
        Datatype type = Message.wholeType(send, typeParam);
        Downcall.wholeReduction(kind, c.wholeSegment(send, count, type),
                receives ? c.wholeSegment(recvBuf, room, type) : MemorySegment.NULL, count, type.handle(null),
                op.handle(c.environment, type, kind.operation), root, comm);
        return true;
    }

    /**
     * The long way of {@link #reduction}, with its parameters read: apart, so that the short way stays small
     * enough for the JIT to inline it into the caller.
     */
    private static <T> T resolved(Communicator c, Kind kind, T send, Op op, MPI_Comm comm, int root, boolean receives,
            boolean inPlace, Object recvBuf, Datatype typeParam) {
        String operation = kind.operation;
        try (Call call = Call.begin(c.environment, operation)) {
            Message in = call.message(send, typeParam, 0, -1, inPlace ? Message.INOUT : Message.IN);
            T result = receives ? resultBuffer(operation, send, recvBuf, in, in.elements(), inPlace)
                    : nonRootResult(operation, send, recvBuf, in);
            Message out = inPlace ? in : receives ? call.message(result, typeParam, 0, in.elements(), Message.OUT)
                    : null;
            MPI_Op mpiOp = op.handle(c.environment, in.type, operation);
            if (kind == Kind.ALLREDUCE && LargeCounts.exceedsInt(in.elements())) {
                Issue.KnownBugs.refuse(operation, "MPI_Allreduce_c");   // every process refuses: same count
            }
            Downcall.reduction(call.prepare(op.isUserDefined()), kind, in, out, mpiOp, root, comm);
            return call.finish(result);
        }
    }

    /**
     * The buffers of a reduce-scatter: what is sent, this process's block of the result, its size, the counts if
     * given (ints, or {@code MPI_Count}s if one exceeds an int: {@link #large()}), the largest of them. In place, the
     * send buffer is both, and its first elements receive the block.
     */
    private record Scattered<T>(Message in, Message out, long block, Message counts, long largest, T result) {
        static <T> Scattered<T> of(Call call, Communicator c, String operation, T send, Param[] params, int given) {
            long[] counts = Shapes.longs(Param.value(params, given, RECV_COUNTS));
            Datatype typeParam = Param.type(params, given);
            boolean inPlace = Param.has(given, IN_PLACE);
            Message in = call.message(send, typeParam, 0, -1, inPlace ? Message.INOUT : Message.IN);
            long block = counts == null ? Shapes.blockOf(operation, in, c.size(), "process")
                    : ownBlock(c, operation, counts, in);
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, block, inPlace);
            Message out = inPlace ? in : call.message(result, typeParam, 0, block, Message.OUT);
            if (counts == null) {
                return new Scattered<>(in, out, block, null, block, result);
            }
            long largest = Arrays.stream(counts).max().orElse(0);
            // ints whatever they add up to (MPI_Reduce_scatter takes them); MPI_Count only where one exceeds an int
            Message countsMessage = LargeCounts.exceedsInt(largest) ? call.longs(counts)
                    : call.ints(Shapes.narrow(counts));
            return new Scattered<>(in, out, block, countsMessage, largest, result);
        }

        /** Whether the large-count function ({@code MPI_Reduce_scatter_c} ...) takes the counts. */
        boolean large() {
            return counts != null && LargeCounts.exceedsInt(largest);
        }
    }

    static <T> T reduceScatter(Communicator c, T send, Op op, Param[] params) {
        int given = Param.check("reduceScatter", params, REDUCE_SCATTER_PARAMS);
        Objects.requireNonNull(op, "op == null");
        MPI_Comm comm = c.collectiveHandle("reduceScatter", given);
        try (Call call = Call.begin(c.environment, "reduceScatter")) {
            Scattered<T> r = Scattered.of(call, c, "reduceScatter", send, params, given);
            MPI_Op mpiOp = op.handle(c.environment, r.in().type, "reduceScatter");
            if (r.large()) {
                Issue.KnownBugs.refuse("reduceScatter", "MPI_Reduce_scatter_c");
            }
            boolean critical = call.prepare(op.isUserDefined());
            if (r.large()) {
                Downcall.largeReduceScatter(critical, r.in(), r.out(), r.counts(), r.largest(), mpiOp, comm);
            } else {
                Downcall.reduceScatter(critical, r.in(), r.out(), r.block(), r.counts(), mpiOp, comm);
            }
            return call.finish(r.result());
        }
    }

    /** {@code MPI_Ireduce_scatter_block}, or {@code MPI_Ireduce_scatter} with {@code recvCounts}, or their {@code _init} forms. */
    static <T, R extends AbstractRequest<T>> R reduceScatter(Communicator c, Issue issue, T send, Op op, Param[] params) {
        String operation = issue.operation(IREDUCE_SCATTER);
        int given = Param.check(operation, params, REDUCE_SCATTER_PARAMS);
        Objects.requireNonNull(op, "op == null");
        MPI_Comm comm = c.collectiveHandle(operation, given);
        try (Call call = Call.begin(c.environment, operation)) {
            Scattered<T> r = Scattered.of(call, c, operation, send, params, given);
            Message in = r.in();
            Message out = r.out();
            MPI_Op mpiOp = op.handle(c.environment, in.type, operation);
            if (r.counts() == null) {
                Downcall.startReduceScatterBlock(issue, in, out, r.block(), mpiOp, comm,
                        issue.request(call, IREDUCE_SCATTER));
                return issue.issued(call, r.result());
            }
            if (r.large()) {
                Issue.KnownBugs.refuse(operation, issue == Issue.PERSISTENT ? "MPI_Reduce_scatter_init_c"
                        : "MPI_Ireduce_scatter_c");
            }
            Downcall.startReduceScatter(issue, in, out, r.counts(), r.largest(), mpiOp, comm,
                    issue.request(call, IREDUCE_SCATTER));
            return issue.issued(call, r.result());
        }
    }

    /** The size of this process's block of {@code send} cut by {@code counts}, one per process, after checking them. */
    private static long ownBlock(Communicator c, String operation, long[] counts, Message send) {
        Shapes.checkCounts(operation, "recvCounts", counts, c.size());
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        if (total != send.elements()) {
            throw new IllegalArgumentException(operation + ": recvCounts add up to " + total + " elements, but "
                    + Message.describe(send.carrier) + " holds " + send.elements());
        }
        return counts[c.rank()];
    }

    /** {@code MPI_Ireduce}, {@code MPI_Iallreduce}, {@code MPI_Iscan} or {@code MPI_Iexscan}, or their {@code _init} forms. */
    static <T, R extends AbstractRequest<T>> R start(Communicator c, Issue issue, Kind kind, T send, Op op,
            Param[] params) {
        String operation = issue.operation(kind.issued);
        boolean rooted = kind == Kind.REDUCE;
        int given = Param.check(operation, params, rooted ? NONBLOCKING_REDUCE_PARAMS : NONBLOCKING_REDUCTION_PARAMS);
        Objects.requireNonNull(op, "op == null");
        MPI_Comm comm = kind.betweenGroups ? c.collectiveHandle(operation, given) : c.intraHandle();
        int root = rooted ? c.root(operation, params, given) : 0;
        boolean receives = !rooted || c.isRoot(root);
        try (Call call = Call.begin(c.environment, operation)) {
            Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            Object recvBuf = Param.value(params, given, RECV_BUF);
            T result = receives ? resultBuffer(operation, send, recvBuf, in, in.elements(), false)
                    : nonRootResult(operation, send, recvBuf, in);
            Message out = receives ? call.message(result, in.type, 0, in.elements(), Message.OUT) : null;
            MPI_Op mpiOp = op.handle(c.environment, in.type, operation);
            Downcall.startReduction(issue, kind, in, out, mpiOp, root, comm, issue.request(call, kind.issued));
            return issue.issued(call, result);
        }
    }
}
