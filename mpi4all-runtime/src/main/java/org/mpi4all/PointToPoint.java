package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.mpi4all.Param.Name.BUFFERED;
import static org.mpi4all.Param.Name.COUNT;
import static org.mpi4all.Param.Name.OFFSET;
import static org.mpi4all.Param.Name.READY;
import static org.mpi4all.Param.Name.STATUS;
import static org.mpi4all.Param.Name.SYNCHRONOUS;
import static org.mpi4all.Param.Name.TAG;
import static org.mpi4all.Param.Name.TYPE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_Message;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.MpiException;

/** The point-to-point operations of {@link Communicator} (MPI-4.1 §3): blocking, nonblocking and persistent. */
final class PointToPoint {
    static final int SEND_PARAMS = Param.accepting(TAG, COUNT, OFFSET, TYPE, SYNCHRONOUS, BUFFERED, READY);
    private static final int RECV_PARAMS = Param.accepting(TAG, COUNT, OFFSET, TYPE, STATUS);
    private static final int RECV_NEW_PARAMS = Param.accepting(TAG, TYPE, STATUS);
    private static final int IRECV_PARAMS = Param.accepting(TAG, COUNT, OFFSET, TYPE);
    private static final int IRECV_NEW_PARAMS = Param.accepting(TAG, COUNT, TYPE);
    private static final int SENDRECV_PARAMS = Param.accepting(TAG, TYPE, STATUS);
    private static final int PROBE_PARAMS = Param.accepting(TAG);

    private PointToPoint() {}

    /**
     * The send modes (MPI-4.1 §3.4): standard, and the {@code synchronous()}, {@code buffered()}, {@code ready()}
     * parameters, each with its nonblocking and persistent send.
     */
    enum Mode {
        STANDARD(new PeerCall(Mpi::MPI_Isend, Mpi::MPI_Isend_c), new PeerCall(Mpi::MPI_Send_init, Mpi::MPI_Send_init_c)),
        SYNCHRONOUS(new PeerCall(Mpi::MPI_Issend, Mpi::MPI_Issend_c), new PeerCall(Mpi::MPI_Ssend_init, Mpi::MPI_Ssend_init_c)),
        BUFFERED(new PeerCall(Mpi::MPI_Ibsend, Mpi::MPI_Ibsend_c), new PeerCall(Mpi::MPI_Bsend_init, Mpi::MPI_Bsend_init_c)),
        READY(new PeerCall(Mpi::MPI_Irsend, Mpi::MPI_Irsend_c), new PeerCall(Mpi::MPI_Rsend_init, Mpi::MPI_Rsend_init_c));

        /** {@code MPI_Isend}, {@code MPI_Issend}, ... */
        private final PeerCall start;
        /** {@code MPI_Send_init}, {@code MPI_Ssend_init}, ... */
        private final PeerCall bind;

        Mode(PeerCall start, PeerCall bind) {
            this.start = start;
            this.bind = bind;
        }
    }

    private static final PeerCall RECV_START = new PeerCall(Mpi::MPI_Irecv, Mpi::MPI_Irecv_c);
    private static final PeerCall RECV_BIND = new PeerCall(Mpi::MPI_Recv_init, Mpi::MPI_Recv_init_c);
    private static final Issue.Names ISEND = Issue.Names.of("send");
    private static final Issue.Names IRECV = Issue.Names.of("recv");

    /**
     * A nonblocking or persistent point-to-point call, {@code (buf, count, datatype, peer, tag, comm, request)}, in
     * its {@code int}-count form and its {@code _c} form, which a message of more elements than an int counts needs.
     */
    private record PeerCall(IntCount call, LargeCount largeCall) {
        interface IntCount {
            void call(MemorySegment buf, int count, MPI_Datatype type, int peer, int tag, MPI_Comm comm, MemorySegment request);
        }

        interface LargeCount {
            void call(MemorySegment buf, long count, MPI_Datatype type, int peer, int tag, MPI_Comm comm, MemorySegment request);
        }

