package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.nio.Buffer;
import org.mpi4all.ffi.MPI_Errhandler;
import org.mpi4all.ffi.MPI_File;
import org.mpi4all.ffi.MPI_Info;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.MpiCritical;

/**
 * An {@code MPI_File} (MPI-IO). Blocking reads and writes take arrays and buffers without a copy; nonblocking
 * and split collective ones ({@code ...Begin}/{@code ...End}) take direct buffers, which MPI uses in between.
 */
public final class File {
    private MPI_File handle;
    private FileView view = new FileView(0, MPI.BYTE, MPI.BYTE, "native");

    public File(Comm comm, String filename, int amode) throws MPIException {
        this(comm, filename, amode, null);
    }

    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        handle = Native.get(arena -> {
            MemorySegment file = MPI_File.allocate(arena);
            Mpi.MPI_File_open(comm.handle, Native.string(arena, filename), amode, Info.handleOf(info), file);
            return MPI_File.read(file);
        });
    }

    public void close() throws MPIException {
        handle = Native.get(arena -> {
            MemorySegment file = MPI_File.allocate(arena);
            MPI_File.write(file, 0, handle);
            Mpi.MPI_File_close(file);
            return MPI_File.read(file);
        });
    }

    public static void delete(String filename) throws MPIException {
        delete(filename, null);
    }

    public static void delete(String filename, Info info) throws MPIException {
        Native.run(arena -> Mpi.MPI_File_delete(Native.string(arena, filename), Info.handleOf(info)));
    }

    public void setSize(long size) throws MPIException {
        Native.run(() -> Mpi.MPI_File_set_size(handle, size));
    }

    public void preallocate(long size) throws MPIException {
        Native.run(() -> Mpi.MPI_File_preallocate(handle, size));
    }

    public long getSize() throws MPIException {
        return Native.get(arena -> {
            MemorySegment size = arena.allocate(JAVA_LONG);
            Mpi.MPI_File_get_size(handle, size);
            return size.get(JAVA_LONG, 0);
        });
    }

    public Group getGroup() throws MPIException {
        return Group.make((arena, group) -> Mpi.MPI_File_get_group(handle, group));
    }

    public int getAMode() throws MPIException {
        return Native.get(arena -> {
            MemorySegment amode = arena.allocate(JAVA_INT);
            Mpi.MPI_File_get_amode(handle, amode);
            return Native.intAt(amode);
        });
    }

    public void setInfo(Info info) throws MPIException {
        Native.run(() -> Mpi.MPI_File_set_info(handle, Info.handleOf(info)));
    }

    public Info getInfo() throws MPIException {
        return new Info(Native.get(arena -> {
            MemorySegment info = MPI_Info.allocate(arena);
            Mpi.MPI_File_get_info(handle, info);
            return MPI_Info.read(info);
        }));
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep) throws MPIException {
        setView(disp, etype, filetype, datarep, null);
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep, Info info)
            throws MPIException {
        Native.run(arena -> Mpi.MPI_File_set_view(handle, disp, etype.handle, filetype.handle,
                Native.string(arena, datarep), Info.handleOf(info)));
        view = new FileView(disp, etype, filetype, datarep);
    }

    /** The view last set through this object. */
    public FileView getView() {
        return view;
    }

    /** A blocking data access: its status goes into the status object's memory (a critical call takes it). */
    private interface Access {
        void run(MemorySegment buffer, MemorySegment status) throws MPIException;
    }

    private static Status access(Object buf, Access access) throws MPIException {
        Status status = new Status();
        Native.run(() -> {
            MemorySegment memory = Native.segment(buf);
            access.run(memory, status.memory);
            Native.copyBack(buf, memory);
        });
        return status;
    }

    public Status readAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_read_at(handle, offset, b, count, type.handle, s));
    }

    public Status readAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_read_at_all(handle, offset, b, count, type.handle, s));
    }

    public Status writeAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_write_at(handle, offset, b, count, type.handle, s));
    }

    public Status writeAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_write_at_all(handle, offset, b, count, type.handle, s));
    }

    public Request iReadAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iread_at(handle, offset, Native.direct(buf), count, type.handle, r), buf);
    }

    public Request iReadAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iread_at_all(handle, offset, Native.direct(buf), count, type.handle, r),
                buf);
    }

    public Request iWriteAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iwrite_at(handle, offset, Native.direct(buf), count, type.handle, r),
                buf);
    }

    public Request iWriteAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iwrite_at_all(handle, offset, Native.direct(buf), count, type.handle,
                r), buf);
    }

    public Status read(Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_read(handle, b, count, type.handle, s));
    }

    public Status readAll(Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_read_all(handle, b, count, type.handle, s));
    }

    public Status write(Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_write(handle, b, count, type.handle, s));
    }

    public Status writeAll(Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_write_all(handle, b, count, type.handle, s));
    }

    public Request iRead(Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iread(handle, Native.direct(buf), count, type.handle, r), buf);
    }

    public Request iReadAll(Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iread_all(handle, Native.direct(buf), count, type.handle, r), buf);
    }

    public Request iWrite(Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iwrite(handle, Native.direct(buf), count, type.handle, r), buf);
    }

    public Request iWriteAll(Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iwrite_all(handle, Native.direct(buf), count, type.handle, r), buf);
    }

    public void seek(long offset, int whence) throws MPIException {
        Native.run(() -> Mpi.MPI_File_seek(handle, offset, whence));
    }

    public long getPosition() throws MPIException {
        return Native.get(arena -> {
            MemorySegment offset = arena.allocate(JAVA_LONG);
            Mpi.MPI_File_get_position(handle, offset);
            return offset.get(JAVA_LONG, 0);
        });
    }

    public long getByteOffset(long offset) throws MPIException {
        return Native.get(arena -> {
            MemorySegment disp = arena.allocate(JAVA_LONG);
            Mpi.MPI_File_get_byte_offset(handle, offset, disp);
            return disp.get(JAVA_LONG, 0);
        });
    }

    public Status readShared(Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_read_shared(handle, b, count, type.handle, s));
    }

    public Status writeShared(Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_write_shared(handle, b, count, type.handle, s));
    }

    public Request iReadShared(Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iread_shared(handle, Native.direct(buf), count, type.handle, r), buf);
    }

    public Request iWriteShared(Buffer buf, int count, Datatype type) throws MPIException {
        return Comm.start(r -> Mpi.MPI_File_iwrite_shared(handle, Native.direct(buf), count, type.handle, r), buf);
    }

    public Status readOrdered(Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_read_ordered(handle, b, count, type.handle, s));
    }

    public Status writeOrdered(Object buf, int count, Datatype type) throws MPIException {
        return access(buf, (b, s) -> MpiCritical.MPI_File_write_ordered(handle, b, count, type.handle, s));
    }

    public void seekShared(long offset, int whence) throws MPIException {
        Native.run(() -> Mpi.MPI_File_seek_shared(handle, offset, whence));
    }

    public long getPositionShared() throws MPIException {
        return Native.get(arena -> {
            MemorySegment offset = arena.allocate(JAVA_LONG);
            Mpi.MPI_File_get_position_shared(handle, offset);
            return offset.get(JAVA_LONG, 0);
        });
    }

    // Split collectives: MPI uses the buffer from begin to end, so it must be a direct buffer.

    private static MemorySegment splitBuffer(Object buf) {
        if (buf instanceof Buffer buffer) {
            return Native.direct(buffer);
        }
        throw new IllegalArgumentException("a split collective needs a direct buffer (MPI.new*Buffer), not "
                + (buf == null ? "null" : buf.getClass().getName()));
    }

    /** The end of a split collective: its status, in native memory. */
    private interface End {
        void run(MemorySegment buffer, MemorySegment status) throws MPIException;
    }

    private static Status end(Object buf, End end) throws MPIException {
        return Native.get(arena -> {
            MemorySegment status = org.mpi4all.ffi.MPI_Status.allocate(arena);
            end.run(splitBuffer(buf), status);
            return Status.copyOf(status);
        });
    }

    public void readAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        Native.run(() -> Mpi.MPI_File_read_at_all_begin(handle, offset, splitBuffer(buf), count, type.handle));
    }

    public Status readAtAllEnd(Object buf) throws MPIException {
        return end(buf, (b, s) -> Mpi.MPI_File_read_at_all_end(handle, b, s));
    }

    public void writeAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        Native.run(() -> Mpi.MPI_File_write_at_all_begin(handle, offset, splitBuffer(buf), count, type.handle));
    }

    public Status writeAtAllEnd(Object buf) throws MPIException {
        return end(buf, (b, s) -> Mpi.MPI_File_write_at_all_end(handle, b, s));
    }

    public void readAllBegin(Object buf, int count, Datatype type) throws MPIException {
        Native.run(() -> Mpi.MPI_File_read_all_begin(handle, splitBuffer(buf), count, type.handle));
    }

    public Status readAllEnd(Object buf) throws MPIException {
        return end(buf, (b, s) -> Mpi.MPI_File_read_all_end(handle, b, s));
    }

    public void writeAllBegin(Object buf, int count, Datatype type) throws MPIException {
        Native.run(() -> Mpi.MPI_File_write_all_begin(handle, splitBuffer(buf), count, type.handle));
    }

    public Status writeAllEnd(Object buf) throws MPIException {
        return end(buf, (b, s) -> Mpi.MPI_File_write_all_end(handle, b, s));
    }

    public void readOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        Native.run(() -> Mpi.MPI_File_read_ordered_begin(handle, splitBuffer(buf), count, type.handle));
    }

    public Status readOrderedEnd(Object buf) throws MPIException {
        return end(buf, (b, s) -> Mpi.MPI_File_read_ordered_end(handle, b, s));
    }

    public void writeOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        Native.run(() -> Mpi.MPI_File_write_ordered_begin(handle, splitBuffer(buf), count, type.handle));
    }

    public Status writeOrderedEnd(Object buf) throws MPIException {
        return end(buf, (b, s) -> Mpi.MPI_File_write_ordered_end(handle, b, s));
    }

    /** The extent of {@code type} in the file, in bytes. */
    public int getTypeExtent(Datatype type) throws MPIException {
        return Native.get(arena -> {
            MemorySegment extent = arena.allocate(JAVA_LONG);
            Mpi.MPI_File_get_type_extent(handle, type.handle, extent);
            return (int) extent.get(JAVA_LONG, 0);
        });
    }

    public void setAtomicity(boolean atomicity) throws MPIException {
        Native.run(() -> Mpi.MPI_File_set_atomicity(handle, atomicity ? 1 : 0));
    }

    public boolean getAtomicity() throws MPIException {
        return Native.get(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_File_get_atomicity(handle, flag);
            return Native.intAt(flag) != 0;
        });
    }

    public void sync() throws MPIException {
        Native.run(() -> Mpi.MPI_File_sync(handle));
    }

    public void setErrhandler(Errhandler errhandler) throws MPIException {
        Native.run(() -> Mpi.MPI_File_set_errhandler(handle, errhandler.handle));
    }

    public Errhandler getErrhandler() throws MPIException {
        return new Errhandler(Native.get(arena -> {
            MemorySegment errhandler = MPI_Errhandler.allocate(arena);
            Mpi.MPI_File_get_errhandler(handle, errhandler);
            return MPI_Errhandler.read(errhandler);
        }));
    }

    public void callErrhandler(int errorCode) throws MPIException {
        Native.run(() -> Mpi.MPI_File_call_errhandler(handle, errorCode));
    }
}
