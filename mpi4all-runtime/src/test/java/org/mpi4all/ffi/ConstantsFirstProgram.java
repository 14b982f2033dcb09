package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A program whose first statement reads constants, before anything has initialised {@link Mpi}: the sentinels'
 * family first, which {@code Mpi}'s own initialiser reads too (its argument checks need {@code MPI_IN_PLACE}), then
 * the datatypes'. Each rank prints what it read, then its rank, the size and an in-place sum over the ranks (which
 * the checked mode passes only if it took the right {@code MPI_IN_PLACE}).
 */
final class ConstantsFirstProgram {
    private ConstantsFirstProgram() {}

    public static void main(String[] args) {
        MemorySegment inPlace = Mpi.MPI_IN_PLACE;
        MPI_Datatype integer = Mpi.MPI_INT;
        System.out.println("in_place_read_first=" + inPlace.address());
        System.out.println("in_place_of_the_library=" + Mpi.LIB.addressConstant("MPI_IN_PLACE").address());
        System.out.println("int_read_first=" + integer.value());
        System.out.println("int_of_the_library=" + Mpi.LIB.handleConstant("MPI_INT", "MPI_Datatype"));
        Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, out);
            int rank = out.get(JAVA_INT, 0);
            Mpi.MPI_Comm_size(Mpi.MPI_COMM_WORLD, out);
            System.out.println("rank=" + rank);
            System.out.println("size=" + out.get(JAVA_INT, 0));
            MemorySegment sum = arena.allocateFrom(JAVA_INT, rank + 1);
            Mpi.MPI_Allreduce(Mpi.MPI_IN_PLACE, sum, 1, integer, Mpi.MPI_SUM, Mpi.MPI_COMM_WORLD);
            System.out.println("sum=" + sum.get(JAVA_INT, 0));
        }
        Mpi.MPI_Finalize();
    }
}
