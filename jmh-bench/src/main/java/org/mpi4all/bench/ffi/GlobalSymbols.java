package org.mpi4all.bench.ffi;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** Symbols of the process' global scope ({@code dlsym(RTLD_DEFAULT, name)}), where mpi4all loaded libmpi. */
final class GlobalSymbols {
    private static final MemorySegment RTLD_DEFAULT = MemorySegment.NULL;
    private static final MethodHandle DLSYM = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("dlsym").orElseThrow(() -> new UnsatisfiedLinkError("no dlsym in the C library")),
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));

    private GlobalSymbols() {}

    static MemorySegment find(String name) {
        MemorySegment address;
        try (Arena arena = Arena.ofConfined()) {
            address = (MemorySegment) DLSYM.invokeExact(RTLD_DEFAULT, arena.allocateFrom(name));
        } catch (Throwable t) {
            throw new AssertionError("dlsym cannot fail but by returning NULL", t);
        }
        if (address.equals(MemorySegment.NULL)) {
            throw new UnsatisfiedLinkError(name + " is not in the global scope: is the MPI library loaded?");
        }
        return address;
    }
}
