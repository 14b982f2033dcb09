package org.mpi4all;

import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_File;
import org.mpi4all.ffi.Mpi;

/**
 * A split collective file transfer (MPI-4.1 §14.4.5, {@code MPI_File_read_all_begin} ... {@code _end}): begun by
 * every process, ended by every process, with other work between; {@link #end()} returns the buffer, filled for a
 * read.
 *
 * {@snippet :
 * SplitCollective<double[]> reading = file.readAtAllBegin(offset, block);
 * compute();                                  // while the file system works
 * double[] read = reading.end();
 * }
 *
 * <p>The buffer is protected as a nonblocking operation's ({@link Request}): a heap array never reaches MPI, it is
 * copied to native memory at the beginning of a write and filled at the end of a read (only with what was read);
 * a native segment is MPI's until {@code end()}. A file has at most one split collective active at a time (MPI's
 * rule): beginning another, ending one twice, or closing the file in between is an {@link IllegalStateException}.
 *
 * @param <T> the buffer
 */
public final class SplitCollective<T> {
    private static final int PARAMS = Param.accepting(Param.Name.COUNT, Param.Name.TYPE);

    private final File file;
    private final File.Transfer transfer;
    private final T buf;
    /** What MPI was given at the beginning, which the end names again: the staged memory, or the segment. */
    private final MemorySegment mpiBuffer;
    private final Datatype type;
    private Staging staging;

    private SplitCollective(File file, File.Transfer transfer, T buf, MemorySegment mpiBuffer, Datatype type,
            Staging staging) {
        this.file = file;
        this.transfer = transfer;
        this.buf = buf;
        this.mpiBuffer = mpiBuffer;
        this.type = type;
        this.staging = staging;
    }

    /** Begins {@code transfer} (a collective one) of {@code buf} at {@code offset} (ignored where it has none). */
    static <T> SplitCollective<T> begin(File file, File.Transfer transfer, long offset, T buf, Param[] params) {
        String operation = transfer.operation + "Begin";
        int given = Param.check(operation, params, PARAMS);
        MPI_File fh = file.handle();
        if (offset < 0) {
            throw new IllegalArgumentException(operation + ": offset " + offset + " < 0");
        }
        file.requireNoSplit(operation);
        try (Call call = Call.begin(file.environment, operation)) {
            Message m = call.message(buf, Param.type(params, given), 0, Param.intValue(params, given,
                    Param.Name.COUNT, -1), transfer.reads ? Message.OUT : Message.IN);
            call.prepareNonblocking();
            transfer.begin.call(operation, fh, offset, m, MemorySegment.NULL);
            SplitCollective<T> split = new SplitCollective<>(file, transfer, buf, m.mpi(), m.type, call.started());
            file.split = split;
            return split;
        }
    }

    /** Ends the transfer ({@code MPI_File_..._end}) and returns the buffer; see {@link #end(Status)}. */
    public T end() {
        return end(null);
    }

    /**
     * Ends the transfer ({@code MPI_File_read_all_end} ...), fills {@code status} (if not null) with what was
     * transferred, and returns the buffer: for a read, filled with what was read (at the end of the file, less).
     *
     * @throws IllegalStateException if it was ended already
     */
    public T end(Status status) {
        String operation = transfer.operation + "End";
        if (staging == null) {
            throw new IllegalStateException(operation + ": ended already");
        }
        MPI_File fh = file.handle();
        try (Call call = Call.begin(file.environment, operation)) {
            switch (transfer) {
                case READ_AT_ALL -> Mpi.MPI_File_read_at_all_end(fh, mpiBuffer, call.status);
                case WRITE_AT_ALL -> Mpi.MPI_File_write_at_all_end(fh, mpiBuffer, call.status);
                case READ_ALL -> Mpi.MPI_File_read_all_end(fh, mpiBuffer, call.status);
                case WRITE_ALL -> Mpi.MPI_File_write_all_end(fh, mpiBuffer, call.status);
                case READ_ORDERED -> Mpi.MPI_File_read_ordered_end(fh, mpiBuffer, call.status);
                case WRITE_ORDERED -> Mpi.MPI_File_write_ordered_end(fh, mpiBuffer, call.status);
                default -> throw new AssertionError("no split collective " + transfer.operation);
            }
            file.split = null;
            if (transfer.reads) {
                staging.limitToReceived(call.status, call.words);   // at the end of the file: only what was read
            }
            Staging done = staging;
            staging = null;
            done.complete();
            if (status != null) {
                status.fill(call.status, type, call.words);
            }
        }
        return buf;
    }

    /** {@return the name of the operation begun} ({@code "readAtAll"} ...) */
    String operation() {
        return transfer.operation;
    }

    @Override
    public String toString() {
        return "SplitCollective[" + transfer.operation + (staging == null ? ", ended" : "") + "]";
    }
}
