package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/** A communicator with a graph or distributed graph topology. */
public final class GraphComm extends Intracomm {

    GraphComm(MPI_Comm handle) {
        super(handle);
    }

    @Override
    GraphComm wrap(MPI_Comm newHandle) {
        return new GraphComm(newHandle);
    }

    @Override
    public GraphComm clone() {
        return (GraphComm) super.clone();
    }

    @Override
    public GraphComm dup() throws MPIException {
        return (GraphComm) super.dup();
    }

    @Override
    public GraphComm iDup() throws MPIException {
        return (GraphComm) super.iDup();
    }

    @Override
    public GraphComm dupWithInfo(Info info) throws MPIException {
        return (GraphComm) super.dupWithInfo(info);
    }

    private static int[] ints(MemorySegment memory, int count) {
        return Native.toInts(memory.asSlice(0, 4L * count));
    }

    public GraphParms getDims() throws MPIException {
        return Native.get(arena -> {
            MemorySegment nodes = arena.allocate(JAVA_INT);
            MemorySegment edges = arena.allocate(JAVA_INT);
            Mpi.MPI_Graphdims_get(handle, nodes, edges);
            int nodeCount = Native.intAt(nodes);
            int edgeCount = Native.intAt(edges);
            MemorySegment index = arena.allocate(JAVA_INT, Math.max(1, nodeCount));
            MemorySegment edgeList = arena.allocate(JAVA_INT, Math.max(1, edgeCount));
            Mpi.MPI_Graph_get(handle, nodeCount, edgeCount, index, edgeList);
            return new GraphParms(ints(index, nodeCount), ints(edgeList, edgeCount));
        });
    }

    public int[] getNeighbors(int rank) throws MPIException {
        return Native.get(arena -> {
            MemorySegment count = arena.allocate(JAVA_INT);
            Mpi.MPI_Graph_neighbors_count(handle, rank, count);
            int neighbours = Native.intAt(count);
            MemorySegment ranks = arena.allocate(JAVA_INT, Math.max(1, neighbours));
            Mpi.MPI_Graph_neighbors(handle, rank, neighbours, ranks);
            return ints(ranks, neighbours);
        });
    }

    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException {
        return Native.get(arena -> {
            MemorySegment in = arena.allocate(JAVA_INT);
            MemorySegment out = arena.allocate(JAVA_INT);
            MemorySegment weighted = arena.allocate(JAVA_INT);
            Mpi.MPI_Dist_graph_neighbors_count(handle, in, out, weighted);
            int inDegree = Native.intAt(in);
            int outDegree = Native.intAt(out);
            MemorySegment sources = arena.allocate(JAVA_INT, Math.max(1, inDegree));
            MemorySegment sourceWeights = arena.allocate(JAVA_INT, Math.max(1, inDegree));
            MemorySegment destinations = arena.allocate(JAVA_INT, Math.max(1, outDegree));
            MemorySegment destinationWeights = arena.allocate(JAVA_INT, Math.max(1, outDegree));
            Mpi.MPI_Dist_graph_neighbors(handle, inDegree, sources, sourceWeights, outDegree, destinations,
                    destinationWeights);
            return new DistGraphNeighbors(ints(sources, inDegree), ints(sourceWeights, inDegree),
                    ints(destinations, outDegree), ints(destinationWeights, outDegree), Native.intAt(weighted) != 0);
        });
    }

    public int map(int[] index, int[] edges) throws MPIException {
        return Native.get(arena -> {
            MemorySegment rank = arena.allocate(JAVA_INT);
            Mpi.MPI_Graph_map(handle, index.length, Native.ints(arena, index), Native.ints(arena, edges), rank);
            return Native.intAt(rank);
        });
    }
}
