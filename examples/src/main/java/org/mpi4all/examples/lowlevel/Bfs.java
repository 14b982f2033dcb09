package org.mpi4all.examples.lowlevel;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Map;
import org.mpi4all.examples.Workloads;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.MPI_Status;
import org.mpi4all.ffi.Mpi;

/**
 * {@link org.mpi4all.examples.highlevel.Bfs} on the generated low-level API: the same NBX exchange with
 * the messages copied to native memory for the nonblocking sends, requests and statuses by hand.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.lowlevel.Bfs [vertices per rank]}
 */
public final class Bfs {
    private Bfs() {}

    public static void main(String[] args) {
        int perRank = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, out);
            int rank = out.get(JAVA_INT, 0);
            Mpi.MPI_Comm_size(Mpi.MPI_COMM_WORLD, out);
            long n = (long) perRank * out.get(JAVA_INT, 0);
            long first = (long) rank * perRank;

            int[] distance = bfs(Mpi.MPI_COMM_WORLD, perRank, n, first);

            int[] reference = Workloads.sequentialBfs(n);
            boolean same = Arrays.equals(distance, Arrays.copyOfRange(reference, (int) first, (int) first + perRank));
            System.out.println("bfs.levels=" + allreduce(Arrays.stream(distance).max().orElse(0), Mpi.MPI_MAX));
            System.out.println("verified=" + (allreduce(same ? 1 : 0, Mpi.MPI_LAND) != 0));
        }
        Mpi.MPI_Finalize();
    }

    static int[] bfs(MPI_Comm comm, int perRank, long n, long first) {
        int[] distance = new int[perRank];
        Arrays.fill(distance, -1);
        long[] frontier = first == 0 ? Workloads.visit(new long[] {0}, distance, first, 0) : new long[0];
        for (int level = 1; allreduce(frontier.length, Mpi.MPI_SUM) > 0; level++) {
            Map<Integer, long[]> outgoing = Workloads.expand(frontier, distance, first, perRank, n);
            frontier = Workloads.visit(exchange(outgoing, comm, level), distance, first, level);
        }
        return distance;
    }

    /** Sends each owner its vertices and returns every vertex sent here (NBX; one tag per level). */
    static long[] exchange(Map<Integer, long[]> outgoing, MPI_Comm comm, int tag) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment requests = MPI_Request.allocateArray(arena, outgoing.size());
            int sends = 0;
            for (Map.Entry<Integer, long[]> message : outgoing.entrySet()) {
                MemorySegment vertices = arena.allocateFrom(JAVA_LONG, message.getValue());
                Mpi.MPI_Issend(vertices, message.getValue().length, Mpi.MPI_INT64_T, message.getKey(), tag, comm,
                        requests.asSlice(sends++ * MPI_Request.LAYOUT.byteSize()));
            }
            Workloads.LongList received = new Workloads.LongList();
            MemorySegment flag = arena.allocate(JAVA_INT);
            MemorySegment count = arena.allocate(JAVA_INT);
            MemorySegment status = MPI_Status.allocate(arena);
            MemorySegment barrier = MPI_Request.allocate(arena);
            boolean barrierStarted = false;
            while (true) {
                Mpi.MPI_Iprobe(Mpi.MPI_ANY_SOURCE, tag, comm, flag, status);
                if (flag.get(JAVA_INT, 0) != 0) {
                    Mpi.MPI_Get_count(status, Mpi.MPI_INT64_T, count);
                    MemorySegment vertices = arena.allocate(JAVA_LONG, count.get(JAVA_INT, 0));
                    Mpi.MPI_Recv(vertices, count.get(JAVA_INT, 0), Mpi.MPI_INT64_T, MPI_Status.MPI_SOURCE(status), tag, comm,
                            Mpi.MPI_STATUS_IGNORE);
                    received.addAll(vertices.toArray(JAVA_LONG));
                } else if (!barrierStarted) {
                    Mpi.MPI_Testall(sends, requests, flag, Mpi.MPI_STATUSES_IGNORE);
                    if (flag.get(JAVA_INT, 0) != 0) {
                        Mpi.MPI_Ibarrier(comm, barrier);
                        barrierStarted = true;
                    }
                } else {
                    Mpi.MPI_Test(barrier, flag, Mpi.MPI_STATUS_IGNORE);
                    if (flag.get(JAVA_INT, 0) != 0) {
                        return received.toArray();
                    }
                }
            }
        }
    }

    /** {@code value} of all ranks combined with {@code op}. */
    static int allreduce(int value, MPI_Op op) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocateFrom(JAVA_INT, value);
            Mpi.MPI_Allreduce(Mpi.MPI_IN_PLACE, buffer, 1, Mpi.MPI_INT, op, Mpi.MPI_COMM_WORLD);
            return buffer.get(JAVA_INT, 0);
        }
    }
}
