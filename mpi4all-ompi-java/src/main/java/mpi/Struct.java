package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A struct datatype described field by field ({@code addInt()}, {@code addDouble(3)}...), each method returning
 * the field's byte offset, and read and written in byte buffers through {@link Data} objects a subclass defines.
 * The MPI datatype is created (and committed) on first use.
 */
public abstract class Struct {
    /** A field: its MPI type (a Datatype or a nested Struct), its byte offset and its number of elements. */
    private record Field(Object type, int offset, int length) {
    }

    private final List<Field> fields = new ArrayList<>();
    int extent;
    private Datatype datatype;
    /** For the pair types: the predefined MPI type ({@code MPI_2INT}...) instead of a created one. */
    private final Datatype predefined;

    public Struct() {
        this(null);
    }

    Struct(Datatype predefined) {
        this.predefined = predefined;
    }

    private void commit() throws MPIException {
        if (datatype != null) {
            return;
        }
        if (predefined != null) {
            datatype = predefined;
            extent = (int) predefined.extentBytes();
            return;
        }
        int count = fields.size();
        int[] lengths = new int[count];
        int[] offsets = new int[count];
        Datatype[] types = new Datatype[count];
        for (int i = 0; i < count; i++) {
            Field field = fields.get(i);
            lengths[i] = field.length();
            offsets[i] = field.offset();
            types[i] = field.type() instanceof Struct nested ? nested.getType() : (Datatype) field.type();
        }
        Datatype created = Datatype.createStruct(lengths, offsets, types);
        created.commit();
        datatype = created;
        extent = (int) created.extentBytes();
    }

    /** The extent of one struct in bytes. */
    public final int getExtent() throws MPIException {
        commit();
        return extent;
    }

    public final Datatype getType() throws MPIException {
        commit();
        return datatype;
    }

    /** A new accessor of this struct's fields; {@link #getData} places it in a buffer. */
    protected abstract Data newData();

    @SuppressWarnings("unchecked")
    <T extends Data> T dataAt(ByteBuffer buffer, int offset) {
        Data data = newData();
        data.buffer = buffer;
        data.offset = offset;
        return (T) data;
    }

    public final <T extends Data> T getData(ByteBuffer buffer) throws MPIException {
        commit();
        return dataAt(buffer, 0);
    }

    /** The struct at position {@code index} of an array of structs in {@code buffer}. */
    public final <T extends Data> T getData(ByteBuffer buffer, int index) throws MPIException {
        commit();
        return dataAt(buffer, index * extent);
    }

