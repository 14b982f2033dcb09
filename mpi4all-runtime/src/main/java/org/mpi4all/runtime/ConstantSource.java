package org.mpi4all.runtime;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Where {@link MpiLibrary} takes what the generated code cannot know in advance: each constant's value, the
 * layouts of handles and structs, and what a function the library does not export becomes. Neutral bindings read
 * the ABI profile of the loaded library ({@link ProfileConstants}); bindings specialised at build time read the
 * auxiliary library generated with them ({@link AuxLibraryConstants}). The methods are {@link MpiLibrary}'s of the
 * same names, which see there.
 */
sealed interface ConstantSource permits ProfileConstants, AuxLibraryConstants {
    /** The ABI profile applied; null for specialised bindings, which have none. */
    AbiProfile profile();

    boolean defines(String name);

    int intConstant(String name);

    long longConstant(String name);

    long handleConstant(String name, String type);

    double doubleConstant(String name);

    MemorySegment addressConstant(String name);

    String stringConstant(String name);

    ValueLayout handleLayout(String type);

    StructLayout structLayout(String name);

    /** The address of the auxiliary library's function for {@code name} ({@code mpi4all_NAME}). */
    MemorySegment auxFunction(String name);

    /**
     * What calling {@code name}, which the library does not export, does: a macro computed in Java or called
     * through the auxiliary library where the ABI has one for it, else an {@link UnsupportedOperationException}
     * naming {@code library}; {@code options} link a function called through the auxiliary library.
     */
    MethodHandle missingFunction(String name, FunctionDescriptor descriptor, String library, Linker.Option... options);

    /** The NUL-terminated text at {@code address}; null for NULL. */
    static String text(MemorySegment address) {
        return address.equals(MemorySegment.NULL) ? null : address.reinterpret(Integer.MAX_VALUE).getString(0);
    }
}
