package org.mpi4all;

import static org.mpi4all.Param.Name.RECV_BUF;
import static org.mpi4all.Param.Name.TYPE;

import java.util.Arrays;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;

/**
 * A communicator with a topology, which gives each process neighbours: the processes it receives from
 * ({@link #sources()}) and sends to ({@link #destinations()}), in the order the neighbour
 * collectives ({@code MPI_Neighbor_*}, MPI-4.1 §8.6) use for their blocks.
 */
public abstract sealed class TopologyCommunicator extends Communicator permits CartesianCommunicator, GraphCommunicator {
    private static final int NEIGHBOR_PARAMS = Param.accepting(RECV_BUF, TYPE);

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
        int given = Param.check("neighborAllgather", params, NEIGHBOR_PARAMS);
        MPI_Comm comm = handle();
        int sources = sources().length;
        Call call = Call.begin(environment, "neighborAllgather");
        try {
            Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            T result = resultBuffer("neighborAllgather", send, Param.value(params, given, RECV_BUF), in, in.count * sources, false);
            Message out = call.message(result, in.type, 0, in.count * sources, Message.OUT);
            call.prepare(false);
            if (call.critical) {
                MpiCritical.MPI_Neighbor_allgather(in.mpi(true), in.count, in.handle, out.mpi(true), in.count, in.handle, comm);
            } else {
                Mpi.MPI_Neighbor_allgather(in.mpi(), in.count, in.handle, out.mpi(), in.count, in.handle, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
    }

    /**
     * Sends block j of {@code send} to destination j and returns the blocks received, block i from
     * source i ({@code MPI_Neighbor_alltoall}). Accepts: {@link Param#recvBuf recvBuf}, {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code send} does not divide into one block per destination
     */
    public <T> T neighborAlltoall(T send, Param... params) {
        int given = Param.check("neighborAlltoall", params, NEIGHBOR_PARAMS);
        MPI_Comm comm = handle();
        int sources = sources().length;
        int destinations = destinations().length;
        Call call = Call.begin(environment, "neighborAlltoall");
        try {
            Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            if (destinations == 0 ? in.count != 0 : in.count % destinations != 0) {
                throw new IllegalArgumentException("neighborAlltoall: " + in.count + " elements do not divide into "
                        + destinations + " equal blocks, one per destination");
            }
            int block = destinations == 0 ? 0 : in.count / destinations;
            T result = resultBuffer("neighborAlltoall", send, Param.value(params, given, RECV_BUF), in, block * sources, false);
            Message out = call.message(result, in.type, 0, block * sources, Message.OUT);
            call.prepare(false);
            if (call.critical) {
                MpiCritical.MPI_Neighbor_alltoall(in.mpi(true), block, in.handle, out.mpi(true), block, in.handle, comm);
            } else {
                Mpi.MPI_Neighbor_alltoall(in.mpi(), block, in.handle, out.mpi(), block, in.handle, comm);
            }
            call.finish();
            return result;
        } finally {
            call.end();
        }
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
        return personalized("neighborAlltoallv", send, params, destinations().length, sources().length,
                this::exchangeCounts, true);
    }

    /** Each destination learns how many elements this process sends it: one count per neighbour. */
    private int[] exchangeCounts(int[] sendCounts) {
        int[] received = neighborAlltoall(sendCounts.length == 0 ? new int[0] : sendCounts);
        return received.length == sources().length ? received : Arrays.copyOf(received, sources().length);
    }
}
