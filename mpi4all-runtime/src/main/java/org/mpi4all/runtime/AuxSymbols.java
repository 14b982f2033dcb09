package org.mpi4all.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;

/** The symbols of a loaded auxiliary library ({@code mpi4all_NAME}, see {@link MpiLibrary#AUX_PREFIX}). */
record AuxSymbols(SymbolLookup lookup) {
    boolean has(String name) {
        return lookup.find(MpiLibrary.AUX_PREFIX + name).isPresent();
    }

    /** The object or function {@code mpi4all_NAME}, {@code size} bytes of it readable. */
    MemorySegment find(String name, long size) {
        return lookup.find(MpiLibrary.AUX_PREFIX + name)
                .orElseThrow(() -> new UnsatisfiedLinkError("the mpi4all auxiliary library has no symbol "
                        + MpiLibrary.AUX_PREFIX + name + ": it does not match these bindings; regenerate them"))
                .reinterpret(size);
    }
}
