package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.Buffer;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_Errhandler;

import org.mpi4all.ffi.MPI_Info;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;

/**
 * An {@code MPI_Comm}: point-to-point and collective communication.
 *
 * <p>Blocking calls take Java arrays and NIO buffers (heap or direct) and pass their memory to MPI without a
 * copy ({@code MpiCritical}); nonblocking calls take direct buffers, also without a copy, and the request keeps
 * them reachable until it completes. Buffers start at element 0 ({@link MPI#slice} for an offset).
 */
public class Comm implements Freeable, Cloneable {
    public static final int TYPE_SHARED = Mpi.MPI_COMM_TYPE_SHARED;

    MPI_Comm handle;
    /** The request of {@link #iDup}: completes when this communicator is usable. */
    private Request request;

    Comm(MPI_Comm handle) {
        this.handle = handle;
    }

    /** A communicator of this one's class over {@code newHandle}: dup and friends keep the class. */
    Comm wrap(MPI_Comm newHandle) {
        return new Comm(newHandle);
    }

    /** A new communicator made by {@code maker}, which stores the handle in the memory it gets. */
    interface Maker {
        void make(Arena arena, MemorySegment comm) throws MPIException;
    }

    static MPI_Comm make(Maker maker) throws MPIException {
        return Native.get(arena -> {
            MemorySegment comm = MPI_Comm.allocate(arena);
            maker.make(arena, comm);
            return MPI_Comm.read(comm);
        });
    }

    @Override
    public Comm clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public Comm dup() throws MPIException {
        return wrap(make((arena, comm) -> Mpi.MPI_Comm_dup(handle, comm)));
    }

    /** A duplicate made without blocking: use it after {@link #getRequest()} completes. */
    public Comm iDup() throws MPIException {
        MemorySegment requestMemory = Native.scratch().asSlice(64);
        Comm copy = wrap(make((arena, comm) -> Mpi.MPI_Comm_idup(handle, comm, requestMemory)));
        copy.request = new Request(MPI_Request.read(requestMemory));
        return copy;
    }

    public Comm dupWithInfo(Info info) throws MPIException {
        return wrap(make((arena, comm) -> Mpi.MPI_Comm_dup_with_info(handle, Info.handleOf(info), comm)));
    }

    public final Request getRequest() {
        return request;
    }

    public final int getSize() throws MPIException {
        return Native.get(arena -> {
            MemorySegment size = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_size(handle, size);
            return Native.intAt(size);
        });
    }

    public final int getRank() throws MPIException {
        return Native.get(arena -> {
            MemorySegment rank = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_rank(handle, rank);
            return Native.intAt(rank);
        });
    }

    /** {@code MPI.IDENT}, {@code CONGRUENT}, {@code SIMILAR} or {@code UNEQUAL}. */
    public static int compare(Comm comm1, Comm comm2) throws MPIException {
        return Native.get(arena -> {
            MemorySegment result = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_compare(comm1.handle, comm2.handle, result);
            return Native.intAt(result);
        });
    }

    @Override
    public final void free() throws MPIException {
        if (isNull()) {
            return;
        }
        handle = make((arena, comm) -> {
            MPI_Comm.write(comm, 0, handle);
            Mpi.MPI_Comm_free(comm);
        });
    }

    public final boolean isNull() {
        return handle.equals(Mpi.MPI_COMM_NULL);
    }

    public final void setInfo(Info info) throws MPIException {
        Native.run(() -> Mpi.MPI_Comm_set_info(handle, Info.handleOf(info)));
    }

    public final Info getInfo() throws MPIException {
        return new Info(Native.get(arena -> {
            MemorySegment info = MPI_Info.allocate(arena);
            Mpi.MPI_Comm_get_info(handle, info);
            return MPI_Info.read(info);
        }));
    }

    public final void disconnect() throws MPIException {
        handle = make((arena, comm) -> {
            MPI_Comm.write(comm, 0, handle);
            Mpi.MPI_Comm_disconnect(comm);
        });
    }

    public final Group getGroup() throws MPIException {
        return Group.make((arena, group) -> Mpi.MPI_Comm_group(handle, group));
    }

