package mpi;

/**
 * The pair of a float and an int ({@code MPI_FLOAT_INT}), for {@code MPI.MINLOC} and {@code MPI.MAXLOC}: the value, then the index at the
 * offset C gives it. {@code MPI.floatInt.getType()} is {@code MPI.FLOAT_INT}.
 */
public final class FloatInt extends Struct {
    private final int value;
    private final int index;

    FloatInt() {
        super(MPI.FLOAT_INT);
        value = addFloat();
        index = setOffset(4).addInt();
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public float getValue() {
            return getFloat(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(float v) {
            putFloat(value, v);
        }

        public void putIndex(int i) {
            putInt(index, i);
        }
    }
}
