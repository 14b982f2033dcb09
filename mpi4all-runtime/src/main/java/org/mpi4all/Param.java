package org.mpi4all;

import java.util.Arrays;
import java.util.Objects;

/**
 * A named optional parameter of an operation: KaMPIng's named parameters in Java form.
 *
 * <p>Every operation takes what it cannot do without positionally (the data, the operator of a
 * reduction, the peer of a point-to-point call) and everything else as named parameters, in any order,
 * each made by a static factory of this class:
 *
 * {@snippet :
 * import static org.mpi4all.Param.*;
 *
 * double[] sum = world.allreduce(local, Op.SUM);                 // result returned by value
 * world.allreduce(local, Op.SUM, recvBuf(sum));                  // ... or written into a buffer of yours
 * world.allreduce(local, Op.SUM, inPlace());                     // ... or into local itself
 * double[] atRoot = world.reduce(local, Op.SUM, root(2));
 * world.send(data, 1, tag(7), count(10), offset(5));
 * int[] all = world.allgatherv(mine);                             // counts exchanged for you
 * int[] counts = new int[world.size()];
 * all = world.allgatherv(mine, recvCountsOut(counts));           // ... and handed back
 * }
 *
 * <p>A parameter an operation leaves out takes a default documented by the operation, or is computed
 * (counts by an extra exchange, displacements by a prefix sum, a result buffer by allocation); one it
 * is given is used as is, which saves that work. Each operation states which parameters it accepts; a
 * parameter it does not accept, or one given twice, is an {@link IllegalArgumentException} naming the
 * operation and the parameters it does accept, never silently ignored.
 *
 * <p>Parameters are immutable values. A hot loop builds them once and passes the array, so that the call
 * allocates nothing:
 *
 * {@snippet :
 * Param[] intoSum = {recvBuf(sum)};
 * for (int step = 0; step < steps; step++) {
 *     world.allreduce(local, Op.SUM, intoSum);
 * }
 * }
 */
public final class Param {
    /** The parameter names; each is one bit of an operation's set of accepted parameters. */
    enum Name {
        TAG("tag"), ROOT("root"), COUNT("count"), OFFSET("offset"), TYPE("type"), RECV_BUF("recvBuf"),
        SEND_COUNTS("sendCounts"), SEND_DISPLS("sendDispls"), RECV_COUNTS("recvCounts"),
        RECV_DISPLS("recvDispls"), RECV_COUNTS_OUT("recvCountsOut"), RECV_DISPLS_OUT("recvDisplsOut"),
        IN_PLACE("inPlace"), STATUS("status"), SYNCHRONOUS("synchronous"), BUFFERED("buffered"),
        READY("ready");

        final String label;
        final int bit = 1 << ordinal();

        Name(String label) {
            this.label = label;
        }
    }

    static final Param[] NONE = {};

    private static final Param IN_PLACE = new Param(Name.IN_PLACE, 0, null);
    private static final Param SYNCHRONOUS = new Param(Name.SYNCHRONOUS, 0, null);
    private static final Param BUFFERED = new Param(Name.BUFFERED, 0, null);
    private static final Param READY = new Param(Name.READY, 0, null);

    final Name name;
    final int intValue;
    final Object value;

    private Param(Name name, int intValue, Object value) {
        this.name = name;
        this.intValue = intValue;
        this.value = value;
    }

    /** The message tag: default 0 for sends, {@link Communicator#ANY_TAG} for receives and probes. */
    public static Param tag(int tag) {
        return new Param(Name.TAG, tag, null);
    }

    /**
     * The root rank of a rooted collective (bcast, reduce, gather, scatter) on an intracommunicator; default 0. An
     * {@link Intercommunicator} refuses it: its roots are named by the group they are in, {@link #localRoot} and
     * {@link #remoteRoot}.
     */
    public static Param root(int root) {
        return new Param(Name.ROOT, root, null);
    }

    /** Which group the rank of a root parameter counts in. */
    enum RootGroup {
        /** {@link #localRoot}: this process's group of an intercommunicator. */
        LOCAL,
        /** {@link #remoteRoot}: the other group of an intercommunicator. */
        REMOTE,
        /** {@link #rootArgument}: the value MPI takes, already resolved by an enclosing operation. */
        RESOLVED
    }

    /**
     * The root of a rooted collective on an {@link Intercommunicator}, given by the processes of the root's own
     * group: the root is rank {@code rank} of this group ({@code MPI_ROOT} there, {@code MPI_PROC_NULL} at the
     * others of the group). The other group gives {@link #remoteRoot}{@code (rank)}.
     */
    public static Param localRoot(int rank) {
        return new Param(Name.ROOT, rank, RootGroup.LOCAL);
    }

