package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.MPI_Status;
import org.mpi4all.ffi.Mpi;

/**
 * An {@code MPI_Request} of a nonblocking operation. It keeps the operation's buffers reachable until it
 * completes, since MPI reads or writes their memory in the meantime.
 */
public class Request implements Freeable {
    MPI_Request handle;
    private Object[] buffers;

    Request(MPI_Request handle, Object... buffers) {
        this.handle = handle;
        this.buffers = buffers;
    }

    /** After completion: a finished (non-persistent) request is null and holds no buffers any more. */
    private void completed(MPI_Request after) {
        handle = after;
        if (after.equals(Mpi.MPI_REQUEST_NULL)) {
            buffers = null;
        }
    }

    @Override
    public void free() throws MPIException {
        if (isNull()) {
            return;
        }
        Native.run(() -> {
            MemorySegment request = Native.scratch();
            MPI_Request.write(request, 0, handle);
            Mpi.MPI_Request_free(request);
            completed(MPI_Request.read(request));
        });
    }

    public final void cancel() throws MPIException {
        Native.run(() -> {
            MemorySegment request = Native.scratch();
            MPI_Request.write(request, 0, handle);
            Mpi.MPI_Cancel(request);
        });
    }

    public final boolean isNull() {
        return handle.equals(Mpi.MPI_REQUEST_NULL);
    }

    public final Status waitStatus() throws MPIException {
        return Native.get(arena -> {
            MemorySegment request = MPI_Request.allocate(arena);
            MPI_Request.write(request, 0, handle);
            MemorySegment status = MPI_Status.allocate(arena);
            Mpi.MPI_Wait(request, status);
            completed(MPI_Request.read(request));
            return Status.copyOf(status);
        });
    }

    public final void waitFor() throws MPIException {
        Native.run(() -> {
            MemorySegment request = Native.scratch();
            MPI_Request.write(request, 0, handle);
            Mpi.MPI_Wait(request, Mpi.MPI_STATUS_IGNORE);
            completed(MPI_Request.read(request));
        });
    }

    /** The status if the operation completed (the request is then released), else null. */
    public final Status testStatus() throws MPIException {
        return Native.get(arena -> {
            MemorySegment request = MPI_Request.allocate(arena);
            MPI_Request.write(request, 0, handle);
            MemorySegment flag = arena.allocate(JAVA_INT);
            MemorySegment status = MPI_Status.allocate(arena);
            Mpi.MPI_Test(request, flag, status);
            completed(MPI_Request.read(request));
            return Native.intAt(flag) != 0 ? Status.copyOf(status) : null;
        });
    }

