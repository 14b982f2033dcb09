package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/** An intercommunicator between two groups. */
public final class Intercomm extends Comm {

    Intercomm(MPI_Comm handle) {
        super(handle);
    }

    @Override
    Intercomm wrap(MPI_Comm newHandle) {
        return new Intercomm(newHandle);
    }

    @Override
    public Intercomm clone() {
        return (Intercomm) super.clone();
    }

    @Override
    public Intercomm dup() throws MPIException {
        return (Intercomm) super.dup();
    }

    @Override
    public Intercomm iDup() throws MPIException {
        return (Intercomm) super.iDup();
    }

    @Override
    public Intercomm dupWithInfo(Info info) throws MPIException {
        return (Intercomm) super.dupWithInfo(info);
    }

    public int getRemoteSize() throws MPIException {
        return Native.get(arena -> {
            MemorySegment size = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_remote_size(handle, size);
            return Native.intAt(size);
        });
    }

    public Group getRemoteGroup() throws MPIException {
        return Group.make((arena, group) -> Mpi.MPI_Comm_remote_group(handle, group));
    }

    /** One intracommunicator of both groups; {@code high} orders this group after the other. */
    public Intracomm merge(boolean high) throws MPIException {
        return new Intracomm(make((arena, comm) -> Mpi.MPI_Intercomm_merge(handle, high ? 1 : 0, comm)));
    }

    /** The intercommunicator to the job that spawned this one ({@link Comm#isNull()} if none). */
    public static Intercomm getParent() throws MPIException {
        return new Intercomm(make((arena, comm) -> Mpi.MPI_Comm_get_parent(comm)));
    }
}
