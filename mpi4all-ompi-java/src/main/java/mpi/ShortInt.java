package mpi;

/**
 * The pair of a short and an int ({@code MPI_SHORT_INT}), for {@code MPI.MINLOC} and {@code MPI.MAXLOC}: the value, then the index at the
 * offset C gives it. {@code MPI.shortInt.getType()} is {@code MPI.SHORT_INT}.
 */
public final class ShortInt extends Struct {
    private final int value;
    private final int index;

    ShortInt() {
        super(MPI.SHORT_INT);
        value = addShort();
        index = setOffset(4).addInt();
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public short getValue() {
            return getShort(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(short v) {
            putShort(value, v);
        }

        public void putIndex(int i) {
            putInt(index, i);
        }
    }
}
