package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/**
 * A communicator between two groups of processes (MPI-4.1 §7.6): this process's group, whose size and rank
 * {@link #size()} and {@link #rank()} give, and the remote group, which the ranks of point-to-point
 * operations name. It comes from {@link Communicator#createIntercommunicator}, {@link Communicator#spawn},
 * {@link Environment#parent()}, {@link Communicator#accept} and {@link Communicator#connect}.
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
 *
 * <p>The blocking collectives MPI defines between two groups (MPI-4.1 §6.2.2) are the methods of
 * {@link Communicator}, with the data flowing from one group to the other: {@link #barrier}, {@link #allreduce}
 * (each group gets the other group's data combined), {@link #allgather} and {@link #allgatherv} (each gets the
 * other group's blocks), {@link #alltoall} and {@link #alltoallv} (block j to rank j of the other group),
 * {@link #reduceScatter} (the other group's data combined, scattered over this group), and the rooted ones,
 * {@link #bcast}, {@link #reduce}, {@link #gather}, {@link #gatherv}, {@link #scatter}, {@link #scatterv}, whose
 * root is in one group and exchanges with every process of the other. Their root is named by the group it is in,
 * and a plain {@link Param#root root(r)}, or none, is refused:
 *
 * {@snippet :
 * // the root's group: rank 0 of it broadcasts, its other processes take no part
 * inter.bcast(data, localRoot(0));
 * // the other group: every process receives from rank 0 of the remote group
 * inter.bcast(data, remoteRoot(0));
 * }
 *
 * <p>So a single SPMD line serves both groups: {@code inter.gather(mine, inFirstGroup ? localRoot(0) :
 * remoteRoot(0))}. The root's result is the other group's blocks (of the size of its own {@code send}, which
 * is not sent); a process of the root's group other than the root gets an empty buffer, as do the processes of
 * the other group where the root gathers or reduces. {@link Param#inPlace inPlace} is refused (MPI has no
 * in-place form between two groups).
 *
 * <p>The nonblocking and persistent forms of these ({@link #ibarrier}, {@link #ibcast}, {@link #iallreduce} ...
 * {@link #barrierInit}, {@link #bcastInit} ...) and {@link #alltoallw} in its three forms work the same way, with
 * the same roots and results. What the blocking form learns by a collective of its own before the exchange (the
 * block size of a scatter or scatterv, the counts of a v-collective) the nonblocking one requires as a parameter,
 * as on one group; here only where this process uses it: no {@code count(n)} in the root's group of a
 * {@code iscatterv}, or off the root in the root's group of a {@code iscatter}.
 *
 * <p>Prefix reductions ({@code scan}, {@code exscan} and their nonblocking and persistent forms) and the making of
 * communicators from this one's processes throw {@link UnsupportedOperationException}; {@link #merge} gives an
 * ordinary communicator of both groups for them.
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
        return Management.group(this, Mpi::MPI_Comm_remote_group);
    }

    /**
     * {@return an (intra)communicator of both groups} ({@code MPI_Intercomm_merge}), the group whose processes
     * gave {@code high} false first (if both gave the same, MPI chooses). Collective over both groups.
     */
    public Communicator merge(boolean high) {
        MPI_Comm comm = handle();
        return environment.adopt(Management.created(out -> Mpi.MPI_Intercomm_merge(comm, high ? 1 : 0, out)),
                name() + ".merge");
    }

    /** {@return a new intercommunicator between the same groups} ({@code MPI_Comm_dup}) */
    @Override
    public Intercommunicator dup() {
        MPI_Comm comm = handle();
        return new Intercommunicator(environment, Management.created(out -> Mpi.MPI_Comm_dup(comm, out)),
                name() + ".dup");
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
        throw new UnsupportedOperationException("the intercommunicator " + name() + " joins two groups: prefix"
                + " reductions and the making of communicators, windows and files run on one group's communicator,"
                + " which merge(high) gives");
    }

    @Override
    MPI_Comm collectiveHandle(String operation, int given) {
        if (Param.has(given, Param.Name.IN_PLACE)) {
            throw new IllegalArgumentException(operation + ": inPlace is not defined on the intercommunicator " + name()
                    + " (the data goes to the other group)");
        }
        return handle();
    }

    @Override
    Param[] oneValueReduction() {
        return NO_PARAMS;
    }

    private static final Param[] NO_PARAMS = {};

    @Override
    int peers() {
        return remoteSize;
    }

    /**
     * {@inheritDoc} Here: {@code MPI_ROOT} at the root, {@code MPI_PROC_NULL} at the other processes of its group
     * ({@link Param#localRoot localRoot(r)}), or the root's rank in the remote group ({@link Param#remoteRoot}).
     *
     * @throws IllegalArgumentException without a root, for {@link Param#root root(r)}, or for a rank outside its group
     */
    @Override
    int root(String operation, Param[] params, int given) {
        Object group = Param.value(params, given, Param.Name.ROOT);
        int rank = Param.intValue(params, given, Param.Name.ROOT, 0);
        if (group == Param.RootGroup.RESOLVED) {
            return rank;
        }
        if (group != Param.RootGroup.LOCAL && group != Param.RootGroup.REMOTE) {
            throw new IllegalArgumentException(operation + ": on the intercommunicator " + name() + ", name the root"
                    + " by its group: localRoot(r) in the root's group, remoteRoot(r) in the other"
                    + (Param.has(given, Param.Name.ROOT) ? " (root(" + rank + ") could be a rank of either)" : ""));
        }
        boolean local = group == Param.RootGroup.LOCAL;
        int groupSize = local ? size() : remoteSize;
        if (rank < 0 || rank >= groupSize) {
            throw new IllegalArgumentException(operation + ": " + (local ? "localRoot(" : "remoteRoot(") + rank
                    + ") is not a rank of the " + (local ? "local" : "remote") + " group of " + groupSize);
        }
        return !local ? rank : rank == rank() ? Mpi.MPI_ROOT : Mpi.MPI_PROC_NULL;
    }

    @Override
    boolean isRoot(int root) {
        return root == Mpi.MPI_ROOT;
    }

    @Override
    boolean exchangesWithRoot(int root) {
        return root >= 0;
    }

    @Override
    public String toString() {
        return "Intercommunicator[" + name() + ", rank " + rank() + " of " + size() + ", " + remoteSize + " remote"
                + (isClosed() ? ", freed" : "") + "]";
    }
}
