package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/**
 * A graph topology, each process naming whom it receives from and sends to
 * ({@code MPI_Dist_graph_create_adjacent}): made by {@link Communicator#createGraph}. Its neighbour
 * collectives are sparse exchanges along the edges.
 */
public final class GraphCommunicator extends TopologyCommunicator {
    private final int[] sources;
    private final int[] destinations;

    GraphCommunicator(Environment environment, MPI_Comm handle, String name) {
        super(environment, handle, name);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment degrees = arena.allocate(JAVA_INT, 3);
            Mpi.MPI_Dist_graph_neighbors_count(handle, degrees, degrees.asSlice(4), degrees.asSlice(8));
            int in = degrees.getAtIndex(JAVA_INT, 0);
            int out = degrees.getAtIndex(JAVA_INT, 1);
            MemorySegment s = arena.allocate(JAVA_INT, Math.max(in, 1));
            MemorySegment d = arena.allocate(JAVA_INT, Math.max(out, 1));
            Mpi.MPI_Dist_graph_neighbors(handle, in, s, Mpi.MPI_UNWEIGHTED, out, d, Mpi.MPI_UNWEIGHTED);
            this.sources = Arrays.copyOf(s.toArray(JAVA_INT), in);
            this.destinations = Arrays.copyOf(d.toArray(JAVA_INT), out);
        }
    }

    @Override
    public int[] sources() {
        return sources.clone();
    }

    @Override
    public int[] destinations() {
        return destinations.clone();
    }
}
