package mpi;

/**
 * The pair of two ints ({@code MPI_2INT}), for {@code MPI.MINLOC} and {@code MPI.MAXLOC}: the value, then the index at the
 * offset C gives it. {@code MPI.int2.getType()} is {@code MPI.INT2}.
 */
public final class Int2 extends Struct {
    private final int value;
    private final int index;

    Int2() {
        super(MPI.INT2);
        value = addInt();
        index = setOffset(4).addInt();
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public int getValue() {
            return getInt(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(int v) {
            putInt(value, v);
        }

        public void putIndex(int i) {
            putInt(index, i);
        }
    }
}