        void call(Message m, int peer, int tag, MPI_Comm comm, MemorySegment request) {
            if (m.isLarge()) {
                long n = m.elements();
                LargeCounts.run(n, () -> largeCall.call(m.mpi(), n, m.handle, peer, tag, comm, request));
            } else {
                call.call(m.mpi(), m.count, m.handle, peer, tag, comm, request);
            }
        }
    }

    /** The mode the parameters of a send ask for; at most one of them. */
    static Mode mode(String operation, int given) {
        int modes = (Param.has(given, SYNCHRONOUS) ? 1 : 0) + (Param.has(given, BUFFERED) ? 1 : 0)
                + (Param.has(given, READY) ? 1 : 0);
        if (modes > 1) {
            throw new IllegalArgumentException(operation + ": synchronous(), buffered() and ready() exclude each other");
        }
        return Param.has(given, SYNCHRONOUS) ? Mode.SYNCHRONOUS : Param.has(given, BUFFERED) ? Mode.BUFFERED
                : Param.has(given, READY) ? Mode.READY : Mode.STANDARD;
    }

    static void send(Communicator c, Object buf, int dest, Param[] params) {
        int given = Param.check("send", params, SEND_PARAMS);
        MPI_Comm comm = c.handle();
        int tag = Param.intValue(params, given, TAG, 0);
        Mode mode = mode("send", given);
        boolean synchronous = mode == Mode.SYNCHRONOUS;
        Datatype typeParam = Param.type(params, given);
        // A whole buffer MPI takes as it is needs no call state (see Reductions.reduction), in the common modes.
        int whole = Param.has(given, COUNT) || Param.has(given, OFFSET) || !(synchronous || mode == Mode.STANDARD) ? -1
                : Message.wholeCount(buf, typeParam, Message.IN, c.environment.heapInPlace());
        if (whole >= 0) {
            Call.checkOutside("send");
            Datatype type = Message.wholeType(buf, typeParam);
            Downcall.sendWhole(synchronous, c.wholeSegment(buf, whole, type), whole, type.handle(null), dest, tag, comm);
            return;
        }
        try (Call call = Call.begin(c.environment, "send")) {
            Message m = call.message(buf, typeParam, Param.intValue(params, given, OFFSET, 0),
                    Param.intValue(params, given, COUNT, -1), Message.IN);
            if (mode == Mode.BUFFERED) {
                SendBuffer.require("send", m);
            }
            Downcall.send(call.prepare(false), mode, m, dest, tag, comm);
            call.finish();
        }
    }

    static <T> T recv(Communicator c, T buf, int source, Param[] params) {
        int given = Param.check("recv", params, RECV_PARAMS);
        MPI_Comm comm = c.handle();
        int tag = Param.intValue(params, given, TAG, Communicator.ANY_TAG);
        Status status = (Status) Param.value(params, given, STATUS);
        Datatype typeParam = Param.type(params, given);
        // A whole buffer MPI takes as it is, without a status to fill, needs no call state: see Reductions.reduction.
        int whole = status != null || Param.has(given, COUNT) || Param.has(given, OFFSET) ? -1
                : Message.wholeCount(buf, typeParam, Message.OUT, c.environment.heapInPlace());
        if (whole >= 0) {
            Call.checkOutside("recv");
            Datatype type = Message.wholeType(buf, typeParam);
            Downcall.recvWhole(c.wholeSegment(buf, whole, type), whole, type.handle(null), source, tag, comm);
            return buf;
        }
        try (Call call = Call.begin(c.environment, "recv")) {
            Message m = call.message(buf, typeParam, Param.intValue(params, given, OFFSET, 0),
                    Param.intValue(params, given, COUNT, -1), Message.OUT);
            boolean critical = call.prepare(false);
            Downcall.recv(critical, m, source, tag, comm, status != null || m.isStaged() ? call.status
                    : Mpi.MPI_STATUS_IGNORE);
            received(call, m, status);
        }
        return buf;
    }

