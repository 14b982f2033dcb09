package mpi;

import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Java objects programs cache as attributes. MPI stores a number for each (the attribute value is a C
 * pointer we never dereference); the number finds the object here. Keyvals are created with MPI's own copy
 * function ({@code MPI_*_DUP_FN}), so a duplicated communicator or datatype shares the object, which is what
 * copying its number means.
 */
final class Attributes {
    private static final Map<Long, Object> VALUES = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT = new AtomicLong(1);

    private Attributes() {
    }

    /** The attribute value that stands for {@code value}. */
    static MemorySegment store(Object value) {
        long id = NEXT.getAndIncrement();
        VALUES.put(id, value);
        return MemorySegment.ofAddress(id);
    }

    /** The object an attribute value stands for. */
    static Object lookup(MemorySegment attributeValue) {
        return VALUES.get(attributeValue.address());
    }
}
