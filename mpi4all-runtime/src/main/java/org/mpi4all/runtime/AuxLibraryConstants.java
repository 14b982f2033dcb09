package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The constants of bindings specialised at build time: each is the auxiliary library's read-only copy
 * ({@code mpi4all_NAME}), read at the width the generator measured. Those bindings fix their handle carriers and
 * layouts when they are generated, so they never ask for them.
 */
record AuxLibraryConstants(AuxSymbols aux, String implementation) implements ConstantSource {
    @Override
    public AbiProfile profile() {
        return null;
    }

    @Override
    public boolean defines(String name) {
        return aux.has(name);
    }

    @Override
    public int intConstant(String name) {
        return aux.find(name, Integer.BYTES).get(JAVA_INT, 0);
    }

    @Override
    public long longConstant(String name) {
        return aux.find(name, Long.BYTES).get(JAVA_LONG, 0);
    }

    @Override
    public long handleConstant(String name, String type) {
        throw fixedAtGeneration("the carrier of " + type);
    }

    @Override
    public double doubleConstant(String name) {
        return aux.find(name, Double.BYTES).get(JAVA_DOUBLE, 0);
    }

    @Override
    public MemorySegment addressConstant(String name) {
        return aux.find(name, ADDRESS.byteSize()).get(ADDRESS, 0);
    }

    @Override
    public String stringConstant(String name) {
        return ConstantSource.text(addressConstant(name));
    }

    @Override
    public ValueLayout handleLayout(String type) {
        throw fixedAtGeneration("the carrier of " + type);
    }

    @Override
    public StructLayout structLayout(String name) {
        throw fixedAtGeneration("the layout of " + name);
    }

    @Override
    public MemorySegment auxFunction(String name) {
        return aux.find(name, 0);
    }

    @Override
    public MethodHandle missingFunction(String name, FunctionDescriptor descriptor, String library,
                                        Linker.Option... options) {
        return HandleCarriers.unsupported(name, library, descriptor);
    }

    private IllegalStateException fixedAtGeneration(String what) {
        return new IllegalStateException("bindings specialised to " + implementation + " fix " + what
                + " when they are generated: only implementation-neutral bindings ask the loaded library for it");
    }
}
