package org.mpi4all;

import java.util.Optional;

/**
 * An MPI object that caches attributes of {@link AttributeKey}s of its kind (MPI-4.1 §7.7): a
 * {@link Communicator}, a {@link Datatype} or a {@link Window}.
 *
 * @param <O> the kind of object, which the keys name
 */
public sealed interface Attributed<O extends Attributed<O>> permits Communicator, Datatype, Window {
    /** Sets the attribute of {@code key} to {@code value} ({@code MPI_*_set_attr}), replacing one it had. */
    default <T> void setAttribute(AttributeKey<O, T> key, T value) {
        Attributes.set(self(), key, value);
    }

    /** {@return the attribute of {@code key}}, empty if none is set ({@code MPI_*_get_attr}) */
    default <T> Optional<T> attribute(AttributeKey<O, T> key) {
        return Attributes.get(self(), key);
    }

    /** Deletes the attribute of {@code key} ({@code MPI_*_delete_attr}); {@return false if there was none} */
    default boolean deleteAttribute(AttributeKey<O, ?> key) {
        return Attributes.delete(self(), key);
    }

    /** This object as its kind: each kind {@code O} implements {@code Attributed<O>}, as the permitted list shows. */
    @SuppressWarnings("unchecked")
    private O self() {
        return (O) this;
    }
}
