package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.List;

/** Finds the MPI library of this process and identifies its ABI family. */
public final class MpiDiscovery {
    /** The ABI families, each with the name its profiles give it. */
    public enum Family {
        OPEN_MPI("openmpi"), MPICH("mpich"), STANDARD_ABI("mpiabi");

        private final String profileFamily;

        Family(String profileFamily) {
            this.profileFamily = profileFamily;
        }

        String profileFamily() {
            return profileFamily;
        }
    }

    /** The library to load and how it was chosen. */
    public record Located(String library, String how) {}

    private MpiDiscovery() {}

    /** The library to load: the explicit choice, else the first usual name the loader finds. */
    public static Located locate() {
        String explicit = System.getProperty(MpiLibrary.LIBRARY_PROPERTY, System.getenv(MpiLibrary.LIBRARY_VARIABLE));
        if (explicit != null && !explicit.isBlank()) {
            if (explicit.contains("/") && !java.nio.file.Files.isRegularFile(java.nio.file.Path.of(explicit))) {
                throw new UnsatisfiedLinkError("the MPI library " + explicit + " given by -D" + MpiLibrary.LIBRARY_PROPERTY
                        + " or " + MpiLibrary.LIBRARY_VARIABLE + " does not exist");
            }
            return new Located(explicit, "-D" + MpiLibrary.LIBRARY_PROPERTY + " or " + MpiLibrary.LIBRARY_VARIABLE);
        }
        String abi = System.getProperty("mpi4all.abi", System.getenv("MPI4ALL_ABI"));
        boolean hydra = System.getenv("PMI_RANK") != null || System.getenv("PMI_FD") != null;
        List<String> names = "standard".equals(abi) ? List.of("libmpi_abi.so.1")
                : "openmpi".equals(abi) ? List.of("libmpi.so.40")
                : "mpich".equals(abi) ? List.of("libmpich.so.12", "libmpi.so.12")
                : hydra ? List.of("libmpich.so.12", "libmpi.so.12", "libmpi.so.40", "libmpi_abi.so.1")
                : List.of("libmpi.so.40", "libmpich.so.12", "libmpi.so.12", "libmpi_abi.so.1");
        for (String name : names) {
            try {
                LibC.dlopen(name, LibC.RTLD_NOW | LibC.RTLD_GLOBAL);
                return new Located(name, "the loader path");
            } catch (UnsatisfiedLinkError e) {
                // not this one
            }
        }
        throw new UnsatisfiedLinkError("no MPI library found (tried " + String.join(", ", names)
                + "): install MPI or name its library with -D" + MpiLibrary.LIBRARY_PROPERTY + "=PATH");
    }

    /** The ABI family of the loaded library {@code path} (mpi4py's rule). */
    public static Family identify(String path) {
        SymbolLookup symbols = SymbolLookup.libraryLookup(path, Arena.global());
        if (symbols.find("ompi_mpi_comm_world").isPresent()) {
            return Family.OPEN_MPI;
        }
        MemorySegment abiVersion = symbols.find("MPI_Abi_get_version").orElse(MemorySegment.NULL);
        if (!abiVersion.equals(MemorySegment.NULL) && abiMajor(abiVersion) > 0) {
            return Family.STANDARD_ABI;
        }
        return Family.MPICH;
    }

    /** Nothing to check yet: launcher and library are not compared. */
    public static void checkLauncher(Family family, String library) {
    }

    private static int abiMajor(MemorySegment function) {
        MethodHandle call = Linker.nativeLinker().downcallHandle(function, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment major = arena.allocate(JAVA_INT);
            MemorySegment minor = arena.allocate(JAVA_INT);
            return (int) call.invokeExact(major, minor) == 0 ? major.get(JAVA_INT, 0) : -1;
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
    }
}
