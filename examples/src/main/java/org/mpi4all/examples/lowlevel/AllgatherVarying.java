package org.mpi4all.examples.lowlevel;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.Mpi;

/**
 * {@link org.mpi4all.examples.highlevel.AllgatherVarying} on the generated low-level API: the counts
 * exchanged and the displacements computed by hand, as in KaMPIng's Fig. 2.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.lowlevel.AllgatherVarying}
 */
public final class AllgatherVarying {
    private AllgatherVarying() {}

    public static void main(String[] args) {
        Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, out);
            int rank = out.get(JAVA_INT, 0);
            Mpi.MPI_Comm_size(Mpi.MPI_COMM_WORLD, out);
            int size = out.get(JAVA_INT, 0);
            MemorySegment mine = arena.allocate(JAVA_LONG, rank + 1);
            for (int i = 0; i <= rank; i++) {
                mine.setAtIndex(JAVA_LONG, i, rank * 100L + i);
            }

            MemorySegment counts = arena.allocate(JAVA_INT, size);
            counts.setAtIndex(JAVA_INT, rank, rank + 1);
            Mpi.MPI_Allgather(Mpi.MPI_IN_PLACE, 0, Mpi.MPI_DATATYPE_NULL, counts, 1, Mpi.MPI_INT, Mpi.MPI_COMM_WORLD);
            MemorySegment displs = arena.allocate(JAVA_INT, size);
            int total = 0;
            for (int r = 0; r < size; r++) {
                displs.setAtIndex(JAVA_INT, r, total);
                total += counts.getAtIndex(JAVA_INT, r);
            }
            MemorySegment all = arena.allocate(JAVA_LONG, total);
            Mpi.MPI_Allgatherv(mine, rank + 1, Mpi.MPI_INT64_T, all, counts, displs, Mpi.MPI_INT64_T, Mpi.MPI_COMM_WORLD);

            long sum = 0;
            for (int i = 0; i < total; i++) {
                sum += all.getAtIndex(JAVA_LONG, i);
            }
            System.out.println("allgatherv.length=" + total);
            System.out.println("allgatherv.sum=" + sum);
        }
        Mpi.MPI_Finalize();
    }
}
