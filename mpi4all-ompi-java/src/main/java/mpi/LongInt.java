package mpi;

/**
 * The pair of a long and an int ({@code MPI_LONG_INT}), for {@code MPI.MINLOC} and {@code MPI.MAXLOC}: the value, then the index at the
 * offset C gives it. {@code MPI.longInt.getType()} is {@code MPI.LONG_INT}.
 */
public final class LongInt extends Struct {
    private final int value;
    private final int index;

    LongInt() {
        super(MPI.LONG_INT);
        value = addLong();
        index = setOffset(8).addInt();
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public long getValue() {
            return getLong(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(long v) {
            putLong(value, v);
        }

        public void putIndex(int i) {
            putInt(index, i);
        }
    }
}
