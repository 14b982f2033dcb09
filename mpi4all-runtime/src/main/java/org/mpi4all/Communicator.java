package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.mpi4all.Param.Name.ROOT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;

/**
 * A group of processes that communicate ({@code MPI_Comm}), with MPI's point-to-point and collective
 * operations on Java buffers.
 *
 * {@snippet :
 * import static org.mpi4all.Param.*;
 *
 * Communicator world = env.world();
 * if (world.rank() == 0) {
 *     world.send(new double[] {1, 2, 3}, 1, tag(7));
 * } else if (world.rank() == 1) {
 *     double[] got = world.recv(double[].class, 0, tag(7));     // size taken from the message
 * }
 * long total = world.allreduce((long) localCount, Op.SUM);
 * int[] everything = world.allgatherv(mine);                     // varying sizes, counts exchanged
 * try (Communicator row = world.split(world.rank() / 4, world.rank())) {
 *     row.bcast(data, root(0));
 * }
 * }
 *
 * <h2>Buffers</h2>
 * Operations take the data as it is held: a primitive array, an array of records, a
 * {@link MemorySegment} or a {@code java.nio} buffer (see {@link Datatype}); the datatype and the
 * count come from it. A part of a buffer is a view of it ({@code IntBuffer.wrap(array, from, n)},
 * {@code segment.asSlice(...)}), or, for point-to-point and bcast, {@link Param#offset(int)} and
 * {@link Param#count(int)}. A segment's elements are bytes unless {@link Param#type(Datatype)} says
 * otherwise. Anything else is an {@link IllegalArgumentException}; objects travel only through a
 * {@link Serializer} ({@link #sendObject}).
 *
 * <h2>Results</h2>
 * An operation that receives returns what it received. When the size of the result is known (a
 * reduction, a gather) or can be computed (by exchanging counts, or probing a message), the result is
 * a new buffer of the same kind as the data sent (a new {@code int[]} for an {@code int[]}, a segment of
 * {@link Arena#ofAuto()} for a segment); {@link Param#recvBuf(Object)} and {@link Param#inPlace()}
 * put it into a buffer of the caller's instead. On ranks that receive nothing (not the root of a
 * reduce or gather), the result is an empty buffer of the same kind.
 *
 * <h2>Parameters</h2>
 * What an operation cannot do without is positional; the rest are named {@link Param}s, each with the
 * default the operation documents. Each operation lists the parameters it accepts; any other is an
 * {@link IllegalArgumentException}.
 *
 * <h2>Errors and lifetime</h2>
 * An MPI error becomes an {@link org.mpi4all.runtime.MpiException}. A communicator made by an operation
 * ({@link #dup()}, {@link #split}) is freed by {@link #close()}; after that, and after the environment
 * closes, every operation throws {@link IllegalStateException}. {@code world} and {@code self} cannot
 * be closed.
 */
public sealed class Communicator implements Attributed<Communicator>, AutoCloseable permits TopologyCommunicator, Intercommunicator {
    /** Receive from any source ({@code MPI_ANY_SOURCE}). */
    public static final int ANY_SOURCE = Mpi.MPI_ANY_SOURCE;
    /** Receive with any tag ({@code MPI_ANY_TAG}). */
    public static final int ANY_TAG = Mpi.MPI_ANY_TAG;
    /** The null process: sending to it or receiving from it does nothing ({@code MPI_PROC_NULL}). */
    public static final int PROC_NULL = Mpi.MPI_PROC_NULL;
    /** The color that leaves a process out of {@link #split}, and a rank that is none ({@code MPI_UNDEFINED}). */
    public static final int UNDEFINED = Mpi.MPI_UNDEFINED;

    final Environment environment;
    private final MPI_Comm handle;
    private final String name;
    private final boolean predefined;
    private final int rank;
    private final int size;
    private volatile boolean freed;
    /** The views of the heap arrays the short paths of blocking calls hand to MPI, see {@link #wholeSegment}. */
    private final HeapViews heapViews = new HeapViews();

