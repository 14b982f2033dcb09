package org.mpi4all.npb.comm;

/**
 * A message-passing library the NAS benchmarks run on: mpi4all, MPJ Express, Open MPI's Java bindings...
 * The benchmarks use nothing else, so the same benchmark code measures every library.
 *
 * <p>Life cycle, on every rank: the launcher constructs the backend (a public no-argument constructor that
 * throws {@link BackendUnavailableException} when the library cannot work in this process), calls
 * {@link #init} once, runs the benchmark on {@link #world()}, then {@link #close()}s it (or {@link #abort}s).
 *
 * <p>Data passes without per-message copies where the library allows it: blocking operations take Java arrays
 * with an offset and a count (a library that can pass heap arrays to native code does so directly);
 * nonblocking operations take a {@link MessageBuffer} that this backend allocated in the memory the library
 * needs (off-heap for native libraries, a heap array for pure-Java ones), and complete through a
 * {@link Requests} set it allocated. Benchmarks allocate both once, before timing, and pack and unpack the
 * buffers in place: nothing on a hot path allocates.
 *
 * <p>Thread use: a rank calls its backend from one thread. A backend may run several ranks in one JVM (MPJ
 * Express' multicore device runs each rank as a thread): benchmark code keeps no mutable static state.
 */
public interface Backend extends AutoCloseable {

    /** The name {@code --backend} selects this backend by, e.g. {@code mpj}. */
    String name();

    /** The library and how it runs, for the report, e.g. {@code MPJ Express 0.44, multicore device}. */
    String description();

    /**
     * Initialises the library ({@code MPI_Init}); called once, before anything else but {@link #name()}.
     *
     * @param args the arguments the JVM's main method received
     * @return the program's own arguments: {@code args} without what the library's launcher added
     */
    String[] init(String[] args);

    /** All ranks of the run ({@code MPI_COMM_WORLD}). */
    Comm world();

    /** Seconds since some fixed moment in the past ({@code MPI_Wtime}); only differences mean something. */
    double wtime();

    /**
     * Allocates a buffer of {@code length} doubles, all zero, for nonblocking messages. It lives until
     * {@link #close()}.
     */
    MessageBuffer allocate(int length);

    /** Allocates {@code slots} request slots, all free, for nonblocking operations. */
    Requests requests(int slots);

    /** How many ranks of this run share this JVM (and so its heap): 1 for one process per rank. */
    int ranksInThisJvm();

    /** How many ranks of this run share this machine (and so its memory). */
    int ranksOnThisNode();

    /**
     * Ends every rank of the run with {@code status} as the exit status ({@code MPI_Abort}), for errors after
     * which the ranks cannot agree to stop. Does not return.
     */
    void abort(int status);

    /** Shuts the library down ({@code MPI_Finalize}); every rank calls it after its last communication. */
    @Override
    void close();
}