    /** After a receive into {@code m}: copies back only what arrived, and fills the caller's status. */
    private static void received(Call call, Message m, Status status) {
        if (m.isStaged()) {
            m.limitToReceived(call.status, call.words);
        }
        call.finish();
        if (status != null) {
            status.fill(call.status, m.type, call.words);
        }
    }

    static <T> T recvNew(Communicator c, Class<T> kind, int source, Param[] params) {
        int given = Param.check("recv", params, RECV_NEW_PARAMS);
        MPI_Comm comm = c.handle();
        int tag = Param.intValue(params, given, TAG, Communicator.ANY_TAG);
        Status status = (Status) Param.value(params, given, STATUS);
        Datatype type = Message.typeOf("recv", kind, Param.type(params, given));
        try (Call call = Call.begin(c.environment, "recv")) {
            MemorySegment message = call.words.asSlice(0, MPI_Message.LAYOUT.byteSize());
            Mpi.MPI_Mprobe(source, tag, comm, message, call.status);
            Status probed = new Status();
            probed.fill(call.status, null, call.words.asSlice(16));
            T buf;
            try {
                buf = kind.cast(Message.allocate("recv", kind, type, probed.count(type)));
            } catch (RuntimeException cannotHold) {
                discardMatched(message, probed.largeCount());
                throw new IllegalArgumentException("recv: a " + kind.getTypeName() + " cannot hold the message from rank "
                        + probed.source() + " with tag " + probed.tag() + " (" + cannotHold.getMessage()
                        + "); it was received and discarded, so that its sender does not wait for it", cannotHold);
            }
            Message m = call.message(buf, Param.type(params, given), 0, -1, Message.OUT);
            boolean critical = call.prepare(false);
            Downcall.mrecv(critical, m, message, status != null ? call.status : Mpi.MPI_STATUS_IGNORE);
            call.finish();
            if (status != null) {
                status.fill(call.status, m.type, call.words.asSlice(16));
            }
            return buf;
        }
    }

    /**
     * Completes the receive of a matched {@code message} of {@code bytes} bytes (negative: more than an int
     * counts, and the library cannot tell how many) and drops it. MPI cannot give a matched message back, and
     * a sender of one too large to send eagerly waits until it is received. The message is received whole
     * into scratch memory: a truncating receive into no buffer would end both sides in MPI's rules, but
     * MPICH 5 (UCX) then left the sender of a rendezvous message waiting for ever (PointToPointTest's
     * {@code newArrayCannotHold} on three ranks). It stays the fallback where the size is unknown (more bytes
     * than an int counts, and no {@code MPI_Get_count_c}).
     */
    private static void discardMatched(MemorySegment message, long bytes) {
        if (bytes < 0) {
            try {
                Mpi.MPI_Mrecv(MemorySegment.NULL, 0, Mpi.MPI_BYTE, message, Mpi.MPI_STATUS_IGNORE);
            } catch (MpiException truncated) {
                if (truncated.errorClass() != Mpi.MPI_ERR_TRUNCATE) {
                    throw truncated;
                }
            }
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment scratch = arena.allocate(Math.max(bytes, 1));
            if (LargeCounts.exceedsInt(bytes)) {
                Mpi.MPI_Mrecv_c(scratch, bytes, Mpi.MPI_BYTE, message, Mpi.MPI_STATUS_IGNORE);
            } else {
                Mpi.MPI_Mrecv(scratch, (int) bytes, Mpi.MPI_BYTE, message, Mpi.MPI_STATUS_IGNORE);
            }
        }
    }

