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
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.Upcalls;

/**
 * A key for attributes of Java values on communicators, datatypes or windows ({@code MPI_Comm_create_keyval},
 * {@code MPI_Type_create_keyval}, {@code MPI_Win_create_keyval}), with the Java behaviour MPI runs when an
 * object that has one is duplicated ({@code copy}: the value the copy gets, or no attribute on the copy if the
 * key has no copier) or freed, or the attribute deleted ({@code onDelete}). The values stay in Java: MPI holds
 * a number that names one. The first type parameter is the kind of object, so a key of one kind does not
 * compile on another.
 *
 * {@snippet :
 * try (AttributeKey<Communicator, Counter> key = AttributeKey.forCommunicators(env, Counter::copy, Counter::close)) {
 *     comm.setAttribute(key, new Counter());
 *     Counter counter = comm.attribute(key).orElseThrow();
 * }
 * }
 *
 * <p>An exception thrown by {@code copy} or {@code onDelete} makes the MPI call that ran it fail; on a
 * communicator it is the cause of the {@link org.mpi4all.runtime.MpiException} if the communicator's errors
 * are {@link ErrorHandler#EXCEPTIONS} ({@link Communicator#setErrorHandler}), and ends the job otherwise.
 *
 * @param <O> the kind of object the attributes are on: {@link Communicator}, {@link Datatype} or {@link Window}
 * @param <T> the values
 */
public final class AttributeKey<O, T> implements AutoCloseable {
    private final Environment environment;
    private final AttributeKind<O, ?> kind;
    private final int keyval;
    /** The values of the attributes set with this key, by the number MPI holds for each. */
    private final Map<Long, T> values = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private boolean freed;

    private AttributeKey(Environment environment, AttributeKind<O, ?> kind, UnaryOperator<T> copy, Consumer<? super T> onDelete) {
        environment.check();
        this.environment = environment;
        this.kind = kind;
        AttributeKind.Copier copier = (in, out, flag) -> {
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
        AttributeKind.Deleter deleter = value -> {
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
            // the stubs live as long as MPI may call them: the environment's arena
            kind.createKeyval(copier, deleter, environment.arena(), out);
            this.keyval = out.get(JAVA_INT, 0);
        }
    }

    /**
     * {@return a new key for attributes of communicators} ({@code MPI_Comm_create_keyval}).
     *
     * @param copy     the value a duplicate of a communicator gets ({@code MPI_Comm_dup}); null (or a copier
     *                 returning null) for none
     * @param onDelete what to do with a value whose attribute goes (deleted, replaced, or its communicator
     *                 freed); may be null
     */
    public static <T> AttributeKey<Communicator, T> forCommunicators(Environment environment, UnaryOperator<T> copy,
            Consumer<? super T> onDelete) {
        return new AttributeKey<>(environment, AttributeKind.COMMUNICATORS, copy, onDelete);
    }

    /**
     * {@return a new key for attributes of datatypes} ({@code MPI_Type_create_keyval}), in the MPI handles of this
     * environment: the predefined types' and the struct types of records.
     *
     * @param copy     the value a duplicate of the type gets ({@code MPI_Type_dup}, through the generated layer:
     *                 the high level's types are never duplicated); null (or a copier returning null) for none
     * @param onDelete what to do with a value whose attribute goes (deleted, replaced, or its type freed); may
     *                 be null
     */
    public static <T> AttributeKey<Datatype, T> forDatatypes(Environment environment, UnaryOperator<T> copy,
            Consumer<? super T> onDelete) {
        return new AttributeKey<>(environment, AttributeKind.DATATYPES, copy, onDelete);
    }

    /**
     * {@return a new key for attributes of windows} ({@code MPI_Win_create_keyval}); windows are never duplicated,
     * so there is no copier.
     *
     * @param onDelete what to do with a value whose attribute goes (deleted, replaced, or its window freed); may
     *                 be null
     */
    public static <T> AttributeKey<Window, T> forWindows(Environment environment, Consumer<? super T> onDelete) {
        return new AttributeKey<>(environment, AttributeKind.WINDOWS, null, onDelete);
    }

    Environment environment() {
        return environment;
    }

    AttributeKind<O, ?> kind() {
        return kind;
    }

    int keyval() {
        environment.check();
        if (freed) {
            throw new IllegalStateException("the attribute key of " + kind.objects + "s was freed");
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
     * Frees the key ({@code MPI_*_free_keyval}); the attributes set with it stay until deleted or until their
     * objects are freed.
     *
     * @throws IllegalStateException if it was freed already
     */
    @Override
    public void close() {
        int key = keyval();
        freed = true;
        try (Arena local = Arena.ofConfined()) {
            kind.freeKeyval(local.allocateFrom(JAVA_INT, key));
        }
    }

    @Override
    public String toString() {
        return "AttributeKey[" + kind.objects + "s, " + keyval + (freed ? ", freed" : "") + "]";
    }
}
