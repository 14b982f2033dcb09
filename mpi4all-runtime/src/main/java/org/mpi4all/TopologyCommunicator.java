package org.mpi4all;

import java.util.Arrays;
import org.mpi4all.ffi.MPI_Comm;

/**
 * A communicator with a topology, which gives each process neighbours: the processes it receives from
 * ({@link #sources()}) and sends to ({@link #destinations()}), in the order the neighbour
 * collectives ({@code MPI_Neighbor_*}, MPI-4.1 §8.6) use for their blocks.
 */
public abstract sealed class TopologyCommunicator extends Communicator permits CartesianCommunicator, GraphCommunicator {
    TopologyCommunicator(Environment environment, MPI_Comm handle, String name) {
        super(environment, handle, name, false);
        environment.created(this);
    }

    /** {@return the ranks this process receives from in neighbour collectives, in block order} */
    public abstract int[] sources();

    /** {@return the ranks this process sends to in neighbour collectives, in block order} */
    public abstract int[] destinations();

    /**
     * Sends {@code send} to every destination and returns the blocks received from the sources, in
     * order ({@code MPI_Neighbor_allgather}). Accepts: {@link Param#recvBuf recvBuf}, {@link Param#type type}.
     */
    public <T> T neighborAllgather(T send, Param... params) {
        return Collectives.exchange(this, Collectives.Exchange.NEIGHBOR_ALLGATHER, send, params);
    }

    /**
     * Sends block j of {@code send} to destination j and returns the blocks received, block i from
     * source i ({@code MPI_Neighbor_alltoall}). Accepts: {@link Param#recvBuf recvBuf}, {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code send} does not divide into one block per destination
     */
    public <T> T neighborAlltoall(T send, Param... params) {
        return Collectives.exchange(this, Collectives.Exchange.NEIGHBOR_ALLTOALL, send, params);
    }

    /**
     * Sends {@code sendCounts[j]} elements to destination j and returns what the sources sent, in
     * order ({@code MPI_Neighbor_alltoallv}). Requires {@link Param#sendCounts sendCounts} (one per
     * destination); without {@link Param#recvCounts recvCounts} the counts are exchanged first. Accepts
     * also: {@link Param#sendDispls sendDispls}, {@link Param#recvBuf recvBuf},
     * {@link Param#recvDispls recvDispls}, {@link Param#recvCountsOut recvCountsOut},
     * {@link Param#recvDisplsOut recvDisplsOut}, {@link Param#type type}.
     */
    public <T> T neighborAlltoallv(T send, Param... params) {
        return Collectives.personalized(this, true, send, params, destinations().length, sources().length,
                this::exchangeCounts);
    }

    /**
     * Sends block j of {@code send} to destination j and receives the block from source i into block i of
     * {@code recv} ({@code MPI_Neighbor_alltoallw}); see {@link Communicator#alltoallw}: one {@link Block} per
     * destination on the send side, one per source on the receive side.
     *
     * @return {@code recv}
     */
    public <T> T neighborAlltoallw(Object send, Block[] sendBlocks, T recv, Block[] recvBlocks) {
        return Alltoallw.alltoallw(this, true, send, sendBlocks, recv, recvBlocks, destinations().length,
                sources().length);
    }

    /** Starts a {@link #neighborAlltoallw} ({@code MPI_Ineighbor_alltoallw}). Its result is {@code recv}. */
    public <T> Request<T> ineighborAlltoallw(Object send, Block[] sendBlocks, T recv, Block[] recvBlocks) {
        return Alltoallw.ialltoallw(this, Issue.NOW, true, send, sendBlocks, recv, recvBlocks, destinations().length,
                sources().length);
    }

    /** Binds a {@link #neighborAlltoallw} ({@code MPI_Neighbor_alltoallw_init}); see {@link Communicator#alltoallwInit}. */
    public <T> Persistent<T> neighborAlltoallwInit(Object send, Block[] sendBlocks, T recv, Block[] recvBlocks) {
        return Alltoallw.ialltoallw(this, Issue.PERSISTENT, true, send, sendBlocks, recv, recvBlocks,
                destinations().length, sources().length);
    }

    /** Starts a {@link #neighborAllgather} ({@code MPI_Ineighbor_allgather}). Accepts: {@link Param#recvBuf recvBuf}, {@link Param#type type}. */
    public <T> Request<T> ineighborAllgather(T send, Param... params) {
        return Collectives.iexchange(this, Issue.NOW, Collectives.Exchange.NEIGHBOR_ALLGATHER, send, params);
    }

    /** Starts a {@link #neighborAlltoall} ({@code MPI_Ineighbor_alltoall}). Accepts: {@link Param#recvBuf recvBuf}, {@link Param#type type}. */
    public <T> Request<T> ineighborAlltoall(T send, Param... params) {
        return Collectives.iexchange(this, Issue.NOW, Collectives.Exchange.NEIGHBOR_ALLTOALL, send, params);
    }

    /**
     * Starts a {@link #neighborAlltoallv} ({@code MPI_Ineighbor_alltoallv}). Requires {@link Param#sendCounts sendCounts}
     * and {@link Param#recvCounts recvCounts}; accepts the other parameters of {@code neighborAlltoallv}.
     */
    public <T> Request<T> ineighborAlltoallv(T send, Param... params) {
        return Collectives.ipersonalized(this, Issue.NOW, true, send, params, destinations().length, sources().length);
    }

    /** Binds a {@link #neighborAllgather} ({@code MPI_Neighbor_allgather_init}); see {@link Communicator#allreduceInit}. */
    public <T> Persistent<T> neighborAllgatherInit(T send, Param... params) {
        return Collectives.iexchange(this, Issue.PERSISTENT, Collectives.Exchange.NEIGHBOR_ALLGATHER, send, params);
    }

    /** Binds a {@link #neighborAlltoall} ({@code MPI_Neighbor_alltoall_init}). */
    public <T> Persistent<T> neighborAlltoallInit(T send, Param... params) {
        return Collectives.iexchange(this, Issue.PERSISTENT, Collectives.Exchange.NEIGHBOR_ALLTOALL, send, params);
    }

    /** Binds a {@link #neighborAlltoallv} ({@code MPI_Neighbor_alltoallv_init}); requires what {@link #ineighborAlltoallv} does. */
    public <T> Persistent<T> neighborAlltoallvInit(T send, Param... params) {
        return Collectives.ipersonalized(this, Issue.PERSISTENT, true, send, params, destinations().length,
                sources().length);
    }

    /** Each destination learns how many elements this process sends it: one count per neighbour. */
    private long[] exchangeCounts(long[] sendCounts) {
        long[] received = neighborAlltoall(sendCounts.length == 0 ? new long[0] : sendCounts);
        return received.length == sources().length ? received : Arrays.copyOf(received, sources().length);
    }
}
