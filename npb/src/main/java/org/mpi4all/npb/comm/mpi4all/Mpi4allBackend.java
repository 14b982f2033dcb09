package org.mpi4all.npb.comm.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Requests;

/**
 * mpi4all: the MPI implementation the bindings were generated for, called through the generated layer.
 * Blocking operations hand the benchmark's heap arrays to MPI without a copy (through {@code MpiCritical}:
 * safe here because a rank is single-threaded); message buffers and request slots are off-heap, in an arena
 * that lives until {@link #close()}.
 *
 * <p>That arena is confined to the thread that runs the benchmark (the first to allocate: the launcher's, or JMH's
 * worker under {@code NpbKernels}). With a shared or global arena, C2 compiles the kernels' loops over message
 * buffers (CG's {@code dotQ}, {@code updateZR}, {@code addReceived}) with profiled loop predicates that then fail:
 * 16-20 deoptimisations and recompilations inside CG.A's timed section on 4 ranks, none with a confined arena
 * (docs/benchmarks-journal.md, "The kernels recompiled inside the timed section").
 */
public final class Mpi4allBackend implements Backend {
    private Arena arena;
    private Thread owner;
    private Mpi4allComm world;

    @Override
    public String name() {
        return "mpi4all";
    }

    @Override
    public String description() {
        return "mpi4all on " + libraryVersion();
    }

    @Override
    public String[] init(String[] args) {
        Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
        world = new Mpi4allComm(Mpi.MPI_COMM_WORLD, "MPI_COMM_WORLD");
        return args;
    }

    @Override
    public Comm world() {
        return world;
    }

    @Override
    public double wtime() {
        return Mpi.MPI_Wtime();
    }

    @Override
    public MessageBuffer allocate(int length) {
        return new OffHeapBuffer(arena().allocate(ValueLayout.JAVA_DOUBLE, length));
    }

    @Override
    public Requests requests(int slots) {
        return new Mpi4allRequests(arena(), slots);
    }

    /** The arena of message buffers and request slots, confined to the first thread that asks for it. */
    private Arena arena() {
        if (arena == null) {
            arena = Arena.ofConfined();
            owner = Thread.currentThread();
        } else if (owner != Thread.currentThread()) {
            throw new IllegalStateException("mpi4all's message buffers belong to the thread that runs the benchmark ("
                    + owner.getName() + "), not " + Thread.currentThread().getName());
        }
        return arena;
    }

    @Override
    public int ranksInThisJvm() {
        return 1;
    }

    @Override
    public int ranksOnThisNode() {
        try (Arena local = Arena.ofConfined()) {
            MemorySegment node = MPI_Comm.allocate(local);
            Mpi.MPI_Comm_split_type(Mpi.MPI_COMM_WORLD, Mpi.MPI_COMM_TYPE_SHARED, 0, Mpi.MPI_INFO_NULL, node);
            MPI_Comm nodeComm = MPI_Comm.read(node);
            MemorySegment size = local.allocate(JAVA_INT);
            Mpi.MPI_Comm_size(nodeComm, size);
            Mpi.MPI_Comm_free(node);
            return size.get(JAVA_INT, 0);
        }
    }

    @Override
    public void abort(int status) {
        try {
            Mpi.MPI_Abort(Mpi.MPI_COMM_WORLD, status);
        } finally {
            System.exit(status);
        }
    }

    @Override
    public void close() {
        Mpi.MPI_Finalize();
        // Under NpbKernels, JMH's worker thread owned the arena and has ended: the process exit frees its memory.
        if (arena != null && owner == Thread.currentThread()) {
            arena.close();
        }
    }

    private static String libraryVersion() {
        try (Arena local = Arena.ofConfined()) {
            MemorySegment text = local.allocate(Mpi.MPI_MAX_LIBRARY_VERSION_STRING);
            Mpi.MPI_Get_library_version(text, local.allocate(JAVA_INT));
            String first = text.getString(0).strip().lines().findFirst().orElse("MPI");
            return first.contains(",") ? first.substring(0, first.indexOf(',')) : first;
        }
    }

    /** A message buffer in off-heap memory, which nonblocking MPI calls may use until they complete. */
    private static final class OffHeapBuffer extends MessageBuffer {
        OffHeapBuffer(MemorySegment segment) {
            super(segment);
        }
    }
}
