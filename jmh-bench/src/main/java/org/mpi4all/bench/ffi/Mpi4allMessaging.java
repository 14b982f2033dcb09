package org.mpi4all.bench.ffi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.bench.Messaging;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;

/**
 * What mpi4all's contenders share: the library's life cycle, the calls without buffers, and nonblocking
 * operations (always on off-heap memory). Subclasses choose where the blocking operations' buffers live.
 * Every call goes through the generated low level, {@link Mpi}, as a user's would.
 */
abstract class Mpi4allMessaging implements Messaging {
    /**
     * Buffers start on a page, as C's do ({@code mpibench.c}'s {@code page_aligned}): on this machine's CPU a copy
     * whose destination lies 1-31 bytes after its source modulo 4 KiB runs 5-20 times slower, so two ranks' buffers
     * at whatever offsets the allocator gave made large messages a draw (docs/benchmarks-journal.md, "Large
     * reductions").
     */
    protected static final long PAGE = 4096;
    /** Buffers live as long as the benchmark that allocated them holds this instance. */
    protected final Arena arena = Arena.ofAuto();
    private final MemorySegment intOut = arena.allocate(JAVA_INT);
    private MemorySegment[] windowRegions;
    private MemorySegment requests;
    private MemorySegment[] requestSlots;

    @Override
    public String[] init(String[] args) {
        Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
        return args;
    }

    @Override
    public void finish() {
        Mpi.MPI_Finalize();
    }

    @Override
    public int rank() {
        return commRank();
    }

    @Override
    public int size() {
        Mpi.MPI_Comm_size(Mpi.MPI_COMM_WORLD, intOut);
        return intOut.get(JAVA_INT, 0);
    }

    @Override
    public void barrier() {
        Mpi.MPI_Barrier(Mpi.MPI_COMM_WORLD);
    }

    @Override
    public void allocate(int bytes, int window) {
        MemorySegment buffer = arena.allocate((long) bytes * window, PAGE);
        windowRegions = new MemorySegment[window];
        requests = MPI_Request.allocateArray(arena, window);
        requestSlots = new MemorySegment[window];
        for (int region = 0; region < window; region++) {
            windowRegions[region] = buffer.asSlice((long) region * bytes, bytes);
            requestSlots[region] = requests.asSlice(region * MPI_Request.LAYOUT.byteSize(), MPI_Request.LAYOUT);
        }
        allocateBlocking(bytes);
    }

    /** Allocates the buffers of the blocking operations: region 0 of {@code bytes} and two arrays of {@code bytes / 8} doubles. */
    protected abstract void allocateBlocking(int bytes);

    @Override
    public void startSend(int region, int bytes, int peer) {
        Mpi.MPI_Isend(windowRegions[region], bytes, Mpi.MPI_BYTE, peer, 0, Mpi.MPI_COMM_WORLD, requestSlots[region]);
    }

    @Override
    public void startReceive(int region, int bytes, int peer) {
        Mpi.MPI_Irecv(windowRegions[region], bytes, Mpi.MPI_BYTE, peer, 0, Mpi.MPI_COMM_WORLD, requestSlots[region]);
    }

    @Override
    public void completeAll(int regions) {
        Mpi.MPI_Waitall(regions, requests, Mpi.MPI_STATUSES_IGNORE);
    }

    @Override
    public int commRank() {
        Mpi.MPI_Comm_rank(Mpi.MPI_COMM_WORLD, intOut);
        return intOut.get(JAVA_INT, 0);
    }

    @Override
    public double wtime() {
        return Mpi.MPI_Wtime();
    }
}