    static <T> T sendrecv(Communicator c, Object send, int dest, T recv, int source, Param[] params) {
        int given = Param.check("sendrecv", params, SENDRECV_PARAMS);
        MPI_Comm comm = c.handle();
        int sendTag = Param.intValue(params, given, TAG, 0);
        int recvTag = Param.intValue(params, given, TAG, Communicator.ANY_TAG);
        Status status = (Status) Param.value(params, given, STATUS);
        try (Call call = Call.begin(c.environment, "sendrecv")) {
            Message s = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            Message r = call.message(recv, Param.type(params, given), 0, -1, Message.OUT);
            boolean critical = call.prepare(false);
            Downcall.sendrecv(critical, s, dest, sendTag, r, source, recvTag, comm,
                    status != null || r.isStaged() ? call.status : Mpi.MPI_STATUS_IGNORE);
            received(call, r, status);
        }
        return recv;
    }

    /** {@code MPI_Probe}, or {@code MPI_Iprobe} if not {@code wait}: the status of a message, if one is there. */
    static Optional<Status> probe(Communicator c, String operation, boolean wait, int source, Param[] params) {
        int given = Param.check(operation, params, PROBE_PARAMS);
        MPI_Comm comm = c.handle();
        int tag = Param.intValue(params, given, TAG, Communicator.ANY_TAG);
        try (Call call = Call.begin(c.environment, operation)) {
            if (wait) {
                Mpi.MPI_Probe(source, tag, comm, call.status);
            } else {
                MemorySegment flag = call.words.asSlice(0, 4);
                Mpi.MPI_Iprobe(source, tag, comm, flag, call.status);
                if (flag.get(JAVA_INT, 0) == 0) {
                    return Optional.empty();
                }
            }
            Status status = new Status();
            status.fill(call.status, null, call.words.asSlice(8));
            return Optional.of(status);
        }
    }

    /**
     * Starts ({@link Issue#NOW}: {@code isend}, {@code irecv}) or binds ({@code sendInit}, {@code recvInit}) a send
     * ({@code direction} IN, the parameters of {@code send}, in the mode they ask for) or a receive (OUT, those of
     * {@code irecv}) of {@code buf} with {@code peer}.
     */
    static <T, R extends AbstractRequest<T>> R transfer(Communicator c, Issue issue, T buf, int peer, int direction,
            Param[] params) {
        boolean sending = direction == Message.IN;
        Issue.Names names = sending ? ISEND : IRECV;
        String operation = issue.operation(names);
        int given = Param.check(operation, params, sending ? SEND_PARAMS : IRECV_PARAMS);
        MPI_Comm comm = c.handle();
        int tag = Param.intValue(params, given, TAG, sending ? 0 : Communicator.ANY_TAG);
        try (Call call = Call.begin(c.environment, operation)) {
            Message m = call.message(buf, Param.type(params, given), Param.intValue(params, given, OFFSET, 0),
                    Param.intValue(params, given, COUNT, -1), direction);
            Mode mode = sending ? mode(operation, given) : Mode.STANDARD;
            if (mode == Mode.BUFFERED) {
                SendBuffer.require(operation, m);
            }
            PeerCall function = sending ? (issue == Issue.NOW ? mode.start : mode.bind)
                    : (issue == Issue.NOW ? RECV_START : RECV_BIND);
            function.call(m, peer, tag, comm, issue.request(call, names));
            return issue.issued(call, buf, sending ? null : m.type);
        }
    }

    static <T> Request<T> irecvNew(Communicator c, Class<T> kind, int source, Param[] params) {
        int given = Param.check("irecv", params, IRECV_NEW_PARAMS);
        if (!Param.has(given, COUNT)) {
            throw new IllegalArgumentException("irecv: a new buffer needs count(n), the most elements to receive");
        }
        Datatype type = Message.typeOf("irecv", kind, Param.type(params, given));
        T buf = kind.cast(Message.allocate("irecv", kind, type, Param.intValue(params, given, COUNT, 0)));
        return c.irecv(buf, source, Param.tag(Param.intValue(params, given, TAG, Communicator.ANY_TAG)),
                Param.type(type));
    }
}
