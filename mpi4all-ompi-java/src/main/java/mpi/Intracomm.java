package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.Buffer;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Info;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;

/** An intracommunicator: splitting, topologies, scans, and connecting to other jobs. */
public class Intracomm extends Comm {

    Intracomm(MPI_Comm handle) {
        super(handle);
    }

    @Override
    Intracomm wrap(MPI_Comm newHandle) {
        return new Intracomm(newHandle);
    }

    @Override
    public Intracomm clone() {
        return (Intracomm) super.clone();
    }

    @Override
    public Intracomm dup() throws MPIException {
        return (Intracomm) super.dup();
    }

    @Override
    public Intracomm iDup() throws MPIException {
        return (Intracomm) super.iDup();
    }

    @Override
    public Intracomm dupWithInfo(Info info) throws MPIException {
        return (Intracomm) super.dupWithInfo(info);
    }

    public final Intracomm split(int colour, int key) throws MPIException {
        return new Intracomm(make((arena, comm) -> Mpi.MPI_Comm_split(handle, colour, key, comm)));
    }

    public final Intracomm splitType(int splitType, int key, Info info) throws MPIException {
        return new Intracomm(make((arena, comm) ->
                Mpi.MPI_Comm_split_type(handle, splitType, key, Info.handleOf(info), comm)));
    }

    public final Intracomm create(Group group) throws MPIException {
        return new Intracomm(make((arena, comm) -> Mpi.MPI_Comm_create(handle, group.handle, comm)));
    }

