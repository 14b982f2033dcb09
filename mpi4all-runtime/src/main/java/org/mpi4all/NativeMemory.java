package org.mpi4all;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Native memory freed explicitly, for what a nonblocking operation stages: it must live exactly until
 * the request completes, which may happen on another thread (so not a confined arena), and often
 * (so not a shared arena, whose closing stops every thread).
 */
final class NativeMemory {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle MALLOC = LINKER.downcallHandle(
            LINKER.defaultLookup().find("malloc").orElseThrow(), FunctionDescriptor.of(ADDRESS, JAVA_LONG));
    private static final MethodHandle FREE = LINKER.downcallHandle(
            LINKER.defaultLookup().find("free").orElseThrow(), FunctionDescriptor.ofVoid(ADDRESS));

    private NativeMemory() {}

    static MemorySegment allocate(long bytes) {
        MemorySegment memory;
        try {
            memory = (MemorySegment) MALLOC.invokeExact(Math.max(bytes, 1L));
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
        if (memory.equals(MemorySegment.NULL)) {
            throw new OutOfMemoryError("malloc(" + bytes + ") failed");
        }
        Census.NATIVE_BYTES.addAndGet(bytes);
        return memory.reinterpret(bytes);
    }

    /** Frees what {@link #allocate} returned, whole. */
    static void free(MemorySegment memory) {
        try {
            FREE.invokeExact(memory);
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
        Census.NATIVE_BYTES.addAndGet(-memory.byteSize());
    }
}