    /**
     * The root of a rooted collective on an {@link Intercommunicator}, given by the processes of the group that
     * sends to it or receives from it: the root is rank {@code rank} of the remote group. The root's group
     * gives {@link #localRoot}{@code (rank)}.
     */
    public static Param remoteRoot(int rank) {
        return new Param(Name.ROOT, rank, RootGroup.REMOTE);
    }

    /** The root argument of MPI as an enclosing operation resolved it, for the collectives it calls in turn. */
    static Param rootArgument(int mpiRoot) {
        return new Param(Name.ROOT, mpiRoot, RootGroup.RESOLVED);
    }

    /**
     * How many elements of the buffer take part, from {@link #offset}; default: all that follow it.
     *
     * @throws IllegalArgumentException if {@code count < 0}
     */
    public static Param count(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count < 0: " + count);
        }
        return new Param(Name.COUNT, count, null);
    }

    /**
     * Where the message starts in the buffer, in elements (in addition to a {@code java.nio} buffer's
     * position); default 0.
     *
     * @throws IllegalArgumentException if {@code offset < 0}
     */
    public static Param offset(int offset) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset < 0: " + offset);
        }
        return new Param(Name.OFFSET, offset, null);
    }

    /**
     * The element type of {@link java.lang.foreign.MemorySegment} buffers, which do not carry one;
     * default {@link Datatype#BYTE}. For other buffers it must be the type they imply.
     */
    public static Param type(Datatype type) {
        return new Param(Name.TYPE, 0, Objects.requireNonNull(type, "type == null"));
    }

    /**
     * The buffer the result goes into, instead of a newly allocated one; the operation returns it. It
     * must be the same kind of buffer with the same element type as the data sent, and large enough.
     */
    public static Param recvBuf(Object buffer) {
        return new Param(Name.RECV_BUF, 0, Objects.requireNonNull(buffer, "recvBuf == null"));
    }

    /** How many elements go to each rank (alltoallv, scatterv); required there. */
    public static Param sendCounts(int... counts) {
        return new Param(Name.SEND_COUNTS, 0, Objects.requireNonNull(counts, "sendCounts == null"));
    }

    /**
     * {@link #sendCounts(int...)} as {@code long}s: a value beyond an int takes the v-collective's large-count function
     * ({@code MPI_Count}s, {@code MPI_Gatherv_c} ...).
     */
    public static Param sendCounts(long... counts) {
        return new Param(Name.SEND_COUNTS, 0, Objects.requireNonNull(counts, "sendCounts == null"));
    }

    /** Where each rank's elements start in the send buffer; default: packed in rank order. */
    public static Param sendDispls(int... displacements) {
        return new Param(Name.SEND_DISPLS, 0, Objects.requireNonNull(displacements, "sendDispls == null"));
    }

    /**
     * {@link #sendDispls(int...)} as {@code long}s: a value beyond an int takes the v-collective's large-count function
     * ({@code MPI_Aint}s, {@code MPI_Gatherv_c} ...).
     */
    public static Param sendDispls(long... displacements) {
        return new Param(Name.SEND_DISPLS, 0, Objects.requireNonNull(displacements, "sendDispls == null"));
    }

    /** How many elements come from each rank; default: exchanged by the operation. */
    public static Param recvCounts(int... counts) {
        return new Param(Name.RECV_COUNTS, 0, Objects.requireNonNull(counts, "recvCounts == null"));
    }

    /**
     * {@link #recvCounts(int...)} as {@code long}s: a value beyond an int takes the v-collective's large-count function
     * ({@code MPI_Count}s, {@code MPI_Gatherv_c} ...).
     */
    public static Param recvCounts(long... counts) {
        return new Param(Name.RECV_COUNTS, 0, Objects.requireNonNull(counts, "recvCounts == null"));
    }

    /** Where each rank's elements go in the result; default: packed in rank order. */
    public static Param recvDispls(int... displacements) {
        return new Param(Name.RECV_DISPLS, 0, Objects.requireNonNull(displacements, "recvDispls == null"));
    }

    /**
     * {@link #recvDispls(int...)} as {@code long}s: a value beyond an int takes the v-collective's large-count function
     * ({@code MPI_Aint}s, {@code MPI_Gatherv_c} ...).
     */
    public static Param recvDispls(long... displacements) {
        return new Param(Name.RECV_DISPLS, 0, Objects.requireNonNull(displacements, "recvDispls == null"));
    }

    /** An array of one element per rank that receives the counts the operation used (given or exchanged). */
    public static Param recvCountsOut(int[] counts) {
        return new Param(Name.RECV_COUNTS_OUT, 0, Objects.requireNonNull(counts, "recvCountsOut == null"));
    }

    /** {@link #recvCountsOut(int[])} as {@code long}s, for values beyond an int. */
    public static Param recvCountsOut(long[] counts) {
        return new Param(Name.RECV_COUNTS_OUT, 0, Objects.requireNonNull(counts, "recvCountsOut == null"));
    }

    /** An array of one element per rank that receives the displacements the operation used. */
    public static Param recvDisplsOut(int[] displacements) {
        return new Param(Name.RECV_DISPLS_OUT, 0, Objects.requireNonNull(displacements, "recvDisplsOut == null"));
    }

    /** {@link #recvDisplsOut(int[])} as {@code long}s, for values beyond an int. */
    public static Param recvDisplsOut(long[] displacements) {
        return new Param(Name.RECV_DISPLS_OUT, 0, Objects.requireNonNull(displacements, "recvDisplsOut == null"));
    }

    /**
     * The data argument is also the result ({@code MPI_IN_PLACE}): the operation overwrites it and
     * returns it. For rooted collectives this applies at the root only.
     */
    public static Param inPlace() {
        return IN_PLACE;
    }

    /** A {@link Status} to fill with the source, tag and count of the message received. */
    public static Param status(Status status) {
        return new Param(Name.STATUS, 0, Objects.requireNonNull(status, "status == null"));
    }

    /** Send in synchronous mode ({@code MPI_Ssend}): complete only once the receive has started. */
    public static Param synchronous() {
        return SYNCHRONOUS;
    }

    /**
     * Send in buffered mode ({@code MPI_Bsend}): the message is copied to the buffer attached with
     * {@link Environment#attachBuffer}, and the send completes at once, whether a receive was posted or not.
     */
    public static Param buffered() {
        return BUFFERED;
    }

    /**
     * Send in ready mode ({@code MPI_Rsend}): the matching receive is known to be posted already (an application
     * guarantee MPI does not check: a ready send without one is erroneous, its outcome undefined).
     */
    public static Param ready() {
        return READY;
    }

    @Override
    public String toString() {
        return switch (name) {
            case ROOT -> value == RootGroup.LOCAL ? "localRoot(" + intValue + ")"
                    : value == RootGroup.REMOTE ? "remoteRoot(" + intValue + ")" : "root(" + intValue + ")";
            case TAG, COUNT, OFFSET -> name.label + "(" + intValue + ")";
            case IN_PLACE, SYNCHRONOUS, BUFFERED, READY -> name.label + "()";
            case TYPE -> name.label + "(" + value + ")";
            default -> name.label + "(...)";
        };
    }

    // ---- what operations do with them -----------------------------------------------------------

    /** The set of names {@code names} as a bit set, for {@link #check}. */
    static int accepting(Name... names) {
        int set = 0;
        for (Name name : names) {
            set |= name.bit;
        }
        return set;
    }

    /**
     * Checks the contract of {@code operation}: every parameter is one it accepts, none is given twice.
     * Returns the set of names given, for the lookups below to skip scanning for those that are not.
     *
     * @throws NullPointerException     if a parameter is null
     * @throws IllegalArgumentException naming the operation and what it accepts
     */
    static int check(String operation, Param[] params, int accepted) {
        int seen = 0;
        for (Param param : params) {
            if (param == null) {
                throw new NullPointerException(operation + ": a parameter is null");
            }
            int bit = param.name.bit;
            if ((accepted & bit) == 0) {
                throw new IllegalArgumentException(operation + ": does not accept " + param.name.label
                        + "; it accepts " + labels(accepted));
            }
            if ((seen & bit) != 0) {
                throw new IllegalArgumentException(operation + ": " + param.name.label + " given twice");
            }
            seen |= bit;
        }
        return seen;
    }

    private static String labels(int set) {
        return set == 0 ? "no parameters" : String.join(", ", Arrays.stream(Name.values())
                .filter(n -> (set & n.bit) != 0).map(n -> n.label).toList());
    }

    /** Whether {@code name} is in {@code given}, the set {@link #check} returned. */
    static boolean has(int given, Name name) {
        return (given & name.bit) != 0;
    }

    static int intValue(Param[] params, int given, Name name, int absent) {
        if (!has(given, name)) {
            return absent;
        }
        for (Param param : params) {
            if (param.name == name) {
                return param.intValue;
            }
        }
        return absent;
    }

    static Object value(Param[] params, int given, Name name) {
        if (!has(given, name)) {
            return null;
        }
        for (Param param : params) {
            if (param.name == name) {
                return param.value;
            }
        }
        return null;
    }

    static Datatype type(Param[] params, int given) {
        return (Datatype) value(params, given, Name.TYPE);
    }
}