    public final Intracomm createGroup(Group group, int tag) throws MPIException {
        return new Intracomm(make((arena, comm) -> Mpi.MPI_Comm_create_group(handle, group.handle, tag, comm)));
    }

    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        if (periods.length != dims.length) {
            throw new IllegalArgumentException("periods has " + periods.length + " entries, dims " + dims.length);
        }
        return new CartComm(make((arena, comm) -> Mpi.MPI_Cart_create(handle, dims.length, Native.ints(arena, dims),
                Native.ints(arena, flags(periods)), reorder ? 1 : 0, comm)));
    }

    static int[] flags(boolean[] values) {
        int[] flags = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            flags[i] = values[i] ? 1 : 0;
        }
        return flags;
    }

    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) throws MPIException {
        return new GraphComm(make((arena, comm) -> Mpi.MPI_Graph_create(handle, index.length,
                Native.ints(arena, index), Native.ints(arena, edges), reorder ? 1 : 0, comm)));
    }

    /** The weights as MPI takes them: null means unweighted. */
    private static MemorySegment weights(Arena arena, int[] weights) {
        return weights == null ? Mpi.MPI_UNWEIGHTED : Native.ints(arena, weights);
    }

    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights,
            Info info, boolean reorder) throws MPIException {
        return new GraphComm(make((arena, comm) -> Mpi.MPI_Dist_graph_create(handle, sources.length,
                Native.ints(arena, sources), Native.ints(arena, degrees), Native.ints(arena, destinations),
                weights(arena, weights), Info.handleOf(info), reorder ? 1 : 0, comm)));
    }

    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, Info info,
            boolean reorder) throws MPIException {
        return createDistGraph(sources, degrees, destinations, null, info, reorder);
    }

    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations,
            int[] destWeights, Info info, boolean reorder) throws MPIException {
        return new GraphComm(make((arena, comm) -> Mpi.MPI_Dist_graph_create_adjacent(handle, sources.length,
                Native.ints(arena, sources), weights(arena, sourceWeights), destinations.length,
                Native.ints(arena, destinations), weights(arena, destWeights), Info.handleOf(info),
                reorder ? 1 : 0, comm)));
    }

    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder)
            throws MPIException {
        return createDistGraphAdjacent(sources, null, destinations, null, info, reorder);
    }

    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        MPI_Op operation = op.handleFor(type);
        Reduction.run(op, sendbuf, recvbuf, (send, recv, critical) -> {
            if (critical) {
                MpiCritical.MPI_Scan(send, recv, count, type.handle, operation, handle);
            } else {
                Mpi.MPI_Scan(send, recv, count, type.handle, operation, handle);
            }
        });
    }

    public final void scan(Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        scan(null, recvbuf, count, type, op);
    }

    public final Request iScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        return start(r -> Mpi.MPI_Iscan(Native.inPlaceOr(Native.direct(sendbuf)), Native.direct(recvbuf), count,
                type.handle, operation, handle, r), sendbuf, recvbuf, op);
    }

    public final Request iScan(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        return iScan(null, buf, count, type, op);
    }

    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        MPI_Op operation = op.handleFor(type);
        Reduction.run(op, sendbuf, recvbuf, (send, recv, critical) -> {
            if (critical) {
                MpiCritical.MPI_Exscan(send, recv, count, type.handle, operation, handle);
            } else {
                Mpi.MPI_Exscan(send, recv, count, type.handle, operation, handle);
            }
        });
    }

    public final void exScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        exScan(null, buf, count, type, op);
    }

    public final Request iExScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(type);
        return start(r -> Mpi.MPI_Iexscan(Native.inPlaceOr(Native.direct(sendbuf)), Native.direct(recvbuf), count,
                type.handle, operation, handle, r), sendbuf, recvbuf, op);
    }

    public final Request iExScan(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        return iExScan(null, buf, count, type, op);
    }

    // Connecting jobs (MPI_Open_port, accept/connect, name publishing, spawning).

    public static String openPort() throws MPIException {
        return openPort(null);
    }

    public static String openPort(Info info) throws MPIException {
        return Native.get(arena -> {
            MemorySegment port = arena.allocate(Mpi.MPI_MAX_PORT_NAME + 1);
            Mpi.MPI_Open_port(Info.handleOf(info), port);
            return port.getString(0);
        });
    }

    public static void closePort(String name) throws MPIException {
        Native.run(arena -> Mpi.MPI_Close_port(Native.string(arena, name)));
    }

    public final Intercomm accept(String port, int root) throws MPIException {
        return accept(port, null, root);
    }

    public final Intercomm accept(String port, Info info, int root) throws MPIException {
        return new Intercomm(make((arena, comm) ->
                Mpi.MPI_Comm_accept(Native.rootString(arena, port), Info.handleOf(info), root, handle, comm)));
    }

    public final Intercomm connect(String port, int root) throws MPIException {
        return connect(port, null, root);
    }

    public final Intercomm connect(String port, Info info, int root) throws MPIException {
        return new Intercomm(make((arena, comm) ->
                Mpi.MPI_Comm_connect(Native.rootString(arena, port), Info.handleOf(info), root, handle, comm)));
    }

    public static void publishName(String service, String port) throws MPIException {
        publishName(service, null, port);
    }

    public static void publishName(String service, Info info, String port) throws MPIException {
        Native.run(arena -> Mpi.MPI_Publish_name(Native.string(arena, service), Info.handleOf(info),
                Native.string(arena, port)));
    }

    public static void unpublishName(String service, String port) throws MPIException {
        unpublishName(service, null, port);
    }

    public static void unpublishName(String service, Info info, String port) throws MPIException {
        Native.run(arena -> Mpi.MPI_Unpublish_name(Native.string(arena, service), Info.handleOf(info),
                Native.string(arena, port)));
    }

    public static String lookupName(String service) throws MPIException {
        return lookupName(service, null);
    }

    public static String lookupName(String service, Info info) throws MPIException {
        return Native.get(arena -> {
            MemorySegment port = arena.allocate(Mpi.MPI_MAX_PORT_NAME + 1);
            Mpi.MPI_Lookup_name(Native.string(arena, service), Info.handleOf(info), port);
            return port.getString(0);
        });
    }

    /** A null-terminated C array of C strings (null for none). */
    private static MemorySegment argv(Arena arena, String[] args) {
        if (args == null) {
            return MemorySegment.NULL;
        }
        MemorySegment argv = arena.allocate(ADDRESS, args.length + 1L);
        for (int i = 0; i < args.length; i++) {
            argv.setAtIndex(ADDRESS, i, Native.string(arena, args[i]));
        }
        return argv;
    }

    /** Starts {@code maxprocs} copies of {@code command}; their error codes go to {@code errcodes} if given. */
    public final Intercomm spawn(String command, String[] argv, int maxprocs, Info info, int root, int[] errcodes)
            throws MPIException {
        return new Intercomm(Native.get(arena -> {
            MemorySegment comm = MPI_Comm.allocate(arena);
            MemorySegment codes = errcodes == null ? Mpi.MPI_ERRCODES_IGNORE
                    : arena.allocate(java.lang.foreign.ValueLayout.JAVA_INT, Math.max(1, maxprocs));
            Mpi.MPI_Comm_spawn(Native.string(arena, command), argv(arena, argv), maxprocs, Info.handleOf(info), root,
                    handle, comm, codes);
            if (errcodes != null) {
                MemorySegment.copy(codes, java.lang.foreign.ValueLayout.JAVA_INT, 0, errcodes, 0, maxprocs);
            }
            return MPI_Comm.read(comm);
        }));
    }

    public final Intercomm spawnMultiple(String[] commands, String[][] argv, int[] maxprocs, Info[] info, int root,
            int[] errcodes) throws MPIException {
        return new Intercomm(Native.get(arena -> {
            int count = commands.length;
            MemorySegment commandArray = arena.allocate(ADDRESS, count);
            MemorySegment argvArray = argv == null ? MemorySegment.NULL : arena.allocate(ADDRESS, count);
            MemorySegment infos = MPI_Info.allocateArray(arena, count);
            int total = 0;
            for (int i = 0; i < count; i++) {
                commandArray.setAtIndex(ADDRESS, i, Native.string(arena, commands[i]));
                if (argv != null) {
                    argvArray.setAtIndex(ADDRESS, i, argv(arena, argv[i]));
                }
                MPI_Info.write(infos, i, Info.handleOf(info == null ? null : info[i]));
                total += maxprocs[i];
            }
            MemorySegment comm = MPI_Comm.allocate(arena);
            MemorySegment codes = errcodes == null ? Mpi.MPI_ERRCODES_IGNORE
                    : arena.allocate(java.lang.foreign.ValueLayout.JAVA_INT, Math.max(1, total));
            Mpi.MPI_Comm_spawn_multiple(count, commandArray, argvArray, Native.ints(arena, maxprocs), infos, root,
                    handle, comm, codes);
            if (errcodes != null) {
                MemorySegment.copy(codes, java.lang.foreign.ValueLayout.JAVA_INT, 0, errcodes, 0,
                        Math.min(total, errcodes.length));
            }
            return MPI_Comm.read(comm);
        }));
    }
}
