package mpi;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;

/** A persistent request ({@code Comm.sendInit}, {@code recvInit}...): started again and again. */
public final class Prequest extends Request {

    Prequest(MPI_Request handle, Object buffer) {
        super(handle, buffer);
    }

    public void start() throws MPIException {
        Native.run(() -> {
            MemorySegment request = Native.scratch();
            MPI_Request.write(request, 0, handle);
            Mpi.MPI_Start(request);
            handle = MPI_Request.read(request);
        });
    }

    public static void startAll(Prequest[] requests) throws MPIException {
        Native.run(arena -> {
            MemorySegment handles = MPI_Request.allocateArray(arena, Math.max(1, requests.length));
            for (int i = 0; i < requests.length; i++) {
                MPI_Request.write(handles, i, requests[i].handle);
            }
            Mpi.MPI_Startall(requests.length, handles);
            for (int i = 0; i < requests.length; i++) {
                requests[i].handle = MPI_Request.read(handles, i);
            }
        });
    }
}
