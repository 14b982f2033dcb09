package org.mpi4all.core.blueprint;

import java.util.List;

/**
 * Which MPI implementation a blueprint describes, and how to compile, link and load against it.
 *
 * @param name           the scripts/mpi name when known (openmpi, mpich, intelmpi, mpich5, openmpi5, mpiabi),
 *                       otherwise the family
 * @param family         {@code openmpi}, {@code mpich} (MPICH and its derivatives: Intel MPI, MVAPICH,
 *                       Cray) or {@code mpiabi} (the MPI-5 standard ABI header)
 * @param version        the implementation's own version, e.g. {@code 4.1.4}
 * @param libraryVersion what {@code MPI_Get_library_version} returns
 * @param mpiVersion     {@code MPI_VERSION}
 * @param mpiSubversion  {@code MPI_SUBVERSION}
 * @param library        absolute path of the shared library to load (the real file, never a linker script)
 * @param mpicc          absolute path of the compiler wrapper the blueprint was measured with
 * @param headers        the MPI header files that contributed declarations, {@code mpi.h} first
 * @param compileFlags   the wrapper's compile flags ({@code -I...}, {@code -D...})
 * @param linkFlags      the wrapper's link flags ({@code -L...}, {@code -l...}, {@code -Wl,...})
 */
public record ImplementationInfo(
        String name,
        String family,
        String version,
        String libraryVersion,
        int mpiVersion,
        int mpiSubversion,
        String library,
        String mpicc,
        List<String> headers,
        List<String> compileFlags,
        List<String> linkFlags) {

    public ImplementationInfo {
        headers = Names.copy(headers);
        compileFlags = Names.copy(compileFlags);
        linkFlags = Names.copy(linkFlags);
    }
}