    Communicator(Environment environment, MPI_Comm handle, String name, boolean predefined) {
        this.environment = environment;
        this.handle = handle;
        this.name = name;
        this.predefined = predefined;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT, 2);
            Mpi.MPI_Comm_rank(handle, out);
            Mpi.MPI_Comm_size(handle, out.asSlice(4));
            this.rank = out.getAtIndex(JAVA_INT, 0);
            this.size = out.getAtIndex(JAVA_INT, 1);
        }
    }

    /** {@return this process's rank in the communicator} */
    public int rank() {
        return rank;
    }

    /** {@return the number of processes in the communicator} */
    public int size() {
        return size;
    }

    /** {@return the environment the communicator belongs to} */
    public Environment environment() {
        return environment;
    }

    /** {@return the name of the communicator in messages} ({@code world}, {@code world.dup} ...) */
    String name() {
        return name;
    }

    /** The MPI handle, for calls to the generated layer ({@code Mpi}), after checking it is usable. */
    public MPI_Comm handle() {
        environment.check();
        if (freed) {
            throw new IllegalStateException("the communicator " + name + " was freed");
        }
        return handle;
    }

    /**
     * The handle, for the operations the high level runs on intracommunicators only (prefix reductions, the making
     * of communicators, windows and files from this one's processes).
     */
    MPI_Comm intraHandle() {
        return handle();
    }

    /**
     * The segment MPI gets for a whole buffer ({@link Message#wholeCount}) of {@code count} elements of {@code type}:
     * a native segment itself, a heap array as a view kept for it ({@link HeapViews}), which a critical downcall
     * takes.
     */
    MemorySegment wholeSegment(Object buffer, int count, Datatype type) {
        return buffer instanceof MemorySegment segment ? segment : heapViews.of(buffer, count * type.size());
    }

    // ---- What a collective needs to know of the communicator: one group, or two (Intercommunicator) ----------

    /**
     * The handle, for a collective (blocking, nonblocking or persistent) MPI defines on both kinds of communicator,
     * given the parameters {@code given} to {@code operation} ({@link Intercommunicator} refuses {@code inPlace},
     * which MPI does not define between two groups).
     */
    MPI_Comm collectiveHandle(String operation, int given) {
        return handle();
    }

    /**
     * The parameters of a reduction of one value: in place, so that it allocates only the value's array; between two
     * groups, which MPI gives no in-place form, none.
     */
    Param[] oneValueReduction() {
        return IN_PLACE;
    }

    private static final Param[] IN_PLACE = {Param.inPlace()};

    /** The number of processes a collective exchanges blocks with: all of them here, the remote group between two. */
    int peers() {
        return size;
    }

    /**
     * The root argument MPI takes for the {@code root} parameter of {@code operation}: the rank of
     * {@link Param#root root(rank)}, default 0.
     *
     * @throws IllegalArgumentException for {@link Param#localRoot localRoot} or {@link Param#remoteRoot remoteRoot},
     *                                  which name the root of an intercommunicator's collective
     */
    int root(String operation, Param[] params, int given) {
        Object group = Param.value(params, given, ROOT);
        if (group == Param.RootGroup.LOCAL || group == Param.RootGroup.REMOTE) {
            throw new IllegalArgumentException(operation + ": " + (group == Param.RootGroup.LOCAL ? "localRoot"
                    : "remoteRoot") + " names the root of an intercommunicator's collective; " + name
                    + " is one group, whose root is root(rank)");
        }
        return Param.intValue(params, given, ROOT, 0);
    }

    /** Whether the process giving {@code root} (from {@link #root}) is the root: gives the data of a bcast or scatter, gets the result of a reduce or gather. */
    boolean isRoot(int root) {
        return rank == root;
    }

    /**
     * Whether the process giving {@code root} sends a block to the root (gather, reduce) or gets one from it (bcast,
     * scatter): every process of one group; between two, the group that is not the root's.
     */
    boolean exchangesWithRoot(int root) {
        return true;
    }

    // ---- Blocking point-to-point (MPI-4.1 §3.2-3.4, 3.8, 3.10) ----------------------------------

    /** Sends {@code buf} to {@code dest} with tag 0 ({@code MPI_Send}); see {@link #send(Object, int, Param...)}. */
    public void send(Object buf, int dest) {
        send(buf, dest, Param.NONE);
    }

    /**
     * Sends {@code buf} to {@code dest} ({@code MPI_Send}; {@code MPI_Ssend} if {@code synchronous()},
     * {@code MPI_Bsend} if {@code buffered()}, {@code MPI_Rsend} if {@code ready()}). Accepts: {@link Param#tag tag}
     * (default 0), {@link Param#count count}, {@link Param#offset offset}, {@link Param#type type}, one of
     * {@link Param#synchronous() synchronous}, {@link Param#buffered() buffered}, {@link Param#ready() ready}.
     *
     * @throws IllegalArgumentException if {@code buf} is not a buffer, or count and offset exceed it
     */
    public void send(Object buf, int dest, Param... params) {
        PointToPoint.send(this, buf, dest, params);
    }

    /** Receives a message of any tag from {@code source} into {@code buf}; see {@link #recv(Object, int, Param...)}. */
    public <T> T recv(T buf, int source) {
        return recv(buf, source, Param.NONE);
    }

    /**
     * Receives a message from {@code source} into {@code buf} ({@code MPI_Recv}) and returns {@code buf}.
     * {@code source} may be {@link #ANY_SOURCE}. Accepts: {@link Param#tag tag} (default
     * {@link #ANY_TAG}), {@link Param#count count}, {@link Param#offset offset}, {@link Param#type type},
     * {@link Param#status status}.
     *
     * @throws org.mpi4all.runtime.MpiException {@code MPI_ERR_TRUNCATE} if the message is longer than the room given
     */
    public <T> T recv(T buf, int source, Param... params) {
        return PointToPoint.recv(this, buf, source, params);
    }

    /**
     * Receives a message of a size not known in advance into a new buffer of class {@code kind}
     * ({@code int[].class}, {@code Point[].class}, {@code MemorySegment.class}, {@code IntBuffer.class}
     * (direct) ...), sized by probing the message ({@code MPI_Mprobe}, {@code MPI_Mrecv}: safe with
     * several receiving threads). Accepts: {@link Param#tag tag} (default {@link #ANY_TAG}),
     * {@link Param#type type}, {@link Param#status status}.
     *
     * @throws IllegalArgumentException if the message is not a whole number of elements of the type, or has more
     *         than a buffer of class {@code kind} holds; the message is then received and discarded (MPI cannot
     *         give a matched message back), so that its sender does not wait for it forever
     */
    public <T> T recv(Class<T> kind, int source, Param... params) {
        return PointToPoint.recvNew(this, kind, source, params);
    }

    /**
     * Sends {@code send} to {@code dest} and receives into {@code recv} from {@code source} in one
     * step ({@code MPI_Sendrecv}), free of the deadlock two blocking calls could cause; returns
     * {@code recv}. Accepts: {@link Param#tag tag} (sent with, and required of the received message;
     * default 0 sent, any received), {@link Param#type type}, {@link Param#status status}.
     */
    public <T> T sendrecv(Object send, int dest, T recv, int source, Param... params) {
        return PointToPoint.sendrecv(this, send, dest, recv, source, params);
    }

    /**
     * Waits for a message from {@code source} and describes it without receiving it ({@code MPI_Probe}).
     * Accepts: {@link Param#tag tag} (default {@link #ANY_TAG}).
     */
    public Status probe(int source, Param... params) {
        return PointToPoint.probe(this, "probe", true, source, params).orElseThrow();
    }

    /**
     * Describes a message from {@code source} if one has arrived ({@code MPI_Iprobe}), without waiting.
     * Accepts: {@link Param#tag tag} (default {@link #ANY_TAG}).
     */
    public Optional<Status> iprobe(int source, Param... params) {
        return PointToPoint.probe(this, "iprobe", false, source, params);
    }

    // ---- Nonblocking point-to-point (MPI-4.1 §3.7) ----------------------------------------------

    /**
     * Starts sending {@code buf} to {@code dest} ({@code MPI_Isend}; {@code MPI_Issend}, {@code MPI_Ibsend},
     * {@code MPI_Irsend} in the modes of {@link #send}); the request hands {@code buf} back on completion. Accepts the parameters
     * of {@link #send}.
     */
    public <T> Request<T> isend(T buf, int dest, Param... params) {
        return PointToPoint.transfer(this, Issue.NOW, buf, dest, Message.IN, params);
    }

    /**
     * Starts receiving from {@code source} into {@code buf} ({@code MPI_Irecv}); the request hands the
     * filled {@code buf} back on completion. Accepts: {@link Param#tag tag} (default {@link #ANY_TAG}),
     * {@link Param#count count}, {@link Param#offset offset}, {@link Param#type type}.
     */
    public <T> Request<T> irecv(T buf, int source, Param... params) {
        return PointToPoint.transfer(this, Issue.NOW, buf, source, Message.OUT, params);
    }

    // ---- Persistent point-to-point (MPI-4.1 §3.9) -----------------------------------------------

    /**
     * Binds a send of {@code buf} to {@code dest} for repeated use ({@code MPI_Send_init}; {@code MPI_Ssend_init},
     * {@code MPI_Bsend_init}, {@code MPI_Rsend_init} in the modes of {@link #send}): each {@link Persistent#start()} sends what
     * {@code buf} holds then. Accepts the parameters of {@link #send}.
     */
    public <T> Persistent<T> sendInit(T buf, int dest, Param... params) {
        return PointToPoint.transfer(this, Issue.PERSISTENT, buf, dest, Message.IN, params);
    }

    /**
     * Binds a receive from {@code source} into {@code buf} for repeated use ({@code MPI_Recv_init}): each
     * completion after a {@link Persistent#start()} leaves the message in {@code buf}. Accepts the
     * parameters of {@link #irecv}.
     */
    public <T> Persistent<T> recvInit(T buf, int source, Param... params) {
        return PointToPoint.transfer(this, Issue.PERSISTENT, buf, source, Message.OUT, params);
    }



    /**
     * Starts receiving up to {@code count} elements from {@code source} into a new buffer of class
     * {@code kind}, which no one sees before the request completes. Requires {@link Param#count count};
     * accepts {@link Param#tag tag} (default {@link #ANY_TAG}), {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code count} is missing
     */
    public <T> Request<T> irecv(Class<T> kind, int source, Param... params) {
        return PointToPoint.irecvNew(this, kind, source, params);
    }

    // ---- Blocking collectives (MPI-4.1 §6) -------------------------------------------------------

    /** Waits until every process of the communicator has called it ({@code MPI_Barrier}). */
    public void barrier() {
        Mpi.MPI_Barrier(collectiveHandle("barrier", 0));
    }

    /**
     * Broadcasts {@code buf} from the root to all ({@code MPI_Bcast}): the root's buffer is read, the
     * others' overwritten; returns {@code buf}. Every process gives a buffer of the same size. Accepts:
     * {@link Param#root root} (default 0), {@link Param#count count}, {@link Param#offset offset},
     * {@link Param#type type}.
     */
    public <T> T bcast(T buf, Param... params) {
        return Collectives.bcast(this, buf, params);
    }

    /**
     * Combines the processes' {@code send} element by element with {@code op} at the root
     * ({@code MPI_Reduce}); returns the result there and an empty buffer elsewhere. Accepts:
     * {@link Param#root root} (default 0), {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}
     * (at the root), {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code op} does not apply to the elements
     */
    public <T> T reduce(T send, Op op, Param... params) {
        return Reductions.reduction(this, Reductions.Kind.REDUCE, send, op, params);
    }

    /** Combines the processes' {@code send} with {@code op} into a new buffer; see {@link #allreduce(Object, Op, Param...)}. */
    public <T> T allreduce(T send, Op op) {
        return Reductions.reduction(this, Reductions.Kind.ALLREDUCE, send, op, Param.NONE);
    }

    /**
     * Combines the processes' {@code send} element by element with {@code op} and returns the result
     * to all ({@code MPI_Allreduce}). Accepts: {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace},
     * {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code op} does not apply to the elements
     */
    public <T> T allreduce(T send, Op op, Param... params) {
        return Reductions.reduction(this, Reductions.Kind.ALLREDUCE, send, op, params);
    }

    /** {@return {@code value} of all processes combined with {@code op}} ({@code MPI_Allreduce} of one {@code int}) */
    public int allreduce(int value, Op op) {
        return allreduce(new int[] {value}, op, oneValueReduction())[0];
    }

    /** {@return {@code value} of all processes combined with {@code op}} ({@code MPI_Allreduce} of one {@code long}) */
    public long allreduce(long value, Op op) {
        return allreduce(new long[] {value}, op, oneValueReduction())[0];
    }

    /** {@return {@code value} of all processes combined with {@code op}} ({@code MPI_Allreduce} of one {@code double}) */
    public double allreduce(double value, Op op) {
        return allreduce(new double[] {value}, op, oneValueReduction())[0];
    }

    /** {@return {@code value} of all processes combined with {@code op}} ({@code MPI_Allreduce} of one {@code boolean}) */
    public boolean allreduce(boolean value, Op op) {
        return allreduce(new boolean[] {value}, op, oneValueReduction())[0];
    }

    /**
     * The inclusive prefix reduction ({@code MPI_Scan}): rank r gets {@code send} of ranks 0..r combined
     * with {@code op}. Accepts: {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace},
     * {@link Param#type type}.
     */
    public <T> T scan(T send, Op op, Param... params) {
        return Reductions.reduction(this, Reductions.Kind.SCAN, send, op, params);
    }

    /**
     * The exclusive prefix reduction ({@code MPI_Exscan}): rank r gets {@code send} of ranks 0..r-1
     * combined with {@code op}; MPI leaves rank 0's result undefined (a new result buffer is zero there).
     * Accepts: {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}, {@link Param#type type}.
     */
    public <T> T exscan(T send, Op op, Param... params) {
        return Reductions.reduction(this, Reductions.Kind.EXSCAN, send, op, params);
    }

    /**
     * Combines the processes' {@code send} element-wise with {@code op} and scatters the result in blocks:
     * rank r gets block r. Without {@link Param#recvCounts recvCounts}, {@code send} divides into
     * {@code size()} equal blocks ({@code MPI_Reduce_scatter_block}); with it, block r has
     * {@code recvCounts[r]} elements and the counts add up to {@code send}'s ({@code MPI_Reduce_scatter}).
     * With {@link Param#inPlace inPlace} the block lands in the first elements of {@code send}, which is returned
     * (the rest of it is undefined after the call). Accepts: {@link Param#recvCounts recvCounts},
     * {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}, {@link Param#type type}.
     */
    public <T> T reduceScatter(T send, Op op, Param... params) {
        return Reductions.reduceScatter(this, send, op, params);
    }





    /**
     * Collects every process's {@code send} at the root, in rank order ({@code MPI_Gather}); returns
     * them there and an empty buffer elsewhere. With {@link Param#inPlace inPlace}, the root's
     * {@code send} is the whole result, its own block already in place. Accepts: {@link Param#root root}
     * (default 0), {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}, {@link Param#type type}.
     */
    public <T> T gather(T send, Param... params) {
        return Collectives.gather(this, send, params);
    }

    /**
     * Collects every process's {@code send} at every process, in rank order ({@code MPI_Allgather}).
     * With {@link Param#inPlace inPlace}, {@code send} is the whole result with each process's own block
     * in place. Accepts: {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}, {@link Param#type type}.
     */
    public <T> T allgather(T send, Param... params) {
        return Collectives.exchange(this, Collectives.Exchange.ALLGATHER, send, params);
    }

    /**
     * Deals the root's {@code send} out in equal blocks, block r to rank r ({@code MPI_Scatter}), and
     * returns this process's block. Only the root's {@code send} is read; the others' gives the kind
     * of buffer (an empty array will do). Accepts: {@link Param#root root} (default 0),
     * {@link Param#recvBuf recvBuf}, {@link Param#count count} (the block size; without it, the root
     * broadcasts it), {@link Param#type type}.
     */
    public <T> T scatter(T send, Param... params) {
        return Collectives.scatter(this, send, params);
    }

    /**
     * Sends block j of {@code send} to rank j and returns the blocks received, block j from rank j
     * ({@code MPI_Alltoall}). {@code send} holds {@code size()} equal blocks. Accepts:
     * {@link Param#recvBuf recvBuf}, {@link Param#inPlace inPlace}, {@link Param#type type}.
     */
    public <T> T alltoall(T send, Param... params) {
        return Collectives.exchange(this, Collectives.Exchange.ALLTOALL, send, params);
    }


    /**
     * Collects every process's {@code send}, of varying sizes, at the root ({@code MPI_Gatherv}); returns
     * the concatenation there (in rank order, or as {@link Param#recvDispls recvDispls} place it) and an
     * empty buffer elsewhere. Accepts: {@link Param#root root} (default 0), {@link Param#recvBuf recvBuf},
     * {@link Param#recvCounts recvCounts} (at the root; default: gathered), {@link Param#recvDispls recvDispls}
     * (default: packed), {@link Param#recvCountsOut recvCountsOut}, {@link Param#recvDisplsOut recvDisplsOut},
     * {@link Param#type type}.
     */
    public <T> T gatherv(T send, Param... params) {
        return Collectives.gatherv(this, send, params);
    }

    /**
     * Collects every process's {@code send}, of varying sizes, at every process ({@code MPI_Allgatherv})
     * and returns the concatenation in rank order (or as {@link Param#recvDispls recvDispls} place it).
     * Without {@link Param#recvCounts recvCounts}, the counts are exchanged first. Accepts:
     * {@link Param#recvBuf recvBuf}, {@link Param#recvCounts recvCounts}, {@link Param#recvDispls recvDispls},
     * {@link Param#recvCountsOut recvCountsOut}, {@link Param#recvDisplsOut recvDisplsOut}, {@link Param#type type}.
     */
    public <T> T allgatherv(T send, Param... params) {
        return Collectives.allgatherv(this, send, params);
    }



    /**
     * Deals the root's {@code send} out in blocks of varying sizes ({@code MPI_Scatterv}) and returns this
     * process's block. Requires {@link Param#sendCounts sendCounts} at the root. Accepts:
     * {@link Param#root root} (default 0), {@link Param#sendDispls sendDispls} (default: packed),
     * {@link Param#recvBuf recvBuf}, {@link Param#count count} (this process's block size; default:
     * scattered from the root's counts), {@link Param#type type}.
     */
    public <T> T scatterv(T send, Param... params) {
        return Collectives.scatterv(this, send, params);
    }

    /**
     * Sends {@code sendCounts[j]} elements of {@code send} to rank j and returns what every rank sent
     * here, in rank order ({@code MPI_Alltoallv}): the personalised exchange of varying sizes. Requires
     * {@link Param#sendCounts sendCounts}. Without {@link Param#recvCounts recvCounts}, the counts are
     * exchanged first ({@code MPI_Alltoall}). Accepts also: {@link Param#sendDispls sendDispls},
     * {@link Param#recvBuf recvBuf}, {@link Param#recvDispls recvDispls},
     * {@link Param#recvCountsOut recvCountsOut}, {@link Param#recvDisplsOut recvDisplsOut}, {@link Param#type type}.
     */
    public <T> T alltoallv(T send, Param... params) {
        return Collectives.personalized(this, false, send, params, peers(), peers(), this::alltoall);
    }

    /**
     * Sends block j of {@code send} to rank j and receives the block from rank i into block i of {@code recv}
     * ({@code MPI_Alltoallw}): the generalized all-to-all, whose every {@link Block} has its own count, datatype and
     * displacement in bytes, on each side. Both sides are given, one block per rank (per rank of the remote group
     * on an {@link Intercommunicator}); the buffers are of any kind (a native segment is the natural one: its blocks
     * are bytes), and what lies in {@code recv} between the blocks received stays as it was. Counts or byte
     * displacements beyond an int take {@code MPI_Alltoallw_c}.
     *
     * {@snippet :
     * // rank r sends 1 int to every rank, and receives an int from rank 0 and a double from the others
     * MemorySegment out = arena.allocateFrom(ValueLayout.JAVA_INT, r);   // one int
     * MemorySegment in = arena.allocate(8L * size);                      // one 8-byte slot per rank
     * Block[] send = new Block[size];
     * Arrays.fill(send, new Block(Datatype.INT, 1, 0));
     * Block[] recv = ...;                                    // recv[i] = new Block(type of rank i, 1, 8L * i)
     * world.alltoallw(out, send, in, recv);
     * }
     *
     * @return {@code recv}
     * @throws IllegalArgumentException if a block list is not one per process, or a block does not fit its buffer
     */
    public <T> T alltoallw(Object send, Block[] sendBlocks, T recv, Block[] recvBlocks) {
        return Alltoallw.alltoallw(this, false, send, sendBlocks, recv, recvBlocks, peers(), peers());
    }


    // ---- Nonblocking collectives (MPI-4.1 §6.12) -------------------------------------------------

    /** Starts a barrier ({@code MPI_Ibarrier}); the request completes once every process has started it. */
    public Request<Void> ibarrier() {
        return Collectives.ibarrier(this, Issue.NOW);
    }

    /** Starts a broadcast ({@code MPI_Ibcast}); see {@link #bcast}. Accepts: {@link Param#root root}, {@link Param#type type}. */
    public <T> Request<T> ibcast(T buf, Param... params) {
        return Collectives.ibcast(this, Issue.NOW, buf, params);
    }

    /**
     * Starts an allreduce ({@code MPI_Iallreduce}); see {@link #allreduce}. Accepts:
     * {@link Param#recvBuf recvBuf}, {@link Param#type type}.
     */
    public <T> Request<T> iallreduce(T send, Op op, Param... params) {
        return Reductions.start(this, Issue.NOW, Reductions.Kind.ALLREDUCE, send, op, params);
    }

    /**
     * Starts a reduce ({@code MPI_Ireduce}); see {@link #reduce}. Accepts: {@link Param#root root},
     * {@link Param#recvBuf recvBuf}, {@link Param#type type}.
     */
    public <T> Request<T> ireduce(T send, Op op, Param... params) {
        return Reductions.start(this, Issue.NOW, Reductions.Kind.REDUCE, send, op, params);
    }

    /**
     * Starts an allgather of varying sizes ({@code MPI_Iallgatherv}); see {@link #allgatherv}. Requires
     * {@link Param#recvCounts recvCounts}: a nonblocking call cannot exchange them first. Accepts the other
     * parameters of {@code allgatherv}.
     */
    public <T> Request<T> iallgatherv(T send, Param... params) {
        return Collectives.iallgatherv(this, Issue.NOW, send, params);
    }

    /**
     * Starts an allgather ({@code MPI_Iallgather}); see {@link #allgather}. Accepts: {@link Param#recvBuf recvBuf},
     * {@link Param#type type}.
     */
    public <T> Request<T> iallgather(T send, Param... params) {
        return Collectives.iexchange(this, Issue.NOW, Collectives.Exchange.ALLGATHER, send, params);
    }

    /**
     * Starts an all-to-all ({@code MPI_Ialltoall}); see {@link #alltoall}. Accepts: {@link Param#recvBuf recvBuf},
     * {@link Param#type type}.
     */
    public <T> Request<T> ialltoall(T send, Param... params) {
        return Collectives.iexchange(this, Issue.NOW, Collectives.Exchange.ALLTOALL, send, params);
    }

    /** Starts an inclusive prefix reduction ({@code MPI_Iscan}); see {@link #scan}. Accepts: {@link Param#recvBuf recvBuf}, {@link Param#type type}. */
    public <T> Request<T> iscan(T send, Op op, Param... params) {
        return Reductions.start(this, Issue.NOW, Reductions.Kind.SCAN, send, op, params);
    }

    /** Starts an exclusive prefix reduction ({@code MPI_Iexscan}); see {@link #exscan}. Accepts: {@link Param#recvBuf recvBuf}, {@link Param#type type}. */
    public <T> Request<T> iexscan(T send, Op op, Param... params) {
        return Reductions.start(this, Issue.NOW, Reductions.Kind.EXSCAN, send, op, params);
    }

    /**
     * Starts a reduce-scatter ({@code MPI_Ireduce_scatter_block}, or {@code MPI_Ireduce_scatter} with
     * {@link Param#recvCounts recvCounts}); see {@link #reduceScatter}. Accepts the parameters of {@code reduceScatter}.
     */
    public <T> Request<T> ireduceScatter(T send, Op op, Param... params) {
        return Reductions.reduceScatter(this, Issue.NOW, send, op, params);
    }

    /** Starts a gather ({@code MPI_Igather}); see {@link #gather}. Accepts the parameters of {@code gather}. */
    public <T> Request<T> igather(T send, Param... params) {
        return Collectives.igather(this, Issue.NOW, send, params);
    }

    /**
     * Starts a scatter ({@code MPI_Iscatter}); see {@link #scatter}. Requires {@link Param#count count}, the block
     * size (the blocking form broadcasts it); accepts the other parameters of {@code scatter}.
     */
    public <T> Request<T> iscatter(T send, Param... params) {
        return Collectives.iscatter(this, Issue.NOW, send, params);
    }

    /**
     * Starts a gather of varying sizes ({@code MPI_Igatherv}); see {@link #gatherv}. Requires
     * {@link Param#recvCounts recvCounts} at the root; accepts the other parameters of {@code gatherv}.
     */
    public <T> Request<T> igatherv(T send, Param... params) {
        return Collectives.igatherv(this, Issue.NOW, send, params);
    }

    /**
     * Starts a scatter of varying sizes ({@code MPI_Iscatterv}); see {@link #scatterv}. Requires
     * {@link Param#count count} (this process's block size) and, at the root, {@link Param#sendCounts sendCounts}.
     */
    public <T> Request<T> iscatterv(T send, Param... params) {
        return Collectives.iscatterv(this, Issue.NOW, send, params);
    }

    /**
     * Starts a personalized exchange of varying sizes ({@code MPI_Ialltoallv}); see {@link #alltoallv}. Requires
     * {@link Param#sendCounts sendCounts} and {@link Param#recvCounts recvCounts}.
     */
    public <T> Request<T> ialltoallv(T send, Param... params) {
        return Collectives.ipersonalized(this, Issue.NOW, false, send, params, peers(), peers());
    }

    /** Starts a generalized all-to-all ({@code MPI_Ialltoallw}); see {@link #alltoallw}. Its result is {@code recv}. */
    public <T> Request<T> ialltoallw(Object send, Block[] sendBlocks, T recv, Block[] recvBlocks) {
        return Alltoallw.ialltoallw(this, Issue.NOW, false, send, sendBlocks, recv, recvBlocks, peers(), peers());
    }

    // ---- Partitioned communication (MPI-4.1 §4) ---------------------------------------------------

    /**
     * Binds a partitioned send of {@code buf}, cut into {@code partitions} equal parts, to {@code dest}
     * ({@code MPI_Psend_init}); see {@link Partitioned}. Accepts: {@link Param#tag tag}, {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code buf} does not divide into {@code partitions} equal parts
     */
    public <T> Partitioned<T> psendInit(T buf, int partitions, int dest, Param... params) {
        return Partitioned.bind(this, true, buf, partitions, dest, params);
    }

    /**
     * Binds a partitioned receive into {@code buf}, cut into {@code partitions} equal parts, from {@code source}
     * ({@code MPI_Precv_init}); see {@link Partitioned}. Accepts: {@link Param#tag tag}, {@link Param#type type}.
     */
    public <T> Partitioned<T> precvInit(T buf, int partitions, int source, Param... params) {
        return Partitioned.bind(this, false, buf, partitions, source, params);
    }

    // ---- Persistent collectives (MPI-4.1 §6.13) ----------------------------------------------------

    /**
     * Binds a barrier ({@code MPI_Barrier_init}): each {@link Persistent#start()} enters it. Persistent collectives
     * are MPI-4: on a library without them (Open MPI 4.1) binding throws {@link UnsupportedOperationException}.
     */
    public Persistent<Void> barrierInit() {
        return Collectives.ibarrier(this, Issue.PERSISTENT);
    }

    /**
     * Binds a broadcast ({@code MPI_Bcast_init}): each start sends what {@code buf} holds at the root then, and its
     * completion leaves it in {@code buf} everywhere. Accepts the parameters of {@link #ibcast}; see {@link #barrierInit}.
     */
    public <T> Persistent<T> bcastInit(T buf, Param... params) {
        return Collectives.ibcast(this, Issue.PERSISTENT, buf, params);
    }

    /**
     * Binds an allreduce ({@code MPI_Allreduce_init}): each start reduces what {@code send} holds then, each
     * completion leaves the result in the same result buffer. Accepts the parameters of {@link #iallreduce}.
     */
    public <T> Persistent<T> allreduceInit(T send, Op op, Param... params) {
        return Reductions.start(this, Issue.PERSISTENT, Reductions.Kind.ALLREDUCE, send, op, params);
    }

    /** Binds a reduce ({@code MPI_Reduce_init}); see {@link #allreduceInit}. Accepts the parameters of {@link #ireduce}. */
    public <T> Persistent<T> reduceInit(T send, Op op, Param... params) {
        return Reductions.start(this, Issue.PERSISTENT, Reductions.Kind.REDUCE, send, op, params);
    }

    /** Binds an inclusive prefix reduction ({@code MPI_Scan_init}); see {@link #allreduceInit}. */
    public <T> Persistent<T> scanInit(T send, Op op, Param... params) {
        return Reductions.start(this, Issue.PERSISTENT, Reductions.Kind.SCAN, send, op, params);
    }

    /** Binds an exclusive prefix reduction ({@code MPI_Exscan_init}); see {@link #allreduceInit}. */
    public <T> Persistent<T> exscanInit(T send, Op op, Param... params) {
        return Reductions.start(this, Issue.PERSISTENT, Reductions.Kind.EXSCAN, send, op, params);
    }

    /**
     * Binds a reduce-scatter ({@code MPI_Reduce_scatter_block_init}, or {@code MPI_Reduce_scatter_init} with
     * {@link Param#recvCounts recvCounts}). Accepts the parameters of {@link #reduceScatter}.
     */
    public <T> Persistent<T> reduceScatterInit(T send, Op op, Param... params) {
        return Reductions.reduceScatter(this, Issue.PERSISTENT, send, op, params);
    }

    /** Binds a gather ({@code MPI_Gather_init}). Accepts the parameters of {@link #gather}. */
    public <T> Persistent<T> gatherInit(T send, Param... params) {
        return Collectives.igather(this, Issue.PERSISTENT, send, params);
    }

    /** Binds a scatter ({@code MPI_Scatter_init}). Requires {@link Param#count count}, as {@link #iscatter} does. */
    public <T> Persistent<T> scatterInit(T send, Param... params) {
        return Collectives.iscatter(this, Issue.PERSISTENT, send, params);
    }

    /** Binds an allgather ({@code MPI_Allgather_init}). Accepts the parameters of {@link #iallgather}. */
    public <T> Persistent<T> allgatherInit(T send, Param... params) {
        return Collectives.iexchange(this, Issue.PERSISTENT, Collectives.Exchange.ALLGATHER, send, params);
    }

    /** Binds an all-to-all ({@code MPI_Alltoall_init}). Accepts the parameters of {@link #ialltoall}. */
    public <T> Persistent<T> alltoallInit(T send, Param... params) {
        return Collectives.iexchange(this, Issue.PERSISTENT, Collectives.Exchange.ALLTOALL, send, params);
    }

    /** Binds a gather of varying sizes ({@code MPI_Gatherv_init}). Requires what {@link #igatherv} requires. */
    public <T> Persistent<T> gathervInit(T send, Param... params) {
        return Collectives.igatherv(this, Issue.PERSISTENT, send, params);
    }

    /** Binds an allgather of varying sizes ({@code MPI_Allgatherv_init}). Requires what {@link #iallgatherv} requires. */
    public <T> Persistent<T> allgathervInit(T send, Param... params) {
        return Collectives.iallgatherv(this, Issue.PERSISTENT, send, params);
    }

    /** Binds a scatter of varying sizes ({@code MPI_Scatterv_init}). Requires what {@link #iscatterv} requires. */
    public <T> Persistent<T> scattervInit(T send, Param... params) {
        return Collectives.iscatterv(this, Issue.PERSISTENT, send, params);
    }

    /** Binds a personalized exchange of varying sizes ({@code MPI_Alltoallv_init}). Requires what {@link #ialltoallv} requires. */
    public <T> Persistent<T> alltoallvInit(T send, Param... params) {
        return Collectives.ipersonalized(this, Issue.PERSISTENT, false, send, params, peers(), peers());
    }

    /**
     * Binds a generalized all-to-all ({@code MPI_Alltoallw_init}); see {@link #alltoallw}: each start sends what the
     * blocks of {@code send} hold then, each completion leaves the blocks received in {@code recv}.
     */
    public <T> Persistent<T> alltoallwInit(Object send, Block[] sendBlocks, T recv, Block[] recvBlocks) {
        return Alltoallw.ialltoallw(this, Issue.PERSISTENT, false, send, sendBlocks, recv, recvBlocks, peers(),
                peers());
    }

    // ---- Objects, through an explicit serializer: see ObjectMessages -------------------------------

    /**
     * Sends {@code value} to {@code dest} as the bytes {@code serializer} makes of it. Accepts:
     * {@link Param#tag tag} (default 0), {@link Param#synchronous() synchronous}.
     */
    public <T> void sendObject(T value, int dest, Serializer<? super T> serializer, Param... params) {
        ObjectMessages.send(this, value, dest, serializer, params);
    }

    /**
     * Receives an object sent with {@link #sendObject}. Accepts: {@link Param#tag tag} (default
     * {@link #ANY_TAG}), {@link Param#status status}.
     */
    public <T> T recvObject(int source, Serializer<? extends T> serializer, Param... params) {
        return ObjectMessages.recv(this, source, serializer, params);
    }

    /**
     * Broadcasts the root's {@code value} and returns it on every process (the others' {@code value} is
     * ignored and may be null). Accepts: {@link Param#root root} (default 0).
     */
    public <T> T bcastObject(T value, Serializer<T> serializer, Param... params) {
        return ObjectMessages.bcast(this, value, serializer, params);
    }

    /** {@return every process's {@code value}, in rank order, on every process} */
    public <T> List<T> allgatherObjects(T value, Serializer<T> serializer) {
        return ObjectMessages.allgather(this, value, serializer);
    }

    /**
     * {@return every process's {@code value}, in rank order, at the root}; an empty list elsewhere.
     * Accepts: {@link Param#root root} (default 0).
     */
    public <T> List<T> gatherObjects(T value, Serializer<T> serializer, Param... params) {
        return ObjectMessages.gather(this, value, serializer, params);
    }

    // ---- Communicator management (MPI-4.1 §7.4): see Management ------------------------------------

    /** {@return a new communicator with the same processes and a context of its own} ({@code MPI_Comm_dup}) */
    public Communicator dup() {
        return Management.dup(this);
    }

    /**
     * {@return the communicator of the processes that gave the same {@code color}}, ordered by
     * {@code key} then by rank here ({@code MPI_Comm_split}); null for a process that gave
     * {@link #UNDEFINED}. Collective.
     */
    public Communicator split(int color, int key) {
        return Management.split(this, color, key);
    }

    /** {@return the communicator of the processes that share memory with this one} (a node; {@code MPI_Comm_split_type}) */
    public Communicator splitShared() {
        return Management.splitShared(this);
    }

    /**
     * {@return the communicator of the processes of {@code group}} ({@code MPI_Comm_create}), null for a
     * process not in it. Collective over this communicator.
     */
    public Communicator create(Group group) {
        return Management.create(this, group);
    }

    /**
     * {@return an intercommunicator between this communicator's processes and another group}
     * ({@code MPI_Intercomm_create}). Collective over this communicator and the other group's, each naming its
     * leader ({@code localLeader}, a rank here); at the leaders, {@code remoteLeader} is the other leader's rank in
     * {@code peer}, a communicator of both (such as the world; only the leaders use it). Both groups give the same
     * tag. Accepts: {@link Param#tag tag} (default 0).
     *
     * @throws IllegalArgumentException if {@code localLeader} is not a rank here, or, at the leader,
     *                                  {@code remoteLeader} is not a rank of {@code peer}
     */
    public Intercommunicator createIntercommunicator(int localLeader, Communicator peer, int remoteLeader,
            Param... params) {
        return Management.intercommunicator(this, localLeader, peer, remoteLeader, params);
    }

    /**
     * {@return a communicator of the processes of {@code group}} ({@code MPI_Comm_create_from_group}, MPI-4),
     * without a parent communicator: collective over the group only, whose processes give the same
     * {@code tag} (a string that tells apart communicators made concurrently from overlapping groups). The
     * group may come from a {@link Session} or from another communicator; errors on the new communicator are
     * exceptions.
     *
     * @throws IllegalArgumentException      if the tag is empty or longer than {@code MPI_MAX_STRINGTAG_LEN}
     * @throws UnsupportedOperationException if the MPI library lacks the function (Open MPI 4.1)
     */
    public static Communicator fromGroup(Group group, String tag) {
        return Session.fromGroup(group, tag, ErrorHandler.EXCEPTIONS);
    }

    /** {@return the group of the communicator's processes} ({@code MPI_Comm_group}); close it when done */
    public Group group() {
        return Management.group(this, Mpi::MPI_Comm_group);
    }

    /** {@return how this communicator and {@code other} relate} ({@code MPI_Comm_compare}) */
    public Comparison compare(Communicator other) {
        return Management.compare(this, other);
    }

    /**
     * {@return the processes of this communicator as a grid} of {@code dims} processes per dimension,
     * each dimension periodic (a ring) or not ({@code MPI_Cart_create}); null for processes beyond the
     * grid. {@link Environment#dimsCreate} finds balanced dimensions. Collective.
     *
     * @param reorder whether MPI may renumber the processes to fit the machine
     */
    public CartesianCommunicator createCartesian(int[] dims, boolean[] periods, boolean reorder) {
        return Topologies.cartesian(this, dims, periods, reorder);
    }

    /**
     * {@return a graph topology in which this process receives from {@code sources} and sends to
     * {@code destinations}} ({@code MPI_Dist_graph_create_adjacent}, unweighted): the neighbourhood
     * of {@link TopologyCommunicator}'s neighbour collectives. Collective.
     *
     * @param reorder whether MPI may renumber the processes to fit the machine
     */
    public GraphCommunicator createGraph(int[] sources, int[] destinations, boolean reorder) {
        return Topologies.graph(this, sources, destinations, reorder);
    }

    // ---- Dynamic processes (MPI-4.1 §11.8-11.9): see DynamicProcesses --------------------------------

    /**
     * Starts the processes of {@code command} ({@code MPI_Comm_spawn}) and {@return them} as the remote group of
     * an intercommunicator, with an error code per process. Collective; only the root's command counts.
     * Accepts: {@link Param#root root} (default 0).
     *
     * @throws org.mpi4all.runtime.MpiException if MPI could not start them (or cannot start processes at all)
     */
    public Spawned spawn(Command command, Param... params) {
        return DynamicProcesses.spawn(this, List.of(command), params);
    }

    /**
     * Starts the processes of several {@code commands} as one group, ranked in the order of the commands
     * ({@code MPI_Comm_spawn_multiple}); see {@link #spawn(Command, Param...)}.
     */
    public Spawned spawn(List<Command> commands, Param... params) {
        return DynamicProcesses.spawn(this, commands, params);
    }

    /**
     * Waits for a client to {@link #connect} to {@code port} ({@code MPI_Comm_accept}) and {@return the
     * intercommunicator to the client's processes}. Collective; only the root's port counts (the others may
     * give null). Accepts: {@link Param#root root} (default 0).
     */
    public Intercommunicator accept(Port port, Param... params) {
        return DynamicProcesses.accept(this, port, params);
    }

    /**
     * Connects to the server accepting on the port named {@code portName} ({@code MPI_Comm_connect}) and
     * {@return the intercommunicator to the server's processes}. Collective; only the root's name counts (the
     * others may give null). Accepts: {@link Param#root root} (default 0).
     */
    public Intercommunicator connect(String portName, Param... params) {
        return DynamicProcesses.connect(this, portName, params);
    }

    // ---- Names, attributes and error handlers (MPI-4.1 §7.7-7.8, §9.3): see Attributes ----------------

    /** {@return the communicator's name in MPI} ({@code MPI_Comm_get_name}): {@code MPI_COMM_WORLD} ..., or one set */
    public String getName() {
        return Attributes.name(this);
    }

    /** Names the communicator in MPI ({@code MPI_Comm_set_name}), for tools and error messages. */
    public void setName(String name) {
        Attributes.setName(this, name);
    }

    /** {@return the largest tag this MPI allows} ({@code MPI_TAG_UB}) */
    public int tagUpperBound() {
        return Attributes.predefined(this, Mpi.MPI_TAG_UB).orElseThrow();
    }

    /** {@return how many processes the job could have} ({@code MPI_UNIVERSE_SIZE}), empty if MPI does not say */
    public java.util.OptionalInt universeSize() {
        return Attributes.predefined(this, Mpi.MPI_UNIVERSE_SIZE);
    }

    /** {@return the number of this process's program in an MPMD launch} ({@code MPI_APPNUM}), empty if MPI does not say */
    public java.util.OptionalInt appNum() {
        return Attributes.predefined(this, Mpi.MPI_APPNUM);
    }

    /** Sets what MPI does when an operation on this communicator fails ({@code MPI_Comm_set_errhandler}). */
    public void setErrorHandler(ErrorHandler handler) {
        Attributes.setErrorHandler(this, handler);
    }

    /**
     * Sets a Java error handler ({@code MPI_Comm_create_errhandler}): a failing operation calls it, then
     * throws an {@link org.mpi4all.runtime.MpiException}. Communicators duplicated from this one inherit it.
     */
    public void setErrorHandler(ErrorHandler.Callback callback) {
        Attributes.setErrorHandler(this, callback);
    }

    /** Ends every process of the communicator's job with {@code errorCode} ({@code MPI_Abort}); does not return normally. */
    public void abort(int errorCode) {
        Mpi.MPI_Abort(handle(), errorCode);
    }

    /**
     * Frees the communicator ({@code MPI_Comm_free}). Collective.
     *
     * @throws UnsupportedOperationException for {@code world} and {@code self}, which MPI owns
     * @throws IllegalStateException         if it was freed already, or the environment is closed
     */
    @Override
    public void close() {
        release(Mpi::MPI_Comm_free);
    }

    /** Marks the communicator freed, then gives {@code freeing} (MPI_Comm_free or _disconnect) a slot holding its handle. */
    final void release(Consumer<MemorySegment> freeing) {
        if (predefined) {
            throw new UnsupportedOperationException("the " + name + " communicator is predefined and cannot be freed");
        }
        MPI_Comm comm = handle();
        freed = true;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Comm.allocate(arena);
            MPI_Comm.write(slot, 0, comm);
            freeing.accept(slot);
        }
    }

    /** {@return whether {@link #close()} freed the communicator} */
    public boolean isClosed() {
        return freed;
    }

    @Override
    public String toString() {
        return "Communicator[" + name + ", rank " + rank + " of " + size + (freed ? ", freed" : "") + "]";
    }
}
