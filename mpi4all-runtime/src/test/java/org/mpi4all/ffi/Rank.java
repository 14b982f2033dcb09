package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What a conformance check knows about its rank ({@code rank}, {@code size} of {@code MPI_COMM_WORLD}, the
 * program's arguments, the thread level MPI provided) and small helpers over the generated C-like API: native
 * buffers from Java values and back, and the "call with an out-parameter, read it" pattern of C.
 */
final class Rank {
    final int rank;
    final int size;
    final int providedThreadLevel;
    final List<String> args;
    /** Memory that lives as long as the check; confined to the check's thread. */
    final Arena arena;

    Rank(int rank, int size, int providedThreadLevel, List<String> args, Arena arena) {
        this.rank = rank;
        this.size = size;
        this.providedThreadLevel = providedThreadLevel;
        this.args = args;
        this.arena = arena;
    }

    /** The name of the implementation running ({@code openmpi}, {@code mpich}, {@code mpiabi} ...). */
    static String implementation() {
        return Mpi.LIB.implementation();
    }

    /** Thrown by a check that cannot run on this implementation; the reason must name the implementation. */
    static final class Skip extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Skip(String reason) {
            super(reason);
        }
    }

    /** Skips the check, on every rank alike, for {@code reason}. */
    Skip skip(String reason) {
        return new Skip(implementation() + ": " + reason);
    }

    MPI_Comm world() {
        return Mpi.MPI_COMM_WORLD;
    }

    /** The next rank around the ring of all ranks. */
    int right() {
        return (rank + 1) % size;
    }

    /** The previous rank around the ring of all ranks. */
    int left() {
        return (rank + size - 1) % size;
    }

    // --- buffers ---

    MemorySegment ints(int... values) {
        return arena.allocateFrom(JAVA_INT, values);
    }

    /** {@code count} ints, each {@code fill}. */
    MemorySegment intsFilled(int count, int fill) {
        MemorySegment segment = arena.allocate(JAVA_INT, count);
        segment.fill((byte) 0);
        for (int i = 0; i < count; i++) {
            segment.setAtIndex(JAVA_INT, i, fill);
        }
        return segment;
    }

    static int[] ints(MemorySegment segment) {
        return segment.toArray(JAVA_INT);
    }

    MemorySegment doubles(double... values) {
        return arena.allocateFrom(JAVA_DOUBLE, values);
    }

    static double[] doubles(MemorySegment segment) {
        return segment.toArray(JAVA_DOUBLE);
    }

    MemorySegment longs(long... values) {
        return arena.allocateFrom(JAVA_LONG, values);
    }

    static long[] longs(MemorySegment segment) {
        return segment.toArray(JAVA_LONG);
    }

    MemorySegment string(String text) {
        return arena.allocateFrom(text);
    }

    /** A zeroed {@code MPI_Status}. */
    MemorySegment status() {
        return MPI_Status.allocate(arena);
    }

    /** {@code count} zeroed {@code MPI_Status}es. */
    MemorySegment statuses(int count) {
        return MPI_Status.allocateArray(arena, count);
    }

    /** {@code count} requests, each {@code MPI_REQUEST_NULL}. */
    MemorySegment requests(int count) {
        MemorySegment requests = MPI_Request.allocateArray(arena, count);
        for (int i = 0; i < count; i++) {
            MPI_Request.write(requests, i, Mpi.MPI_REQUEST_NULL);
        }
        return requests;
    }

    /** Element {@code index} of an array of handles, as a pointer to pass where C takes {@code MPI_Request *}. */
    static MemorySegment element(MemorySegment handles, ValueLayout layout, long index) {
        return handles.asSlice(index * layout.byteSize(), layout.byteSize());
    }

    // --- out-parameters: call, then read what the function stored ---

    int intOut(Consumer<MemorySegment> call) {
        MemorySegment out = arena.allocate(JAVA_INT);
        call.accept(out);
        return out.get(JAVA_INT, 0);
    }

    boolean flagOut(Consumer<MemorySegment> call) {
        return intOut(call) != 0;
    }

    long longOut(Consumer<MemorySegment> call) {
        MemorySegment out = arena.allocate(JAVA_LONG);
        call.accept(out);
        return out.get(JAVA_LONG, 0);
    }

    double doubleOut(Consumer<MemorySegment> call) {
        MemorySegment out = arena.allocate(JAVA_DOUBLE);
        call.accept(out);
        return out.get(JAVA_DOUBLE, 0);
    }

    /** A {@code void *} the function stored, as a segment of {@code byteSize} bytes. */
    MemorySegment pointerOut(long byteSize, Consumer<MemorySegment> call) {
        MemorySegment out = arena.allocate(ADDRESS);
        call.accept(out);
        return out.get(ADDRESS, 0).reinterpret(byteSize);
    }

    private <H> H handleOut(ValueLayout layout, Function<MemorySegment, H> read, Consumer<MemorySegment> call) {
        MemorySegment out = arena.allocate(layout);
        call.accept(out);
        return read.apply(out);
    }

    MPI_Comm commOut(Consumer<MemorySegment> call) {
        return handleOut(MPI_Comm.LAYOUT, MPI_Comm::read, call);
    }

    MPI_Group groupOut(Consumer<MemorySegment> call) {
        return handleOut(MPI_Group.LAYOUT, MPI_Group::read, call);
    }

    MPI_Datatype datatypeOut(Consumer<MemorySegment> call) {
        return handleOut(MPI_Datatype.LAYOUT, MPI_Datatype::read, call);
    }

    MPI_Request requestOut(Consumer<MemorySegment> call) {
        return handleOut(MPI_Request.LAYOUT, MPI_Request::read, call);
    }

    MPI_Op opOut(Consumer<MemorySegment> call) {
        return handleOut(MPI_Op.LAYOUT, MPI_Op::read, call);
    }

    MPI_Info infoOut(Consumer<MemorySegment> call) {
        return handleOut(MPI_Info.LAYOUT, MPI_Info::read, call);
    }

    MPI_Win winOut(Consumer<MemorySegment> call) {
        return handleOut(MPI_Win.LAYOUT, MPI_Win::read, call);
    }

    MPI_File fileOut(Consumer<MemorySegment> call) {
        return handleOut(MPI_File.LAYOUT, MPI_File::read, call);
    }

    private interface HandleWriter<H> {
        void write(MemorySegment memory, long index, H handle);
    }

    /** {@code handle} in native memory, for the functions that take a pointer to one and update it (free ...). */
    private <H> MemorySegment cell(ValueLayout layout, HandleWriter<H> write, H handle) {
        MemorySegment cell = arena.allocate(layout);
        write.write(cell, 0, handle);
        return cell;
    }

    MemorySegment commCell(MPI_Comm comm) {
        return cell(MPI_Comm.LAYOUT, MPI_Comm::write, comm);
    }

    MemorySegment groupCell(MPI_Group group) {
        return cell(MPI_Group.LAYOUT, MPI_Group::write, group);
    }

    MemorySegment datatypeCell(MPI_Datatype type) {
        return cell(MPI_Datatype.LAYOUT, MPI_Datatype::write, type);
    }

    MemorySegment requestCell(MPI_Request request) {
        return cell(MPI_Request.LAYOUT, MPI_Request::write, request);
    }

    MemorySegment opCell(MPI_Op op) {
        return cell(MPI_Op.LAYOUT, MPI_Op::write, op);
    }

    MemorySegment infoCell(MPI_Info info) {
        return cell(MPI_Info.LAYOUT, MPI_Info::write, info);
    }

    MemorySegment winCell(MPI_Win win) {
        return cell(MPI_Win.LAYOUT, MPI_Win::write, win);
    }

    /** The sum 0 + 1 + ... + (n - 1). */
    static int triangle(int n) {
        return n * (n - 1) / 2;
    }
}