    /** The status if the operation completed, else null; the request stays as it is. */
    public final Status getStatus() throws MPIException {
        return Native.get(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            MemorySegment status = MPI_Status.allocate(arena);
            Mpi.MPI_Request_get_status(handle, flag, status);
            return Native.intAt(flag) != 0 ? Status.copyOf(status) : null;
        });
    }

    public final boolean test() throws MPIException {
        return Native.get(arena -> {
            MemorySegment request = MPI_Request.allocate(arena);
            MPI_Request.write(request, 0, handle);
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Test(request, flag, Mpi.MPI_STATUS_IGNORE);
            completed(MPI_Request.read(request));
            return Native.intAt(flag) != 0;
        });
    }

    /** The requests' handles in native memory, for the functions on arrays of requests. */
    private static MemorySegment handles(java.lang.foreign.Arena arena, Request[] requests) {
        MemorySegment memory = MPI_Request.allocateArray(arena, Math.max(1, requests.length));
        for (int i = 0; i < requests.length; i++) {
            MPI_Request.write(memory, i, requests[i] == null ? Mpi.MPI_REQUEST_NULL : requests[i].handle);
        }
        return memory;
    }

    /** The handles as MPI left them (null where an operation completed). */
    private static void update(Request[] requests, MemorySegment handles) {
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] != null) {
                requests[i].completed(MPI_Request.read(handles, i));
            }
        }
    }

    private static Status[] statuses(MemorySegment statuses, int count) {
        Status[] result = new Status[count];
        for (int i = 0; i < count; i++) {
            result[i] = Status.copyOf(MPI_Status.get(statuses, i));
        }
        return result;
    }

    /** Waits for one of the requests; its status carries its index (MPI.UNDEFINED if all were null). */
    public static Status waitAnyStatus(Request[] requests) throws MPIException {
        return Native.get(arena -> {
            MemorySegment handles = handles(arena, requests);
            MemorySegment index = arena.allocate(JAVA_INT);
            MemorySegment status = MPI_Status.allocate(arena);
            Mpi.MPI_Waitany(requests.length, handles, index, status);
            update(requests, handles);
            return Status.copyOf(status).withIndex(Native.intAt(index));
        });
    }

    public static int waitAny(Request[] requests) throws MPIException {
        return Native.get(arena -> {
            MemorySegment handles = handles(arena, requests);
            MemorySegment index = arena.allocate(JAVA_INT);
            Mpi.MPI_Waitany(requests.length, handles, index, Mpi.MPI_STATUS_IGNORE);
            update(requests, handles);
            return Native.intAt(index);
        });
    }

    /** The status of a completed request (with its index), or null if none has completed. */
    public static Status testAnyStatus(Request[] requests) throws MPIException {
        return Native.get(arena -> {
            MemorySegment handles = handles(arena, requests);
            MemorySegment index = arena.allocate(JAVA_INT);
            MemorySegment flag = arena.allocate(JAVA_INT);
            MemorySegment status = MPI_Status.allocate(arena);
            Mpi.MPI_Testany(requests.length, handles, index, flag, status);
            update(requests, handles);
            return Native.intAt(flag) != 0 ? Status.copyOf(status).withIndex(Native.intAt(index)) : null;
        });
    }

    /** The index of a completed request, or {@code MPI.UNDEFINED}. */
    public static int testAny(Request[] requests) throws MPIException {
        return Native.get(arena -> {
            MemorySegment handles = handles(arena, requests);
            MemorySegment index = arena.allocate(JAVA_INT);
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Testany(requests.length, handles, index, flag, Mpi.MPI_STATUS_IGNORE);
            update(requests, handles);
            return Native.intAt(index);
        });
    }

    public static Status[] waitAllStatus(Request[] requests) throws MPIException {
        return Native.get(arena -> {
            MemorySegment handles = handles(arena, requests);
            MemorySegment statuses = MPI_Status.allocateArray(arena, Math.max(1, requests.length));
            Mpi.MPI_Waitall(requests.length, handles, statuses);
            update(requests, handles);
            return statuses(statuses, requests.length);
        });
    }

    public static void waitAll(Request[] requests) throws MPIException {
        Native.run(arena -> {
            MemorySegment handles = handles(arena, requests);
            Mpi.MPI_Waitall(requests.length, handles, Mpi.MPI_STATUSES_IGNORE);
            update(requests, handles);
        });
    }

    /** The statuses if all requests completed, else null. */
    public static Status[] testAllStatus(Request[] requests) throws MPIException {
        return Native.get(arena -> {
            MemorySegment handles = handles(arena, requests);
            MemorySegment flag = arena.allocate(JAVA_INT);
            MemorySegment statuses = MPI_Status.allocateArray(arena, Math.max(1, requests.length));
            Mpi.MPI_Testall(requests.length, handles, flag, statuses);
            update(requests, handles);
            return Native.intAt(flag) != 0 ? statuses(statuses, requests.length) : null;
        });
    }

    public static boolean testAll(Request[] requests) throws MPIException {
        return Native.get(arena -> {
            MemorySegment handles = handles(arena, requests);
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Testall(requests.length, handles, flag, Mpi.MPI_STATUSES_IGNORE);
            update(requests, handles);
            return Native.intAt(flag) != 0;
        });
    }

    /** The statuses (with indices) of the requests completed by MPI_Waitsome or MPI_Testsome. */
    private static Status[] some(Request[] requests, boolean wait) throws MPIException {
        return Native.get(arena -> {
            MemorySegment handles = handles(arena, requests);
            MemorySegment count = arena.allocate(JAVA_INT);
            MemorySegment indices = arena.allocate(JAVA_INT, Math.max(1, requests.length));
            MemorySegment statuses = MPI_Status.allocateArray(arena, Math.max(1, requests.length));
            if (wait) {
                Mpi.MPI_Waitsome(requests.length, handles, count, indices, statuses);
            } else {
                Mpi.MPI_Testsome(requests.length, handles, count, indices, statuses);
            }
            update(requests, handles);
            int completed = Native.intAt(count);
            if (completed == Mpi.MPI_UNDEFINED) {
                return null;
            }
            Status[] result = statuses(statuses, completed);
            for (int i = 0; i < completed; i++) {
                result[i].withIndex(indices.getAtIndex(JAVA_INT, i));
            }
            return result;
        });
    }

    private static int[] indices(Status[] statuses) {
        if (statuses == null) {
            return null;
        }
        int[] indices = new int[statuses.length];
        for (int i = 0; i < statuses.length; i++) {
            indices[i] = statuses[i].getIndex();
        }
        return indices;
    }

    /** The statuses of the completed requests, or null if every request was null. */
    public static Status[] waitSomeStatus(Request[] requests) throws MPIException {
        return some(requests, true);
    }

    public static int[] waitSome(Request[] requests) throws MPIException {
        return indices(some(requests, true));
    }

    public static Status[] testSomeStatus(Request[] requests) throws MPIException {
        return some(requests, false);
    }

    public static int[] testSome(Request[] requests) throws MPIException {
        return indices(some(requests, false));
    }
}
