package org.mpi4all.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The function-like macros of {@code mpi.h} whose meaning the standard fixes, computed in Java for libraries
 * that do not also export them as functions: Open MPI 4.1's {@code MPI_Aint_add} and {@code MPI_Aint_diff}, and
 * MPICH 4's Fortran handle conversions ({@code #define MPI_Comm_c2f(comm) (MPI_Fint)(comm)}), which are the
 * identity where a handle is the Fortran integer itself. The ABI profile says which functions these are.
 */
final class MacroFunctions {
    private MacroFunctions() {}

    /** The Java implementation of the macro {@code name}, with the neutral bindings' Java types. */
    static MethodHandle of(String name) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            if (name.equals("MPI_Aint_add") || name.equals("MPI_Aint_diff")) {
                return lookup.findStatic(MacroFunctions.class, name.equals("MPI_Aint_add") ? "aintAdd" : "aintDiff",
                        MethodType.methodType(long.class, long.class, long.class));
            }
            if (name.endsWith("_c2f")) {
                return lookup.findStatic(MacroFunctions.class, "handleToFortran", MethodType.methodType(int.class, long.class));
            }
            if (name.endsWith("_f2c")) {
                return lookup.findStatic(MacroFunctions.class, "fortranToHandle", MethodType.methodType(long.class, int.class));
            }
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        throw new IllegalArgumentException("no Java implementation of the macro " + name);
    }

    private static long aintAdd(long base, long displacement) {
        return base + displacement;
    }

    private static long aintDiff(long address1, long address2) {
        return address1 - address2;
    }

    private static int handleToFortran(long handle) {
        return (int) handle;
    }

    private static long fortranToHandle(int handle) {
        return handle;
    }
}
