package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
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
import static org.mpi4all.Param.Name.STATUS;
import static org.mpi4all.Param.Name.SYNCHRONOUS;
import static org.mpi4all.Param.Name.TAG;
import static org.mpi4all.Param.Name.TYPE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_Group;
import org.mpi4all.ffi.MPI_Message;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;

/**
 * A group of processes that communicate ({@code MPI_Comm}), with MPI's point-to-point and collective
 * operations on Java buffers.
 *
 * {@snippet :
 * import static org.mpi4all.Param.*;
 *
 * Communicator world = env.world();
 * if (world.rank() == 0) {
 *     world.send(new double[] {1, 2, 3}, 1, tag(7));
 * } else if (world.rank() == 1) {
 *     double[] got = world.recv(double[].class, 0, tag(7));     // size taken from the message
 * }
 * long total = world.allreduce((long) localCount, Op.SUM);
 * int[] everything = world.allgatherv(mine);                     // varying sizes, counts exchanged
 * try (Communicator row = world.split(world.rank() / 4, world.rank())) {
 *     row.bcast(data, root(0));
 * }
 * }
 *
 * <h2>Buffers</h2>
 * Operations take the data as it is held: a primitive array, an array of records, a
 * {@link MemorySegment} or a {@code java.nio} buffer (see {@link Datatype}); the datatype and the
 * count come from it. A part of a buffer is a view of it ({@code IntBuffer.wrap(array, from, n)},
 * {@code segment.asSlice(...)}), or, for point-to-point and bcast, {@link Param#offset(int)} and
 * {@link Param#count(int)}. A segment's elements are bytes unless {@link Param#type(Datatype)} says
 * otherwise. Anything else is an {@link IllegalArgumentException}; objects travel only through a
 * {@link Serializer} ({@link #sendObject}).
 *
 * <h2>Results</h2>
 * An operation that receives returns what it received. When the size of the result is known (a
 * reduction, a gather) or can be computed (by exchanging counts, or probing a message), the result is
 * a new buffer of the same kind as the data sent (a new {@code int[]} for an {@code int[]}, a segment of
 * {@link Arena#ofAuto()} for a segment); {@link Param#recvBuf(Object)} and {@link Param#inPlace()}
 * put it into a buffer of the caller's instead. On ranks that receive nothing (not the root of a
 * reduce or gather), the result is an empty buffer of the same kind.
 *
 * <h2>Parameters</h2>
 * What an operation cannot do without is positional; the rest are named {@link Param}s, each with the
 * default the operation documents. Each operation lists the parameters it accepts; any other is an
 * {@link IllegalArgumentException}.
 *
 * <h2>Errors and lifetime</h2>
 * An MPI error becomes an {@link org.mpi4all.runtime.MpiException}. A communicator made by an operation
 * ({@link #dup()}, {@link #split}) is freed by {@link #close()}; after that, and after the environment
 * closes, every operation throws {@link IllegalStateException}. {@code world} and {@code self} cannot
 * be closed.
 */
public sealed class Communicator implements AutoCloseable permits TopologyCommunicator {
    /** Receive from any source ({@code MPI_ANY_SOURCE}). */
    public static final int ANY_SOURCE = Mpi.MPI_ANY_SOURCE;
    /** Receive with any tag ({@code MPI_ANY_TAG}). */
    public static final int ANY_TAG = Mpi.MPI_ANY_TAG;
    /** The null process: sending to it or receiving from it does nothing ({@code MPI_PROC_NULL}). */
    public static final int PROC_NULL = Mpi.MPI_PROC_NULL;
    /** The color that leaves a process out of {@link #split}, and a rank that is none ({@code MPI_UNDEFINED}). */
    public static final int UNDEFINED = Mpi.MPI_UNDEFINED;

    private static final int SEND_PARAMS = Param.accepting(TAG, COUNT, OFFSET, TYPE, SYNCHRONOUS);
    private static final int RECV_PARAMS = Param.accepting(TAG, COUNT, OFFSET, TYPE, STATUS);
    private static final int RECV_NEW_PARAMS = Param.accepting(TAG, TYPE, STATUS);
    private static final int IRECV_PARAMS = Param.accepting(TAG, COUNT, OFFSET, TYPE);
    private static final int IRECV_NEW_PARAMS = Param.accepting(TAG, COUNT, TYPE);
    private static final int SENDRECV_PARAMS = Param.accepting(TAG, TYPE, STATUS);
    private static final int PROBE_PARAMS = Param.accepting(TAG);
    private static final int BCAST_PARAMS = Param.accepting(ROOT, COUNT, OFFSET, TYPE);
    private static final int REDUCE_PARAMS = Param.accepting(ROOT, RECV_BUF, IN_PLACE, TYPE);
    private static final int REDUCTION_PARAMS = Param.accepting(RECV_BUF, IN_PLACE, TYPE);
    private static final int REDUCE_SCATTER_PARAMS = Param.accepting(RECV_COUNTS, RECV_BUF, TYPE);
    private static final int GATHER_PARAMS = Param.accepting(ROOT, RECV_BUF, IN_PLACE, TYPE);
    private static final int ALLGATHER_PARAMS = Param.accepting(RECV_BUF, IN_PLACE, TYPE);
    private static final int SCATTER_PARAMS = Param.accepting(ROOT, RECV_BUF, COUNT, TYPE);
    private static final int GATHERV_PARAMS = Param.accepting(ROOT, RECV_BUF, RECV_COUNTS, RECV_DISPLS,
            RECV_COUNTS_OUT, RECV_DISPLS_OUT, TYPE);
    private static final int ALLGATHERV_PARAMS = Param.accepting(RECV_BUF, RECV_COUNTS, RECV_DISPLS,
            RECV_COUNTS_OUT, RECV_DISPLS_OUT, TYPE);
    private static final int SCATTERV_PARAMS = Param.accepting(ROOT, SEND_COUNTS, SEND_DISPLS, RECV_BUF, COUNT, TYPE);
    private static final int ALLTOALLV_PARAMS = Param.accepting(SEND_COUNTS, SEND_DISPLS, RECV_BUF, RECV_COUNTS,
            RECV_DISPLS, RECV_COUNTS_OUT, RECV_DISPLS_OUT, TYPE);
    private static final int IBCAST_PARAMS = Param.accepting(ROOT, TYPE);
    private static final int NONBLOCKING_REDUCE_PARAMS = Param.accepting(ROOT, RECV_BUF, TYPE);
    private static final int NONBLOCKING_COLLECTIVE_PARAMS = Param.accepting(RECV_BUF, TYPE);
    private static final int OBJECT_SEND_PARAMS = Param.accepting(TAG, SYNCHRONOUS);
    private static final int OBJECT_RECV_PARAMS = Param.accepting(TAG, STATUS);
    private static final int OBJECT_ROOT_PARAMS = Param.accepting(ROOT);

    final Environment environment;
    private final MPI_Comm handle;
    private final String name;
    private final boolean predefined;
    private final int rank;
    private final int size;
    private volatile boolean freed;

