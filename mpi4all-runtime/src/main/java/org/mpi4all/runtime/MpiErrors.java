package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the error code an MPI function returned into an {@link MpiException} that says what went wrong:
 * the error class and its constant name, and the implementation's {@code MPI_Error_string}. Only the
 * failure path runs this, so it may take its time. Tool-interface functions ({@code MPI_T_*}) return
 * codes of their own ({@code MPI_T_ERR_*}), which {@code MPI_Error_string} does not describe.
 */
public final class MpiErrors {
    private final MpiLibrary library;
    private final List<String> errorClassConstants;
    private final List<String> toolErrorConstants;
    private Map<Integer, String> errorClassNames;
    private Map<Integer, String> toolErrorNames;

    /**
     * @param library             the loaded library
     * @param errorClassConstants the names of the implementation's error class constants ({@code MPI_ERR_*})
     * @param toolErrorConstants  the names of its tool-interface error constants ({@code MPI_T_ERR_*})
     */
    public MpiErrors(MpiLibrary library, List<String> errorClassConstants, List<String> toolErrorConstants) {
        this.library = library;
        this.errorClassConstants = List.copyOf(errorClassConstants);
        this.toolErrorConstants = List.copyOf(toolErrorConstants);
    }

    /** The exception for {@code code}, returned by {@code function}. */
    public synchronized MpiException exception(String function, int code) {
        MpiException exception;
        if (function.startsWith("MPI_T_")) {
            if (toolErrorNames == null) {
                toolErrorNames = valuesToNames(toolErrorConstants);
            }
            exception = new MpiException(function, code, code, toolErrorNames.get(code), null);
        } else {
            if (errorClassNames == null) {
                errorClassNames = valuesToNames(errorClassConstants);
            }
            int errorClass = errorClass(code);
            exception = new MpiException(function, code, errorClass, errorClassNames.get(errorClass), errorString(code));
        }
        Throwable callbackFailure = Upcalls.takePending();
        if (callbackFailure != null) {
            exception.initCause(callbackFailure);
        }
        return exception;
    }

    /**
     * What a generated function does with a {@link Throwable} from {@code invokeExact}: unchecked ones pass
     * through; a checked one cannot come from a downcall.
     */
    public static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException e) {
            return e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new AssertionError("should not reach here", t);
    }

    private Map<Integer, String> valuesToNames(List<String> constants) {
        Map<Integer, String> names = new HashMap<>();
        for (String constant : constants) {
            if (library.defines(constant)) {
                names.putIfAbsent(library.intConstant(constant), constant);
            }
        }
        return names;
    }

    private int errorClass(int code) {
        MethodHandle errorClass = library.downcall("MPI_Error_class", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(JAVA_INT);
            return (int) errorClass.invokeExact(code, result) == 0 ? result.get(JAVA_INT, 0) : code;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private String errorString(int code) {
        MethodHandle errorString = library.downcall("MPI_Error_string",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(library.intConstant("MPI_MAX_ERROR_STRING") + 1L);
            MemorySegment length = arena.allocate(JAVA_INT);
            return (int) errorString.invokeExact(code, text, length) == 0 ? text.getString(0) : null;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
