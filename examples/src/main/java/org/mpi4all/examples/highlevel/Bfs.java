package org.mpi4all.examples.highlevel;

import static org.mpi4all.Param.synchronous;
import static org.mpi4all.Param.tag;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.mpi4all.Communicator;
import org.mpi4all.Environment;
import org.mpi4all.Op;
import org.mpi4all.Request;
import org.mpi4all.RequestPool;
import org.mpi4all.Status;
import org.mpi4all.examples.Workloads;

/**
 * Breadth-first search on a random graph whose vertices are dealt out in blocks over the ranks. Each
 * level's frontier goes to the ranks that own the neighbours in a sparse, irregular exchange: a rank
 * knows whom it sends to but not who sends to it, so it uses Hoefler's NBX algorithm (synchronous
 * nonblocking sends, probing for whatever arrives, a nonblocking barrier once its sends are matched).
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.highlevel.Bfs [vertices per rank]}
 */
public final class Bfs {
    private Bfs() {}

    public static void main(String[] args) {
        int perRank = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        try (Environment env = Environment.init(args)) {
            Communicator world = env.world();
            long n = (long) perRank * world.size();
            long first = (long) world.rank() * perRank;

            int[] distance = bfs(world, perRank, n, first);

            int[] reference = Workloads.sequentialBfs(n);
            boolean same = Arrays.equals(distance, Arrays.copyOfRange(reference, (int) first, (int) first + perRank));
            System.out.println("bfs.levels=" + world.allreduce(Arrays.stream(distance).max().orElse(0), Op.MAX));
            System.out.println("verified=" + world.allreduce(same, Op.LAND));
        }
    }

    static int[] bfs(Communicator comm, int perRank, long n, long first) {
        int[] distance = new int[perRank];
        Arrays.fill(distance, -1);
        long[] frontier = first == 0 ? Workloads.visit(new long[] {0}, distance, first, 0) : new long[0];
        for (int level = 1; comm.allreduce(frontier.length, Op.SUM) > 0; level++) {
            Map<Integer, long[]> outgoing = Workloads.expand(frontier, distance, first, perRank, n);
            frontier = Workloads.visit(exchange(outgoing, comm, level), distance, first, level);
        }
        return distance;
    }

    /** Sends each owner its vertices and returns every vertex sent here (NBX; one tag per level). */
    static long[] exchange(Map<Integer, long[]> outgoing, Communicator comm, int tag) {
        RequestPool sends = new RequestPool();
        outgoing.forEach((owner, vertices) -> sends.add(comm.isend(vertices, owner, tag(tag), synchronous())));
        Workloads.LongList received = new Workloads.LongList();
        Request<Void> barrier = null;
        while (barrier == null || !barrier.test()) {
            Optional<Status> message = comm.iprobe(Communicator.ANY_SOURCE, tag(tag));
            if (message.isPresent()) {
                received.addAll(comm.recv(long[].class, message.get().source(), tag(tag)));
            } else if (barrier == null && sends.testAll()) {
                barrier = comm.ibarrier();
            }
        }
        return received.toArray();
    }
}
