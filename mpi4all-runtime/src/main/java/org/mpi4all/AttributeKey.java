package org.mpi4all;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.mpi4all.ffi.MPI_Comm_copy_attr_function;
import org.mpi4all.ffi.MPI_Comm_delete_attr_function;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.Upcalls;

/**
 * A key for attributes of Java values on communicators ({@code MPI_Comm_create_keyval}), with the Java
 * behaviour MPI runs when a communicator that has one is duplicated ({@code copy}: the value the copy gets,
 * or no attribute on the copy if the key has no copier) or freed, or the attribute deleted
 * ({@code onDelete}). The values stay in Java: MPI holds a number that names one.
 *
 * {@snippet :
 * try (AttributeKey<Counter> key = AttributeKey.create(env, Counter::copy, Counter::close)) {
 *     comm.setAttribute(key, new Counter());
 *     Counter counter = comm.attribute(key).orElseThrow();
 * }
 * }
 *
 * <p>An exception thrown by {@code copy} or {@code onDelete} makes the MPI call that ran it fail; it is the
 * cause of the {@link org.mpi4all.runtime.MpiException} if the communicator's errors are
 * {@link ErrorHandler#EXCEPTIONS} ({@link Communicator#setErrorHandler}), and ends the job otherwise.
 */
public final class AttributeKey<T> implements AutoCloseable {
    private final Environment environment;
    private final int keyval;
    /** The values of the attributes set with this key, by the number MPI holds for each. */
    private final Map<Long, T> values = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private boolean freed;

    private AttributeKey(Environment environment, UnaryOperator<T> copy, Consumer<? super T> onDelete) {
        this.environment = environment;
        // the stubs live as long as MPI may call them: the environment's arena
        Arena arena = environment.arena();
        MPI_Comm_copy_attr_function copier = (comm, key, extra, in, out, flag) -> {
            try {
                T copied = copy == null ? null : copy.apply(values.get(in.address()));
                flag.reinterpret(JAVA_INT.byteSize()).set(JAVA_INT, 0, copied == null ? 0 : 1);
                if (copied != null) {
                    out.reinterpret(ADDRESS.byteSize()).set(ADDRESS, 0, MemorySegment.ofAddress(store(copied)));
                }
                return Mpi.MPI_SUCCESS;
            } catch (Throwable failure) {
                Upcalls.fail(failure);
                return Mpi.MPI_ERR_OTHER;
            }
        };
        MPI_Comm_delete_attr_function deleter = (comm, key, value, extra) -> {
            try {
                T removed = values.remove(value.address());
                if (onDelete != null && removed != null) {
                    onDelete.accept(removed);
                }
                return Mpi.MPI_SUCCESS;
            } catch (Throwable failure) {
                Upcalls.fail(failure);
                return Mpi.MPI_ERR_OTHER;
            }
        };
        try (Arena local = Arena.ofConfined()) {
            MemorySegment out = local.allocate(JAVA_INT);
            Mpi.MPI_Comm_create_keyval(MPI_Comm_copy_attr_function.allocate(copier, arena),
                    MPI_Comm_delete_attr_function.allocate(deleter, arena), out, MemorySegment.NULL);
            this.keyval = out.get(JAVA_INT, 0);
        }
    }

    /**
     * {@return a new attribute key} ({@code MPI_Comm_create_keyval}).
     *
     * @param copy     the value a duplicate of a communicator gets ({@code MPI_Comm_dup}); null (or a copier
     *                 returning null) for none
     * @param onDelete what to do with a value whose attribute goes (deleted, replaced, or its communicator
     *                 freed); may be null
     */
    public static <T> AttributeKey<T> create(Environment environment, UnaryOperator<T> copy, Consumer<? super T> onDelete) {
        environment.check();
        return new AttributeKey<>(environment, copy, onDelete);
    }

    int keyval() {
        environment.check();
        if (freed) {
            throw new IllegalStateException("the attribute key was freed");
        }
        return keyval;
    }

    /** Keeps {@code value}, and returns the number MPI holds for it. */
    long store(T value) {
        Objects.requireNonNull(value, "an attribute value cannot be null");
        long id = nextId.getAndIncrement();
        values.put(id, value);
        return id;
    }

    /** The value MPI's number names. */
    T value(long id) {
        return values.get(id);
    }

    /**
     * Frees the key ({@code MPI_Comm_free_keyval}); the attributes set with it stay until deleted or until
     * their communicators are freed.
     *
     * @throws IllegalStateException if it was freed already
     */
    @Override
    public void close() {
        int key = keyval();
        freed = true;
        try (Arena local = Arena.ofConfined()) {
            Mpi.MPI_Comm_free_keyval(local.allocateFrom(JAVA_INT, key));
        }
    }
}
