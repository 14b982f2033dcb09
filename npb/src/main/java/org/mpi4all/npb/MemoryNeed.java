package org.mpi4all.npb;

/**
 * The memory a benchmark class will allocate on its busiest process, computed from the problem size before
 * anything is allocated.
 *
 * @param bytesPerProcess    the bytes of the arrays the process allocates
 * @param largestArrayLength the element count of its largest array (a Java array holds at most
 *                           {@link #MAX_ARRAY_LENGTH})
 */
public record MemoryNeed(long bytesPerProcess, long largestArrayLength) {
    /** The longest array a JVM reliably allocates (a few elements below {@code Integer.MAX_VALUE}). */
    public static final long MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    public static final MemoryNeed NONE = new MemoryNeed(0, 0);

    /** This need plus {@code count} arrays of {@code length} doubles. */
    public MemoryNeed plusDoubles(int count, long length) {
        return plus(count, length, Double.BYTES);
    }

    /** This need plus {@code count} arrays of {@code length} ints. */
    public MemoryNeed plusInts(int count, long length) {
        return plus(count, length, Integer.BYTES);
    }

    private MemoryNeed plus(int count, long length, int elementBytes) {
        return new MemoryNeed(
                Math.addExact(bytesPerProcess, Math.multiplyExact(Math.multiplyExact((long) count, length), elementBytes)),
                Math.max(largestArrayLength, length));
    }
}
