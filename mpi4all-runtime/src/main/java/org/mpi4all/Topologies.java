package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/** The making of communicators with a topology (MPI-4.1 §8.5): Cartesian grids and distributed graphs. */
final class Topologies {
    private Topologies() {}

    static CartesianCommunicator cartesian(Communicator c, int[] dims, boolean[] periods, boolean reorder) {
        if (dims.length != periods.length) {
            throw new IllegalArgumentException("createCartesian: " + dims.length + " dimensions but "
                    + periods.length + " periodicities");
        }
        MPI_Comm comm = c.intraHandle();
        MPI_Comm cart;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment periodic = arena.allocate(JAVA_INT, periods.length);
            for (int i = 0; i < periods.length; i++) {
                periodic.setAtIndex(JAVA_INT, i, periods[i] ? 1 : 0);
            }
            MemorySegment dimensions = arena.allocateFrom(JAVA_INT, dims);
            cart = Management.created(out -> Mpi.MPI_Cart_create(comm, dims.length, dimensions, periodic,
                    reorder ? 1 : 0, out));
        }
        return cart.equals(Mpi.MPI_COMM_NULL) ? null
                : new CartesianCommunicator(c.environment, cart, c.name() + ".cartesian" + Arrays.toString(dims));
    }

    static GraphCommunicator graph(Communicator c, int[] sources, int[] destinations, boolean reorder) {
        MPI_Comm comm = c.intraHandle();
        MPI_Comm graph;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = arena.allocateFrom(JAVA_INT, sources);
            MemorySegment out = arena.allocateFrom(JAVA_INT, destinations);
            graph = Management.created(result -> Mpi.MPI_Dist_graph_create_adjacent(comm, sources.length, in,
                    Mpi.MPI_UNWEIGHTED, destinations.length, out, Mpi.MPI_UNWEIGHTED, Mpi.MPI_INFO_NULL, reorder ? 1 : 0,
                    result));
        }
        return new GraphCommunicator(c.environment, graph, c.name() + ".graph");
    }
}
