package org.mpi4all;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Boxed access to native memory by a primitive layout, for record components, whose types vary at run time. */
final class Primitives {
    private Primitives() {}

    static void set(MemorySegment to, long offset, ValueLayout layout, Object value) {
        switch (layout) {
            case ValueLayout.OfByte l -> to.set(l, offset, (Byte) value);
            case ValueLayout.OfShort l -> to.set(l, offset, (Short) value);
            case ValueLayout.OfChar l -> to.set(l, offset, (Character) value);
            case ValueLayout.OfInt l -> to.set(l, offset, (Integer) value);
            case ValueLayout.OfLong l -> to.set(l, offset, (Long) value);
            case ValueLayout.OfFloat l -> to.set(l, offset, (Float) value);
            case ValueLayout.OfDouble l -> to.set(l, offset, (Double) value);
            case ValueLayout.OfBoolean l -> to.set(l, offset, (Boolean) value);
            default -> throw new AssertionError("not a primitive layout: " + layout);
        }
    }

    static Object get(MemorySegment from, long offset, ValueLayout layout) {
        return switch (layout) {
            case ValueLayout.OfByte l -> from.get(l, offset);
            case ValueLayout.OfShort l -> from.get(l, offset);
            case ValueLayout.OfChar l -> from.get(l, offset);
            case ValueLayout.OfInt l -> from.get(l, offset);
            case ValueLayout.OfLong l -> from.get(l, offset);
            case ValueLayout.OfFloat l -> from.get(l, offset);
            case ValueLayout.OfDouble l -> from.get(l, offset);
            case ValueLayout.OfBoolean l -> from.get(l, offset);
            default -> throw new AssertionError("not a primitive layout: " + layout);
        };
    }
}
