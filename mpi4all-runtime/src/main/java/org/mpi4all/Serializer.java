package org.mpi4all;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * Turns objects into bytes and back, for the operations that send arbitrary objects
 * ({@link Communicator#sendObject}, {@link Communicator#bcastObject} ...).
 *
 * <p>Serialization is never implicit: an object that is not a buffer is sent only through a serializer
 * the caller names, so its cost is visible where it is paid (KaMPIng's {@code as_serialized}). Any
 * format works (a JSON mapper, protobuf, a hand-written one); Java's own serialization is available,
 * but only by choosing it explicitly with {@link #javaSerialization(Class)}.
 *
 * @param <T> the type of the objects
 */
public interface Serializer<T> {
    /** {@return the bytes that represent {@code value}} */
    byte[] serialize(T value);

    /** {@return the object {@code bytes} represent} */
    T deserialize(byte[] bytes);

    /**
     * {@return a serializer using Java serialization ({@link ObjectOutputStream})}, reading only objects
     * of class {@code type}. Like all Java deserialization, it trusts its input: use it among the
     * processes of one job, never for data from elsewhere.
     */
    static <T extends Serializable> Serializer<T> javaSerialization(Class<T> type) {
        Objects.requireNonNull(type, "type == null");
        return new Serializer<>() {
            @Override
            public byte[] serialize(T value) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                    out.writeObject(value);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot serialize a " + value.getClass().getName(), e);
                }
                return bytes.toByteArray();
            }

            @Override
            public T deserialize(byte[] bytes) {
                try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
                    return type.cast(in.readObject());
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot deserialize a " + type.getName(), e);
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException("cannot deserialize a " + type.getName() + ": " + e.getMessage(), e);
                }
            }
        };
    }
}