    public final boolean isInter() throws MPIException {
        return Native.get(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_test_inter(handle, flag);
            return Native.intAt(flag) != 0;
        });
    }

    /**
     * An intercommunicator between the group of {@code localComm} and the group whose leader is
     * {@code remoteLeader}: a method of the peer communicator both leaders belong to (as in Open MPI's API),
     * where {@code remoteLeader} is a rank.
     */
    public final Intercomm createIntercomm(Comm localComm, int localLeader, int remoteLeader, int tag)
            throws MPIException {
        return new Intercomm(make((arena, comm) ->
                Mpi.MPI_Intercomm_create(localComm.handle, localLeader, handle, remoteLeader, tag, comm)));
    }

    // Blocking point-to-point: arrays and buffers go to MPI as they are (critical calls, no copy).

    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        Native.run(() -> MpiCritical.MPI_Send(Native.segment(buf), count, type.handle, dest, tag, handle));
    }

    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        Status status = new Status();
        Native.run(() -> {
            MemorySegment memory = Native.segment(buf);
            MpiCritical.MPI_Recv(memory, count, type.handle, source, tag, handle, status.memory);
            Native.copyBack(buf, memory);
        });
        return status;
    }

    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
            Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag) throws MPIException {
        Status status = new Status();
        Native.run(() -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Sendrecv(Native.segment(sendbuf), sendcount, sendtype.handle, dest, sendtag, received,
                    recvcount, recvtype.handle, source, recvtag, handle, status.memory);
            Native.copyBack(recvbuf, received);
        });
        return status;
    }

    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag, int source,
            int recvtag) throws MPIException {
        Status status = new Status();
        Native.run(() -> {
            MemorySegment memory = Native.segment(buf);
            MpiCritical.MPI_Sendrecv_replace(memory, count, type.handle, dest, sendtag, source, recvtag, handle,
                    status.memory);
            Native.copyBack(buf, memory);
        });
        return status;
    }

    public final void bSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        Native.run(() -> MpiCritical.MPI_Bsend(Native.segment(buf), count, type.handle, dest, tag, handle));
    }

    public final void sSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        Native.run(() -> MpiCritical.MPI_Ssend(Native.segment(buf), count, type.handle, dest, tag, handle));
    }

    public final void rSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        Native.run(() -> MpiCritical.MPI_Rsend(Native.segment(buf), count, type.handle, dest, tag, handle));
    }

    // Nonblocking calls: direct buffers, kept reachable by the request.

    /** A nonblocking operation that stores its request in the memory it gets. */
    interface Start {
        void start(MemorySegment request) throws MPIException;
    }

    /** Starts an operation; the request keeps {@code keep} (its buffers, its argument arrays) reachable. */
    static Request start(Start start, Object... keep) throws MPIException {
        return new Request(started(start), keep);
    }

    static MPI_Request started(Start start) throws MPIException {
        MemorySegment request = Native.scratch();
        Native.run(() -> start.start(request));
        return MPI_Request.read(request);
    }

    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return start(r -> Mpi.MPI_Isend(Native.direct(buf), count, type.handle, dest, tag, handle, r), buf);
    }

    public final Request ibSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return start(r -> Mpi.MPI_Ibsend(Native.direct(buf), count, type.handle, dest, tag, handle, r), buf);
    }

    public final Request isSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return start(r -> Mpi.MPI_Issend(Native.direct(buf), count, type.handle, dest, tag, handle, r), buf);
    }

    public final Request irSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return start(r -> Mpi.MPI_Irsend(Native.direct(buf), count, type.handle, dest, tag, handle, r), buf);
    }

    public final Request iRecv(Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        return start(r -> Mpi.MPI_Irecv(Native.direct(buf), count, type.handle, source, tag, handle, r), buf);
    }

    public final Prequest sendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return new Prequest(started(r -> Mpi.MPI_Send_init(Native.direct(buf), count, type.handle, dest, tag,
                handle, r)), buf);
    }

    public final Prequest bSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return new Prequest(started(r -> Mpi.MPI_Bsend_init(Native.direct(buf), count, type.handle, dest, tag,
                handle, r)), buf);
    }

    public final Prequest sSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return new Prequest(started(r -> Mpi.MPI_Ssend_init(Native.direct(buf), count, type.handle, dest, tag,
                handle, r)), buf);
    }

    public final Prequest rSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return new Prequest(started(r -> Mpi.MPI_Rsend_init(Native.direct(buf), count, type.handle, dest, tag,
                handle, r)), buf);
    }

    public final Prequest recvInit(Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        return new Prequest(started(r -> Mpi.MPI_Recv_init(Native.direct(buf), count, type.handle, source, tag,
                handle, r)), buf);
    }

    // Packing

    /** Packs {@code incount} elements into {@code outbuf} from byte {@code position} on; returns the new position. */
    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position) throws MPIException {
        int[] at = {position};
        Native.run(() -> MpiCritical.MPI_Pack(Native.segment(inbuf), incount, type.handle,
                MemorySegment.ofArray(outbuf), outbuf.length, MemorySegment.ofArray(at), handle));
        return at[0];
    }

    /** Unpacks from byte {@code position} of {@code inbuf}; returns the new position. */
    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type)
            throws MPIException {
        int[] at = {position};
        Native.run(() -> {
            MemorySegment out = Native.segment(outbuf);
            MpiCritical.MPI_Unpack(MemorySegment.ofArray(inbuf), inbuf.length, MemorySegment.ofArray(at), out,
                    outcount, type.handle, handle);
            Native.copyBack(outbuf, out);
        });
        return at[0];
    }

    public final int packSize(int incount, Datatype type) throws MPIException {
        return Native.get(arena -> {
            MemorySegment size = arena.allocate(JAVA_INT);
            Mpi.MPI_Pack_size(incount, type.handle, handle, size);
            return Native.intAt(size);
        });
    }

    // Probes

    /** The status of a matching message if one is there, else null. */
    public final Status iProbe(int source, int tag) throws MPIException {
        return Native.get(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            MemorySegment status = org.mpi4all.ffi.MPI_Status.allocate(arena);
            Mpi.MPI_Iprobe(source, tag, handle, flag, status);
            return Native.intAt(flag) != 0 ? Status.copyOf(status) : null;
        });
    }

    public final Status probe(int source, int tag) throws MPIException {
        return Native.get(arena -> {
            MemorySegment status = org.mpi4all.ffi.MPI_Status.allocate(arena);
            Mpi.MPI_Probe(source, tag, handle, status);
            return Status.copyOf(status);
        });
    }

    // Attributes: Java objects (see Attributes); the predefined ones are integers (WTIME_IS_GLOBAL a boolean).

    public static int createKeyval() throws MPIException {
        return Native.get(arena -> {
            MemorySegment keyval = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_create_keyval(Mpi.MPI_COMM_DUP_FN, Mpi.MPI_COMM_NULL_DELETE_FN, keyval, MemorySegment.NULL);
            return Native.intAt(keyval);
        });
    }

    public static void freeKeyval(int keyval) throws MPIException {
        Native.run(arena -> Mpi.MPI_Comm_free_keyval(arena.allocateFrom(JAVA_INT, keyval)));
    }

    public final void setAttr(int keyval, Object value) throws MPIException {
        Native.run(() -> Mpi.MPI_Comm_set_attr(handle, keyval, Attributes.store(value)));
    }

    public final Object getAttr(int keyval) throws MPIException {
        return Native.get(arena -> {
            MemorySegment value = arena.allocate(ADDRESS);
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_get_attr(handle, keyval, value, flag);
            if (Native.intAt(flag) == 0) {
                return null;
            }
            MemorySegment attribute = value.get(ADDRESS, 0);
            if (keyval == MPI.TAG_UB || keyval == MPI.HOST || keyval == MPI.IO || keyval == MPI.APPNUM
                    || keyval == MPI.LASTUSEDCODE || keyval == MPI.UNIVERSE_SIZE) {
                return attribute.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0);
            }
            if (keyval == MPI.WTIME_IS_GLOBAL) {
                return attribute.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0) != 0;
            }
            return Attributes.lookup(attribute);
        });
    }

    public final void deleteAttr(int keyval) throws MPIException {
        Native.run(() -> Mpi.MPI_Comm_delete_attr(handle, keyval));
    }

    /** {@code MPI.GRAPH}, {@code MPI.CART}, {@code MPI.DIST_GRAPH} or {@code MPI.UNDEFINED}. */
    public final int getTopology() throws MPIException {
        return Native.get(arena -> {
            MemorySegment topology = arena.allocate(JAVA_INT);
            Mpi.MPI_Topo_test(handle, topology);
            return Native.intAt(topology);
        });
    }

    public final void abort(int errorcode) throws MPIException {
        Native.run(() -> Mpi.MPI_Abort(handle, errorcode));
    }

    public final void setErrhandler(Errhandler errhandler) throws MPIException {
        Native.run(() -> Mpi.MPI_Comm_set_errhandler(handle, errhandler.handle));
    }

    public final Errhandler getErrhandler() throws MPIException {
        return new Errhandler(Native.get(arena -> {
            MemorySegment errhandler = MPI_Errhandler.allocate(arena);
            Mpi.MPI_Comm_get_errhandler(handle, errhandler);
            return MPI_Errhandler.read(errhandler);
        }));
    }

    public void callErrhandler(int errorCode) throws MPIException {
        Native.run(() -> Mpi.MPI_Comm_call_errhandler(handle, errorCode));
    }

    // Collectives

    /** Whether this process is {@code root} (the in-place forms differ there). */
    private boolean isRoot(int root) throws MPIException {
        return root == getRank();
    }

    /** {@code MPI_IN_PLACE} at the root, else the buffer. */
    private MemorySegment sentUnlessRoot(MemorySegment buffer, int root) throws MPIException {
        return isRoot(root) ? Mpi.MPI_IN_PLACE : buffer;
    }

    public final void barrier() throws MPIException {
        Native.run(() -> Mpi.MPI_Barrier(handle));
    }

    public final Request iBarrier() throws MPIException {
        return start(r -> Mpi.MPI_Ibarrier(handle, r));
    }

    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        Native.run(() -> {
            MemorySegment memory = Native.segment(buf);
            MpiCritical.MPI_Bcast(memory, count, type.handle, root, handle);
            Native.copyBack(buf, memory);
        });
    }

    public final Request iBcast(Buffer buf, int count, Datatype type, int root) throws MPIException {
        return start(r -> Mpi.MPI_Ibcast(Native.direct(buf), count, type.handle, root, handle, r), buf);
    }

    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        Native.run(() -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Gather(Native.segment(sendbuf), sendcount, sendtype.handle, received, recvcount,
                    recvtype.handle, root, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    /** In place: the root's own block is already in {@code buf}. */
    public final void gather(Object buf, int count, Datatype type, int root) throws MPIException {
        Native.run(() -> {
            MemorySegment memory = Native.segment(buf);
            MpiCritical.MPI_Gather(sentUnlessRoot(memory, root), count, type.handle, memory, count, type.handle,
                    root, handle);
            Native.copyBack(buf, memory);
        });
    }

    public final Request iGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        return start(r -> Mpi.MPI_Igather(Native.direct(sendbuf), sendcount, sendtype.handle,
                Native.direct(recvbuf), recvcount, recvtype.handle, root, handle, r), sendbuf, recvbuf);
    }

    public final Request iGather(Buffer buf, int count, Datatype type, int root) throws MPIException {
        MemorySegment memory = Native.direct(buf);
        MemorySegment sent = sentUnlessRoot(memory, root);
        return start(r -> Mpi.MPI_Igather(sent, count, type.handle, memory, count, type.handle, root, handle, r),
                buf);
    }

    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
            int[] displs, Datatype recvtype, int root) throws MPIException {
        Native.run(arena -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Gatherv(Native.segment(sendbuf), sendcount, sendtype.handle, received,
                    Native.ints(arena, recvcount), Native.ints(arena, displs), recvtype.handle, root, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    /** The root's in-place form: its own block is already in {@code recvbuf}. */
    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        Native.run(arena -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Gatherv(Mpi.MPI_IN_PLACE, 0, recvtype.handle, received, Native.ints(arena, recvcount),
                    Native.ints(arena, displs), recvtype.handle, root, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    /** The other processes' form when the root gathers in place. */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        Native.run(() -> MpiCritical.MPI_Gatherv(Native.segment(sendbuf), sendcount, sendtype.handle,
                MemorySegment.NULL, MemorySegment.NULL, MemorySegment.NULL, sendtype.handle, root, handle));
    }

    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment counts = Native.ints(arena, recvcount);
        MemorySegment offsets = Native.ints(arena, displs);
        return start(r -> Mpi.MPI_Igatherv(Native.direct(sendbuf), sendcount, sendtype.handle,
                Native.direct(recvbuf), counts, offsets, recvtype.handle, root, handle, r),
                sendbuf, recvbuf, arena);
    }

    public final Request iGatherv(Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment counts = Native.ints(arena, recvcount);
        MemorySegment offsets = Native.ints(arena, displs);
        return start(r -> Mpi.MPI_Igatherv(Mpi.MPI_IN_PLACE, 0, recvtype.handle, Native.direct(recvbuf), counts,
                offsets, recvtype.handle, root, handle, r), recvbuf, arena);
    }

    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        return start(r -> Mpi.MPI_Igatherv(Native.direct(sendbuf), sendcount, sendtype.handle, MemorySegment.NULL,
                MemorySegment.NULL, MemorySegment.NULL, sendtype.handle, root, handle, r), sendbuf);
    }

    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        Native.run(() -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Scatter(Native.segment(sendbuf), sendcount, sendtype.handle, received, recvcount,
                    recvtype.handle, root, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    /** In place: the root keeps its own block in {@code buf}. */
    public final void scatter(Object buf, int count, Datatype type, int root) throws MPIException {
        Native.run(() -> {
            MemorySegment memory = Native.segment(buf);
            MpiCritical.MPI_Scatter(memory, count, type.handle, sentUnlessRoot(memory, root), count, type.handle,
                    root, handle);
            Native.copyBack(buf, memory);
        });
    }

    public final Request iScatter(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        return start(r -> Mpi.MPI_Iscatter(Native.direct(sendbuf), sendcount, sendtype.handle,
                Native.direct(recvbuf), recvcount, recvtype.handle, root, handle, r), sendbuf, recvbuf);
    }

    public final Request iScatter(Buffer buf, int count, Datatype type, int root) throws MPIException {
        MemorySegment memory = Native.direct(buf);
        MemorySegment received = sentUnlessRoot(memory, root);
        return start(r -> Mpi.MPI_Iscatter(memory, count, type.handle, received, count, type.handle, root, handle,
                r), buf);
    }

    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        Native.run(arena -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Scatterv(Native.segment(sendbuf), Native.ints(arena, sendcount),
                    Native.ints(arena, displs), sendtype.handle, received, recvcount, recvtype.handle, root, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    /** The root's in-place form: it keeps its own block in {@code sendbuf}. */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root)
            throws MPIException {
        Native.run(arena -> MpiCritical.MPI_Scatterv(Native.segment(sendbuf), Native.ints(arena, sendcount),
                Native.ints(arena, displs), sendtype.handle, Mpi.MPI_IN_PLACE, 0, sendtype.handle, root, handle));
    }

    /** The other processes' form when the root scatters in place. */
    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        Native.run(() -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Scatterv(MemorySegment.NULL, MemorySegment.NULL, MemorySegment.NULL, recvtype.handle,
                    received, recvcount, recvtype.handle, root, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype,
            Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment counts = Native.ints(arena, sendcount);
        MemorySegment offsets = Native.ints(arena, displs);
        return start(r -> Mpi.MPI_Iscatterv(Native.direct(sendbuf), counts, offsets, sendtype.handle,
                Native.direct(recvbuf), recvcount, recvtype.handle, root, handle, r), sendbuf, recvbuf, arena);
    }

    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root)
            throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment counts = Native.ints(arena, sendcount);
        MemorySegment offsets = Native.ints(arena, displs);
        return start(r -> Mpi.MPI_Iscatterv(Native.direct(sendbuf), counts, offsets, sendtype.handle,
                Mpi.MPI_IN_PLACE, 0, sendtype.handle, root, handle, r), sendbuf, arena);
    }

    public final Request iScatterv(Buffer recvbuf, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        return start(r -> Mpi.MPI_Iscatterv(MemorySegment.NULL, MemorySegment.NULL, MemorySegment.NULL,
                recvtype.handle, Native.direct(recvbuf), recvcount, recvtype.handle, root, handle, r), recvbuf);
    }

    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        Native.run(() -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Allgather(Native.segment(sendbuf), sendcount, sendtype.handle, received, recvcount,
                    recvtype.handle, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final void allGather(Object buf, int count, Datatype type) throws MPIException {
        Native.run(() -> {
            MemorySegment memory = Native.segment(buf);
            MpiCritical.MPI_Allgather(Mpi.MPI_IN_PLACE, 0, type.handle, memory, count, type.handle, handle);
            Native.copyBack(buf, memory);
        });
    }

    public final Request iAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        return start(r -> Mpi.MPI_Iallgather(Native.direct(sendbuf), sendcount, sendtype.handle,
                Native.direct(recvbuf), recvcount, recvtype.handle, handle, r), sendbuf, recvbuf);
    }

    public final Request iAllGather(Buffer buf, int count, Datatype type) throws MPIException {
        return start(r -> Mpi.MPI_Iallgather(Mpi.MPI_IN_PLACE, 0, type.handle, Native.direct(buf), count,
                type.handle, handle, r), buf);
    }

    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        Native.run(arena -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Allgatherv(Native.segment(sendbuf), sendcount, sendtype.handle, received,
                    Native.ints(arena, recvcount), Native.ints(arena, displs), recvtype.handle, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        Native.run(arena -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Allgatherv(Mpi.MPI_IN_PLACE, 0, recvtype.handle, received,
                    Native.ints(arena, recvcount), Native.ints(arena, displs), recvtype.handle, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final Request iAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment counts = Native.ints(arena, recvcount);
        MemorySegment offsets = Native.ints(arena, displs);
        return start(r -> Mpi.MPI_Iallgatherv(Native.direct(sendbuf), sendcount, sendtype.handle,
                Native.direct(recvbuf), counts, offsets, recvtype.handle, handle, r), sendbuf, recvbuf, arena);
    }

    public final Request iAllGatherv(Buffer buf, int[] count, int[] displs, Datatype type) throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment counts = Native.ints(arena, count);
        MemorySegment offsets = Native.ints(arena, displs);
        return start(r -> Mpi.MPI_Iallgatherv(Mpi.MPI_IN_PLACE, 0, type.handle, Native.direct(buf), counts,
                offsets, type.handle, handle, r), buf, arena);
    }

    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        Native.run(() -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Alltoall(Native.segment(sendbuf), sendcount, sendtype.handle, received, recvcount,
                    recvtype.handle, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final Request iAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        return start(r -> Mpi.MPI_Ialltoall(Native.direct(sendbuf), sendcount, sendtype.handle,
                Native.direct(recvbuf), recvcount, recvtype.handle, handle, r), sendbuf, recvbuf);
    }

    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf,
            int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        Native.run(arena -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Alltoallv(Native.segment(sendbuf), Native.ints(arena, sendcount),
                    Native.ints(arena, sdispls), sendtype.handle, received, Native.ints(arena, recvcount),
                    Native.ints(arena, rdispls), recvtype.handle, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final Request iAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
            Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment sendCounts = Native.ints(arena, sendcount);
        MemorySegment sendOffsets = Native.ints(arena, sdispls);
        MemorySegment recvCounts = Native.ints(arena, recvcount);
        MemorySegment recvOffsets = Native.ints(arena, rdispls);
        return start(r -> Mpi.MPI_Ialltoallv(Native.direct(sendbuf), sendCounts, sendOffsets, sendtype.handle,
                Native.direct(recvbuf), recvCounts, recvOffsets, recvtype.handle, handle, r),
                sendbuf, recvbuf, arena);
    }

    /** The datatypes' handles in native memory. */
    static MemorySegment types(Arena arena, Datatype[] types) {
        MemorySegment memory = MPI_Datatype.allocateArray(arena, Math.max(1, types.length));
        for (int i = 0; i < types.length; i++) {
            MPI_Datatype.write(memory, i, types[i].handle);
        }
        return memory;
    }

    /** All-to-all with a datatype per process; displacements in bytes. */
    public final void allToAllw(Buffer sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes,
            Buffer recvBuf, int[] recvCount, int[] rDispls, Datatype[] recvTypes) throws MPIException {
        Native.run(arena -> MpiCritical.MPI_Alltoallw(Native.segment(sendBuf), Native.ints(arena, sendCount),
                Native.ints(arena, sDispls), types(arena, sendTypes), Native.segment(recvBuf),
                Native.ints(arena, recvCount), Native.ints(arena, rDispls), types(arena, recvTypes), handle));
    }

    public final Request iAllToAllw(Buffer sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes,
            Buffer recvBuf, int[] recvCount, int[] rDispls, Datatype[] recvTypes) throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment sendCounts = Native.ints(arena, sendCount);
        MemorySegment sendOffsets = Native.ints(arena, sDispls);
        MemorySegment sendTypeHandles = types(arena, sendTypes);
        MemorySegment recvCounts = Native.ints(arena, recvCount);
        MemorySegment recvOffsets = Native.ints(arena, rDispls);
        MemorySegment recvTypeHandles = types(arena, recvTypes);
        return start(r -> Mpi.MPI_Ialltoallw(Native.direct(sendBuf), sendCounts, sendOffsets, sendTypeHandles,
                Native.direct(recvBuf), recvCounts, recvOffsets, recvTypeHandles, handle, r),
                sendBuf, recvBuf, arena);
    }

    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        Native.run(() -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Neighbor_allgather(Native.segment(sendbuf), sendcount, sendtype.handle, received,
                    recvcount, recvtype.handle, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final Request iNeighborAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        return start(r -> Mpi.MPI_Ineighbor_allgather(Native.direct(sendbuf), sendcount, sendtype.handle,
                Native.direct(recvbuf), recvcount, recvtype.handle, handle, r), sendbuf, recvbuf);
    }

    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        Native.run(arena -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Neighbor_allgatherv(Native.segment(sendbuf), sendcount, sendtype.handle, received,
                    Native.ints(arena, recvcount), Native.ints(arena, displs), recvtype.handle, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final Request iNeighborAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment counts = Native.ints(arena, recvcount);
        MemorySegment offsets = Native.ints(arena, displs);
        return start(r -> Mpi.MPI_Ineighbor_allgatherv(Native.direct(sendbuf), sendcount, sendtype.handle,
                Native.direct(recvbuf), counts, offsets, recvtype.handle, handle, r), sendbuf, recvbuf, arena);
    }

    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        Native.run(() -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Neighbor_alltoall(Native.segment(sendbuf), sendcount, sendtype.handle, received,
                    recvcount, recvtype.handle, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final Request iNeighborAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        return start(r -> Mpi.MPI_Ineighbor_alltoall(Native.direct(sendbuf), sendcount, sendtype.handle,
                Native.direct(recvbuf), recvcount, recvtype.handle, handle, r), sendbuf, recvbuf);
    }

    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        Native.run(arena -> {
            MemorySegment received = Native.segment(recvbuf);
            MpiCritical.MPI_Neighbor_alltoallv(Native.segment(sendbuf), Native.ints(arena, sendcount),
                    Native.ints(arena, sdispls), sendtype.handle, received, Native.ints(arena, recvcount),
                    Native.ints(arena, rdispls), recvtype.handle, handle);
            Native.copyBack(recvbuf, received);
        });
    }

    public final Request iNeighborAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
            Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        Arena arena = Arena.ofAuto();
        MemorySegment sendCounts = Native.ints(arena, sendcount);
        MemorySegment sendOffsets = Native.ints(arena, sdispls);
        MemorySegment recvCounts = Native.ints(arena, recvcount);
        MemorySegment recvOffsets = Native.ints(arena, rdispls);
        return start(r -> Mpi.MPI_Ineighbor_alltoallv(Native.direct(sendbuf), sendCounts, sendOffsets,
                sendtype.handle, Native.direct(recvbuf), recvCounts, recvOffsets, recvtype.handle, handle, r),
                sendbuf, recvbuf, arena);
    }

    // Reductions. A predefined operation runs on the buffers themselves; a Java operation (an upcall, which a
    // critical call cannot make) on native copies of them (see Reduction).

    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        Reduction.run(op, sendbuf, recvbuf, (send, recv, critical) -> {
            if (critical) {
                MpiCritical.MPI_Reduce(send, recv, count, type.handle, operation, root, handle);
            } else {
                Mpi.MPI_Reduce(send, recv, count, type.handle, operation, root, handle);
            }
        });
    }

    /** In place: the root's contribution and result are in {@code buf}. */
    public final void reduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        if (isRoot(root)) {
            reduce(null, buf, count, type, op, root);
        } else {
            reduce(buf, null, count, type, op, root);
        }
    }

    public final Request iReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op, int root)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        return start(r -> Mpi.MPI_Ireduce(Native.inPlaceOr(Native.direct(sendbuf)), Native.direct(recvbuf), count,
                type.handle, operation, root, handle, r), sendbuf, recvbuf, op);
    }

    public final Request iReduce(Buffer buf, int count, Datatype type, Op op, int root) throws MPIException {
        return isRoot(root) ? iReduce(null, buf, count, type, op, root) : iReduce(buf, null, count, type, op, root);
    }

    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        Reduction.run(op, sendbuf, recvbuf, (send, recv, critical) -> {
            if (critical) {
                MpiCritical.MPI_Allreduce(send, recv, count, type.handle, operation, handle);
            } else {
                Mpi.MPI_Allreduce(send, recv, count, type.handle, operation, handle);
            }
        });
    }

    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        allReduce(null, buf, count, type, op);
    }

    public final Request iAllReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        return start(r -> Mpi.MPI_Iallreduce(Native.inPlaceOr(Native.direct(sendbuf)), Native.direct(recvbuf),
                count, type.handle, operation, handle, r), sendbuf, recvbuf, op);
    }

    public final Request iAllReduce(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        return iAllReduce(null, buf, count, type, op);
    }

    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        Native.run(arena -> {
            MemorySegment counts = Native.ints(arena, recvcounts);
            Reduction.run(op, sendbuf, recvbuf, (send, recv, critical) -> {
                if (critical) {
                    MpiCritical.MPI_Reduce_scatter(send, recv, counts, type.handle, operation, handle);
                } else {
                    Mpi.MPI_Reduce_scatter(send, recv, counts, type.handle, operation, handle);
                }
            });
        });
    }

    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op) throws MPIException {
        reduceScatter(null, buf, counts, type, op);
    }

    public final Request iReduceScatter(Buffer sendbuf, Buffer recvbuf, int[] recvcounts, Datatype type, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        Arena arena = Arena.ofAuto();
        MemorySegment counts = Native.ints(arena, recvcounts);
        return start(r -> Mpi.MPI_Ireduce_scatter(Native.inPlaceOr(Native.direct(sendbuf)), Native.direct(recvbuf),
                counts, type.handle, operation, handle, r), sendbuf, recvbuf, op, arena);
    }

    public final Request iReduceScatter(Buffer buf, int[] counts, Datatype type, Op op) throws MPIException {
        return iReduceScatter(null, buf, counts, type, op);
    }

    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        Reduction.run(op, sendbuf, recvbuf, (send, recv, critical) -> {
            if (critical) {
                MpiCritical.MPI_Reduce_scatter_block(send, recv, recvcount, type.handle, operation, handle);
            } else {
                Mpi.MPI_Reduce_scatter_block(send, recv, recvcount, type.handle, operation, handle);
            }
        });
    }

    public final void reduceScatterBlock(Object buf, int count, Datatype type, Op op) throws MPIException {
        reduceScatterBlock(null, buf, count, type, op);
    }

    public final Request iReduceScatterBlock(Buffer sendbuf, Buffer recvbuf, int recvcount, Datatype type, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        return start(r -> Mpi.MPI_Ireduce_scatter_block(Native.inPlaceOr(Native.direct(sendbuf)),
                Native.direct(recvbuf), recvcount, type.handle, operation, handle, r), sendbuf, recvbuf, op);
    }

    public final Request iReduceScatterBlock(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        return iReduceScatterBlock(null, buf, count, type, op);
    }

    /** Combines {@code inBuf} into {@code inOutBuf} on this process alone. */
    public static void reduceLocal(Object inBuf, Object inOutBuf, int count, Datatype type, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        Reduction.run(op, inBuf, inOutBuf, (in, inOut, critical) -> {
            if (critical) {
                MpiCritical.MPI_Reduce_local(in, inOut, count, type.handle, operation);
            } else {
                Mpi.MPI_Reduce_local(in, inOut, count, type.handle, operation);
            }
        });
    }

    public final void setName(String name) throws MPIException {
        Native.run(arena -> Mpi.MPI_Comm_set_name(handle, Native.string(arena, name)));
    }

    public final String getName() throws MPIException {
        return Native.get(arena -> {
            MemorySegment name = arena.allocate(Mpi.MPI_MAX_OBJECT_NAME + 1);
            MemorySegment length = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_get_name(handle, name, length);
            return Native.string(name, Native.intAt(length));
        });
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + handle + "]";
    }

}
