package org.mpi4all.bench;

/**
 * One way of passing messages from Java that the benchmarks measure: a library and the kind of memory its
 * buffers live in (mpi4all with off-heap segments or with heap arrays, Open MPI's Java bindings with arrays
 * or direct buffers, MPJ Express...). The benchmarks ({@link PingPong}, {@link Bandwidth}, {@link Allreduce},
 * {@link CallOverhead}) are written once against this interface, so every contender runs the same code.
 *
 * <p>The library is process-wide: {@link MpiBenchmarks} calls {@link #init} and {@link #finish} on one
 * instance, around every benchmark. Each benchmark creates its own instance and {@link #allocate}s its
 * buffers there, before timing; the operations then allocate nothing of their own (what a library allocates
 * per call is that library's cost). Each JVM runs one implementation of this interface, so the interface
 * calls are monomorphic and inlined.
 *
 * <p>Messages go between ranks 0 and 1 of the world communicator, with tag 0; counts are bytes for
 * point-to-point messages and doubles for reductions.
 */
public interface Messaging {

    /**
     * Initialises the library for this process at {@code MPI_THREAD_SINGLE} ({@code MPI_Init}, as the C reference
     * does: JMH calls from this thread, {@link CallingThreadExecutor}); returns the program's own arguments.
     */
    String[] init(String[] args);

    /** Shuts the library down ({@code MPI_Finalize}). */
    void finish();

    /** This rank in the world communicator (cached at {@link #init}). */
    int rank();

    /** The number of ranks in the world communicator. */
    int size();

    /** {@code MPI_Barrier} on the world communicator. */
    void barrier();

    /**
     * Allocates the buffers of this instance: {@code window} regions of {@code bytes} bytes each for
     * point-to-point messages (region 0 for blocking ones), and {@code bytes / 8} doubles to send and to
     * receive for reductions.
     */
    void allocate(int bytes, int window);

    /** Whether this way of holding buffers can start nonblocking operations (heap arrays cannot: they move). */
    boolean supportsNonblocking();

    /** Sends {@code bytes} bytes of region 0 to {@code peer} ({@code MPI_Send}). */
    void send(int bytes, int peer);

    /** Receives {@code bytes} bytes from {@code peer} into region 0 ({@code MPI_Recv}). */
    void receive(int bytes, int peer);

    /** Starts sending {@code bytes} bytes of region {@code region} to {@code peer} ({@code MPI_Isend}). */
    void startSend(int region, int bytes, int peer);

    /** Starts receiving {@code bytes} bytes from {@code peer} into region {@code region} ({@code MPI_Irecv}). */
    void startReceive(int region, int bytes, int peer);

    /** Waits for the nonblocking operations started on regions {@code 0 .. regions-1} ({@code MPI_Waitall}). */
    void completeAll(int regions);

    /** Sums {@code doubles} doubles over all ranks into every rank's receive buffer ({@code MPI_Allreduce}). */
    void allreduce(int doubles);

    /** One call of {@code MPI_Comm_rank} on the world communicator, through the library. */
    int commRank();

    /** One call of {@code MPI_Wtime}, through the library. */
    double wtime();
}
