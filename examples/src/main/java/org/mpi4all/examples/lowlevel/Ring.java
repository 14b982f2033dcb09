package org.mpi4all.examples.lowlevel;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/**
 * {@link org.mpi4all.examples.highlevel.Ring} on the generated low-level API: the same ring, written as
 * in C. {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.lowlevel.Ring}
 */
public final class Ring {
    private Ring() {}

    public static void main(String[] args) {
        Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT, 2);
            Mpi.MPI_Comm_size(Mpi.MPI_COMM_WORLD, out);
            int size = out.get(JAVA_INT, 0);
            MemorySegment ringHandle = MPI_Comm.allocate(arena);
            Mpi.MPI_Cart_create(Mpi.MPI_COMM_WORLD, 1, arena.allocateFrom(JAVA_INT, size), arena.allocateFrom(JAVA_INT, 1),
                    0, ringHandle);
            MPI_Comm ring = MPI_Comm.read(ringHandle);
            Mpi.MPI_Comm_rank(ring, out);
            MemorySegment token = arena.allocateFrom(JAVA_INT, out.get(JAVA_INT, 0));
            Mpi.MPI_Cart_shift(ring, 0, 1, out, out.asSlice(JAVA_INT.byteSize()));
            int source = out.getAtIndex(JAVA_INT, 0);
            int destination = out.getAtIndex(JAVA_INT, 1);
            MemorySegment next = arena.allocate(JAVA_INT);
            long sum = 0;
            for (int step = 0; step < size; step++) {
                sum += token.get(JAVA_INT, 0);
                Mpi.MPI_Sendrecv(token, 1, Mpi.MPI_INT, destination, 0, next, 1, Mpi.MPI_INT, source, 0, ring,
                        Mpi.MPI_STATUS_IGNORE);
                MemorySegment.copy(next, 0, token, 0, JAVA_INT.byteSize());
            }
            System.out.println("ring.sum=" + sum);
            Mpi.MPI_Comm_free(ringHandle);
        }
        Mpi.MPI_Finalize();
    }
}
