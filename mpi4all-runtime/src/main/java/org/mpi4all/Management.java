package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.mpi4all.Param.Name.TAG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Group;
import org.mpi4all.ffi.Mpi;

/**
 * Communicator management (MPI-4.1 §7.4): new communicators from one ({@code dup}, {@code split}, {@code create},
 * an intercommunicator), its group and comparisons. The methods of {@link Communicator} with these names come here.
 */
final class Management {
    private static final int INTERCOMM_PARAMS = Param.accepting(TAG);

    private Management() {}

    static Communicator dup(Communicator c) {
        MPI_Comm comm = c.handle();
        return c.environment.adopt(created(out -> Mpi.MPI_Comm_dup(comm, out)), c.name() + ".dup");
    }

    static Communicator split(Communicator c, int color, int key) {
        MPI_Comm comm = c.intraHandle();
        return c.environment.adopt(created(out -> Mpi.MPI_Comm_split(comm, color, key, out)),
                c.name() + ".split(" + color + ")");
    }

    static Communicator splitShared(Communicator c) {
        MPI_Comm comm = c.intraHandle();
        return c.environment.adopt(created(out -> Mpi.MPI_Comm_split_type(comm, Mpi.MPI_COMM_TYPE_SHARED, c.rank(),
                Mpi.MPI_INFO_NULL, out)), c.name() + ".shared");
    }

    static Communicator create(Communicator c, Group group) {
        MPI_Comm comm = c.intraHandle();
        MPI_Group g = group.handle();
        return c.environment.adopt(created(out -> Mpi.MPI_Comm_create(comm, g, out)), c.name() + ".create");
    }

    static Intercommunicator intercommunicator(Communicator c, int localLeader, Communicator peer, int remoteLeader,
            Param... params) {
        int tag = Param.intValue(params, Param.check("createIntercommunicator", params, INTERCOMM_PARAMS), TAG, 0);
        MPI_Comm comm = c.intraHandle();
        MPI_Comm peerComm = peer.handle();
        if (localLeader < 0 || localLeader >= c.size()) {
            throw new IllegalArgumentException("createIntercommunicator: localLeader " + localLeader + " is not a rank"
                    + " of " + c.name() + " (" + c.size() + " processes)");
        }
        if (c.rank() == localLeader && (remoteLeader < 0 || remoteLeader >= peer.size())) {
            throw new IllegalArgumentException("createIntercommunicator: remoteLeader " + remoteLeader + " is not a"
                    + " rank of " + peer.name() + " (" + peer.size() + " processes)");
        }
        return new Intercommunicator(c.environment, created(out -> Mpi.MPI_Intercomm_create(comm, localLeader,
                peerComm, remoteLeader, tag, out)), c.name() + ".intercomm");
    }

    /** The group {@code query} ({@code MPI_Comm_group}, {@code MPI_Comm_remote_group}) gives of {@code c}. */
    static Group group(Communicator c, BiConsumer<MPI_Comm, MemorySegment> query) {
        MPI_Comm comm = c.handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = MPI_Group.allocate(arena);
            query.accept(comm, out);
            return new Group(c.environment, MPI_Group.read(out));
        }
    }

    static Comparison compare(Communicator c, Communicator other) {
        MPI_Comm comm = c.handle();
        MPI_Comm otherComm = other.handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_compare(comm, otherComm, result);
            return Comparison.ofMpiValue(result.get(JAVA_INT, 0));
        }
    }

    /** Calls {@code creator} with room for a new communicator handle, and returns the handle. */
    static MPI_Comm created(Consumer<MemorySegment> creator) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = MPI_Comm.allocate(arena);
            creator.accept(out);
            return MPI_Comm.read(out);
        }
    }
}
