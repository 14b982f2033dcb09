package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.nio.Buffer;
import org.mpi4all.ffi.MPI_Message;
import org.mpi4all.ffi.MPI_Status;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;

/** A message matched by a probe ({@code MPI_Mprobe}), received later by exactly this object. */
public final class Message {
    private MPI_Message handle = Mpi.MPI_MESSAGE_NULL;

    public Message() {
    }

    public boolean isNull() {
        return handle.equals(Mpi.MPI_MESSAGE_NULL);
    }

    public boolean isNoProc() {
        return handle.equals(Mpi.MPI_MESSAGE_NO_PROC);
    }

    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        return Native.get(arena -> {
            MemorySegment message = MPI_Message.allocate(arena);
            MemorySegment status = MPI_Status.allocate(arena);
            Mpi.MPI_Mprobe(source, tag, comm.handle, message, status);
            handle = MPI_Message.read(message);
            return Status.copyOf(status);
        });
    }

    /** The status of a matched message, or null if none is there. */
    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        return Native.get(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            MemorySegment message = MPI_Message.allocate(arena);
            MemorySegment status = MPI_Status.allocate(arena);
            Mpi.MPI_Improbe(source, tag, comm.handle, flag, message, status);
            if (Native.intAt(flag) == 0) {
                return null;
            }
            handle = MPI_Message.read(message);
            return Status.copyOf(status);
        });
    }

    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        Status status = new Status();
        Native.run(arena -> {
            MemorySegment message = MPI_Message.allocate(arena);
            MPI_Message.write(message, 0, handle);
            MemorySegment memory = Native.segment(buf);
            MpiCritical.MPI_Mrecv(memory, count, type.handle, message, status.memory);
            handle = MPI_Message.read(message);
            Native.copyBack(buf, memory);
        });
        return status;
    }

    public Request imRecv(Buffer buf, int count, Datatype type) throws MPIException {
        return Native.get(arena -> {
            MemorySegment message = MPI_Message.allocate(arena);
            MPI_Message.write(message, 0, handle);
            Request request = Comm.start(r -> Mpi.MPI_Imrecv(Native.direct(buf), count, type.handle, message, r), buf);
            handle = MPI_Message.read(message);
            return request;
        });
    }
}
