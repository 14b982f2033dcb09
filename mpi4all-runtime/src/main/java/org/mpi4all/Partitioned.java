package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.mpi4all.Param.Name.TAG;
import static org.mpi4all.Param.Name.TYPE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.Mpi;

/**
 * A partitioned send or receive (MPI-4.1 §4, {@code MPI_Psend_init}, {@code MPI_Precv_init}): a persistent
 * operation whose buffer is cut into equal partitions, each sent as soon as the sender marks it ready and usable
 * by the receiver as soon as it arrived, so that the threads producing the parts of a message need not wait
 * for one another.
 *
 * {@snippet :
 * try (Partitioned<double[]> out = world.psendInit(data, threads, right)) {
 *     out.start();
 *     IntStream.range(0, threads).parallel().forEach(p -> {
 *         fill(data, p);                 // partition p of data
 *         out.pready(p);                 // may leave now, whatever the other threads do
 *     });
 *     out.waitFor();
 * }
 * }
 *
 * <p>A heap array is staged as for any persistent operation: {@link #pready} copies its partition to native
 * memory before telling MPI, a successful {@link #parrived} copies the partition into the array, and completion
 * copies all of it. {@code pready}, its range and list forms and {@code parrived} may be called by several
 * threads at once on different partitions (at {@link ThreadLevel#MULTIPLE}); the rest is single-threaded as for
 * {@link Persistent}. Marking a partition ready twice in one start, a partition out of range, readying a receive
 * or asking a send what arrived, and any of them on an operation not started are exceptions before MPI is
 * called. On a library without partitioned communication (Open MPI 4.1) binding throws
 * {@link UnsupportedOperationException}.
 *
 * <p>A message may exceed 2^31-1 elements, and so may a partition: {@code MPI_Psend_init} and {@code MPI_Precv_init}
 * count a partition in {@code MPI_Count} (there is no {@code _c} form), so {@link #partitionSize()} is a
 * {@code long}. Only a native segment holds that many elements; it reaches MPI as it is, never staged.
 *
 * @param <T> the buffer
 */
public final class Partitioned<T> extends Persistent<T> {
    private static final int PARAMS = Param.accepting(TAG, TYPE);

    private final boolean sending;
    private final int partitions;
    private final long partitionSize;
    /** Which partitions were made ready since the last start: set by several threads, reset by start. */
    private final AtomicIntegerArray readied;

    /** Wraps the request {@code MPI_Psend_init} or {@code MPI_Precv_init} wrote into {@link Call#request()}. */
    private Partitioned(Call call, T buffer, boolean sending, int partitions, long partitionSize) {
        super(call.environment, call.operation, call.requestHandle(), buffer, call.started(), null);
        this.sending = sending;
        this.partitions = partitions;
        this.partitionSize = partitionSize;
        this.readied = new AtomicIntegerArray(partitions);
    }

    /**
     * {@code psendInit} ({@code sending}, to {@code peer}) or {@code precvInit} (from {@code peer}) of {@code buf}
     * cut into {@code partitions}; accepts a tag and a type.
     */
    static <T> Partitioned<T> bind(Communicator c, boolean sending, T buf, int partitions, int peer, Param[] params) {
        String operation = sending ? "psendInit" : "precvInit";
        int given = Param.check(operation, params, PARAMS);
        if (partitions < 1) {
            throw new IllegalArgumentException(operation + ": " + partitions + " partitions: at least one is needed");
        }
        MPI_Comm comm = c.handle();
        int tag = Param.intValue(params, given, TAG, 0);
        try (Call call = Call.begin(c.environment, operation)) {
            Message m = call.message(buf, Param.type(params, given), 0, -1, sending ? Message.IN : Message.OUT);
            if (m.isPacked()) {
                throw new IllegalArgumentException(operation + ": " + Message.describe(buf) + " is not contiguous in"
                        + " memory: a partition must be a plain slice of the buffer");
            }
            long size = Shapes.blockOf(operation, m, partitions, "partition");
            String function = sending ? "MPI_Psend_init" : "MPI_Precv_init";
            if (LargeCounts.exceedsInt(size * m.type.size())) {
                Issue.KnownBugs.refuse(operation, function);   // MPICH 4.0 truncates a partition's bytes to an int
            }
            Issue.requireProvided(operation, function);
            MemorySegment request = call.request();   // first: it stages a heap array, which m.mpi() then gives
            if (sending) {
                Mpi.MPI_Psend_init(m.mpi(), partitions, size, m.handle, peer, tag, comm, Mpi.MPI_INFO_NULL, request);
            } else {
                Mpi.MPI_Precv_init(m.mpi(), partitions, size, m.handle, peer, tag, comm, Mpi.MPI_INFO_NULL, request);
            }
            return new Partitioned<>(call, buf, sending, partitions, size);
        }
    }

