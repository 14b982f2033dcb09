package org.mpi4all.examples.highlevel;

import static org.mpi4all.Param.sendCounts;

import java.util.Arrays;
import org.mpi4all.Communicator;
import org.mpi4all.Environment;
import org.mpi4all.Op;
import org.mpi4all.examples.Workloads;

/**
 * Sorts random numbers spread over the ranks with a textbook sample sort (KaMPIng's Fig. 7): samples
 * gathered everywhere pick splitters, each rank sends every other one its bucket ({@code alltoallv},
 * counts exchanged by the call), then sorts what it received.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.highlevel.SampleSort [numbers per rank]}
 */
public final class SampleSort {
    private SampleSort() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        try (Environment env = Environment.init(args)) {
            Communicator world = env.world();
            long[] data = Workloads.randomData(world.rank(), n);
            long checksum = world.allreduce(Workloads.checksum(data), Op.SUM);

            data = sort(data, world);

            long[] ends = world.allgather(Workloads.ends(data));
            boolean verified = world.allreduce(Workloads.isSorted(data), Op.LAND) && Workloads.inOrder(ends)
                    && world.allreduce(Workloads.checksum(data), Op.SUM) == checksum
                    && world.allreduce((long) data.length, Op.SUM) == (long) n * world.size();
            System.out.println("sort.checksum=" + checksum);
            System.out.println("verified=" + verified);
        }
    }

    static long[] sort(long[] data, Communicator comm) {
        int k = Workloads.sampleCount(comm.size());
        long[] samples = comm.allgather(Workloads.sample(data, k, comm.rank()));
        Arrays.sort(samples);
        long[] splitters = Workloads.splitters(samples, k, comm.size());
        int[] counts = new int[comm.size()];
        long[] buckets = Workloads.buckets(data, splitters, counts);
        long[] received = comm.alltoallv(buckets, sendCounts(counts));
        Arrays.sort(received);
        return received;
    }
}
