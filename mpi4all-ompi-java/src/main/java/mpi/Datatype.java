package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.Mpi;

/**
 * An {@code MPI_Datatype}. Every datatype has a base type, the Java element type of the buffers it describes;
 * sizes, extents and bounds are counted in elements of it, as in Open MPI's bindings (struct types count in
 * bytes).
 */
public final class Datatype implements Freeable, Cloneable {
    /** The Java element type of a buffer, with its size in bytes. */
    enum Base {
        NULL(1), BYTE(1), CHAR(2), SHORT(2), BOOLEAN(1), INT(4), LONG(8), FLOAT(4), DOUBLE(8), PACKED(1);

        final int bytes;

        Base(int bytes) {
            this.bytes = bytes;
        }
    }

    MPI_Datatype handle;
    final Base base;
    /** The size of one element of the base type in bytes: the unit of extents and sizes. */
    final int baseSize;

    Datatype(MPI_Datatype handle, Base base) {
        this(handle, base, base.bytes);
    }

    private Datatype(MPI_Datatype handle, Base base, int baseSize) {
        this.handle = handle;
        this.base = base;
        this.baseSize = baseSize;
    }

    /** A new type derived from {@code old}: the same base type. */
    private static Datatype derived(Datatype old, MPI_Datatype handle) {
        return new Datatype(handle, old.base, old.baseSize);
    }

    private long[] lbExtent(boolean trueExtent) throws MPIException {
        return Native.get(arena -> {
            MemorySegment lb = arena.allocate(JAVA_LONG);
            MemorySegment extent = arena.allocate(JAVA_LONG);
            if (trueExtent) {
                Mpi.MPI_Type_get_true_extent(handle, lb, extent);
            } else {
                Mpi.MPI_Type_get_extent(handle, lb, extent);
            }
            return new long[] {lb.get(JAVA_LONG, 0), extent.get(JAVA_LONG, 0)};
        });
    }

    public int getLb() throws MPIException {
        return (int) (lbExtent(false)[0] / baseSize);
    }

    public int getExtent() throws MPIException {
        return (int) (lbExtent(false)[1] / baseSize);
    }

    public int getTrueLb() throws MPIException {
        return (int) (lbExtent(true)[0] / baseSize);
    }

    public int getTrueExtent() throws MPIException {
        return (int) (lbExtent(true)[1] / baseSize);
    }

    /** The extent in bytes. */
    long extentBytes() throws MPIException {
        return lbExtent(false)[1];
    }

    public int getSize() throws MPIException {
        return sizeBytes() / baseSize;
    }

    int sizeBytes() throws MPIException {
        return Native.get(arena -> {
            MemorySegment size = arena.allocate(JAVA_INT);
            Mpi.MPI_Type_size(handle, size);
            return Native.intAt(size);
        });
    }

    public void commit() throws MPIException {
        Native.run(arena -> {
            MemorySegment type = MPI_Datatype.allocate(arena);
            MPI_Datatype.write(type, 0, handle);
            Mpi.MPI_Type_commit(type);
        });
    }

    @Override
    public void free() throws MPIException {
        if (isNull()) {
            return;
        }
        handle = Native.get(arena -> {
            MemorySegment type = MPI_Datatype.allocate(arena);
            MPI_Datatype.write(type, 0, handle);
            Mpi.MPI_Type_free(type);
            return MPI_Datatype.read(type);
        });
    }

    public boolean isNull() {
        return handle.equals(Mpi.MPI_DATATYPE_NULL);
    }

    @Override
    public Datatype clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public Datatype dup() throws MPIException {
        return derived(this, Native.get(arena -> {
            MemorySegment type = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_dup(handle, type);
            return MPI_Datatype.read(type);
        }));
    }

