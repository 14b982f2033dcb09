package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.mpi4all.Param.Name.COUNT;
import static org.mpi4all.Param.Name.STATUS;
import static org.mpi4all.Param.Name.TYPE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_File;
import org.mpi4all.ffi.MPI_Info;
import org.mpi4all.ffi.Mpi;

/**
 * A file the processes of a communicator open together for parallel I/O ({@code MPI_File}, MPI-4.1 §14).
 *
 * {@snippet :
 * try (File file = File.open(world, path, File.Mode.CREATE, File.Mode.WRITE_ONLY)) {
 *     file.writeAtAll((long) world.rank() * block.length, block);   // each rank its block, collectively
 * }
 * try (File file = File.open(world, path, File.Mode.READ_ONLY)) {
 *     file.setView(0, Datatype.DOUBLE);                              // offsets count doubles
 *     double[] all = file.readAtAll(0, new double[world.size() * n]);
 * }
 * }
 *
 * <h2>Reading and writing</h2>
 * A transfer moves a buffer of any kind {@link Communicator} takes (an array, a segment, a
 * {@code java.nio} buffer), with its count and datatype inferred ({@link Param#count count} for fewer
 * elements, {@link Param#type type} for a segment's). Offsets and positions count elements of the view's
 * elementary type ({@link #setView}; bytes until one is set). Three ways to say where:
 * <ul>
 * <li>an explicit offset: {@link #readAt}, {@link #writeAt}, and the collective {@link #readAtAll},
 *     {@link #writeAtAll};</li>
 * <li>this process's file pointer, which each transfer advances: {@link #read}, {@link #write},
 *     {@link #readAll}, {@link #writeAll}, {@link #seek}, {@link #position};</li>
 * <li>the pointer all processes share: {@link #readShared}, {@link #writeShared} (in any order), and the
 *     collective {@link #readOrdered}, {@link #writeOrdered} (in rank order), {@link #seekShared},
 *     {@link #positionShared}.</li>
 * </ul>
 * A read returns its buffer; at the end of the file it reads less, {@link Param#status status} tells how
 * much, and the rest of the buffer is left as it was. The nonblocking forms ({@link #ireadAt} ...) return a
 * {@link Request} that owns the buffer until it completes, as {@link Communicator#irecv} does. Blocking
 * transfers copy heap arrays through native memory (the file system, not the copy, sets their time). A native
 * segment of more than 2^31-1 elements goes through MPI's large-count functions ({@code MPI_File_read_at_c} ...);
 * a library without them (Open MPI 4.1 and 5), or known to fail them ({@code Issue.KnownBugs}), makes the transfer
 * an {@link UnsupportedOperationException} that says why.
 *
 * <p>Errors MPI reports (a file that does not exist, an access the mode forbids) are
 * {@link org.mpi4all.runtime.MpiException}s (files return errors by default); a file used after
 * {@link #close()} is an {@link IllegalStateException}.
 */
public final class File implements AutoCloseable {
    /** How a file is opened ({@code MPI_MODE_*}); exactly one of the first three. */
    public enum Mode {
        READ_ONLY(Mpi.MPI_MODE_RDONLY), WRITE_ONLY(Mpi.MPI_MODE_WRONLY), READ_WRITE(Mpi.MPI_MODE_RDWR),
        /** Create the file if it does not exist. */
        CREATE(Mpi.MPI_MODE_CREATE),
        /** Fail if {@code CREATE} finds the file existing. */
        EXCLUSIVE(Mpi.MPI_MODE_EXCL),
        /** Delete the file when it is closed. */
        DELETE_ON_CLOSE(Mpi.MPI_MODE_DELETE_ON_CLOSE),
        /** No other program opens the file meanwhile. */
        UNIQUE_OPEN(Mpi.MPI_MODE_UNIQUE_OPEN),
        /** Accessed sequentially only (shared pointer only). */
        SEQUENTIAL(Mpi.MPI_MODE_SEQUENTIAL),
        /** The file pointers start at the end of the file. */
        APPEND(Mpi.MPI_MODE_APPEND);

        private final int mpiValue;

        Mode(int mpiValue) {
            this.mpiValue = mpiValue;
        }
    }

