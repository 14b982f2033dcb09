package org.mpi4all.runtime;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * The bridge between the neutral bindings' Java types and an ABI's C types. In Java every handle is a
 * {@code long} (so that one class file serves every implementation); in C it is an {@code int} (the MPICH
 * family) or a pointer. A function descriptor of the neutral bindings names each handle layout after its C type
 * ({@link MpiLibrary#handleLayout}); the method type Java calls with has a {@code long} wherever such a layout
 * is, and the casts between the two are one {@code explicitCastArguments}, which the JIT compiles to a sign
 * extension or a truncation. Public for the generated code; not an API of its own.
 */
public final class HandleCarriers {
    private HandleCarriers() {}

    /** The type Java code calls a downcall of {@code descriptor} with, or an upcall of it is written with. */
    public static MethodType javaType(FunctionDescriptor descriptor) {
        List<MemoryLayout> arguments = descriptor.argumentLayouts();
        Class<?>[] parameters = new Class<?>[arguments.size()];
        for (int i = 0; i < parameters.length; i++) {
            parameters[i] = javaCarrier(arguments.get(i));
        }
        Class<?> result = descriptor.returnLayout().map(HandleCarriers::javaCarrier).orElse(void.class);
        return MethodType.methodType(result, parameters);
    }

    /** {@code nativeOrJava}, adapted to {@link #javaType} of {@code descriptor}. */
    static MethodHandle toJava(MethodHandle handle, FunctionDescriptor descriptor) {
        return MethodHandles.explicitCastArguments(handle, javaType(descriptor));
    }

    /** A handle that throws {@link UnsupportedOperationException} naming {@code function} and {@code library}. */
    static MethodHandle unsupported(String function, String library, FunctionDescriptor descriptor) {
        MethodType type = javaType(descriptor);
        try {
            MethodHandle exception = MethodHandles.lookup()
                    .findConstructor(UnsupportedOperationException.class, MethodType.methodType(void.class, String.class))
                    .bindTo(function + " is not provided by the MPI library " + library);
            MethodHandle thrower = MethodHandles.throwException(type.returnType(), UnsupportedOperationException.class);
            return MethodHandles.dropArguments(MethodHandles.foldArguments(thrower, exception), 0, type.parameterList());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static Class<?> javaCarrier(MemoryLayout layout) {
        return isHandle(layout) ? long.class : ((ValueLayout) layout).carrier();
    }

    private static boolean isHandle(MemoryLayout layout) {
        return layout instanceof ValueLayout && layout.name().isPresent();
    }
}
