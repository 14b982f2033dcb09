package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;

/**
 * A complex number of doubles ({@code MPI.DOUBLE_COMPLEX}) in a buffer or array: the real part, then the imaginary
 * part. {@code get(buffer, i)} views element {@code i} of an array of complex numbers.
 */
public final class DoubleComplex {
    private final DoubleBuffer buffer;

    private DoubleComplex(DoubleBuffer buffer, int index) {
        this.buffer = MPI.slice(buffer, 2 * index);
    }

    public static DoubleComplex get(DoubleBuffer buffer) {
        return new DoubleComplex(buffer, 0);
    }

    public static DoubleComplex get(DoubleBuffer buffer, int index) {
        return new DoubleComplex(buffer, index);
    }

    public static DoubleComplex get(double[] array) {
        return new DoubleComplex(DoubleBuffer.wrap(array), 0);
    }

    public static DoubleComplex get(double[] array, int index) {
        return new DoubleComplex(DoubleBuffer.wrap(array), index);
    }

    public static DoubleComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    public static DoubleComplex get(ByteBuffer buffer, int index) {
        return new DoubleComplex(buffer.duplicate().order(ByteOrder.nativeOrder()).asDoubleBuffer(), index);
    }

    public double getReal() {
        return buffer.get(0);
    }

    public double getImag() {
        return buffer.get(1);
    }

    public void putReal(double real) {
        buffer.put(0, real);
    }

    public void putImag(double imag) {
        buffer.put(1, imag);
    }

    /** The buffer from this number on. */
    public DoubleBuffer getBuffer() {
        return buffer;
    }
}