    /** Where a seek counts from ({@code MPI_SEEK_SET}, {@code MPI_SEEK_CUR}, {@code MPI_SEEK_END}). */
    public enum Whence {
        SET(Mpi.MPI_SEEK_SET), CURRENT(Mpi.MPI_SEEK_CUR), END(Mpi.MPI_SEEK_END);

        private final int mpiValue;

        Whence(int mpiValue) {
            this.mpiValue = mpiValue;
        }
    }

    /**
     * The transfers: where they read or write, and their MPI functions, blocking, nonblocking and beginning a split
     * collective (null where MPI has none), each with its large-count form ({@code MPI_File_read_at_c} ...).
     */
    enum Transfer {
        READ_AT("readAt", true, new Form(Mpi::MPI_File_read_at, Mpi::MPI_File_read_at_c),
                new Form(Mpi::MPI_File_iread_at, Mpi::MPI_File_iread_at_c), null),
        READ_AT_ALL("readAtAll", true, new Form(Mpi::MPI_File_read_at_all, Mpi::MPI_File_read_at_all_c),
                new Form(Mpi::MPI_File_iread_at_all, Mpi::MPI_File_iread_at_all_c),
                new Form((f, at, b, n, t, none) -> Mpi.MPI_File_read_at_all_begin(f, at, b, n, t),
                        (f, at, b, n, t, none) -> Mpi.MPI_File_read_at_all_begin_c(f, at, b, n, t))),
        WRITE_AT("writeAt", false, new Form(Mpi::MPI_File_write_at, Mpi::MPI_File_write_at_c),
                new Form(Mpi::MPI_File_iwrite_at, Mpi::MPI_File_iwrite_at_c), null),
        WRITE_AT_ALL("writeAtAll", false, new Form(Mpi::MPI_File_write_at_all, Mpi::MPI_File_write_at_all_c),
                new Form(Mpi::MPI_File_iwrite_at_all, Mpi::MPI_File_iwrite_at_all_c),
                new Form((f, at, b, n, t, none) -> Mpi.MPI_File_write_at_all_begin(f, at, b, n, t),
                        (f, at, b, n, t, none) -> Mpi.MPI_File_write_at_all_begin_c(f, at, b, n, t))),
        READ("read", true, new Form((f, at, b, n, t, s) -> Mpi.MPI_File_read(f, b, n, t, s),
                (f, at, b, n, t, s) -> Mpi.MPI_File_read_c(f, b, n, t, s)),
                new Form((f, at, b, n, t, r) -> Mpi.MPI_File_iread(f, b, n, t, r),
                        (f, at, b, n, t, r) -> Mpi.MPI_File_iread_c(f, b, n, t, r)), null),
        READ_ALL("readAll", true, new Form((f, at, b, n, t, s) -> Mpi.MPI_File_read_all(f, b, n, t, s),
                (f, at, b, n, t, s) -> Mpi.MPI_File_read_all_c(f, b, n, t, s)),
                new Form((f, at, b, n, t, r) -> Mpi.MPI_File_iread_all(f, b, n, t, r),
                        (f, at, b, n, t, r) -> Mpi.MPI_File_iread_all_c(f, b, n, t, r)),
                new Form((f, at, b, n, t, none) -> Mpi.MPI_File_read_all_begin(f, b, n, t),
                        (f, at, b, n, t, none) -> Mpi.MPI_File_read_all_begin_c(f, b, n, t))),
        WRITE("write", false, new Form((f, at, b, n, t, s) -> Mpi.MPI_File_write(f, b, n, t, s),
                (f, at, b, n, t, s) -> Mpi.MPI_File_write_c(f, b, n, t, s)),
                new Form((f, at, b, n, t, r) -> Mpi.MPI_File_iwrite(f, b, n, t, r),
                        (f, at, b, n, t, r) -> Mpi.MPI_File_iwrite_c(f, b, n, t, r)), null),
        WRITE_ALL("writeAll", false, new Form((f, at, b, n, t, s) -> Mpi.MPI_File_write_all(f, b, n, t, s),
                (f, at, b, n, t, s) -> Mpi.MPI_File_write_all_c(f, b, n, t, s)),
                new Form((f, at, b, n, t, r) -> Mpi.MPI_File_iwrite_all(f, b, n, t, r),
                        (f, at, b, n, t, r) -> Mpi.MPI_File_iwrite_all_c(f, b, n, t, r)),
                new Form((f, at, b, n, t, none) -> Mpi.MPI_File_write_all_begin(f, b, n, t),
                        (f, at, b, n, t, none) -> Mpi.MPI_File_write_all_begin_c(f, b, n, t))),
        READ_SHARED("readShared", true, new Form((f, at, b, n, t, s) -> Mpi.MPI_File_read_shared(f, b, n, t, s),
                (f, at, b, n, t, s) -> Mpi.MPI_File_read_shared_c(f, b, n, t, s)),
                new Form((f, at, b, n, t, r) -> Mpi.MPI_File_iread_shared(f, b, n, t, r),
                        (f, at, b, n, t, r) -> Mpi.MPI_File_iread_shared_c(f, b, n, t, r)), null),
        WRITE_SHARED("writeShared", false, new Form((f, at, b, n, t, s) -> Mpi.MPI_File_write_shared(f, b, n, t, s),
                (f, at, b, n, t, s) -> Mpi.MPI_File_write_shared_c(f, b, n, t, s)),
                new Form((f, at, b, n, t, r) -> Mpi.MPI_File_iwrite_shared(f, b, n, t, r),
                        (f, at, b, n, t, r) -> Mpi.MPI_File_iwrite_shared_c(f, b, n, t, r)), null),
        READ_ORDERED("readOrdered", true, new Form((f, at, b, n, t, s) -> Mpi.MPI_File_read_ordered(f, b, n, t, s),
                (f, at, b, n, t, s) -> Mpi.MPI_File_read_ordered_c(f, b, n, t, s)), null,
                new Form((f, at, b, n, t, none) -> Mpi.MPI_File_read_ordered_begin(f, b, n, t),
                        (f, at, b, n, t, none) -> Mpi.MPI_File_read_ordered_begin_c(f, b, n, t))),
        WRITE_ORDERED("writeOrdered", false,
                new Form((f, at, b, n, t, s) -> Mpi.MPI_File_write_ordered(f, b, n, t, s),
                        (f, at, b, n, t, s) -> Mpi.MPI_File_write_ordered_c(f, b, n, t, s)), null,
                new Form((f, at, b, n, t, none) -> Mpi.MPI_File_write_ordered_begin(f, b, n, t),
                        (f, at, b, n, t, none) -> Mpi.MPI_File_write_ordered_begin_c(f, b, n, t)));

