package org.mpi4all;

import java.util.Objects;

/**
 * One block of a generalized all-to-all ({@link Communicator#alltoallw}, {@link TopologyCommunicator#neighborAlltoallw}):
 * {@code count} elements of {@code type} at {@code displacement} bytes from the start of the buffer. Each block of an
 * {@code alltoallw} has its own type, so its place is counted in bytes, as MPI counts it; a buffer holds a block if
 * {@code displacement + count * type.size()} bytes fit in it.
 *
 * {@snippet :
 * // to rank 0: 2 ints from byte 0; to rank 1: 1 double from byte 8
 * Block[] toEach = {new Block(Datatype.INT, 2, 0), new Block(Datatype.DOUBLE, 1, 8)};
 * }
 *
 * @param type         the datatype of the block's elements (a record's, from {@link Datatype#of}, too)
 * @param count        the number of elements, at least 0
 * @param displacement where the block starts, in bytes from the start of the buffer, at least 0
 */
public record Block(Datatype type, long count, long displacement) {
    /** A block of nothing, for a process this one exchanges no data with. */
    public static final Block NONE = new Block(Datatype.BYTE, 0, 0);

    /**
     * @throws NullPointerException     if {@code type} is null
     * @throws IllegalArgumentException if {@code count} or {@code displacement} is negative
     */
    public Block {
        Objects.requireNonNull(type, "type == null");
        if (count < 0 || displacement < 0) {
            throw new IllegalArgumentException("a block has a count and displacement of at least 0, not " + count
                    + " elements at byte " + displacement);
        }
    }

    /** The bytes past the buffer's start that the block needs: its displacement and its elements. */
    long end() {
        try {
            return Math.addExact(displacement, Math.multiplyExact(count, type.size()));
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;   // beyond any buffer, which the check then says
        }
    }
}
