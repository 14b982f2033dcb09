package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * A rank (or a lone process) that finds and loads its MPI library with {@link MpiDiscovery#load()} and prints what
 * it found as {@code key=value} lines. With the argument {@code join} it then initialises MPI and prints its rank and
 * the size of {@code MPI_COMM_WORLD}, which proves the library found is the one that joins the launcher's job: a
 * wrong one runs each rank as a singleton (size 1). It uses only its own downcalls, not the generated bindings,
 * whose handles belong to one ABI.
 */
public final class DiscoveryProgram {
    /** {@code MPI_COMM_WORLD} in the MPICH ABI and in the MPI-5 standard ABI (a handle value, not an address). */
    private static final int MPICH_COMM_WORLD = 0x44000000;
    private static final long STANDARD_ABI_COMM_WORLD = 0x101;

    private DiscoveryProgram() {}

    public static void main(String[] args) throws Throwable {
        MpiDiscovery.Loaded loaded = MpiDiscovery.load();
        System.out.println("library=" + loaded.library());
        System.out.println("how=" + loaded.how());
        System.out.println("family=" + loaded.identity().family());
        System.out.println("lineage=" + loaded.identity().lineage());
        System.out.println("version=" + loaded.identity().version());
        System.out.println("launcher=" + loaded.launcher().kind());
        System.out.println("launcher_evidence=" + loaded.launcher().evidence());
        if (args.length > 0 && args[0].equals("join")) {
            join(loaded.identity().family());
        }
    }

    private static void join(MpiDiscovery.Family family) throws Throwable {
        MemoryLayout carrier = family == MpiDiscovery.Family.MPICH ? JAVA_INT : ADDRESS;
        check((int) call("MPI_Init", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS))
                .invokeExact(MemorySegment.NULL, MemorySegment.NULL), "MPI_Init");
        FunctionDescriptor query = FunctionDescriptor.of(JAVA_INT, carrier, ADDRESS);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment rank = arena.allocate(JAVA_INT);
            MemorySegment size = arena.allocate(JAVA_INT);
            if (family == MpiDiscovery.Family.MPICH) {
                check((int) call("MPI_Comm_rank", query).invokeExact(MPICH_COMM_WORLD, rank), "MPI_Comm_rank");
                check((int) call("MPI_Comm_size", query).invokeExact(MPICH_COMM_WORLD, size), "MPI_Comm_size");
            } else {
                MemorySegment world = family == MpiDiscovery.Family.OPEN_MPI
                        ? LibC.dlsym(LibC.RTLD_DEFAULT, "ompi_mpi_comm_world")
                        : MemorySegment.ofAddress(STANDARD_ABI_COMM_WORLD);
                check((int) call("MPI_Comm_rank", query).invokeExact(world, rank), "MPI_Comm_rank");
                check((int) call("MPI_Comm_size", query).invokeExact(world, size), "MPI_Comm_size");
            }
            System.out.println("rank=" + rank.get(JAVA_INT, 0));
            System.out.println("size=" + size.get(JAVA_INT, 0));
        }
        check((int) call("MPI_Finalize", FunctionDescriptor.of(JAVA_INT)).invokeExact(), "MPI_Finalize");
    }

    private static MethodHandle call(String function, FunctionDescriptor descriptor) {
        return Linker.nativeLinker().downcallHandle(LibC.dlsym(LibC.RTLD_DEFAULT, function), descriptor);
    }

    private static void check(int rc, String function) {
        if (rc != 0) {
            throw new IllegalStateException(function + " returned " + rc);
        }
    }
}