        final String operation;
        final boolean reads;
        final Form blocking;
        final Form nonblocking;
        final Form begin;

        Transfer(String operation, boolean reads, Form blocking, Form nonblocking, Form begin) {
            this.operation = operation;
            this.reads = reads;
            String stem = operation.replaceAll("([A-Z])", "_$1").toLowerCase();   // readAtAll: read_at_all
            this.blocking = blocking.named("MPI_File_" + stem + "_c");
            this.nonblocking = nonblocking != null ? nonblocking.named("MPI_File_i" + stem + "_c") : null;
            this.begin = begin != null ? begin.named("MPI_File_" + stem + "_begin_c") : null;
        }
    }

    /**
     * An MPI transfer function: {@code offset} for those at an explicit offset (the others ignore it), {@code last}
     * the status of a blocking one, the room for the request of a nonblocking one, nothing for a split collective's
     * beginning.
     */
    @FunctionalInterface
    interface Function {
        void call(MPI_File fh, long offset, MemorySegment buf, int count, MPI_Datatype type, MemorySegment last);
    }

    /** The large-count form of a {@link Function}, whose count is an {@code MPI_Count}. */
    @FunctionalInterface
    interface LargeFunction {
        void call(MPI_File fh, long offset, MemorySegment buf, long count, MPI_Datatype type, MemorySegment last);
    }

    /**
     * A transfer in one form (blocking, nonblocking, beginning): its MPI function, and the large-count one with its
     * name ({@code MPI_File_read_at_c} ...).
     */
    record Form(Function function, LargeFunction large, String largeName) {
        Form(Function function, LargeFunction large) {
            this(function, large, null);
        }

        Form named(String name) {
            return new Form(function, large, name);
        }

        /**
         * Transfers {@code m}: with the large-count function if it has more than 2^31-1 elements (a native segment),
         * unless the library is known to fail it; {@code operation} names the transfer in exceptions.
         */
        void call(String operation, MPI_File fh, long offset, Message m, MemorySegment last) {
            if (m.isLarge()) {
                Issue.KnownBugs.refuse(operation, largeName);
                LargeCounts.run(m.elements(), () -> large.call(fh, offset, m.mpi(), m.elements(), m.handle, last));
            } else {
                function.call(fh, offset, m.mpi(), m.count, m.handle, last);
            }
        }
    }