    public static Datatype createContiguous(int count, Datatype oldType) throws MPIException {
        return derived(oldType, Native.get(arena -> {
            MemorySegment type = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_contiguous(count, oldType.handle, type);
            return MPI_Datatype.read(type);
        }));
    }

    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType)
            throws MPIException {
        return derived(oldType, Native.get(arena -> {
            MemorySegment type = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_vector(count, blockLength, stride, oldType.handle, type);
            return MPI_Datatype.read(type);
        }));
    }

    /** Like {@link #createVector}, with the stride in bytes. */
    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType)
            throws MPIException {
        return derived(oldType, Native.get(arena -> {
            MemorySegment type = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_create_hvector(count, blockLength, stride, oldType.handle, type);
            return MPI_Datatype.read(type);
        }));
    }

    public static Datatype createIndexed(int[] blockLengths, int[] displacements, Datatype oldType)
            throws MPIException {
        checkSameLength(blockLengths, displacements.length, "displacements");
        return derived(oldType, Native.get(arena -> {
            MemorySegment type = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_indexed(blockLengths.length, Native.ints(arena, blockLengths),
                    Native.ints(arena, displacements), oldType.handle, type);
            return MPI_Datatype.read(type);
        }));
    }

    /** Like {@link #createIndexed}, with the displacements in bytes. */
    public static Datatype createHIndexed(int[] blockLengths, int[] displacements, Datatype oldType)
            throws MPIException {
        checkSameLength(blockLengths, displacements.length, "displacements");
        return derived(oldType, Native.get(arena -> {
            MemorySegment type = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_create_hindexed(blockLengths.length, Native.ints(arena, blockLengths),
                    Native.aints(arena, displacements), oldType.handle, type);
            return MPI_Datatype.read(type);
        }));
    }

    /** A struct type: displacements in bytes, base type {@code MPI.BYTE}. */
    public static Datatype createStruct(int[] blockLengths, int[] displacements, Datatype[] types)
            throws MPIException {
        checkSameLength(blockLengths, displacements.length, "displacements");
        checkSameLength(blockLengths, types.length, "types");
        return new Datatype(Native.get(arena -> {
            MemorySegment handles = MPI_Datatype.allocateArray(arena, types.length);
            for (int i = 0; i < types.length; i++) {
                MPI_Datatype.write(handles, i, types[i].handle);
            }
            MemorySegment type = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_create_struct(blockLengths.length, Native.ints(arena, blockLengths),
                    Native.aints(arena, displacements), handles, type);
            return MPI_Datatype.read(type);
        }), Base.BYTE);
    }

    /** A copy of {@code oldType} with lower bound and extent given in bytes. */
    public static Datatype createResized(Datatype oldType, int lb, int extent) throws MPIException {
        return derived(oldType, Native.get(arena -> {
            MemorySegment type = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_create_resized(oldType.handle, lb, extent, type);
            return MPI_Datatype.read(type);
        }));
    }

    private static void checkSameLength(int[] blockLengths, int length, String what) {
        if (length != blockLengths.length) {
            throw new IllegalArgumentException(what + " has " + length + " entries, blockLengths "
                    + blockLengths.length);
        }
    }

    public void setName(String name) throws MPIException {
        Native.run(arena -> {
            Mpi.MPI_Type_set_name(handle, Native.string(arena, name));
        });
    }

    public String getName() throws MPIException {
        return Native.get(arena -> {
            MemorySegment name = arena.allocate(Mpi.MPI_MAX_OBJECT_NAME + 1);
            MemorySegment length = arena.allocate(JAVA_INT);
            Mpi.MPI_Type_get_name(handle, name, length);
            return Native.string(name, Native.intAt(length));
        });
    }

    public static int createKeyval() throws MPIException {
        return Native.get(arena -> {
            MemorySegment keyval = arena.allocate(JAVA_INT);
            Mpi.MPI_Type_create_keyval(Mpi.MPI_TYPE_DUP_FN, Mpi.MPI_TYPE_NULL_DELETE_FN, keyval,
                    MemorySegment.NULL);
            return Native.intAt(keyval);
        });
    }

    public static void freeKeyval(int keyval) throws MPIException {
        Native.run(arena -> {
            Mpi.MPI_Type_free_keyval(arena.allocateFrom(JAVA_INT, keyval));
        });
    }

    public void setAttr(int keyval, Object value) throws MPIException {
        Native.run(() -> Mpi.MPI_Type_set_attr(handle, keyval, Attributes.store(value)));
    }

    public Object getAttr(int keyval) throws MPIException {
        return Native.get(arena -> {
            MemorySegment value = arena.allocate(ADDRESS);
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Type_get_attr(handle, keyval, value, flag);
            return Native.intAt(flag) == 0 ? null : Attributes.lookup(value.get(ADDRESS, 0));
        });
    }

    public void deleteAttr(int keyval) throws MPIException {
        Native.run(() -> Mpi.MPI_Type_delete_attr(handle, keyval));
    }

    @Override
    public String toString() {
        return "Datatype[" + base + ", " + handle + "]";
    }
}
