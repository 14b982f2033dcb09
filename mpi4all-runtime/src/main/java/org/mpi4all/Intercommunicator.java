package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/**
 * A communicator between two groups of processes (MPI-4.1 §7.6): this process's group, whose size and rank
 * {@link #size()} and {@link #rank()} give, and the remote group, which the ranks of point-to-point
 * operations name. It comes from {@link Communicator#spawn}, {@link Environment#parent()},
 * {@link Communicator#accept} and {@link Communicator#connect}.
 *
 * {@snippet :
 * Intercommunicator children = world.spawn(Command.java(2, Worker.class)).children();
 * children.send(new int[] {42}, world.rank());        // to the child of the same rank
 * try (Communicator all = children.merge(false)) {      // parents first, then the children
 *     all.allreduce(1, Op.SUM);
 * }
 * children.disconnect();
 * }
 *
 * <p>Point-to-point operations (blocking, nonblocking, persistent, partitioned) work as on any communicator.
 * Collectives over the two groups are not offered here: their roots and results follow other rules
 * ({@code MPI_ROOT}, the remote group's data), so they throw {@link UnsupportedOperationException};
 * {@link #merge} gives an ordinary communicator of both groups for them.
 */
public final class Intercommunicator extends Communicator {
    private final int remoteSize;

    Intercommunicator(Environment environment, MPI_Comm handle, String name) {
        super(environment, handle, name, false);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_remote_size(handle, out);
            this.remoteSize = out.get(JAVA_INT, 0);
        }
        environment.created(this);
    }

    /** {@return the number of processes in the remote group} ({@code MPI_Comm_remote_size}) */
    public int remoteSize() {
        return remoteSize;
    }

    /** {@return the remote group} ({@code MPI_Comm_remote_group}); close it when done */
    public Group remoteGroup() {
        return group(Mpi::MPI_Comm_remote_group);
    }

    /**
     * {@return an (intra)communicator of both groups} ({@code MPI_Intercomm_merge}), the group whose processes
     * gave {@code high} false first (if both gave the same, MPI chooses). Collective over both groups.
     */
    public Communicator merge(boolean high) {
        MPI_Comm comm = handle();
        return environment.adopt(created(out -> Mpi.MPI_Intercomm_merge(comm, high ? 1 : 0, out)), name() + ".merge");
    }

    /** {@return a new intercommunicator between the same groups} ({@code MPI_Comm_dup}) */
    @Override
    public Intercommunicator dup() {
        MPI_Comm comm = handle();
        return new Intercommunicator(environment, created(out -> Mpi.MPI_Comm_dup(comm, out)), name() + ".dup");
    }

    /**
     * Waits for the pending communication on the intercommunicator to complete, then frees it
     * ({@code MPI_Comm_disconnect}): after that, the two groups are independent (one may finalize without the
     * other). Collective over both groups. {@link #close()} frees it without that wait ({@code MPI_Comm_free}).
     *
     * @throws IllegalStateException if it was freed already
     */
    public void disconnect() {
        release(Mpi::MPI_Comm_disconnect);
    }

    @Override
    MPI_Comm intraHandle() {
        throw new UnsupportedOperationException("the intercommunicator " + name() + " joins two groups: collectives and the"
                + " making of communicators run on one group's communicator, which merge(high) gives");
    }

    @Override
    public String toString() {
        return "Intercommunicator[" + name() + ", rank " + rank() + " of " + size() + ", " + remoteSize + " remote"
                + (isClosed() ? ", freed" : "") + "]";
    }
}