    private static final int READ_PARAMS = Param.accepting(COUNT, TYPE, STATUS);
    private static final int WRITE_PARAMS = Param.accepting(COUNT, TYPE);
    private static final int NONBLOCKING_PARAMS = Param.accepting(COUNT, TYPE);

    final Environment environment;
    private final MPI_File handle;
    private final String name;
    /** How many processes opened the file together. */
    private final int processes;
    private boolean closed;
    /** The split collective begun and not ended, if any: MPI allows one per file. */
    SplitCollective<?> split;

    private File(Environment environment, MPI_File handle, String name, int processes) {
        this.environment = environment;
        this.handle = handle;
        this.name = name;
        this.processes = processes;
    }

    // ---- opening, closing, deleting -------------------------------------------------------------

    /** Opens {@code path} on every process of {@code comm} ({@code MPI_File_open}); see {@link #open(Communicator, Path, Map, Mode...)}. */
    public static File open(Communicator comm, Path path, Mode... modes) {
        return open(comm, path, Map.of(), modes);
    }

    /**
     * Opens {@code path} on every process of {@code comm} ({@code MPI_File_open}), with the implementation's
     * {@code hints} (an {@code MPI_Info}: {@code "cb_buffer_size"}, {@code "striping_factor"} ...; those it
     * does not know it ignores). Collective: every process gives the same path and modes.
     *
     * @throws IllegalArgumentException if the modes do not hold exactly one of READ_ONLY, WRITE_ONLY, READ_WRITE,
     *                                  or CREATE or EXCLUSIVE go with READ_ONLY
     */
    public static File open(Communicator comm, Path path, Map<String, String> hints, Mode... modes) {
        Set<Mode> set = modes.length == 0 ? EnumSet.noneOf(Mode.class) : EnumSet.of(modes[0], modes);
        int access = (set.contains(Mode.READ_ONLY) ? 1 : 0) + (set.contains(Mode.WRITE_ONLY) ? 1 : 0)
                + (set.contains(Mode.READ_WRITE) ? 1 : 0);
        if (access != 1) {
            throw new IllegalArgumentException("open: give exactly one of READ_ONLY, WRITE_ONLY, READ_WRITE, not " + set);
        }
        if (set.contains(Mode.READ_ONLY) && (set.contains(Mode.CREATE) || set.contains(Mode.EXCLUSIVE))) {
            throw new IllegalArgumentException("open: READ_ONLY cannot " + (set.contains(Mode.CREATE) ? "CREATE" : "be EXCLUSIVE"));
        }
        int amode = 0;
        for (Mode mode : set) {
            amode |= mode.mpiValue;
        }
        String name = path.toString();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = MPI_File.allocate(arena);
            MPI_Info info = info(arena, hints);
            try {
                Mpi.MPI_File_open(comm.intraHandle(), arena.allocateFrom(name), amode, info, out);
            } finally {
                freeInfo(arena, info);
            }
            return new File(comm.environment, MPI_File.read(out), name, comm.size());
        }
    }

    /** Deletes the file at {@code path} ({@code MPI_File_delete}); an {@code MpiException} if there is none. */
    public static void delete(Environment environment, Path path) {
        environment.check();
        try (Arena arena = Arena.ofConfined()) {
            Mpi.MPI_File_delete(arena.allocateFrom(path.toString()), Mpi.MPI_INFO_NULL);
        }
    }

    /** Closes the file ({@code MPI_File_close}); closing it again does nothing. Collective. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        MPI_File fh = handle();
        requireNoSplit("close");
        closed = true;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_File.allocate(arena);
            MPI_File.write(slot, 0, fh);
            Mpi.MPI_File_close(slot);
        }
    }

    // ---- the file as a whole --------------------------------------------------------------------

    /**
     * Sets the view ({@code MPI_File_set_view}): the file seen from byte {@code displacement} on, as elements
     * of {@code etype}, which offsets and positions then count. Collective. Resets the file pointers.
     */
    public void setView(long displacement, Datatype etype) {
        MPI_Datatype type = etype.handle(environment);
        view(displacement, type, type);
    }

    /**
     * Sets a strided view: from byte {@code displacement} on, this process sees {@code blockLength}
     * elements of {@code etype} out of every {@code stride} (MPI_File_set_view with a resized contiguous
     * filetype), so that processes which start at different displacements interleave their blocks.
     * Collective.
     *
     * @throws IllegalArgumentException unless 0 < blockLength <= stride
     */
    public void setView(long displacement, Datatype etype, int blockLength, int stride) {
        if (blockLength <= 0 || blockLength > stride) {
            throw new IllegalArgumentException("setView: needs 0 < blockLength <= stride, not " + blockLength + " of "
                    + stride);
        }
        MPI_Datatype type = etype.handle(environment);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment block = MPI_Datatype.allocate(arena);
            MemorySegment tiled = MPI_Datatype.allocate(arena);
            Mpi.MPI_Type_contiguous(blockLength, type, block);
            Mpi.MPI_Type_create_resized(MPI_Datatype.read(block), 0, stride * etype.size(), tiled);
            Mpi.MPI_Type_commit(tiled);
            try {
                view(displacement, type, MPI_Datatype.read(tiled));
            } finally {
                Mpi.MPI_Type_free(tiled);
                Mpi.MPI_Type_free(block);
            }
        }
    }

    private void view(long displacement, MPI_Datatype etype, MPI_Datatype filetype) {
        if (displacement < 0) {
            throw new IllegalArgumentException("setView: displacement " + displacement + " < 0");
        }
        try (Arena arena = Arena.ofConfined()) {
            Mpi.MPI_File_set_view(handle(), displacement, etype, filetype, arena.allocateFrom("native"),
                    Mpi.MPI_INFO_NULL);
        }
    }

    /** {@return the size of the file in bytes} ({@code MPI_File_get_size}) */
    public long size() {
        return longResult((fh, out) -> Mpi.MPI_File_get_size(fh, out));
    }

    /** Truncates or extends the file to {@code bytes} ({@code MPI_File_set_size}). Collective. */
    public void setSize(long bytes) {
        Mpi.MPI_File_set_size(handle(), bytes);
    }

    /**
     * Makes sure the file has room for {@code bytes} ({@code MPI_File_preallocate}). Collective.
     *
     * @throws UnsupportedOperationException on a file of several processes where the library's function is known to
     *         break the file's later collectives (Open MPI's OMPIO; see {@link Issue.KnownBugs})
     */
    public void preallocate(long bytes) {
        MPI_File fh = handle();
        if (processes > 1) {
            Issue.KnownBugs.refuse("preallocate", "MPI_File_preallocate");
        }
        Mpi.MPI_File_preallocate(fh, bytes);
    }

    /** Writes what this process wrote to the storage device ({@code MPI_File_sync}). Collective. */
    public void sync() {
        Mpi.MPI_File_sync(handle());
    }

    /** Sets whether writes are atomic across processes ({@code MPI_File_set_atomicity}). Collective. */
    public void setAtomicity(boolean atomic) {
        Mpi.MPI_File_set_atomicity(handle(), atomic ? 1 : 0);
    }

    /** {@return whether writes are atomic across processes} ({@code MPI_File_get_atomicity}) */
    public boolean isAtomic() {
        return longResult((fh, out) -> Mpi.MPI_File_get_atomicity(fh, out)) != 0;
    }

    /** {@return the modes the file was opened with} ({@code MPI_File_get_amode}) */
    public Set<Mode> modes() {
        long amode = longResult((fh, out) -> Mpi.MPI_File_get_amode(fh, out));
        Set<Mode> modes = EnumSet.noneOf(Mode.class);
        for (Mode mode : Mode.values()) {
            if ((amode & mode.mpiValue) != 0) {
                modes.add(mode);
            }
        }
        return modes;
    }

    /** {@return the hints in effect} ({@code MPI_File_get_info}): what the implementation made of those given */
    public Map<String, String> hints() {
        MPI_File fh = handle();
        Map<String, String> hints = new LinkedHashMap<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Info.allocate(arena);
            Mpi.MPI_File_get_info(fh, slot);
            MPI_Info info = MPI_Info.read(slot);
            try {
                MemorySegment number = arena.allocate(JAVA_INT, 2);
                Mpi.MPI_Info_get_nkeys(info, number);
                MemorySegment key = arena.allocate(Mpi.MPI_MAX_INFO_KEY + 1L);
                MemorySegment value = arena.allocate(Mpi.MPI_MAX_INFO_VAL + 1L);
                for (int i = 0; i < number.get(JAVA_INT, 0); i++) {
                    Mpi.MPI_Info_get_nthkey(info, i, key);
                    Mpi.MPI_Info_get(info, key, Mpi.MPI_MAX_INFO_VAL, value, number.asSlice(4));
                    if (number.get(JAVA_INT, 4) != 0) {
                        hints.put(key.getString(0), value.getString(0));
                    }
                }
            } finally {
                Mpi.MPI_Info_free(slot);
            }
        }
        return hints;
    }

    /** {@return the individual file pointer, in elements of the view} ({@code MPI_File_get_position}) */
    public long position() {
        return longResult((fh, out) -> Mpi.MPI_File_get_position(fh, out));
    }

    /** {@return the shared file pointer, in elements of the view} ({@code MPI_File_get_position_shared}) */
    public long positionShared() {
        return longResult((fh, out) -> Mpi.MPI_File_get_position_shared(fh, out));
    }

    /** Moves this process's file pointer to {@code offset} from {@code whence} ({@code MPI_File_seek}). */
    public void seek(long offset, Whence whence) {
        Mpi.MPI_File_seek(handle(), offset, whence.mpiValue);
    }

    /** Moves the shared file pointer ({@code MPI_File_seek_shared}); every process gives the same. Collective. */
    public void seekShared(long offset, Whence whence) {
        Mpi.MPI_File_seek_shared(handle(), offset, whence.mpiValue);
    }

    // ---- transfers ------------------------------------------------------------------------------

    /**
     * Reads into {@code buf} from {@code offset} ({@code MPI_File_read_at}) and returns it. Accepts:
     * {@link Param#count count}, {@link Param#type type}, {@link Param#status status}.
     */
    public <T> T readAt(long offset, T buf, Param... params) {
        return transfer(Transfer.READ_AT, offset, buf, params);
    }

    /** {@link #readAt}, collectively ({@code MPI_File_read_at_all}): every process takes part. */
    public <T> T readAtAll(long offset, T buf, Param... params) {
        return transfer(Transfer.READ_AT_ALL, offset, buf, params);
    }

    /** Writes {@code buf} at {@code offset} ({@code MPI_File_write_at}). Accepts: {@link Param#count count}, {@link Param#type type}. */
    public void writeAt(long offset, Object buf, Param... params) {
        transfer(Transfer.WRITE_AT, offset, buf, params);
    }

    /** {@link #writeAt}, collectively ({@code MPI_File_write_at_all}). */
    public void writeAtAll(long offset, Object buf, Param... params) {
        transfer(Transfer.WRITE_AT_ALL, offset, buf, params);
    }

    /** Reads into {@code buf} at this process's file pointer, advancing it ({@code MPI_File_read}); see {@link #readAt}. */
    public <T> T read(T buf, Param... params) {
        return transfer(Transfer.READ, 0, buf, params);
    }

    /** {@link #read}, collectively ({@code MPI_File_read_all}). */
    public <T> T readAll(T buf, Param... params) {
        return transfer(Transfer.READ_ALL, 0, buf, params);
    }

    /** Writes {@code buf} at this process's file pointer, advancing it ({@code MPI_File_write}). */
    public void write(Object buf, Param... params) {
        transfer(Transfer.WRITE, 0, buf, params);
    }

    /** {@link #write}, collectively ({@code MPI_File_write_all}). */
    public void writeAll(Object buf, Param... params) {
        transfer(Transfer.WRITE_ALL, 0, buf, params);
    }

    /** Reads into {@code buf} at the shared file pointer, advancing it for all ({@code MPI_File_read_shared}). */
    public <T> T readShared(T buf, Param... params) {
        return transfer(Transfer.READ_SHARED, 0, buf, params);
    }

    /** Writes {@code buf} at the shared file pointer, advancing it for all ({@code MPI_File_write_shared}). */
    public void writeShared(Object buf, Param... params) {
        transfer(Transfer.WRITE_SHARED, 0, buf, params);
    }

    /** Reads at the shared pointer in rank order, collectively ({@code MPI_File_read_ordered}). */
    public <T> T readOrdered(T buf, Param... params) {
        return transfer(Transfer.READ_ORDERED, 0, buf, params);
    }

    /** Writes at the shared pointer in rank order, collectively ({@code MPI_File_write_ordered}): rank 0's data first. */
    public void writeOrdered(Object buf, Param... params) {
        transfer(Transfer.WRITE_ORDERED, 0, buf, params);
    }

    private <T> T transfer(Transfer transfer, long offset, T buf, Param[] params) {
        String operation = transfer.operation;
        int given = Param.check(operation, params, transfer.reads ? READ_PARAMS : WRITE_PARAMS);
        MPI_File fh = handle();
        checkOffset(operation, offset);
        Status status = (Status) Param.value(params, given, STATUS);
        try (Call call = Call.begin(environment, operation)) {
            Message m = call.message(buf, Param.type(params, given), 0, Param.intValue(params, given, COUNT, -1),
                    transfer.reads ? Message.OUT : Message.IN);
            call.prepareCopying();
            transfer.blocking.call(operation, fh, offset, m, call.status);
            if (transfer.reads && m.isStaged()) {
                m.limitToReceived(call.status, call.words);   // at the end of the file: only what was read
            }
            call.finish();
            if (status != null) {
                status.fill(call.status, m.type, call.words);
            }
            return buf;
        }
    }

    /** Starts {@link #readAt} ({@code MPI_File_iread_at}); the request hands {@code buf} back, filled. Accepts: count, type. */
    public <T> Request<T> ireadAt(long offset, T buf, Param... params) {
        return start(Transfer.READ_AT, offset, buf, params);
    }

    /** Starts {@link #readAtAll} ({@code MPI_File_iread_at_all}). */
    public <T> Request<T> ireadAtAll(long offset, T buf, Param... params) {
        return start(Transfer.READ_AT_ALL, offset, buf, params);
    }

    /** Starts {@link #writeAt} ({@code MPI_File_iwrite_at}); the request hands {@code buf} back. */
    public <T> Request<T> iwriteAt(long offset, T buf, Param... params) {
        return start(Transfer.WRITE_AT, offset, buf, params);
    }

    /** Starts {@link #writeAtAll} ({@code MPI_File_iwrite_at_all}). */
    public <T> Request<T> iwriteAtAll(long offset, T buf, Param... params) {
        return start(Transfer.WRITE_AT_ALL, offset, buf, params);
    }

    /** Starts {@link #read} ({@code MPI_File_iread}); the pointer advances now. */
    public <T> Request<T> iread(T buf, Param... params) {
        return start(Transfer.READ, 0, buf, params);
    }

    /** Starts {@link #readAll} ({@code MPI_File_iread_all}). */
    public <T> Request<T> ireadAll(T buf, Param... params) {
        return start(Transfer.READ_ALL, 0, buf, params);
    }

    /** Starts {@link #write} ({@code MPI_File_iwrite}). */
    public <T> Request<T> iwrite(T buf, Param... params) {
        return start(Transfer.WRITE, 0, buf, params);
    }

    /** Starts {@link #writeAll} ({@code MPI_File_iwrite_all}). */
    public <T> Request<T> iwriteAll(T buf, Param... params) {
        return start(Transfer.WRITE_ALL, 0, buf, params);
    }

    /** Starts {@link #readShared} ({@code MPI_File_iread_shared}). */
    public <T> Request<T> ireadShared(T buf, Param... params) {
        return start(Transfer.READ_SHARED, 0, buf, params);
    }

    /** Starts {@link #writeShared} ({@code MPI_File_iwrite_shared}). */
    public <T> Request<T> iwriteShared(T buf, Param... params) {
        return start(Transfer.WRITE_SHARED, 0, buf, params);
    }

    private <T> Request<T> start(Transfer transfer, long offset, T buf, Param[] params) {
        String operation = "i" + transfer.operation;
        int given = Param.check(operation, params, NONBLOCKING_PARAMS);
        MPI_File fh = handle();
        checkOffset(operation, offset);
        try (Call call = Call.begin(environment, operation)) {
            Message m = call.message(buf, Param.type(params, given), 0, Param.intValue(params, given, COUNT, -1),
                    transfer.reads ? Message.OUT : Message.IN);
            transfer.nonblocking.call(operation, fh, offset, m, call.request());
            return Request.started(call, buf, transfer.reads ? m.type : null);
        }
    }

    // ---- split collectives (MPI-4.1 §14.4.5) -----------------------------------------------------

    /**
     * Begins {@link #readAtAll} ({@code MPI_File_read_at_all_begin}); {@link SplitCollective#end()} ends it and
     * returns {@code buf}, filled. Accepts: {@link Param#count count}, {@link Param#type type}.
     */
    public <T> SplitCollective<T> readAtAllBegin(long offset, T buf, Param... params) {
        return SplitCollective.begin(this, Transfer.READ_AT_ALL, offset, buf, params);
    }

    /** Begins {@link #writeAtAll} ({@code MPI_File_write_at_all_begin}); see {@link #readAtAllBegin}. */
    public <T> SplitCollective<T> writeAtAllBegin(long offset, T buf, Param... params) {
        return SplitCollective.begin(this, Transfer.WRITE_AT_ALL, offset, buf, params);
    }

    /** Begins {@link #readAll} ({@code MPI_File_read_all_begin}); see {@link #readAtAllBegin}. */
    public <T> SplitCollective<T> readAllBegin(T buf, Param... params) {
        return SplitCollective.begin(this, Transfer.READ_ALL, 0, buf, params);
    }

    /** Begins {@link #writeAll} ({@code MPI_File_write_all_begin}); see {@link #readAtAllBegin}. */
    public <T> SplitCollective<T> writeAllBegin(T buf, Param... params) {
        return SplitCollective.begin(this, Transfer.WRITE_ALL, 0, buf, params);
    }

    /** Begins {@link #readOrdered} ({@code MPI_File_read_ordered_begin}); see {@link #readAtAllBegin}. */
    public <T> SplitCollective<T> readOrderedBegin(T buf, Param... params) {
        return SplitCollective.begin(this, Transfer.READ_ORDERED, 0, buf, params);
    }

    /** Begins {@link #writeOrdered} ({@code MPI_File_write_ordered_begin}); see {@link #readAtAllBegin}. */
    public <T> SplitCollective<T> writeOrderedBegin(T buf, Param... params) {
        return SplitCollective.begin(this, Transfer.WRITE_ORDERED, 0, buf, params);
    }

    @Override
    public String toString() {
        return "File[" + name + (closed ? ", closed" : "") + "]";
    }

    // ---- helpers --------------------------------------------------------------------------------

    /** Refuses {@code operation} while a split collective is active on the file. */
    void requireNoSplit(String operation) {
        if (split != null) {
            throw new IllegalStateException(operation + ": the split collective " + split.operation() + "Begin is"
                    + " active on " + name + ": end() it first");
        }
    }

    MPI_File handle() {
        environment.check();
        if (closed) {
            throw new IllegalStateException("the file " + name + " was closed");
        }
        return handle;
    }

    private static void checkOffset(String operation, long offset) {
        if (offset < 0) {
            throw new IllegalArgumentException(operation + ": offset " + offset + " < 0");
        }
    }

    /** An MPI function that writes an integer result (an {@code MPI_Offset} or an {@code int}) into {@code out}. */
    @FunctionalInterface
    private interface Query {
        void call(MPI_File fh, MemorySegment out);
    }

    private long longResult(Query query) {
        MPI_File fh = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            query.call(fh, out);
            return out.get(JAVA_LONG, 0);
        }
    }

    /** {@code hints} as a new {@code MPI_Info}, or {@code MPI_INFO_NULL} for none. */
    private static MPI_Info info(Arena arena, Map<String, String> hints) {
        if (hints.isEmpty()) {
            return Mpi.MPI_INFO_NULL;
        }
        MemorySegment slot = MPI_Info.allocate(arena);
        Mpi.MPI_Info_create(slot);
        MPI_Info info = MPI_Info.read(slot);
        for (Map.Entry<String, String> hint : hints.entrySet()) {
            Mpi.MPI_Info_set(info, arena.allocateFrom(Objects.requireNonNull(hint.getKey())),
                    arena.allocateFrom(Objects.requireNonNull(hint.getValue())));
        }
        return info;
    }

    private static void freeInfo(Arena arena, MPI_Info info) {
        if (!info.equals(Mpi.MPI_INFO_NULL)) {
            MemorySegment slot = MPI_Info.allocate(arena);
            MPI_Info.write(slot, 0, info);
            Mpi.MPI_Info_free(slot);
        }
    }
}
