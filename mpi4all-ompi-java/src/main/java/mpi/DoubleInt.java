package mpi;

/**
 * The pair of a double and an int ({@code MPI_DOUBLE_INT}), for {@code MPI.MINLOC} and {@code MPI.MAXLOC}: the value, then the index at the
 * offset C gives it. {@code MPI.doubleInt.getType()} is {@code MPI.DOUBLE_INT}.
 */
public final class DoubleInt extends Struct {
    private final int value;
    private final int index;

    DoubleInt() {
        super(MPI.DOUBLE_INT);
        value = addDouble();
        index = setOffset(8).addInt();
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public double getValue() {
            return getDouble(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(double v) {
            putDouble(value, v);
        }

        public void putIndex(int i) {
            putInt(index, i);
        }
    }
}
