package org.mpi4all.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.util.Optional;

/** The symbols of a loaded auxiliary library ({@code mpi4all_NAME}, see {@link MpiLibrary#AUX_PREFIX}). */
record AuxSymbols(SymbolLookup lookup) {
    boolean has(String name) {
        return lookup.find(MpiLibrary.AUX_PREFIX + name).isPresent();
    }

    /** The object or function {@code mpi4all_NAME}, {@code size} bytes of it readable. */
    MemorySegment find(String name, long size) {
        // No orElseThrow(lambda): specialised bindings read every constant here as they initialise, in a fresh JVM.
        Optional<MemorySegment> symbol = lookup.find(MpiLibrary.AUX_PREFIX + name);
        if (symbol.isEmpty()) {
            throw new UnsatisfiedLinkError("the mpi4all auxiliary library has no symbol " + MpiLibrary.AUX_PREFIX + name
                    + ": it does not match these bindings; regenerate them");
        }
        return symbol.get().reinterpret(size);
    }
}
