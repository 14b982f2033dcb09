package org.mpi4all.examples;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.Mpi;

/**
 * Computes pi as four times the area under sqrt(1-x^2) on [0,1] with the midpoint rule, the
 * intervals dealt out round-robin over the ranks, on the generated low-level API (the MPI4All paper's
 * Fig. 9): {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.Pi [intervals]}.
 */
public final class Pi {
    private Pi() {}

    public static void main(String[] args) {
        int intervals = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment rankOut = arena.allocate(JAVA_INT);
            MemorySegment sizeOut = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, rankOut);
            Mpi.MPI_Comm_size(Mpi.MPI_COMM_WORLD, sizeOut);
            int rank = rankOut.get(JAVA_INT, 0);
            int size = sizeOut.get(JAVA_INT, 0);

            double width = 1.0 / intervals;
            double localSum = 0.0;
            for (int i = rank + 1; i <= intervals; i += size) {
                double x = (i - 0.5) * width;          // midpoint of interval i
                localSum += Math.sqrt(1.0 - x * x);    // a quarter circle: its area is pi/4
            }

            MemorySegment local = arena.allocateFrom(JAVA_DOUBLE, localSum);
            MemorySegment total = arena.allocate(JAVA_DOUBLE);
            Mpi.MPI_Reduce(local, total, 1, Mpi.MPI_DOUBLE, Mpi.MPI_SUM, 0, Mpi.MPI_COMM_WORLD);
            if (rank == 0) {
                double pi = total.get(JAVA_DOUBLE, 0) * width * 4;
                System.out.printf("pi is approximately %.12f (error %.3e) on %d ranks%n", pi, Math.abs(pi - Math.PI), size);
            }
        }
        Mpi.MPI_Finalize();
    }
}