    public final <T extends Data> T getData(byte[] array) throws MPIException {
        return getData(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()));
    }

    public final <T extends Data> T getData(byte[] array, int index) throws MPIException {
        return getData(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()), index);
    }

    private int addField(Object type, int typeExtent, int length) {
        if (datatype != null) {
            throw new IllegalStateException("the struct's datatype exists already: no field can be added");
        }
        int offset = extent;
        extent += typeExtent * length;
        fields.add(new Field(type, offset, length));
        return offset;
    }

    /** Places the next field at byte {@code offset}, which must not overlap the fields added so far. */
    public final Struct setOffset(int offset) {
        if (datatype != null) {
            throw new IllegalStateException("the struct's datatype exists already: no field can be added");
        }
        if (offset < extent) {
            throw new IllegalArgumentException("offset " + offset + " overlaps the fields before it (they end at "
                    + extent + ")");
        }
        extent = offset;
        return this;
    }

    public final int addByte() {
        return addByte(1);
    }

    public final int addByte(int length) {
        return addField(MPI.BYTE, 1, length);
    }

    public final int addChar() {
        return addChar(1);
    }

    public final int addChar(int length) {
        return addField(MPI.CHAR, Character.BYTES, length);
    }

    public final int addShort() {
        return addShort(1);
    }

    public final int addShort(int length) {
        return addField(MPI.SHORT, Short.BYTES, length);
    }

    public final int addInt() {
        return addInt(1);
    }

    public final int addInt(int length) {
        return addField(MPI.INT, Integer.BYTES, length);
    }

    public final int addLong() {
        return addLong(1);
    }

    public final int addLong(int length) {
        return addField(MPI.LONG, Long.BYTES, length);
    }

    public final int addFloat() {
        return addFloat(1);
    }

    public final int addFloat(int length) {
        return addField(MPI.FLOAT, Float.BYTES, length);
    }

    public final int addDouble() {
        return addDouble(1);
    }

    public final int addDouble(int length) {
        return addField(MPI.DOUBLE, Double.BYTES, length);
    }

    public final int addStruct(Struct struct) throws MPIException {
        return addStruct(struct, 1);
    }

    public final int addStruct(Struct struct, int length) throws MPIException {
        return addField(struct, struct.getExtent(), length);
    }

    public final int addData(Datatype type) throws MPIException {
        return addData(type, 1);
    }

    public final int addData(Datatype type, int length) throws MPIException {
        return addField(type, (int) type.extentBytes(), length);
    }

    /** Reads and writes the fields of one struct in a byte buffer; a subclass names them. */
    public abstract class Data {
        private ByteBuffer buffer;
        private int offset;

        /** The buffer from this struct on: what to pass to send and receive calls. */
        public final ByteBuffer getBuffer() {
            return offset == 0 ? buffer : MPI.slice(buffer, offset);
        }

        protected final byte getByte(int field) {
            return buffer.get(offset + field);
        }

        protected final byte getByte(int field, int index) {
            return buffer.get(offset + field + index);
        }

        protected final void putByte(int field, byte v) {
            buffer.put(offset + field, v);
        }

        protected final void putByte(int field, int index, byte v) {
            buffer.put(offset + field + index, v);
        }

        protected final char getChar(int field) {
            return buffer.getChar(offset + field);
        }

        protected final char getChar(int field, int index) {
            return buffer.getChar(offset + field + index * Character.BYTES);
        }

        protected final void putChar(int field, char v) {
            buffer.putChar(offset + field, v);
        }

        protected final void putChar(int field, int index, char v) {
            buffer.putChar(offset + field + index * Character.BYTES, v);
        }

        protected final short getShort(int field) {
            return buffer.getShort(offset + field);
        }

        protected final short getShort(int field, int index) {
            return buffer.getShort(offset + field + index * Short.BYTES);
        }

        protected final void putShort(int field, short v) {
            buffer.putShort(offset + field, v);
        }

        protected final void putShort(int field, int index, short v) {
            buffer.putShort(offset + field + index * Short.BYTES, v);
        }

        protected final int getInt(int field) {
            return buffer.getInt(offset + field);
        }

        protected final int getInt(int field, int index) {
            return buffer.getInt(offset + field + index * Integer.BYTES);
        }

        protected final void putInt(int field, int v) {
            buffer.putInt(offset + field, v);
        }

        protected final void putInt(int field, int index, int v) {
            buffer.putInt(offset + field + index * Integer.BYTES, v);
        }

        protected final long getLong(int field) {
            return buffer.getLong(offset + field);
        }

        protected final long getLong(int field, int index) {
            return buffer.getLong(offset + field + index * Long.BYTES);
        }

        protected final void putLong(int field, long v) {
            buffer.putLong(offset + field, v);
        }

        protected final void putLong(int field, int index, long v) {
            buffer.putLong(offset + field + index * Long.BYTES, v);
        }

        protected final float getFloat(int field) {
            return buffer.getFloat(offset + field);
        }

        protected final float getFloat(int field, int index) {
            return buffer.getFloat(offset + field + index * Float.BYTES);
        }

        protected final void putFloat(int field, float v) {
            buffer.putFloat(offset + field, v);
        }

        protected final void putFloat(int field, int index, float v) {
            buffer.putFloat(offset + field + index * Float.BYTES, v);
        }

        protected final double getDouble(int field) {
            return buffer.getDouble(offset + field);
        }

        protected final double getDouble(int field, int index) {
            return buffer.getDouble(offset + field + index * Double.BYTES);
        }

        protected final void putDouble(int field, double v) {
            buffer.putDouble(offset + field, v);
        }

        protected final void putDouble(int field, int index, double v) {
            buffer.putDouble(offset + field + index * Double.BYTES, v);
        }

        /** The nested struct in {@code field}. */
        protected final <S extends Struct, D extends Data> D getData(S struct, int field) {
            return struct.dataAt(buffer, offset + field);
        }

        /** Element {@code index} of the array of nested structs in {@code field}. */
        protected final <S extends Struct, D extends Data> D getData(S struct, int field, int index) {
            return struct.dataAt(buffer, offset + field + index * struct.extent);
        }

        /** The buffer from {@code field} on (a field of {@code type}). */
        protected final ByteBuffer getBuffer(Datatype type, int field) {
            return MPI.slice(buffer, offset + field);
        }

        /** The buffer from element {@code index} of the array in {@code field} on. */
        protected final ByteBuffer getBuffer(Datatype type, int field, int index) throws MPIException {
            return MPI.slice(buffer, offset + field + index * (int) type.extentBytes());
        }
    }
}
