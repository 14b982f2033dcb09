package org.mpi4all.examples.lowlevel;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.mpi4all.examples.Workloads;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;

/**
 * {@link org.mpi4all.examples.highlevel.SampleSort} on the generated low-level API: Java arrays passed
 * without a copy through {@link MpiCritical}, counts exchanged and displacements computed by hand.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.lowlevel.SampleSort [numbers per rank]}
 */
public final class SampleSort {
    private SampleSort() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, out);
            int rank = out.get(JAVA_INT, 0);
            Mpi.MPI_Comm_size(Mpi.MPI_COMM_WORLD, out);
            int size = out.get(JAVA_INT, 0);
            long[] data = Workloads.randomData(rank, n);
            long checksum = allreduce(Workloads.checksum(data), Mpi.MPI_INT64_T, Mpi.MPI_SUM);

            data = sort(data, Mpi.MPI_COMM_WORLD, rank, size);

            long[] ends = new long[3 * size];
            MpiCritical.MPI_Allgather(MemorySegment.ofArray(Workloads.ends(data)), 3, Mpi.MPI_INT64_T,
                    MemorySegment.ofArray(ends), 3, Mpi.MPI_INT64_T, Mpi.MPI_COMM_WORLD);
            boolean verified = allreduce(Workloads.isSorted(data) ? 1 : 0, Mpi.MPI_INT, Mpi.MPI_LAND) != 0
                    && Workloads.inOrder(ends)
                    && allreduce(Workloads.checksum(data), Mpi.MPI_INT64_T, Mpi.MPI_SUM) == checksum
                    && allreduce(data.length, Mpi.MPI_INT64_T, Mpi.MPI_SUM) == (long) n * size;
            System.out.println("sort.checksum=" + checksum);
            System.out.println("verified=" + verified);
        }
        Mpi.MPI_Finalize();
    }

    static long[] sort(long[] data, MPI_Comm comm, int rank, int size) {
        int k = Workloads.sampleCount(size);
        long[] samples = new long[k * size];
        MpiCritical.MPI_Allgather(MemorySegment.ofArray(Workloads.sample(data, k, rank)), k, Mpi.MPI_INT64_T,
                MemorySegment.ofArray(samples), k, Mpi.MPI_INT64_T, comm);
        Arrays.sort(samples);
        long[] splitters = Workloads.splitters(samples, k, size);
        int[] sendCounts = new int[size];
        long[] buckets = Workloads.buckets(data, splitters, sendCounts);
        int[] recvCounts = new int[size];
        MpiCritical.MPI_Alltoall(MemorySegment.ofArray(sendCounts), 1, Mpi.MPI_INT, MemorySegment.ofArray(recvCounts),
                1, Mpi.MPI_INT, comm);
        int[] sendDispls = exclusivePrefixSum(sendCounts);
        int[] recvDispls = exclusivePrefixSum(recvCounts);
        long[] received = new long[recvDispls[size - 1] + recvCounts[size - 1]];
        MpiCritical.MPI_Alltoallv(MemorySegment.ofArray(buckets), MemorySegment.ofArray(sendCounts),
                MemorySegment.ofArray(sendDispls), Mpi.MPI_INT64_T, MemorySegment.ofArray(received),
                MemorySegment.ofArray(recvCounts), MemorySegment.ofArray(recvDispls), Mpi.MPI_INT64_T, comm);
        Arrays.sort(received);
        return received;
    }

    static int[] exclusivePrefixSum(int[] counts) {
        int[] sums = new int[counts.length];
        for (int i = 1; i < counts.length; i++) {
            sums[i] = sums[i - 1] + counts[i - 1];
        }
        return sums;
    }

    /** {@code value} of all ranks combined with {@code op}, as a {@code long} of MPI type {@code type}. */
    static long allreduce(long value, MPI_Datatype type, MPI_Op op) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = type.equals(Mpi.MPI_INT) ? arena.allocateFrom(JAVA_INT, (int) value)
                    : arena.allocateFrom(JAVA_LONG, value);
            Mpi.MPI_Allreduce(Mpi.MPI_IN_PLACE, buffer, 1, type, op, Mpi.MPI_COMM_WORLD);
            return type.equals(Mpi.MPI_INT) ? buffer.get(JAVA_INT, 0) : buffer.get(JAVA_LONG, 0);
        }
    }
}
