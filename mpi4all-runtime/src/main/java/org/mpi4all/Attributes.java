package org.mpi4all;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.OptionalInt;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Comm_errhandler_function;
import org.mpi4all.ffi.MPI_Errhandler;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.Upcalls;

/**
 * What a communicator carries besides its processes (MPI-4.1 §7.7-7.8, §9.3): its name, attributes (the
 * predefined ones and those of {@link AttributeKey}s, whose access here serves datatypes and windows too) and
 * its error handler.
 */
final class Attributes {
    private Attributes() {}

    static String name(Communicator c) {
        MPI_Comm comm = c.handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocate(Mpi.MPI_MAX_OBJECT_NAME + 1L);
            Mpi.MPI_Comm_get_name(comm, name, arena.allocate(JAVA_INT));
            return name.getString(0);
        }
    }

    static void setName(Communicator c, String name) {
        if (name.length() >= Mpi.MPI_MAX_OBJECT_NAME) {
            throw new IllegalArgumentException("setName: a name has fewer than MPI_MAX_OBJECT_NAME ("
                    + Mpi.MPI_MAX_OBJECT_NAME + ") characters: " + name.length());
        }
        MPI_Comm comm = c.handle();
        try (Arena arena = Arena.ofConfined()) {
            Mpi.MPI_Comm_set_name(comm, arena.allocateFrom(name));
        }
    }

    /** The predefined integer attribute {@code keyval} ({@code MPI_TAG_UB} ...), empty if MPI sets none. */
    static OptionalInt predefined(Communicator c, int keyval) {
        MemorySegment value = raw(AttributeKind.COMMUNICATORS, c, c.environment, keyval);
        return value == null ? OptionalInt.empty()
                : OptionalInt.of(value.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0));
    }

    static <O, T> void set(O object, AttributeKey<O, T> key, T value) {
        int keyval = key.keyval();
        key.kind().set(object, key.environment(), keyval, MemorySegment.ofAddress(key.store(value)));
    }

    static <O, T> Optional<T> get(O object, AttributeKey<O, T> key) {
        MemorySegment value = raw(key.kind(), object, key.environment(), key.keyval());
        return value == null ? Optional.empty() : Optional.of(key.value(value.address()));
    }

    /** Deletes the attribute of {@code key}; false if there was none. */
    static <O> boolean delete(O object, AttributeKey<O, ?> key) {
        if (raw(key.kind(), object, key.environment(), key.keyval()) == null) {
            return false;
        }
        key.kind().delete(object, key.environment(), key.keyval());
        return true;
    }

    /** The attribute of {@code keyval} on {@code object} as MPI holds it (a pointer, or a number), null if none. */
    static <O> MemorySegment raw(AttributeKind<O, ?> kind, O object, Environment environment, int keyval) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(ADDRESS);
            MemorySegment flag = arena.allocate(JAVA_INT);
            kind.get(object, environment, keyval, value, flag);
            return flag.get(JAVA_INT, 0) == 0 ? null : value.get(ADDRESS, 0);
        }
    }

    static void setErrorHandler(Communicator c, ErrorHandler handler) {
        Mpi.MPI_Comm_set_errhandler(c.handle(), handler.handle());
    }

    /**
     * Sets an error handler that calls {@code callback} ({@code MPI_Comm_create_errhandler}); the failing call
     * then returns the error, which becomes an {@link org.mpi4all.runtime.MpiException} (with what the
     * callback threw as its cause).
     */
    static void setErrorHandler(Communicator c, ErrorHandler.Callback callback) {
        MPI_Comm comm = c.handle();
        MPI_Comm_errhandler_function function = (commPointer, codePointer) -> {
            try {
                int code = codePointer.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0);
                callback.onError(code, errorString(code));
            } catch (Throwable failure) {
                Upcalls.fail(failure);
            }
        };
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Errhandler.allocate(arena);
            // the stub lives as long as MPI may call it: the environment's arena
            Mpi.MPI_Comm_create_errhandler(MPI_Comm_errhandler_function.allocate(function, c.environment.arena()), slot);
            Mpi.MPI_Comm_set_errhandler(comm, MPI_Errhandler.read(slot));
            // the communicator keeps the handler; this reference goes
            Mpi.MPI_Errhandler_free(slot);
        }
    }

    private static String errorString(int code) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(Mpi.MPI_MAX_ERROR_STRING + 1L);
            Mpi.MPI_Error_string(code, text, arena.allocate(JAVA_INT));
            return text.getString(0);
        }
    }
}
