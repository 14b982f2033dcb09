package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;

/**
 * A complex number of floats ({@code MPI.FLOAT_COMPLEX}) in a buffer or array: the real part, then the imaginary
 * part. {@code get(buffer, i)} views element {@code i} of an array of complex numbers.
 */
public final class FloatComplex {
    private final FloatBuffer buffer;

    private FloatComplex(FloatBuffer buffer, int index) {
        this.buffer = MPI.slice(buffer, 2 * index);
    }

    public static FloatComplex get(FloatBuffer buffer) {
        return new FloatComplex(buffer, 0);
    }

    public static FloatComplex get(FloatBuffer buffer, int index) {
        return new FloatComplex(buffer, index);
    }

    public static FloatComplex get(float[] array) {
        return new FloatComplex(FloatBuffer.wrap(array), 0);
    }

    public static FloatComplex get(float[] array, int index) {
        return new FloatComplex(FloatBuffer.wrap(array), index);
    }

    public static FloatComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    public static FloatComplex get(ByteBuffer buffer, int index) {
        return new FloatComplex(buffer.duplicate().order(ByteOrder.nativeOrder()).asFloatBuffer(), index);
    }

    public float getReal() {
        return buffer.get(0);
    }

    public float getImag() {
        return buffer.get(1);
    }

    public void putReal(float real) {
        buffer.put(0, real);
    }

    public void putImag(float imag) {
        buffer.put(1, imag);
    }

    /** The buffer from this number on. */
    public FloatBuffer getBuffer() {
        return buffer;
    }
}
