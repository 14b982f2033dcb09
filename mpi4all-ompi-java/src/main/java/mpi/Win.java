package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.ArrayList;
import java.util.List;
import org.mpi4all.ffi.MPI_Errhandler;
import org.mpi4all.ffi.MPI_Info;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.MPI_Win;
import org.mpi4all.ffi.Mpi;

/**
 * An {@code MPI_Win} for one-sided communication. Window memory and origin buffers are direct buffers (MPI
 * uses them after the calls return); sizes and displacement units count elements of the buffer's type.
 */
public final class Win implements Freeable {
    public static final int WIN_NULL = 0;
    public static final int FLAVOR_PRIVATE = 0;
    public static final int FLAVOR_SHARED = 1;

    private MPI_Win handle;
    /** The window memory and attached buffers: reachable while the window is. */
    private final List<Buffer> memory = new ArrayList<>();

    /** A window over {@code base} ({@code MPI_Win_create}). */
    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        MemorySegment window = Native.direct(base);
        int unit = elementBytes(base);
        handle = Native.get(arena -> {
            MemorySegment win = MPI_Win.allocate(arena);
            Mpi.MPI_Win_create(window, (long) size * unit, dispUnit * unit, Info.handleOf(info), comm.handle, win);
            return MPI_Win.read(win);
        });
        memory.add(base);
    }

    /**
     * A window over memory MPI allocates ({@code MPI_Win_allocate}, or {@code MPI_Win_allocate_shared} for
     * {@link #FLAVOR_SHARED}); {@code base}'s type gives the unit of {@code size} and {@code dispUnit}.
     */
    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) throws MPIException {
        int unit = elementBytes(base);
        handle = Native.get(arena -> {
            MemorySegment address = arena.allocate(ADDRESS);
            MemorySegment win = MPI_Win.allocate(arena);
            if (flavor == FLAVOR_SHARED) {
                Mpi.MPI_Win_allocate_shared((long) size * unit, dispUnit * unit, Info.handleOf(info), comm.handle,
                        address, win);
            } else if (flavor == FLAVOR_PRIVATE) {
                Mpi.MPI_Win_allocate((long) size * unit, dispUnit * unit, Info.handleOf(info), comm.handle, address,
                        win);
            } else {
                throw new IllegalArgumentException("flavor must be Win.FLAVOR_PRIVATE or Win.FLAVOR_SHARED, not "
                        + flavor);
            }
            return MPI_Win.read(win);
        });
    }

    /** A window with no memory yet ({@code MPI_Win_create_dynamic}): {@link #attach} adds some. */
    public Win(Info info, Comm comm) throws MPIException {
        handle = Native.get(arena -> {
            MemorySegment win = MPI_Win.allocate(arena);
            Mpi.MPI_Win_create_dynamic(Info.handleOf(info), comm.handle, win);
            return MPI_Win.read(win);
        });
    }

    private static int elementBytes(Buffer buffer) {
        return switch (buffer) {
            case ByteBuffer b -> 1;
            case CharBuffer b -> Character.BYTES;
            case ShortBuffer b -> Short.BYTES;
            case IntBuffer b -> Integer.BYTES;
            case FloatBuffer b -> Float.BYTES;
            case LongBuffer b -> Long.BYTES;
            case DoubleBuffer b -> Double.BYTES;
            default -> throw new IllegalArgumentException("a window needs a typed NIO buffer, not "
                    + buffer.getClass().getName());
        };
    }

    public void attach(Buffer base, int size) throws MPIException {
        MemorySegment region = Native.direct(base);
        Native.run(() -> Mpi.MPI_Win_attach(handle, region, (long) size * elementBytes(base)));
        memory.add(base);
    }

    public void detach(Buffer base) throws MPIException {
        MemorySegment region = Native.direct(base);
        Native.run(() -> Mpi.MPI_Win_detach(handle, region));
        memory.remove(base);
    }

    public Group getGroup() throws MPIException {
        return Group.make((arena, group) -> Mpi.MPI_Win_get_group(handle, group));
    }

    public void put(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        Native.run(() -> Mpi.MPI_Put(Native.direct(origin), orgCount, orgType.handle, targetRank, targetDisp,
                targetCount, targetType.handle, handle));
    }

    public void get(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        Native.run(() -> Mpi.MPI_Get(Native.direct(origin), orgCount, orgType.handle, targetRank, targetDisp,
                targetCount, targetType.handle, handle));
    }

    public void accumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp,
            int targetCount, Datatype targetType, Op op) throws MPIException {
        MPI_Op operation = op.handleFor(orgType);
        Native.run(() -> Mpi.MPI_Accumulate(Native.direct(origin), orgCount, orgType.handle, targetRank, targetDisp,
                targetCount, targetType.handle, operation, handle));
    }

    public void fence(int assertion) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_fence(assertion, handle));
    }

    public void start(Group group, int assertion) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_start(group.handle, assertion, handle));
    }

    public void complete() throws MPIException {
        Native.run(() -> Mpi.MPI_Win_complete(handle));
    }

    public void post(Group group, int assertion) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_post(group.handle, assertion, handle));
    }

    public void waitFor() throws MPIException {
        Native.run(() -> Mpi.MPI_Win_wait(handle));
    }

    public boolean test() throws MPIException {
        return Native.get(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Win_test(handle, flag);
            return Native.intAt(flag) != 0;
        });
    }

    public void lock(int lockType, int rank, int assertion) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_lock(lockType, rank, assertion, handle));
    }

    public void unlock(int rank) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_unlock(rank, handle));
    }

    public void setErrhandler(Errhandler errhandler) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_set_errhandler(handle, errhandler.handle));
    }

    public Errhandler getErrhandler() throws MPIException {
        return new Errhandler(Native.get(arena -> {
            MemorySegment errhandler = MPI_Errhandler.allocate(arena);
            Mpi.MPI_Win_get_errhandler(handle, errhandler);
            return MPI_Errhandler.read(errhandler);
        }));
    }

    public void callErrhandler(int errorCode) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_call_errhandler(handle, errorCode));
    }

    public static int createKeyval() throws MPIException {
        return Native.get(arena -> {
            MemorySegment keyval = arena.allocate(JAVA_INT);
            Mpi.MPI_Win_create_keyval(Mpi.MPI_WIN_DUP_FN, Mpi.MPI_WIN_NULL_DELETE_FN, keyval, MemorySegment.NULL);
            return Native.intAt(keyval);
        });
    }

    public static void freeKeyval(int keyval) throws MPIException {
        Native.run(arena -> Mpi.MPI_Win_free_keyval(arena.allocateFrom(JAVA_INT, keyval)));
    }

    public void setAttr(int keyval, Object value) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_set_attr(handle, keyval, Attributes.store(value)));
    }

    /** The attribute's object; for the predefined ones, the base address as a Long, size and unit as Integers. */
    public Object getAttr(int keyval) throws MPIException {
        return Native.get(arena -> {
            MemorySegment value = arena.allocate(ADDRESS);
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Win_get_attr(handle, keyval, value, flag);
            if (Native.intAt(flag) == 0) {
                return null;
            }
            MemorySegment attribute = value.get(ADDRESS, 0);
            if (keyval == MPI.WIN_BASE) {
                return attribute.address();
            }
            if (keyval == MPI.WIN_SIZE) {
                return (int) attribute.reinterpret(JAVA_LONG.byteSize()).get(JAVA_LONG, 0);
            }
            if (keyval == MPI.WIN_DISP_UNIT) {
                return attribute.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0);
            }
            return Attributes.lookup(attribute);
        });
    }

    public void deleteAttr(int keyval) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_delete_attr(handle, keyval));
    }

    @Override
    public void free() throws MPIException {
        handle = Native.get(arena -> {
            MemorySegment win = MPI_Win.allocate(arena);
            MPI_Win.write(win, 0, handle);
            Mpi.MPI_Win_free(win);
            return MPI_Win.read(win);
        });
        memory.clear();
    }

    public Info getInfo() throws MPIException {
        return new Info(Native.get(arena -> {
            MemorySegment info = MPI_Info.allocate(arena);
            Mpi.MPI_Win_get_info(handle, info);
            return MPI_Info.read(info);
        }));
    }

    public void setInfo(Info info) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_set_info(handle, Info.handleOf(info)));
    }

    public final Request rPut(Buffer origin, int originCount, Datatype originType, int targetRank, int targetDisp,
            int targetCount, Datatype targetType) throws MPIException {
        return Comm.start(r -> Mpi.MPI_Rput(Native.direct(origin), originCount, originType.handle, targetRank,
                targetDisp, targetCount, targetType.handle, handle, r), origin);
    }

    public final Request rGet(Buffer origin, int originCount, Datatype originType, int targetRank, int targetDisp,
            int targetCount, Datatype targetType) throws MPIException {
        return Comm.start(r -> Mpi.MPI_Rget(Native.direct(origin), originCount, originType.handle, targetRank,
                targetDisp, targetCount, targetType.handle, handle, r), origin);
    }

    public Request rAccumulate(Buffer origin, int originCount, Datatype originType, int targetRank, int targetDisp,
            int targetCount, Datatype targetType, Op op) throws MPIException {
        MPI_Op operation = op.handleFor(originType);
        return Comm.start(r -> Mpi.MPI_Raccumulate(Native.direct(origin), originCount, originType.handle, targetRank,
                targetDisp, targetCount, targetType.handle, operation, handle, r), origin, op);
    }

    public void getAccumulate(Buffer origin, int originCount, Datatype originType, Buffer result, int resultCount,
            Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op)
            throws MPIException {
        MPI_Op operation = op.handleFor(originType);
        Native.run(() -> Mpi.MPI_Get_accumulate(Native.direct(origin), originCount, originType.handle,
                Native.direct(result), resultCount, resultType.handle, targetRank, targetDisp, targetCount,
                targetType.handle, operation, handle));
    }

    public Request rGetAccumulate(Buffer origin, int originCount, Datatype originType, Buffer result,
            int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType, Op op) throws MPIException {
        MPI_Op operation = op.handleFor(originType);
        return Comm.start(r -> Mpi.MPI_Rget_accumulate(Native.direct(origin), originCount, originType.handle,
                Native.direct(result), resultCount, resultType.handle, targetRank, targetDisp, targetCount,
                targetType.handle, operation, handle, r), origin, result, op);
    }

    public void lockAll(int assertion) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_lock_all(assertion, handle));
    }

    public void unlockAll() throws MPIException {
        Native.run(() -> Mpi.MPI_Win_unlock_all(handle));
    }

    public void sync() throws MPIException {
        Native.run(() -> Mpi.MPI_Win_sync(handle));
    }

    public void flush(int targetRank) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_flush(targetRank, handle));
    }

    public void flushAll() throws MPIException {
        Native.run(() -> Mpi.MPI_Win_flush_all(handle));
    }

    public void compareAndSwap(Buffer origin, Buffer compareAddr, Buffer resultAddr, Datatype dataType,
            int targetRank, int targetDisp) throws MPIException {
        Native.run(() -> Mpi.MPI_Compare_and_swap(Native.direct(origin), Native.direct(compareAddr),
                Native.direct(resultAddr), dataType.handle, targetRank, targetDisp, handle));
    }

    public void fetchAndOp(Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp,
            Op op) throws MPIException {
        MPI_Op operation = op.handleFor(dataType);
        Native.run(() -> Mpi.MPI_Fetch_and_op(Native.direct(origin), Native.direct(resultAddr), dataType.handle,
                targetRank, targetDisp, operation, handle));
    }

    public void flushLocal(int targetRank) throws MPIException {
        Native.run(() -> Mpi.MPI_Win_flush_local(targetRank, handle));
    }

    public void flushLocalAll() throws MPIException {
        Native.run(() -> Mpi.MPI_Win_flush_local_all(handle));
    }

    public String getName() throws MPIException {
        return Native.get(arena -> {
            MemorySegment name = arena.allocate(Mpi.MPI_MAX_OBJECT_NAME + 1);
            MemorySegment length = arena.allocate(JAVA_INT);
            Mpi.MPI_Win_get_name(handle, name, length);
            return Native.string(name, Native.intAt(length));
        });
    }

    public void setName(String name) throws MPIException {
        Native.run(arena -> Mpi.MPI_Win_set_name(handle, Native.string(arena, name)));
    }
}