    Communicator(Environment environment, MPI_Comm handle, String name, boolean predefined) {
        this.environment = environment;
        this.handle = handle;
        this.name = name;
        this.predefined = predefined;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT, 2);
            Mpi.MPI_Comm_rank(handle, out);
            Mpi.MPI_Comm_size(handle, out.asSlice(4));
            this.rank = out.getAtIndex(JAVA_INT, 0);
            this.size = out.getAtIndex(JAVA_INT, 1);
        }
    }

    /** {@return this process's rank in the communicator} */
    public int rank() {
        return rank;
    }

    /** {@return the number of processes in the communicator} */
    public int size() {
        return size;
    }

    /** {@return the environment the communicator belongs to} */
    public Environment environment() {
        return environment;
    }

    /** The MPI handle, for calls to the generated layer ({@code Mpi}), after checking it is usable. */
    public MPI_Comm handle() {
        environment.check();
        if (freed) {
            throw new IllegalStateException("the communicator " + name + " was freed");
        }
        return handle;
    }

    // ---- Blocking point-to-point (MPI-4.1 §3.2-3.4, 3.8, 3.10) ----------------------------------

    /** Sends {@code buf} to {@code dest} with tag 0 ({@code MPI_Send}); see {@link #send(Object, int, Param...)}. */
    public void send(Object buf, int dest) {
        send(buf, dest, Param.NONE);
    }

    /**
     * Sends {@code buf} to {@code dest} ({@code MPI_Send}, or {@code MPI_Ssend} if {@code synchronous()}).
     * Accepts: {@link Param#tag tag} (default 0), {@link Param#count count}, {@link Param#offset offset},
     * {@link Param#type type}, {@link Param#synchronous() synchronous}.
     *
     * @throws IllegalArgumentException if {@code buf} is not a buffer, or count and offset exceed it
     */
    public void send(Object buf, int dest, Param... params) {
        int given = Param.check("send", params, SEND_PARAMS);
        MPI_Comm comm = handle();
        int tag = Param.intValue(params, given, TAG, 0);
        boolean synchronous = Param.has(given, SYNCHRONOUS);
        Datatype typeParam = Param.type(params, given);
        // A whole native segment needs no call state: see reduction.
        int whole = Param.has(given, COUNT) || Param.has(given, OFFSET) ? -1
                : Message.nativeCount(buf, typeParam, Message.IN);
        if (whole >= 0) {
            Call.checkOutside("send");
            MPI_Datatype type = (typeParam != null ? typeParam : Datatype.BYTE).handle(null);
            if (synchronous) {
                Mpi.MPI_Ssend((MemorySegment) buf, whole, type, dest, tag, comm);
            } else {
                Mpi.MPI_Send((MemorySegment) buf, whole, type, dest, tag, comm);
            }
            return;
        }
        Call call = Call.begin(environment, "send");
        try {
            Message m = call.message(buf, typeParam, Param.intValue(params, given, OFFSET, 0),
                    Param.intValue(params, given, COUNT, -1), Message.IN);
            call.prepare(false);
            if (synchronous) {
                if (call.critical) {
                    MpiCritical.MPI_Ssend(m.mpi(true), m.count, m.handle, dest, tag, comm);
                } else {
                    Mpi.MPI_Ssend(m.mpi(), m.count, m.handle, dest, tag, comm);
                }
            } else if (call.critical) {
                MpiCritical.MPI_Send(m.mpi(true), m.count, m.handle, dest, tag, comm);
            } else {
                Mpi.MPI_Send(m.mpi(), m.count, m.handle, dest, tag, comm);
            }
            call.finish();
        } finally {
            call.end();
        }
    }

    /** Receives a message of any tag from {@code source} into {@code buf}; see {@link #recv(Object, int, Param...)}. */
    public <T> T recv(T buf, int source) {
        return recv(buf, source, Param.NONE);
    }

    /**
     * Receives a message from {@code source} into {@code buf} ({@code MPI_Recv}) and returns {@code buf}.
     * {@code source} may be {@link #ANY_SOURCE}. Accepts: {@link Param#tag tag} (default
     * {@link #ANY_TAG}), {@link Param#count count}, {@link Param#offset offset}, {@link Param#type type},
     * {@link Param#status status}.
     *
     * @throws org.mpi4all.runtime.MpiException {@code MPI_ERR_TRUNCATE} if the message is longer than the room given
     */
    public <T> T recv(T buf, int source, Param... params) {
        int given = Param.check("recv", params, RECV_PARAMS);
        MPI_Comm comm = handle();
        int tag = Param.intValue(params, given, TAG, ANY_TAG);
        Status status = (Status) Param.value(params, given, STATUS);
        Datatype typeParam = Param.type(params, given);
        // A whole native segment, without a status to fill, needs no call state: see reduction.
        int whole = status != null || Param.has(given, COUNT) || Param.has(given, OFFSET) ? -1
                : Message.nativeCount(buf, typeParam, Message.OUT);
        if (whole >= 0) {
            Call.checkOutside("recv");
            Mpi.MPI_Recv((MemorySegment) buf, whole, (typeParam != null ? typeParam : Datatype.BYTE).handle(null), source,
                    tag, comm, Mpi.MPI_STATUS_IGNORE);
            return buf;
        }
        Call call = Call.begin(environment, "recv");
        try {
            Message m = call.message(buf, typeParam, Param.intValue(params, given, OFFSET, 0),
                    Param.intValue(params, given, COUNT, -1), Message.OUT);
            call.prepare(false);
            MemorySegment nativeStatus = status != null || m.isStaged() ? call.status : Mpi.MPI_STATUS_IGNORE;
            if (call.critical) {
                MpiCritical.MPI_Recv(m.mpi(true), m.count, m.handle, source, tag, comm, nativeStatus);
            } else {
                Mpi.MPI_Recv(m.mpi(), m.count, m.handle, source, tag, comm, nativeStatus);
            }
            if (m.isStaged()) {
                m.limitToReceived(call.status, call.words);
            }
            call.finish();
            if (status != null) {
                status.fill(call.status, m.type, call.words);
            }
        } finally {
            call.end();
        }
        return buf;
    }

    /**
     * Receives a message of a size not known in advance into a new buffer of class {@code kind}
     * ({@code int[].class}, {@code Point[].class}, {@code MemorySegment.class}, {@code IntBuffer.class}
     * (direct) ...), sized by probing the message ({@code MPI_Mprobe}, {@code MPI_Mrecv}: safe with
     * several receiving threads). Accepts: {@link Param#tag tag} (default {@link #ANY_TAG}),
     * {@link Param#type type}, {@link Param#status status}.
     *
     * @throws IllegalArgumentException if the message is not a whole number of elements of the type
     */
    public <T> T recv(Class<T> kind, int source, Param... params) {
        int given = Param.check("recv", params, RECV_NEW_PARAMS);
        MPI_Comm comm = handle();
        int tag = Param.intValue(params, given, TAG, ANY_TAG);
        Status status = (Status) Param.value(params, given, STATUS);
        Datatype type = Message.typeOf("recv", kind, Param.type(params, given));
        Call call = Call.begin(environment, "recv");
        try {
            MemorySegment message = call.words.asSlice(0, MPI_Message.LAYOUT.byteSize());
            Mpi.MPI_Mprobe(source, tag, comm, message, call.status);
            Status probed = new Status();
            probed.fill(call.status, null, call.words.asSlice(16));
            T buf = kind.cast(Message.allocate("recv", kind, type, probed.count(type)));
            Message m = call.message(buf, Param.type(params, given), 0, -1, Message.OUT);
            call.prepare(false);
            MemorySegment nativeStatus = status != null ? call.status : Mpi.MPI_STATUS_IGNORE;
            if (call.critical) {
                MpiCritical.MPI_Mrecv(m.mpi(true), m.count, m.handle, message, nativeStatus);
            } else {
                Mpi.MPI_Mrecv(m.mpi(), m.count, m.handle, message, nativeStatus);
            }
            call.finish();
            if (status != null) {
                status.fill(call.status, m.type, call.words.asSlice(16));
            }
            return buf;
        } finally {
            call.end();
        }
    }

    /**
     * Sends {@code send} to {@code dest} and receives into {@code recv} from {@code source} in one
     * step ({@code MPI_Sendrecv}), free of the deadlock two blocking calls could cause; returns
     * {@code recv}. Accepts: {@link Param#tag tag} (sent with, and required of the received message;
     * default 0 sent, any received), {@link Param#type type}, {@link Param#status status}.
     */
    public <T> T sendrecv(Object send, int dest, T recv, int source, Param... params) {
        int given = Param.check("sendrecv", params, SENDRECV_PARAMS);
        MPI_Comm comm = handle();
        int sendTag = Param.intValue(params, given, TAG, 0);
        int recvTag = Param.intValue(params, given, TAG, ANY_TAG);
        Status status = (Status) Param.value(params, given, STATUS);
        Call call = Call.begin(environment, "sendrecv");
        try {
            Message s = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            Message r = call.message(recv, Param.type(params, given), 0, -1, Message.OUT);
            call.prepare(false);
            MemorySegment nativeStatus = status != null || r.isStaged() ? call.status : Mpi.MPI_STATUS_IGNORE;
            if (call.critical) {
                MpiCritical.MPI_Sendrecv(s.mpi(true), s.count, s.handle, dest, sendTag, r.mpi(true), r.count, r.handle, source,
                        recvTag, comm, nativeStatus);
            } else {
                Mpi.MPI_Sendrecv(s.mpi(), s.count, s.handle, dest, sendTag, r.mpi(), r.count, r.handle, source, recvTag,
                        comm, nativeStatus);
            }
            if (r.isStaged()) {
                r.limitToReceived(call.status, call.words);
            }
            call.finish();
            if (status != null) {
                status.fill(call.status, r.type, call.words);
            }
        } finally {
            call.end();
        }
        return recv;
    }

    /**
     * Waits for a message from {@code source} and describes it without receiving it ({@code MPI_Probe}).
     * Accepts: {@link Param#tag tag} (default {@link #ANY_TAG}).
     */
    public Status probe(int source, Param... params) {
        int given = Param.check("probe", params, PROBE_PARAMS);
        MPI_Comm comm = handle();
        Call call = Call.begin(environment, "probe");
        try {
            Mpi.MPI_Probe(source, Param.intValue(params, given, TAG, ANY_TAG), comm, call.status);
            Status status = new Status();
            status.fill(call.status, null, call.words);
            return status;
        } finally {
            call.end();
        }
    }

    /**
     * Describes a message from {@code source} if one has arrived ({@code MPI_Iprobe}), without waiting.
     * Accepts: {@link Param#tag tag} (default {@link #ANY_TAG}).
     */
    public Optional<Status> iprobe(int source, Param... params) {
        int given = Param.check("iprobe", params, PROBE_PARAMS);
        MPI_Comm comm = handle();
        Call call = Call.begin(environment, "iprobe");
        try {
            MemorySegment flag = call.words.asSlice(0, 4);
            Mpi.MPI_Iprobe(source, Param.intValue(params, given, TAG, ANY_TAG), comm, flag, call.status);
            if (flag.get(JAVA_INT, 0) == 0) {
                return Optional.empty();
            }
            Status status = new Status();
            status.fill(call.status, null, call.words.asSlice(8));
            return Optional.of(status);
        } finally {
            call.end();
        }
    }

    // ---- Nonblocking point-to-point (MPI-4.1 §3.7) ----------------------------------------------

    /**
     * Starts sending {@code buf} to {@code dest} ({@code MPI_Isend}, or {@code MPI_Issend} if
     * {@code synchronous()}); the request hands {@code buf} back on completion. Accepts the parameters
     * of {@link #send}.
     */
    public <T> Request<T> isend(T buf, int dest, Param... params) {
        return transfer("isend", buf, Message.IN, params, (call, m, tag, synchronous, comm) -> start(call, buf, null,
                request -> {
                    if (synchronous) {
                        Mpi.MPI_Issend(m.mpi(), m.count, m.handle, dest, tag, comm, request);
                    } else {
                        Mpi.MPI_Isend(m.mpi(), m.count, m.handle, dest, tag, comm, request);
                    }
                }));
    }

    /**
     * Starts receiving from {@code source} into {@code buf} ({@code MPI_Irecv}); the request hands the
     * filled {@code buf} back on completion. Accepts: {@link Param#tag tag} (default {@link #ANY_TAG}),
     * {@link Param#count count}, {@link Param#offset offset}, {@link Param#type type}.
     */
    public <T> Request<T> irecv(T buf, int source, Param... params) {
        return transfer("irecv", buf, Message.OUT, params, (call, m, tag, synchronous, comm) -> start(call, buf, m.type,
                request -> Mpi.MPI_Irecv(m.mpi(), m.count, m.handle, source, tag, comm, request)));
    }

    // ---- Persistent point-to-point (MPI-4.1 §3.9) -----------------------------------------------

    /**
     * Binds a send of {@code buf} to {@code dest} for repeated use ({@code MPI_Send_init}, or
     * {@code MPI_Ssend_init} if {@code synchronous()}): each {@link Persistent#start()} sends what
     * {@code buf} holds then. Accepts the parameters of {@link #send}.
     */
    public <T> Persistent<T> sendInit(T buf, int dest, Param... params) {
        return transfer("sendInit", buf, Message.IN, params, (call, m, tag, synchronous, comm) -> persistent(call, buf,
                null, request -> {
                    if (synchronous) {
                        Mpi.MPI_Ssend_init(m.mpi(), m.count, m.handle, dest, tag, comm, request);
                    } else {
                        Mpi.MPI_Send_init(m.mpi(), m.count, m.handle, dest, tag, comm, request);
                    }
                }));
    }

    /**
     * Binds a receive from {@code source} into {@code buf} for repeated use ({@code MPI_Recv_init}): each
     * completion after a {@link Persistent#start()} leaves the message in {@code buf}. Accepts the
     * parameters of {@link #irecv}.
     */
    public <T> Persistent<T> recvInit(T buf, int source, Param... params) {
        return transfer("recvInit", buf, Message.OUT, params, (call, m, tag, synchronous, comm) -> persistent(call,
                buf, m.type, request -> Mpi.MPI_Recv_init(m.mpi(), m.count, m.handle, source, tag, comm, request)));
    }

    /** A nonblocking or persistent point-to-point operation, given its resolved buffer and arguments. */
    @FunctionalInterface
    private interface Transfer<R> {
        R bind(Call call, Message message, int tag, boolean synchronous, MPI_Comm comm);
    }

    /**
     * Resolves the buffer and parameters of a nonblocking or persistent send ({@code direction} IN, the
     * parameters of {@link #send}) or receive (OUT, those of {@link #irecv}), and binds them with {@code transfer}.
     */
    private <R> R transfer(String operation, Object buf, int direction, Param[] params, Transfer<R> transfer) {
        boolean sending = direction == Message.IN;
        int given = Param.check(operation, params, sending ? SEND_PARAMS : IRECV_PARAMS);
        MPI_Comm comm = handle();
        int tag = Param.intValue(params, given, TAG, sending ? 0 : ANY_TAG);
        Call call = Call.begin(environment, operation);
        try {
            Message m = call.message(buf, Param.type(params, given), Param.intValue(params, given, OFFSET, 0),
                    Param.intValue(params, given, COUNT, -1), direction);
            return transfer.bind(call, m, tag, Param.has(given, SYNCHRONOUS), comm);
        } finally {
            call.end();
        }
    }

    /**
     * Starts receiving up to {@code count} elements from {@code source} into a new buffer of class
     * {@code kind}, which no one sees before the request completes. Requires {@link Param#count count};
     * accepts {@link Param#tag tag} (default {@link #ANY_TAG}), {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code count} is missing
     */
    public <T> Request<T> irecv(Class<T> kind, int source, Param... params) {
        int given = Param.check("irecv", params, IRECV_NEW_PARAMS);
        if (!Param.has(given, COUNT)) {
            throw new IllegalArgumentException("irecv: a new buffer needs count(n), the most elements to receive");
        }
        Datatype type = Message.typeOf("irecv", kind, Param.type(params, given));
        T buf = kind.cast(Message.allocate("irecv", kind, type, Param.intValue(params, given, COUNT, 0)));
        return irecv(buf, source, Param.tag(Param.intValue(params, given, TAG, ANY_TAG)), Param.type(type));
    }

    // ---- Blocking collectives (MPI-4.1 §6) -------------------------------------------------------

    /** Waits until every process of the communicator has called it ({@code MPI_Barrier}). */
    public void barrier() {
        Mpi.MPI_Barrier(handle());
    }

    /**
     * Broadcasts {@code buf} from the root to all ({@code MPI_Bcast}): the root's buffer is read, the
     * others' overwritten; returns {@code buf}. Every process gives a buffer of the same size. Accepts:
     * {@link Param#root root} (default 0), {@link Param#count count}, {@link Param#offset offset},
     * {@link Param#type type}.
     */
    public <T> T bcast(T buf, Param... params) {
        int given = Param.check("bcast", params, BCAST_PARAMS);
        MPI_Comm comm = handle();
        int root = Param.intValue(params, given, ROOT, 0);
        Call call = Call.begin(environment, "bcast");
        try {
            Message m = call.message(buf, Param.type(params, given), Param.intValue(params, given, OFFSET, 0),
                    Param.intValue(params, given, COUNT, -1), rank == root ? Message.IN : Message.OUT);
            call.prepare(false);
            if (call.critical) {
                MpiCritical.MPI_Bcast(m.mpi(true), m.count, m.handle, root, comm);
            } else {
                Mpi.MPI_Bcast(m.mpi(), m.count, m.handle, root, comm);
            }
            call.finish();
        } finally {
            call.end();
        }
        return buf;
    }

    /**
     * Combines the processes' {@code send} element by element with {@code op} at the root
     * ({@code MPI_Reduce}); returns the result there and an empty buffer elsewhere. Accepts:
     * {@link Param#root root} (default 0), {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}
     * (at the root), {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code op} does not apply to the elements
     */
    public <T> T reduce(T send, Op op, Param... params) {
        return reduction(Reduction.REDUCE, send, op, params);
    }

    /** Combines the processes' {@code send} with {@code op} into a new buffer; see {@link #allreduce(Object, Op, Param...)}. */
    public <T> T allreduce(T send, Op op) {
        return reduction(Reduction.ALLREDUCE, send, op, Param.NONE);
    }

    /**
     * Combines the processes' {@code send} element by element with {@code op} and returns the result
     * to all ({@code MPI_Allreduce}). Accepts: {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace},
     * {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code op} does not apply to the elements
     */
    public <T> T allreduce(T send, Op op, Param... params) {
        return reduction(Reduction.ALLREDUCE, send, op, params);
    }

    /** {@return {@code value} of all processes combined with {@code op}} ({@code MPI_Allreduce} of one {@code int}) */
    public int allreduce(int value, Op op) {
        return allreduce(new int[] {value}, op, Param.inPlace())[0];
    }

    /** {@return {@code value} of all processes combined with {@code op}} ({@code MPI_Allreduce} of one {@code long}) */
    public long allreduce(long value, Op op) {
        return allreduce(new long[] {value}, op, Param.inPlace())[0];
    }

    /** {@return {@code value} of all processes combined with {@code op}} ({@code MPI_Allreduce} of one {@code double}) */
    public double allreduce(double value, Op op) {
        return allreduce(new double[] {value}, op, Param.inPlace())[0];
    }

    /** {@return {@code value} of all processes combined with {@code op}} ({@code MPI_Allreduce} of one {@code boolean}) */
    public boolean allreduce(boolean value, Op op) {
        return allreduce(new boolean[] {value}, op, Param.inPlace())[0];
    }

    /**
     * The inclusive prefix reduction ({@code MPI_Scan}): rank r gets {@code send} of ranks 0..r combined
     * with {@code op}. Accepts: {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace},
     * {@link Param#type type}.
     */
    public <T> T scan(T send, Op op, Param... params) {
        return reduction(Reduction.SCAN, send, op, params);
    }

    /**
     * The exclusive prefix reduction ({@code MPI_Exscan}): rank r gets {@code send} of ranks 0..r-1
     * combined with {@code op}; MPI leaves rank 0's result undefined (a new result buffer is zero there).
     * Accepts: {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}, {@link Param#type type}.
     */
    public <T> T exscan(T send, Op op, Param... params) {
        return reduction(Reduction.EXSCAN, send, op, params);
    }

    /**
     * Combines the processes' {@code send} element-wise with {@code op} and scatters the result in blocks:
     * rank r gets block r. Without {@link Param#recvCounts recvCounts}, {@code send} divides into
     * {@code size()} equal blocks ({@code MPI_Reduce_scatter_block}); with it, block r has
     * {@code recvCounts[r]} elements and the counts add up to {@code send}'s ({@code MPI_Reduce_scatter}).
     * Accepts: {@link Param#recvCounts recvCounts}, {@link Param#recvBuf recvBuf}, {@link Param#type type}.
     */
    public <T> T reduceScatter(T send, Op op, Param... params) {
        int given = Param.check("reduceScatter", params, REDUCE_SCATTER_PARAMS);
        Objects.requireNonNull(op, "op == null");
        MPI_Comm comm = handle();
        int[] counts = (int[]) Param.value(params, given, RECV_COUNTS);
        Datatype typeParam = Param.type(params, given);
        Call call = Call.begin(environment, "reduceScatter");
        try {
            Message in = call.message(send, typeParam, 0, -1, Message.IN);
            int block = counts == null ? blockOf("reduceScatter", in) : ownBlock(counts, in);
            T result = resultBuffer("reduceScatter", send, Param.value(params, given, RECV_BUF), in, block, false);
            Message out = call.message(result, typeParam, 0, block, Message.OUT);
            Message countsMessage = counts != null ? call.ints(counts) : null;
            MPI_Op mpiOp = op.handle(environment, in.type, "reduceScatter");
            call.prepare(op.isUserDefined());
            boolean critical = call.critical;
            if (counts == null && critical) {
                MpiCritical.MPI_Reduce_scatter_block(in.mpi(true), out.mpi(true), block, in.handle, mpiOp, comm);
            } else if (counts == null) {
                Mpi.MPI_Reduce_scatter_block(in.mpi(false), out.mpi(false), block, in.handle, mpiOp, comm);
            } else if (critical) {
                MpiCritical.MPI_Reduce_scatter(in.mpi(true), out.mpi(true), countsMessage.mpi(true), in.handle, mpiOp,
                        comm);
            } else {
                Mpi.MPI_Reduce_scatter(in.mpi(false), out.mpi(false), countsMessage.mpi(false), in.handle, mpiOp, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
    }

    /** The size of this process's block of {@code send} cut by {@code counts}, one per process, after checking them. */
    private int ownBlock(int[] counts, Message send) {
        checkCounts("reduceScatter", "recvCounts", counts, size);
        long total = 0;
        for (int count : counts) {
            total += count;
        }
        if (total != send.count) {
            throw new IllegalArgumentException("reduceScatter: recvCounts add up to " + total + " elements, but "
                    + Message.describe(send.carrier) + " holds " + send.count);
        }
        return counts[rank];
    }

    private enum Reduction {
        REDUCE("reduce"), ALLREDUCE("allreduce"), SCAN("scan"), EXSCAN("exscan");

        final String operation;

        Reduction(String operation) {
            this.operation = operation;
        }
    }

    @SuppressWarnings("unchecked")
    private <T> T reduction(Reduction kind, T send, Op op, Param[] params) {
        String operation = kind.operation;
        int given = Param.check(operation, params, kind == Reduction.REDUCE ? REDUCE_PARAMS : REDUCTION_PARAMS);
        Objects.requireNonNull(op, "op == null");
        MPI_Comm comm = handle();
        int root = Param.intValue(params, given, ROOT, 0);
        boolean receives = kind != Reduction.REDUCE || rank == root;
        boolean inPlace = receives && Param.has(given, IN_PLACE);
        Object recvBuf = Param.value(params, given, RECV_BUF);
        Datatype typeParam = Param.type(params, given);
        // Native segments reach MPI as they are and a predefined operator calls no Java: with nothing to
        // stage, copy back or rethrow, the call needs none of Call's bookkeeping, which is most of what the
        // high level adds to an 8-byte allreduce. Anything else, misuse included, goes the long way.
        if (!inPlace && recvBuf != null && !op.isUserDefined()) {
            int count = Message.nativeCount(send, typeParam, Message.IN);
            if (count >= 0 && Message.nativeCount(recvBuf, typeParam, Message.OUT) >= count) {
                Call.checkOutside(operation);
                Datatype type = typeParam != null ? typeParam : Datatype.BYTE;
                reduce(kind, (MemorySegment) send, receives ? (MemorySegment) recvBuf : MemorySegment.NULL, count,
                        type.handle(null), op.handle(environment, type, operation), root, comm);
                return (T) recvBuf;
            }
        }
        Call call = Call.begin(environment, operation);
        try {
            Message in = call.message(send, typeParam, 0, -1, inPlace ? Message.INOUT : Message.IN);
            T result = receives ? resultBuffer(operation, send, recvBuf, in, in.count, inPlace)
                    : nonRootResult(operation, send, recvBuf, in);
            Message out = inPlace ? in : receives ? call.message(result, typeParam, 0, in.count, Message.OUT) : null;
            MPI_Op mpiOp = op.handle(environment, in.type, operation);
            call.prepare(op.isUserDefined());
            if (call.critical) {
                // Heap arrays in place: each downcall takes its buffers from sent() and received() with a
                // constant, so that the JIT removes their views (see Message.mpi(boolean)).
                switch (kind) {
                    case REDUCE -> MpiCritical.MPI_Reduce(sent(in, inPlace, true), received(out, true), in.count,
                            in.handle, mpiOp, root, comm);
                    case ALLREDUCE -> MpiCritical.MPI_Allreduce(sent(in, inPlace, true), received(out, true),
                            in.count, in.handle, mpiOp, comm);
                    case SCAN -> MpiCritical.MPI_Scan(sent(in, inPlace, true), received(out, true), in.count,
                            in.handle, mpiOp, comm);
                    case EXSCAN -> MpiCritical.MPI_Exscan(sent(in, inPlace, true), received(out, true), in.count,
                            in.handle, mpiOp, comm);
                }
            } else {
                reduce(kind, sent(in, inPlace, false), received(out, false), in.count, in.handle, mpiOp, root, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
    }

    /** Calls the MPI function of the reduction {@code kind}. */
    private static void reduce(Reduction kind, MemorySegment sendbuf, MemorySegment recvbuf, int count,
            MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
        switch (kind) {
            case REDUCE -> Mpi.MPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
            case ALLREDUCE -> Mpi.MPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
            case SCAN -> Mpi.MPI_Scan(sendbuf, recvbuf, count, type, op, comm);
            case EXSCAN -> Mpi.MPI_Exscan(sendbuf, recvbuf, count, type, op, comm);
        }
    }

    /**
     * Collects every process's {@code send} at the root, in rank order ({@code MPI_Gather}); returns
     * them there and an empty buffer elsewhere. With {@link Param#inPlace inPlace}, the root's
     * {@code send} is the whole result, its own block already in place. Accepts: {@link Param#root root}
     * (default 0), {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}, {@link Param#type type}.
     */
    public <T> T gather(T send, Param... params) {
        int given = Param.check("gather", params, GATHER_PARAMS);
        MPI_Comm comm = handle();
        int root = Param.intValue(params, given, ROOT, 0);
        boolean isRoot = rank == root;
        boolean inPlace = isRoot && Param.has(given, IN_PLACE);
        Call call = Call.begin(environment, "gather");
        try {
            Message in = call.message(send, Param.type(params, given), 0, -1, inPlace ? Message.INOUT : Message.IN);
            int block = inPlace ? blockOf("gather", in) : in.count;
            Object recvBuf = Param.value(params, given, RECV_BUF);
            T result = isRoot ? resultBuffer("gather", send, recvBuf, in, block * size, inPlace)
                    : nonRootResult("gather", send, recvBuf, in);
            Message out = inPlace ? in : isRoot ? call.message(result, in.type, 0, block * size, Message.OUT) : null;
            call.prepare(false);
            MemorySegment sendbuf = inPlace ? Mpi.MPI_IN_PLACE : in.mpi(call.critical);
            MemorySegment recvbuf = out != null ? out.mpi(call.critical) : MemorySegment.NULL;
            if (call.critical) {
                MpiCritical.MPI_Gather(sendbuf, block, in.handle, recvbuf, block, in.handle, root, comm);
            } else {
                Mpi.MPI_Gather(sendbuf, block, in.handle, recvbuf, block, in.handle, root, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
    }

    /**
     * Collects every process's {@code send} at every process, in rank order ({@code MPI_Allgather}).
     * With {@link Param#inPlace inPlace}, {@code send} is the whole result with each process's own block
     * in place. Accepts: {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}, {@link Param#type type}.
     */
    public <T> T allgather(T send, Param... params) {
        return everyToEvery("allgather", send, params);
    }

    /**
     * Deals the root's {@code send} out in equal blocks, block r to rank r ({@code MPI_Scatter}), and
     * returns this process's block. Only the root's {@code send} is read; the others' gives the kind
     * of buffer (an empty array will do). Accepts: {@link Param#root root} (default 0),
     * {@link Param#recvBuf recvBuf}, {@link Param#count count} (the block size; without it, the root
     * broadcasts it), {@link Param#type type}.
     */
    public <T> T scatter(T send, Param... params) {
        int given = Param.check("scatter", params, SCATTER_PARAMS);
        MPI_Comm comm = handle();
        int root = Param.intValue(params, given, ROOT, 0);
        boolean isRoot = rank == root;
        Datatype typeParam = Param.type(params, given);
        int block = Param.intValue(params, given, COUNT, -1);
        if (block < 0) {
            int[] shared = {isRoot ? blockOf("scatter", countOf("scatter", send, typeParam)) : 0};
            block = bcast(shared, Param.root(root))[0];
        }
        Call call = Call.begin(environment, "scatter");
        try {
            Message in = call.message(send, typeParam, 0, isRoot ? block * size : 0, Message.IN);
            T result = resultBuffer("scatter", send, Param.value(params, given, RECV_BUF), in, block, false);
            Message out = call.message(result, in.type, 0, block, Message.OUT);
            call.prepare(false);
            MemorySegment sendbuf = isRoot ? in.mpi(call.critical) : MemorySegment.NULL;
            if (call.critical) {
                MpiCritical.MPI_Scatter(sendbuf, block, in.handle, out.mpi(true), block, in.handle, root, comm);
            } else {
                Mpi.MPI_Scatter(sendbuf, block, in.handle, out.mpi(), block, in.handle, root, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
    }

    /**
     * Sends block j of {@code send} to rank j and returns the blocks received, block j from rank j
     * ({@code MPI_Alltoall}). {@code send} holds {@code size()} equal blocks. Accepts:
     * {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}, {@link Param#type type}.
     */
    public <T> T alltoall(T send, Param... params) {
        return everyToEvery("alltoall", send, params);
    }

    /**
     * What {@code allgather} and {@code alltoall} share: every process sends blocks of one size to every
     * process. Allgather sends all of {@code send} (in place: its own block of it) to all; alltoall
     * sends block j of {@code send} to rank j.
     */
    private <T> T everyToEvery(String operation, T send, Param[] params) {
        int given = Param.check(operation, params, ALLGATHER_PARAMS);
        boolean gather = operation.equals("allgather");
        MPI_Comm comm = handle();
        boolean inPlace = Param.has(given, IN_PLACE);
        Call call = Call.begin(environment, operation);
        try {
            Message in = call.message(send, Param.type(params, given), 0, -1, inPlace ? Message.INOUT : Message.IN);
            int block = inPlace || !gather ? blockOf(operation, in) : in.count;
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, block * size, inPlace);
            Message out = inPlace ? in : call.message(result, in.type, 0, block * size, Message.OUT);
            call.prepare(false);
            MemorySegment sendbuf = inPlace ? Mpi.MPI_IN_PLACE : in.mpi(call.critical);
            if (gather && call.critical) {
                MpiCritical.MPI_Allgather(sendbuf, block, in.handle, out.mpi(true), block, in.handle, comm);
            } else if (gather) {
                Mpi.MPI_Allgather(sendbuf, block, in.handle, out.mpi(), block, in.handle, comm);
            } else if (call.critical) {
                MpiCritical.MPI_Alltoall(sendbuf, block, in.handle, out.mpi(true), block, in.handle, comm);
            } else {
                Mpi.MPI_Alltoall(sendbuf, block, in.handle, out.mpi(), block, in.handle, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
    }

    /**
     * Collects every process's {@code send}, of varying sizes, at the root ({@code MPI_Gatherv}); returns
     * the concatenation there (in rank order, or as {@link Param#recvDispls recvDispls} place it) and an
     * empty buffer elsewhere. Accepts: {@link Param#root root} (default 0), {@link Param#recvBuf recvBuf},
     * {@link Param#recvCounts recvCounts} (at the root; default: gathered), {@link Param#recvDispls recvDispls}
     * (default: packed), {@link Param#recvCountsOut recvCountsOut}, {@link Param#recvDisplsOut recvDisplsOut},
     * {@link Param#type type}.
     */
    public <T> T gatherv(T send, Param... params) {
        int given = Param.check("gatherv", params, GATHERV_PARAMS);
        MPI_Comm comm = handle();
        int root = Param.intValue(params, given, ROOT, 0);
        boolean isRoot = rank == root;
        Datatype typeParam = Param.type(params, given);
        int[] counts = (int[]) Param.value(params, given, RECV_COUNTS);
        if (counts == null) {
            counts = gather(new int[] {countOf("gatherv", send, typeParam).count}, Param.root(root));
        }
        int[] displs = isRoot ? recvDisplacements("gatherv", params, given, counts, size) : null;
        Call call = Call.begin(environment, "gatherv");
        try {
            Message in = call.message(send, typeParam, 0, -1, Message.IN);
            T result = isRoot ? resultBuffer("gatherv", send, Param.value(params, given, RECV_BUF), in, extent(counts, displs), false)
                    : nonRootResult("gatherv", send, Param.value(params, given, RECV_BUF), in);
            Message out = isRoot ? call.message(result, in.type, 0, extent(counts, displs), Message.OUT) : null;
            if (isRoot) {
                out.limitToBlocks(counts, displs);
            }
            Message c = isRoot ? call.ints(counts) : null;
            Message d = isRoot ? call.ints(displs) : null;
            call.prepare(false);
            MemorySegment recvbuf = isRoot ? out.mpi(call.critical) : MemorySegment.NULL;
            MemorySegment countsbuf = isRoot ? c.mpi(call.critical) : MemorySegment.NULL;
            MemorySegment displsbuf = isRoot ? d.mpi(call.critical) : MemorySegment.NULL;
            if (call.critical) {
                MpiCritical.MPI_Gatherv(in.mpi(true), in.count, in.handle, recvbuf, countsbuf, displsbuf, in.handle, root, comm);
            } else {
                Mpi.MPI_Gatherv(in.mpi(), in.count, in.handle, recvbuf, countsbuf, displsbuf, in.handle, root, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
    }

    /**
     * Collects every process's {@code send}, of varying sizes, at every process ({@code MPI_Allgatherv})
     * and returns the concatenation in rank order (or as {@link Param#recvDispls recvDispls} place it).
     * Without {@link Param#recvCounts recvCounts}, the counts are exchanged first. Accepts:
     * {@link Param#recvBuf recvBuf}, {@link Param#recvCounts recvCounts}, {@link Param#recvDispls recvDispls},
     * {@link Param#recvCountsOut recvCountsOut}, {@link Param#recvDisplsOut recvDisplsOut}, {@link Param#type type}.
     */
    public <T> T allgatherv(T send, Param... params) {
        int given = Param.check("allgatherv", params, ALLGATHERV_PARAMS);
        MPI_Comm comm = handle();
        Datatype typeParam = Param.type(params, given);
        int[] counts = (int[]) Param.value(params, given, RECV_COUNTS);
        if (counts == null) {
            counts = allgather(new int[] {countOf("allgatherv", send, typeParam).count});
        }
        int[] displs = recvDisplacements("allgatherv", params, given, counts, size);
        Call call = Call.begin(environment, "allgatherv");
        try {
            Gathered<T> g = gathered(call, "allgatherv", send, params, given, counts, displs);
            call.prepare(false);
            if (call.critical) {
                MpiCritical.MPI_Allgatherv(g.in.mpi(true), g.in.count, g.in.handle, g.out.mpi(true), g.counts.mpi(true),
                        g.displs.mpi(true), g.in.handle, comm);
            } else {
                Mpi.MPI_Allgatherv(g.in.mpi(), g.in.count, g.in.handle, g.out.mpi(), g.counts.mpi(), g.displs.mpi(),
                        g.in.handle, comm);
            }
            call.finish();
            return g.result;
        } finally {
            call.end();
        }
    }

    /** The buffers of an allgatherv: what is sent, the result it fills block by block, and the counts and displacements. */
    private record Gathered<T>(Message in, Message out, Message counts, Message displs, T result) {}

    private <T> Gathered<T> gathered(Call call, String operation, T send, Param[] params, int given, int[] counts,
            int[] displs) {
        Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
        int total = extent(counts, displs);
        T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, total, false);
        Message out = call.message(result, in.type, 0, total, Message.OUT);
        out.limitToBlocks(counts, displs);
        return new Gathered<>(in, out, call.ints(counts), call.ints(displs), result);
    }

    /**
     * Deals the root's {@code send} out in blocks of varying sizes ({@code MPI_Scatterv}) and returns this
     * process's block. Requires {@link Param#sendCounts sendCounts} at the root. Accepts:
     * {@link Param#root root} (default 0), {@link Param#sendDispls sendDispls} (default: packed),
     * {@link Param#recvBuf recvBuf}, {@link Param#count count} (this process's block size; default:
     * scattered from the root's counts), {@link Param#type type}.
     */
    public <T> T scatterv(T send, Param... params) {
        int given = Param.check("scatterv", params, SCATTERV_PARAMS);
        MPI_Comm comm = handle();
        int root = Param.intValue(params, given, ROOT, 0);
        boolean isRoot = rank == root;
        Datatype typeParam = Param.type(params, given);
        int[] counts = (int[]) Param.value(params, given, SEND_COUNTS);
        if (isRoot && counts == null) {
            throw new IllegalArgumentException("scatterv: sendCounts is required at the root");
        }
        int[] displs = null;
        if (isRoot) {
            checkCounts("scatterv", "sendCounts", counts, size);
            displs = displacements("scatterv", "sendDispls", (int[]) Param.value(params, given, SEND_DISPLS), counts);
            checkFits("scatterv", counts, displs, countOf("scatterv", send, typeParam));
        }
        int block = Param.intValue(params, given, COUNT, -1);
        if (block < 0) {
            block = scatter(isRoot ? counts : new int[0], Param.root(root), Param.count(1))[0];
        }
        Call call = Call.begin(environment, "scatterv");
        try {
            Message in = call.message(send, typeParam, 0, isRoot ? -1 : 0, Message.IN);
            T result = resultBuffer("scatterv", send, Param.value(params, given, RECV_BUF), in, block, false);
            Message out = call.message(result, in.type, 0, block, Message.OUT);
            Message c = isRoot ? call.ints(counts) : null;
            Message d = isRoot ? call.ints(displs) : null;
            call.prepare(false);
            MemorySegment sendbuf = isRoot ? in.mpi(call.critical) : MemorySegment.NULL;
            MemorySegment countsbuf = isRoot ? c.mpi(call.critical) : MemorySegment.NULL;
            MemorySegment displsbuf = isRoot ? d.mpi(call.critical) : MemorySegment.NULL;
            if (call.critical) {
                MpiCritical.MPI_Scatterv(sendbuf, countsbuf, displsbuf, in.handle, out.mpi(true), block, in.handle, root, comm);
            } else {
                Mpi.MPI_Scatterv(sendbuf, countsbuf, displsbuf, in.handle, out.mpi(), block, in.handle, root, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
    }

    /**
     * Sends {@code sendCounts[j]} elements of {@code send} to rank j and returns what every rank sent
     * here, in rank order ({@code MPI_Alltoallv}): the personalised exchange of varying sizes. Requires
     * {@link Param#sendCounts sendCounts}. Without {@link Param#recvCounts recvCounts}, the counts are
     * exchanged first ({@code MPI_Alltoall}). Accepts also: {@link Param#sendDispls sendDispls},
     * {@link Param#recvBuf recvBuf}, {@link Param#recvDispls recvDispls},
     * {@link Param#recvCountsOut recvCountsOut}, {@link Param#recvDisplsOut recvDisplsOut}, {@link Param#type type}.
     */
    public <T> T alltoallv(T send, Param... params) {
        return personalized("alltoallv", send, params, size, size, this::alltoall, false);
    }

    /**
     * What {@code alltoallv} and {@code neighborAlltoallv} share: the one sends {@code sendCounts[j]}
     * elements to rank j of all {@code size()}, the other to neighbour j of its {@code destinations};
     * the receive counts, unless given, come from {@code exchangeCounts} of the send counts.
     */
    <T> T personalized(String operation, T send, Param[] params, int destinations, int sources,
            UnaryOperator<int[]> exchangeCounts, boolean neighbours) {
        int given = Param.check(operation, params, ALLTOALLV_PARAMS);
        MPI_Comm comm = handle();
        Datatype typeParam = Param.type(params, given);
        int[] sendCounts = (int[]) Param.value(params, given, SEND_COUNTS);
        if (sendCounts == null) {
            throw new IllegalArgumentException(operation + ": sendCounts is required");
        }
        checkCounts(operation, "sendCounts", sendCounts, destinations);
        int[] sendDispls = displacements(operation, "sendDispls", (int[]) Param.value(params, given, SEND_DISPLS), sendCounts);
        checkFits(operation, sendCounts, sendDispls, countOf(operation, send, typeParam));
        int[] recvCounts = (int[]) Param.value(params, given, RECV_COUNTS);
        if (recvCounts == null) {
            recvCounts = exchangeCounts.apply(sendCounts);
        }
        int[] recvDispls = recvDisplacements(operation, params, given, recvCounts, sources);
        Call call = Call.begin(environment, operation);
        try {
            Message in = call.message(send, typeParam, 0, -1, Message.IN);
            int total = extent(recvCounts, recvDispls);
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, total, false);
            Message out = call.message(result, in.type, 0, total, Message.OUT);
            out.limitToBlocks(recvCounts, recvDispls);
            Message sc = call.ints(sendCounts);
            Message sd = call.ints(sendDispls);
            Message rc = call.ints(recvCounts);
            Message rd = call.ints(recvDispls);
            call.prepare(false);
            boolean critical = call.critical;
            if (neighbours && critical) {
                MpiCritical.MPI_Neighbor_alltoallv(in.mpi(true), sc.mpi(true), sd.mpi(true), in.handle, out.mpi(true),
                        rc.mpi(true), rd.mpi(true), in.handle, comm);
            } else if (neighbours) {
                Mpi.MPI_Neighbor_alltoallv(in.mpi(), sc.mpi(), sd.mpi(), in.handle, out.mpi(), rc.mpi(), rd.mpi(),
                        in.handle, comm);
            } else if (critical) {
                MpiCritical.MPI_Alltoallv(in.mpi(true), sc.mpi(true), sd.mpi(true), in.handle, out.mpi(true), rc.mpi(true),
                        rd.mpi(true), in.handle, comm);
            } else {
                Mpi.MPI_Alltoallv(in.mpi(), sc.mpi(), sd.mpi(), in.handle, out.mpi(), rc.mpi(), rd.mpi(), in.handle, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
    }

    // ---- Nonblocking collectives (MPI-4.1 §6.12) -------------------------------------------------

    /** Starts a barrier ({@code MPI_Ibarrier}); the request completes once every process has started it. */
    public Request<Void> ibarrier() {
        MPI_Comm comm = handle();
        Call call = Call.begin(environment, "ibarrier");
        try {
            return start(call, null, null, request -> Mpi.MPI_Ibarrier(comm, request));
        } finally {
            call.end();
        }
    }

    /** Starts a broadcast ({@code MPI_Ibcast}); see {@link #bcast}. Accepts: {@link Param#root root}, {@link Param#type type}. */
    public <T> Request<T> ibcast(T buf, Param... params) {
        int given = Param.check("ibcast", params, IBCAST_PARAMS);
        MPI_Comm comm = handle();
        int root = Param.intValue(params, given, ROOT, 0);
        Call call = Call.begin(environment, "ibcast");
        try {
            Message m = call.message(buf, Param.type(params, given), 0, -1, rank == root ? Message.IN : Message.OUT);
            return start(call, buf, null, request -> Mpi.MPI_Ibcast(m.mpi(), m.count, m.handle, root, comm, request));
        } finally {
            call.end();
        }
    }

    /**
     * Starts an allreduce ({@code MPI_Iallreduce}); see {@link #allreduce}. Accepts:
     * {@link Param#recvBuf recvBuf}, {@link Param#type type}.
     */
    public <T> Request<T> iallreduce(T send, Op op, Param... params) {
        int given = Param.check("iallreduce", params, NONBLOCKING_COLLECTIVE_PARAMS);
        MPI_Comm comm = handle();
        Call call = Call.begin(environment, "iallreduce");
        try {
            Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            T result = resultBuffer("iallreduce", send, Param.value(params, given, RECV_BUF), in, in.count, false);
            Message out = call.message(result, in.type, 0, in.count, Message.OUT);
            MPI_Op mpiOp = op.handle(environment, in.type, "iallreduce");
            return start(call, result, null,
                    request -> Mpi.MPI_Iallreduce(in.mpi(), out.mpi(), in.count, in.handle, mpiOp, comm, request));
        } finally {
            call.end();
        }
    }

    /**
     * Starts a reduce ({@code MPI_Ireduce}); see {@link #reduce}. Accepts: {@link Param#root root},
     * {@link Param#recvBuf recvBuf}, {@link Param#type type}.
     */
    public <T> Request<T> ireduce(T send, Op op, Param... params) {
        int given = Param.check("ireduce", params, NONBLOCKING_REDUCE_PARAMS);
        MPI_Comm comm = handle();
        int root = Param.intValue(params, given, ROOT, 0);
        Call call = Call.begin(environment, "ireduce");
        try {
            Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            Object recvBuf = Param.value(params, given, RECV_BUF);
            T result = rank == root ? resultBuffer("ireduce", send, recvBuf, in, in.count, false)
                    : nonRootResult("ireduce", send, recvBuf, in);
            Message out = rank == root ? call.message(result, in.type, 0, in.count, Message.OUT) : null;
            MPI_Op mpiOp = op.handle(environment, in.type, "ireduce");
            return start(call, result, null, request -> Mpi.MPI_Ireduce(in.mpi(),
                    out != null ? out.mpi() : MemorySegment.NULL, in.count, in.handle, mpiOp, root, comm, request));
        } finally {
            call.end();
        }
    }

    /**
     * Starts an allgather of varying sizes ({@code MPI_Iallgatherv}); see {@link #allgatherv}. Requires
     * {@link Param#recvCounts recvCounts}: a nonblocking call cannot exchange them first. Accepts the other
     * parameters of {@code allgatherv}.
     */
    public <T> Request<T> iallgatherv(T send, Param... params) {
        int given = Param.check("iallgatherv", params, ALLGATHERV_PARAMS);
        MPI_Comm comm = handle();
        int[] counts = (int[]) Param.value(params, given, RECV_COUNTS);
        if (counts == null) {
            throw new IllegalArgumentException("iallgatherv: recvCounts is required (allgatherv exchanges them itself)");
        }
        int[] displs = recvDisplacements("iallgatherv", params, given, counts, size);
        Call call = Call.begin(environment, "iallgatherv");
        try {
            Gathered<T> g = gathered(call, "iallgatherv", send, params, given, counts, displs);
            return start(call, g.result, null, request -> Mpi.MPI_Iallgatherv(g.in.mpi(), g.in.count, g.in.handle,
                    g.out.mpi(), g.counts.mpi(), g.displs.mpi(), g.in.handle, comm, request));
        } finally {
            call.end();
        }
    }

    /**
     * Starts an allgather ({@code MPI_Iallgather}); see {@link #allgather}. Accepts: {@link Param#recvBuf recvBuf},
     * {@link Param#type type}.
     */
    public <T> Request<T> iallgather(T send, Param... params) {
        int given = Param.check("iallgather", params, NONBLOCKING_COLLECTIVE_PARAMS);
        MPI_Comm comm = handle();
        Call call = Call.begin(environment, "iallgather");
        try {
            Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            T result = resultBuffer("iallgather", send, Param.value(params, given, RECV_BUF), in, in.count * size, false);
            Message out = call.message(result, in.type, 0, in.count * size, Message.OUT);
            return start(call, result, null, request -> Mpi.MPI_Iallgather(in.mpi(), in.count, in.handle, out.mpi(),
                    in.count, in.handle, comm, request));
        } finally {
            call.end();
        }
    }

    /**
     * Starts an all-to-all ({@code MPI_Ialltoall}); see {@link #alltoall}. Accepts: {@link Param#recvBuf recvBuf},
     * {@link Param#type type}.
     */
    public <T> Request<T> ialltoall(T send, Param... params) {
        int given = Param.check("ialltoall", params, NONBLOCKING_COLLECTIVE_PARAMS);
        MPI_Comm comm = handle();
        Call call = Call.begin(environment, "ialltoall");
        try {
            Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            int block = blockOf("ialltoall", in);
            T result = resultBuffer("ialltoall", send, Param.value(params, given, RECV_BUF), in, in.count, false);
            Message out = call.message(result, in.type, 0, in.count, Message.OUT);
            return start(call, result, null, request -> Mpi.MPI_Ialltoall(in.mpi(), block, in.handle, out.mpi(), block,
                    in.handle, comm, request));
        } finally {
            call.end();
        }
    }

    // ---- Objects, through an explicit serializer ---------------------------------------------------

    /**
     * Sends {@code value} to {@code dest} as the bytes {@code serializer} makes of it. Accepts:
     * {@link Param#tag tag} (default 0), {@link Param#synchronous() synchronous}.
     */
    public <T> void sendObject(T value, int dest, Serializer<? super T> serializer, Param... params) {
        Param.check("sendObject", params, OBJECT_SEND_PARAMS);
        send(serializer.serialize(value), dest, params);
    }

    /**
     * Receives an object sent with {@link #sendObject}. Accepts: {@link Param#tag tag} (default
     * {@link #ANY_TAG}), {@link Param#status status}.
     */
    public <T> T recvObject(int source, Serializer<? extends T> serializer, Param... params) {
        Param.check("recvObject", params, OBJECT_RECV_PARAMS);
        return serializer.deserialize(recv(byte[].class, source, params));
    }

    /**
     * Broadcasts the root's {@code value} and returns it on every process (the others' {@code value} is
     * ignored and may be null). Accepts: {@link Param#root root} (default 0).
     */
    public <T> T bcastObject(T value, Serializer<T> serializer, Param... params) {
        int given = Param.check("bcastObject", params, OBJECT_ROOT_PARAMS);
        int root = Param.intValue(params, given, ROOT, 0);
        byte[] bytes = rank == root ? serializer.serialize(value) : null;
        int[] length = bcast(new int[] {bytes != null ? bytes.length : 0}, Param.root(root));
        bytes = bcast(bytes != null ? bytes : new byte[length[0]], Param.root(root));
        return rank == root ? value : serializer.deserialize(bytes);
    }

    /** {@return every process's {@code value}, in rank order, on every process} */
    public <T> List<T> allgatherObjects(T value, Serializer<T> serializer) {
        int[] counts = new int[size];
        byte[] all = allgatherv(serializer.serialize(value), Param.recvCountsOut(counts));
        return split(all, counts, serializer);
    }

    /**
     * {@return every process's {@code value}, in rank order, at the root}; an empty list elsewhere.
     * Accepts: {@link Param#root root} (default 0).
     */
    public <T> List<T> gatherObjects(T value, Serializer<T> serializer, Param... params) {
        int given = Param.check("gatherObjects", params, OBJECT_ROOT_PARAMS);
        int[] counts = new int[size];
        byte[] all = gatherv(serializer.serialize(value), Param.root(Param.intValue(params, given, ROOT, 0)),
                Param.recvCountsOut(counts));
        return rank == Param.intValue(params, given, ROOT, 0) ? split(all, counts, serializer) : List.of();
    }

    private static <T> List<T> split(byte[] all, int[] counts, Serializer<T> serializer) {
        List<T> values = new ArrayList<>(counts.length);
        int at = 0;
        for (int count : counts) {
            values.add(serializer.deserialize(Arrays.copyOfRange(all, at, at + count)));
            at += count;
        }
        return values;
    }

    // ---- Communicator management (MPI-4.1 §7.4) ----------------------------------------------------

    /** {@return a new communicator with the same processes and a context of its own} ({@code MPI_Comm_dup}) */
    public Communicator dup() {
        MPI_Comm comm = handle();
        return environment.adopt(created(out -> Mpi.MPI_Comm_dup(comm, out)), name + ".dup");
    }

    /**
     * {@return the communicator of the processes that gave the same {@code color}}, ordered by
     * {@code key} then by rank here ({@code MPI_Comm_split}); null for a process that gave
     * {@link #UNDEFINED}. Collective.
     */
    public Communicator split(int color, int key) {
        MPI_Comm comm = handle();
        return environment.adopt(created(out -> Mpi.MPI_Comm_split(comm, color, key, out)), name + ".split(" + color + ")");
    }

    /** {@return the communicator of the processes that share memory with this one} (a node; {@code MPI_Comm_split_type}) */
    public Communicator splitShared() {
        MPI_Comm comm = handle();
        return environment.adopt(created(out -> Mpi.MPI_Comm_split_type(comm, Mpi.MPI_COMM_TYPE_SHARED, rank,
                Mpi.MPI_INFO_NULL, out)), name + ".shared");
    }

    /**
     * {@return the communicator of the processes of {@code group}} ({@code MPI_Comm_create}), null for a
     * process not in it. Collective over this communicator.
     */
    public Communicator create(Group group) {
        MPI_Comm comm = handle();
        MPI_Group g = group.handle();
        return environment.adopt(created(out -> Mpi.MPI_Comm_create(comm, g, out)), name + ".create");
    }

    /** {@return the group of the communicator's processes} ({@code MPI_Comm_group}); close it when done */
    public Group group() {
        MPI_Comm comm = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = MPI_Group.allocate(arena);
            Mpi.MPI_Comm_group(comm, out);
            return new Group(environment, MPI_Group.read(out));
        }
    }

    /** {@return how this communicator and {@code other} relate} ({@code MPI_Comm_compare}) */
    public Comparison compare(Communicator other) {
        MPI_Comm comm = handle();
        MPI_Comm otherComm = other.handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_compare(comm, otherComm, result);
            return Comparison.ofMpiValue(result.get(JAVA_INT, 0));
        }
    }

    /**
     * {@return the processes of this communicator as a grid} of {@code dims} processes per dimension,
     * each dimension periodic (a ring) or not ({@code MPI_Cart_create}); null for processes beyond the
     * grid. {@link Environment#dimsCreate} finds balanced dimensions. Collective.
     *
     * @param reorder whether MPI may renumber the processes to fit the machine
     */
    public CartesianCommunicator createCartesian(int[] dims, boolean[] periods, boolean reorder) {
        if (dims.length != periods.length) {
            throw new IllegalArgumentException("createCartesian: " + dims.length + " dimensions but "
                    + periods.length + " periodicities");
        }
        MPI_Comm comm = handle();
        MPI_Comm cart;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment periodic = arena.allocate(JAVA_INT, periods.length);
            for (int i = 0; i < periods.length; i++) {
                periodic.setAtIndex(JAVA_INT, i, periods[i] ? 1 : 0);
            }
            MemorySegment dimensions = arena.allocateFrom(JAVA_INT, dims);
            cart = created(out -> Mpi.MPI_Cart_create(comm, dims.length, dimensions, periodic, reorder ? 1 : 0, out));
        }
        return cart.equals(Mpi.MPI_COMM_NULL) ? null
                : new CartesianCommunicator(environment, cart, name + ".cartesian" + Arrays.toString(dims));
    }

    /**
     * {@return a graph topology in which this process receives from {@code sources} and sends to
     * {@code destinations}} ({@code MPI_Dist_graph_create_adjacent}, unweighted): the neighbourhood
     * of {@link TopologyCommunicator}'s neighbour collectives. Collective.
     *
     * @param reorder whether MPI may renumber the processes to fit the machine
     */
    public GraphCommunicator createGraph(int[] sources, int[] destinations, boolean reorder) {
        MPI_Comm comm = handle();
        MPI_Comm graph;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = arena.allocateFrom(JAVA_INT, sources);
            MemorySegment out = arena.allocateFrom(JAVA_INT, destinations);
            graph = created(result -> Mpi.MPI_Dist_graph_create_adjacent(comm, sources.length, in, Mpi.MPI_UNWEIGHTED,
                    destinations.length, out, Mpi.MPI_UNWEIGHTED, Mpi.MPI_INFO_NULL, reorder ? 1 : 0, result));
        }
        return new GraphCommunicator(environment, graph, name + ".graph");
    }

    /** Ends every process of the communicator's job with {@code errorCode} ({@code MPI_Abort}); does not return normally. */
    public void abort(int errorCode) {
        Mpi.MPI_Abort(handle(), errorCode);
    }

    /**
     * Frees the communicator ({@code MPI_Comm_free}). Collective.
     *
     * @throws UnsupportedOperationException for {@code world} and {@code self}, which MPI owns
     * @throws IllegalStateException         if it was freed already, or the environment is closed
     */
    @Override
    public void close() {
        if (predefined) {
            throw new UnsupportedOperationException("the " + name + " communicator is predefined and cannot be freed");
        }
        MPI_Comm comm = handle();
        freed = true;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Comm.allocate(arena);
            MPI_Comm.write(slot, 0, comm);
            Mpi.MPI_Comm_free(slot);
        }
    }

    /** {@return whether {@link #close()} freed the communicator} */
    public boolean isClosed() {
        return freed;
    }

    @Override
    public String toString() {
        return "Communicator[" + name + ", rank " + rank + " of " + size + (freed ? ", freed" : "") + "]";
    }

    // ---- the shared parts of operations ------------------------------------------------------------

    /** The send buffer argument of a reduction: {@code MPI_IN_PLACE}, or the message. */
    private static MemorySegment sent(Message in, boolean inPlace, boolean critical) {
        return inPlace ? Mpi.MPI_IN_PLACE : in.mpi(critical);
    }

    /** The receive buffer argument of a reduction: the message, or NULL where nothing is received. */
    private static MemorySegment received(Message out, boolean critical) {
        return out != null ? out.mpi(critical) : MemorySegment.NULL;
    }

    /** Calls {@code creator} with room for a new communicator handle, and returns the handle. */
    static MPI_Comm created(Consumer<MemorySegment> creator) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = MPI_Comm.allocate(arena);
            creator.accept(out);
            return MPI_Comm.read(out);
        }
    }

    /** Starts an MPI nonblocking function on the call's buffers (staged for the request) and wraps its request. */
    <R> Request<R> start(Call call, R result, Datatype received, Consumer<MemorySegment> function) {
        Staging staging = call.prepareNonblocking();
        long request = requested(staging, call, function);
        return new Request<>(environment, call.operation, request, result, staging, received);
    }

    /** Binds an MPI persistent operation on the call's buffers (staged for it) and wraps its request. */
    private <R> Persistent<R> persistent(Call call, R buffer, Datatype received, Consumer<MemorySegment> function) {
        Staging staging = call.prepareNonblocking();
        long request = requested(staging, call, function);
        return new Persistent<>(environment, call.operation, request, buffer, staging, received);
    }

    /** Calls {@code function} with room for a request handle, and returns it; frees the staging if it fails. */
    private static long requested(Staging staging, Call call, Consumer<MemorySegment> function) {
        MemorySegment request = call.words.asSlice(0, MPI_Request.LAYOUT.byteSize());
        try {
            function.accept(request);
        } catch (RuntimeException | Error e) {
            staging.release();
            throw e;
        }
        return MPI_Request.read(request).value();
    }

    /**
     * The buffer a receiving operation returns: {@code recvBuf} if given (checked to be of the kind and
     * type of the data sent, and large enough), {@code send} itself in place, or a new one.
     */
    @SuppressWarnings("unchecked")
    static <T> T resultBuffer(String operation, T send, Object recvBuf, Message sent, int count, boolean inPlace) {
        if (inPlace) {
            if (recvBuf != null) {
                throw new IllegalArgumentException(operation + ": inPlace and recvBuf exclude each other");
            }
            return send;
        }
        if (recvBuf == null) {
            return (T) Message.allocateLike(send, sent.type, count);
        }
        // The same class is the same kind: the common case skips kindOf's type switches.
        if (recvBuf.getClass() != send.getClass() && Message.kindOf(recvBuf) != Message.kindOf(send)) {
            throw new IllegalArgumentException(operation + ": recvBuf is " + Message.describe(recvBuf)
                    + ", not the kind of buffer sent, " + Message.describe(send));
        }
        return (T) recvBuf;
    }

    /** What a rooted operation returns where it receives nothing: the caller's recvBuf, untouched, or an empty buffer. */
    @SuppressWarnings("unchecked")
    static <T> T nonRootResult(String operation, T send, Object recvBuf, Message sent) {
        return recvBuf != null ? resultBuffer(operation, send, recvBuf, sent, 0, false)
                : (T) Message.allocateLike(send, sent.type, 0);
    }

    /** The size of each of the {@code size()} equal blocks of an in-place or all-to-all buffer. */
    int blockOf(String operation, Message message) {
        if (message.count % size != 0) {
            throw new IllegalArgumentException(operation + ": " + message.count + " elements do not divide into "
                    + size + " equal blocks, one per process");
        }
        return message.count / size;
    }

    /** Resolves a buffer outside a call, for its count and type (before counts are exchanged). */
    Message countOf(String operation, Object buffer, Datatype typeParam) {
        return new Message().resolve(environment, operation, buffer, typeParam, 0, -1, Message.IN);
    }

    /**
     * The receive displacements of {@code counts} (one per sender, {@code senders} of them): given, or
     * packed in rank order; counts and displacements are also copied to the out-parameters.
     */
    static int[] recvDisplacements(String operation, Param[] params, int given, int[] counts, int senders) {
        checkCounts(operation, "recvCounts", counts, senders);
        int[] displs = displacements(operation, "recvDispls", (int[]) Param.value(params, given, RECV_DISPLS), counts);
        copyOut(operation, "recvCountsOut", (int[]) Param.value(params, given, RECV_COUNTS_OUT), counts);
        copyOut(operation, "recvDisplsOut", (int[]) Param.value(params, given, RECV_DISPLS_OUT), displs);
        return displs;
    }

    /** {@code given} displacements after checking them, or the exclusive prefix sum of {@code counts}. */
    static int[] displacements(String operation, String what, int[] given, int[] counts) {
        if (given != null) {
            checkCounts(operation, what, given, counts.length);
            return given;
        }
        int[] displs = new int[counts.length];
        long at = 0;
        for (int i = 0; i < counts.length; i++) {
            if (at > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(operation + ": the counts add up to more than MPI's int count");
            }
            displs[i] = (int) at;
            at += counts[i];
        }
        return displs;
    }

    /** The number of elements a buffer needs to hold blocks of {@code counts} at {@code displs}. */
    static int extent(int[] counts, int[] displs) {
        long extent = 0;
        for (int i = 0; i < counts.length; i++) {
            extent = Math.max(extent, (long) displs[i] + counts[i]);
        }
        if (extent > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the blocks end beyond MPI's int count: " + extent);
        }
        return (int) extent;
    }

    static void checkCounts(String operation, String what, int[] counts, int expected) {
        if (counts.length != expected) {
            throw new IllegalArgumentException(operation + ": " + what + " has " + counts.length + " entries for "
                    + expected + " processes");
        }
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException(operation + ": " + what + "[" + i + "] < 0: " + counts[i]);
            }
        }
    }

    /** Checks that the blocks of {@code counts} at {@code displs} lie within the send buffer. */
    static void checkFits(String operation, int[] counts, int[] displs, Message send) {
        int extent = extent(counts, displs);
        if (extent > send.count) {
            throw new IllegalArgumentException(operation + ": the send blocks need " + extent + " elements but "
                    + Message.describe(send.carrier) + " holds " + send.count);
        }
    }

    private static void copyOut(String operation, String what, int[] out, int[] values) {
        if (out != null) {
            if (out.length < values.length) {
                throw new IllegalArgumentException(operation + ": " + what + " has room for " + out.length
                        + " entries, not " + values.length);
            }
            System.arraycopy(values, 0, out, 0, values.length);
        }
    }
}
