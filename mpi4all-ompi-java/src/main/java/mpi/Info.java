package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Info;
import org.mpi4all.ffi.Mpi;

/** An {@code MPI_Info}: string keys and values. */
public final class Info implements Freeable, Cloneable {
    MPI_Info handle;

    Info(MPI_Info handle) {
        this.handle = handle;
    }

    public Info() throws MPIException {
        this(Native.get(arena -> {
            MemorySegment info = MPI_Info.allocate(arena);
            Mpi.MPI_Info_create(info);
            return MPI_Info.read(info);
        }));
    }

    public void set(String key, String value) throws MPIException {
        Native.run(arena -> Mpi.MPI_Info_set(handle, Native.string(arena, key), Native.string(arena, value)));
    }

    /** The value of {@code key}, or null if it has none. */
    public String get(String key) throws MPIException {
        return Native.get(arena -> {
            MemorySegment value = arena.allocate(Mpi.MPI_MAX_INFO_VAL + 1);
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Info_get(handle, Native.string(arena, key), Mpi.MPI_MAX_INFO_VAL, value, flag);
            return Native.intAt(flag) != 0 ? value.getString(0) : null;
        });
    }

    public void delete(String key) throws MPIException {
        Native.run(arena -> Mpi.MPI_Info_delete(handle, Native.string(arena, key)));
    }

    public int size() throws MPIException {
        return Native.get(arena -> {
            MemorySegment count = arena.allocate(JAVA_INT);
            Mpi.MPI_Info_get_nkeys(handle, count);
            return Native.intAt(count);
        });
    }

    public String getKey(int i) throws MPIException {
        return Native.get(arena -> {
            MemorySegment key = arena.allocate(Mpi.MPI_MAX_INFO_KEY + 1);
            Mpi.MPI_Info_get_nthkey(handle, i, key);
            return key.getString(0);
        });
    }

    @Override
    public Info clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public Info dup() throws MPIException {
        return new Info(Native.get(arena -> {
            MemorySegment info = MPI_Info.allocate(arena);
            Mpi.MPI_Info_dup(handle, info);
            return MPI_Info.read(info);
        }));
    }

    @Override
    public void free() throws MPIException {
        if (isNull()) {
            return;
        }
        handle = Native.get(arena -> {
            MemorySegment info = MPI_Info.allocate(arena);
            MPI_Info.write(info, 0, handle);
            Mpi.MPI_Info_free(info);
            return MPI_Info.read(info);
        });
    }

    public boolean isNull() {
        return handle.equals(Mpi.MPI_INFO_NULL);
    }

    /** The handle to pass for an optional info: {@code MPI_INFO_NULL} for null. */
    static MPI_Info handleOf(Info info) {
        return info == null ? Mpi.MPI_INFO_NULL : info.handle;
    }
}