    /** {@return the number of partitions} */
    public int partitions() {
        return partitions;
    }

    /**
     * {@return the number of elements of each partition}: a {@code long} (an {@code int} before large counts), since
     * a partition of a native segment may exceed 2^31-1 elements.
     */
    public long partitionSize() {
        return partitionSize;
    }

    /** Starts the operation ({@code MPI_Start}): no partition of a send is ready yet. */
    @Override
    public Partitioned<T> start() {
        super.start();
        for (int p = 0; p < partitions; p++) {
            readied.set(p, 0);
        }
        return this;
    }

    /**
     * Marks partition {@code partition} of a started send ready ({@code MPI_Pready}): MPI may send it now.
     *
     * @throws IllegalStateException if this is a receive, is not started, or the partition is ready already
     * @throws IllegalArgumentException if there is no such partition
     */
    public void pready(int partition) {
        ready("pready", partition, partition);
        Mpi.MPI_Pready(partition, new MPI_Request(handle));
    }

    /** Marks partitions {@code low} to {@code high}, both included, ready ({@code MPI_Pready_range}); see {@link #pready}. */
    public void preadyRange(int low, int high) {
        if (low > high) {
            throw new IllegalArgumentException(operation + ": preadyRange(" + low + ", " + high + "): low > high");
        }
        ready("preadyRange", low, high);
        Mpi.MPI_Pready_range(low, high, new MPI_Request(handle));
    }

    /** Marks the partitions listed ready ({@code MPI_Pready_list}); see {@link #pready}. */
    public void preadyList(int... list) {
        for (int p : list) {
            ready("preadyList", p, p);
        }
        try (Arena arena = Arena.ofConfined()) {
            Mpi.MPI_Pready_list(list.length, arena.allocateFrom(JAVA_INT, list), new MPI_Request(handle));
        }
    }

    /**
     * Tests whether partition {@code partition} of a started receive arrived ({@code MPI_Parrived}); if it did, a
     * heap array holds it now.
     *
     * @throws IllegalStateException if this is a send or is not started (after completion every partition arrived)
     * @throws IllegalArgumentException if there is no such partition
     */
    public boolean parrived(int partition) {
        requireStarted("parrived", false, partition, partition);
        boolean arrived;
        try (Call call = Call.begin(environment, "parrived", operation)) {
            Mpi.MPI_Parrived(new MPI_Request(handle), partition, call.words);
            arrived = call.words.get(JAVA_INT, 0) != 0;
        }
        if (arrived) {
            staging.copyRange(partition * partitionSize, partitionSize, false);
        }
        return arrived;
    }

    /** Checks partitions {@code low..high} for readying, records them ready and stages them. */
    private void ready(String what, int low, int high) {
        requireStarted(what, true, low, high);
        for (int p = low; p <= high; p++) {
            if (readied.getAndSet(p, 1) != 0) {
                throw new IllegalStateException(operation + ": " + what + ": partition " + p + " is ready already since"
                        + " start()");
            }
        }
        staging.copyRange(low * partitionSize, (high - low + 1) * partitionSize, true);
    }

    private void requireStarted(String what, boolean send, int low, int high) {
        requireOpen(what);
        if (send != sending) {
            throw new IllegalStateException(operation + ": " + what + " is for a partitioned "
                    + (send ? "send (psendInit)" : "receive (precvInit)"));
        }
        if (!isActive()) {
            throw new IllegalStateException(operation + ": " + what + " before start()");
        }
        if (low < 0 || high >= partitions) {
            throw new IllegalArgumentException(operation + ": " + what + ": partition " + (low < 0 ? low : high)
                    + " is not one of the " + partitions + " partitions (0.." + (partitions - 1) + ")");
        }
    }

    @Override
    public String toString() {
        return "Partitioned[" + operation + ", " + partitions + " x " + partitionSize + (isActive() ? ", active" : "")
                + "]";
    }
}
