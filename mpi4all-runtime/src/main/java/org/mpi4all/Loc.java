package org.mpi4all;

import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.Mpi;

/**
 * A value with an index (typically the rank it comes from): the elements {@link Op#MAXLOC} and
 * {@link Op#MINLOC} reduce, MPI's predefined pair types ({@code MPI_DOUBLE_INT}, {@code MPI_2INT} ...).
 * A reduction keeps the largest (smallest) value and its index, the smallest index among equal values.
 *
 * {@snippet :
 * Loc.OfDouble[] worst = world.allreduce(new Loc.OfDouble[] {new Loc.OfDouble(residual, rank)}, Op.MAXLOC);
 * int worstRank = worst[0].index();
 * }
 *
 * <p>They are records, so arrays of them are sent like any record array (copied to and from native
 * memory), and a native segment holding them in C's layout ({@code Datatype.of(Loc.OfDouble.class).layout()})
 * goes to MPI as it is with {@code type(Datatype.of(Loc.OfDouble.class))}. {@link OfLong} is
 * {@code MPI_LONG_INT}: C's {@code long}, 64 bits on the Linux platforms this library runs on.
 */
public sealed interface Loc {
    /** {@return the index that comes with the value} */
    int index();

    /** An {@code int} and its index ({@code MPI_2INT}). */
    record OfInt(int value, int index) implements Loc {}

    /** A {@code long} and its index ({@code MPI_LONG_INT}). */
    record OfLong(long value, int index) implements Loc {}

    /** A {@code short} and its index ({@code MPI_SHORT_INT}). */
    record OfShort(short value, int index) implements Loc {}

    /** A {@code float} and its index ({@code MPI_FLOAT_INT}). */
    record OfFloat(float value, int index) implements Loc {}

    /** A {@code double} and its index ({@code MPI_DOUBLE_INT}). */
    record OfDouble(double value, int index) implements Loc {}

    /** MPI's pair type for the record class {@code type}, or null if it is not one of these. */
    static MPI_Datatype mpiType(Class<?> type) {
        if (type == OfInt.class) {
            return Mpi.MPI_2INT;
        } else if (type == OfLong.class) {
            return Mpi.MPI_LONG_INT;
        } else if (type == OfShort.class) {
            return Mpi.MPI_SHORT_INT;
        } else if (type == OfFloat.class) {
            return Mpi.MPI_FLOAT_INT;
        } else if (type == OfDouble.class) {
            return Mpi.MPI_DOUBLE_INT;
        }
        return null;
    }
}
