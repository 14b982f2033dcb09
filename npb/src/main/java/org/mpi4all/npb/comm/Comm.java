package org.mpi4all.npb.comm;

/**
 * A communicator: a group of ranks and the operations the NPB 3.4 MPI benchmarks perform among them.
 *
 * <p>Every operation has MPI's meaning (the name of the MPI function is given): collective operations
 * must be called by every rank of the communicator in the same order; counts are numbers of elements, never
 * bytes; ranks are ranks in this communicator; tags are non-negative. Blocking operations return when the
 * arrays they were given may be reused. Receive counts are capacities: the message may be shorter.
 *
 * <p>Complex numbers travel as interleaved (real, imaginary) doubles: a complex count is twice the double
 * count.
 *
 * <p>Errors (a count beyond an array's end, a rank outside the communicator, a failure of the library) throw
 * an unchecked exception that names the operation.
 */
public interface Comm {

    /** This rank's number in the communicator, from 0 ({@code MPI_Comm_rank}). */
    int rank();

    /** The number of ranks in the communicator ({@code MPI_Comm_size}). */
    int size();

    /**
     * Splits the communicator by {@code color} ({@code MPI_Comm_split}): ranks giving the same colour form one
     * new communicator, ordered by {@code key} (ties by rank here). Collective.
     *
     * @param color a non-negative colour
     */
    Comm split(int color, int key);

    /** A new communicator with the same ranks in the same order ({@code MPI_Comm_dup}). Collective. */
    Comm dup();

    /** Returns when every rank has called it ({@code MPI_Barrier}). */
    void barrier();

    /** Copies {@code count} elements from {@code buffer} on rank {@code root} into {@code buffer} on every rank ({@code MPI_Bcast}). */
    void bcast(double[] buffer, int offset, int count, int root);

    /** {@link #bcast(double[], int, int, int)} for {@code int} elements. */
    void bcast(int[] buffer, int offset, int count, int root);

    /** {@link #bcast(double[], int, int, int)} for {@code long} elements. */
    void bcast(long[] buffer, int offset, int count, int root);

    /**
     * Combines {@code count} elements of every rank's {@code send} element-wise with {@code op} into
     * {@code receive} on rank {@code root} ({@code MPI_Reduce}); {@code receive} is not touched on other ranks.
     * {@code send} and {@code receive} must not overlap.
     */
    void reduce(double[] send, int sendOffset, double[] receive, int receiveOffset, int count, Op op, int root);

    /** {@link #reduce(double[], int, double[], int, int, Op, int)} for {@code int} elements. */
    void reduce(int[] send, int sendOffset, int[] receive, int receiveOffset, int count, Op op, int root);

    /** {@link #reduce(double[], int, double[], int, int, Op, int)} for {@code long} elements. */
    void reduce(long[] send, int sendOffset, long[] receive, int receiveOffset, int count, Op op, int root);

    /**
     * Combines {@code count} elements of every rank's {@code send} element-wise with {@code op} into
     * {@code receive} on every rank ({@code MPI_Allreduce}). {@code send} and {@code receive} must not overlap.
     */
    void allreduce(double[] send, int sendOffset, double[] receive, int receiveOffset, int count, Op op);

    /** {@link #allreduce(double[], int, double[], int, int, Op)} for {@code int} elements. */
    void allreduce(int[] send, int sendOffset, int[] receive, int receiveOffset, int count, Op op);

    /** {@link #allreduce(double[], int, double[], int, int, Op)} for {@code long} elements. */
    void allreduce(long[] send, int sendOffset, long[] receive, int receiveOffset, int count, Op op);

    /**
     * Sends block {@code j} of {@code send} (the {@code countPerRank} doubles from
     * {@code sendOffset + j * countPerRank}) to rank {@code j}, and receives rank {@code j}'s block for this rank
     * into block {@code j} of {@code receive} ({@code MPI_Alltoall}). {@code send} and {@code receive} must not
     * overlap.
     */
    void alltoall(double[] send, int sendOffset, double[] receive, int receiveOffset, int countPerRank);

    /** Sends {@code count} doubles of {@code buffer} to rank {@code dest} ({@code MPI_Send}). */
    void send(double[] buffer, int offset, int count, int dest, int tag);

    /**
     * Starts sending {@code count} doubles of {@code buffer} from {@code offset} to rank {@code dest}
     * ({@code MPI_Isend}) and records the request in {@code slot} of {@code requests}, which must be free. The
     * range must not change until the request completes.
     */
    void isend(MessageBuffer buffer, int offset, int count, int dest, int tag, Requests requests, int slot);

    /**
     * Starts receiving at most {@code count} doubles from rank {@code source} into {@code buffer} from
     * {@code offset} ({@code MPI_Irecv}) and records the request in {@code slot} of {@code requests}, which must
     * be free. The range must not be read or written until the request completes.
     */
    void irecv(MessageBuffer buffer, int offset, int count, int source, int tag, Requests requests, int slot);
}
