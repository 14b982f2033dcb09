package org.mpi4all;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.mpi4all.Param.Name.TYPE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToIntFunction;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.MPI_Win;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.ffi.internal.MpiPrechecked;

/**
 * Memory that the processes of a communicator expose to each other for one-sided communication
 * ({@code MPI_Win}, MPI-4.1 §12): a process puts data into, gets data from and accumulates into another's
 * window without that process taking part, inside an access epoch opened by a synchronization.
 *
 * {@snippet :
 * try (Window window = Window.allocate(world, n, Datatype.DOUBLE)) {
 *     window.fence();                                  // opens an epoch on every process
 *     window.put(boundary, right, 0);                  // into element 0 of the right neighbour's window
 *     window.fence();                                  // completes it: window.memory() holds the left one's
 *     double first = window.memory().getAtIndex(ValueLayout.JAVA_DOUBLE, 0);
 * }
 * }
 *
 * <h2>Memory</h2>
 * A window's memory is native and stays put: {@link #allocate} and {@link #allocateShared} let MPI
 * allocate it ({@link #memory()}), {@link #create} exposes a native segment of the caller's, and
 * {@link #createDynamic} starts empty and exposes the segments {@link #attach attached} to it. Its
 * elements are of one {@link Datatype}; a target displacement counts them (bytes in a dynamic window,
 * where it is the address {@code attach} returns).
 *
 * <h2>Origin buffers</h2>
 * The data put, got or accumulated is any buffer of {@link Communicator} (an array, a segment, a
 * {@code java.nio} buffer; {@link Param#type type} says a segment's elements). MPI completes one-sided
 * operations at the next synchronization, not when they return: a heap array never reaches MPI, it is
 * copied to native memory (put, accumulate) or received there and copied into the array (get) when the
 * synchronization that completes it returns ({@link #fence}, {@link #unlock}, {@link #unlockAll},
 * {@link #flush}, {@link #complete}). A native segment is handed to MPI as it is, and must not be touched
 * until then. The request-based forms ({@link #rput} ...) complete with their request instead. An origin of
 * more than 2^31-1 elements (a native segment) goes through MPI's large-count functions ({@code MPI_Put_c} ...);
 * a window beyond 2^31 bytes needs none (its size and the displacements are {@code MPI_Aint}s).
 *
 * <h2>Epochs, checked</h2>
 * An operation needs an access epoch to its target: a {@link #fence()} (active target, every process),
 * a {@link #lock} of the target or {@link #lockAll()} (passive target), or a {@link #start} whose group
 * holds the target (generalized active target). The window tracks them, so an operation outside one, a
 * target outside the window, a displacement beyond the target's window, an unlock without a lock or a
 * close with an epoch open is an exception that says so, before MPI is called. Errors MPI reports are
 * {@link org.mpi4all.runtime.MpiException}s ({@code MPI_ERRORS_RETURN} is set on every window).
 */
public final class Window implements Attributed<Window>, AutoCloseable {
    /** The kind of a passive-target lock ({@code MPI_LOCK_SHARED}, {@code MPI_LOCK_EXCLUSIVE}). */
    public enum Lock {
        /** Other processes may hold a shared lock at the same time. */
        SHARED(Mpi.MPI_LOCK_SHARED),
        /** No other process holds a lock on the target meanwhile. */
        EXCLUSIVE(Mpi.MPI_LOCK_EXCLUSIVE);

        private final int mpiValue;

        Lock(int mpiValue) {
            this.mpiValue = mpiValue;
        }
    }

    /** How a window was made ({@code MPI_WIN_CREATE_FLAVOR}). */
    public enum Flavor {
        /** {@link #create}: memory of the caller's ({@code MPI_WIN_FLAVOR_CREATE}). */
        CREATE(Mpi.MPI_WIN_FLAVOR_CREATE),
        /** {@link #allocate}: memory MPI allocated ({@code MPI_WIN_FLAVOR_ALLOCATE}). */
        ALLOCATE(Mpi.MPI_WIN_FLAVOR_ALLOCATE),
        /** {@link #allocateShared}: memory of the node, shared ({@code MPI_WIN_FLAVOR_SHARED}). */
        SHARED(Mpi.MPI_WIN_FLAVOR_SHARED),
        /** {@link #createDynamic}: segments attached as it goes ({@code MPI_WIN_FLAVOR_DYNAMIC}). */
        DYNAMIC(Mpi.MPI_WIN_FLAVOR_DYNAMIC);

        private final int mpiValue;

        Flavor(int mpiValue) {
            this.mpiValue = mpiValue;
        }
    }

    /** Whether public and private copies of a window differ ({@code MPI_WIN_MODEL}, MPI-4.1 §12.4). */
    public enum MemoryModel {
        /** The copies are separate: a local store becomes visible to others only through a synchronization. */
        SEPARATE(Mpi.MPI_WIN_SEPARATE),
        /** One copy: local stores and remote accesses see the same memory (eventually). */
        UNIFIED(Mpi.MPI_WIN_UNIFIED);

        private final int mpiValue;

        MemoryModel(int mpiValue) {
            this.mpiValue = mpiValue;
        }
    }

    private static final int TYPE_PARAMS = Param.accepting(TYPE);

    private final Communicator comm;
    private final Environment environment;
    private final MPI_Win handle;
    private final Flavor flavor;
    private final Datatype type;
    private final MemorySegment memory;
    /** Each process's window in bytes, and its displacement unit; null for a dynamic window. */
    private final long[] bytes;
    private final int[] dispUnits;
    /** The segments attached to a dynamic window, kept reachable while MPI exposes them. */
    private final Map<MemorySegment, Long> attached = new IdentityHashMap<>();
    /** Heap buffers staged for operations that the next synchronization of their target completes. */
    private final List<Pending> pending = new ArrayList<>();

    private boolean fenced;
    private boolean lockedAll;
    private final boolean[] locked;
    /** The targets of the access epoch a {@link #start} opened; null outside one. */
    private boolean[] started;
    private boolean posted;
    private boolean freed;

    private record Pending(int target, Staging staging) {}

    private Window(Communicator comm, MPI_Win handle, Flavor flavor, Datatype type, MemorySegment memory) {
        this.comm = comm;
        this.environment = comm.environment;
        this.handle = handle;
        this.flavor = flavor;
        this.type = type;
        this.memory = memory;
        this.locked = new boolean[comm.size()];
        Mpi.MPI_Win_set_errhandler(handle, Mpi.MPI_ERRORS_RETURN);
        if (flavor == Flavor.DYNAMIC) {
            bytes = null;
            dispUnits = null;
        } else {
            long[] all = comm.allgather(new long[] {memory.byteSize(), type.size()});
            bytes = new long[comm.size()];
            dispUnits = new int[comm.size()];
            for (int r = 0; r < comm.size(); r++) {
                bytes[r] = all[2 * r];
                dispUnits[r] = (int) all[2 * r + 1];
            }
        }
    }

    // ---- creation (collective) ------------------------------------------------------------------

    /**
     * {@return a window of {@code elements} elements of {@code type} on this process, allocated by MPI}
     * ({@code MPI_Win_allocate}); {@link #memory()} is it. Collective over {@code comm}; the processes may
     * give different sizes (zero too).
     */
    public static Window allocate(Communicator comm, long elements, Datatype type) {
        return allocated(comm, elements, type, false);
    }

    /**
     * {@return a window in memory the processes of {@code comm} share} ({@code MPI_Win_allocate_shared}):
     * {@code comm} must be within one node (see {@link Communicator#splitShared()}); each process reads and
     * writes the others' parts directly through {@link #sharedMemory(int)}. Collective.
     */
    public static Window allocateShared(Communicator comm, long elements, Datatype type) {
        return allocated(comm, elements, type, true);
    }

    private static Window allocated(Communicator comm, long elements, Datatype type, boolean shared) {
        Objects.requireNonNull(type, "type == null");
        String operation = shared ? "allocateShared" : "allocate";
        if (elements < 0) {
            throw new IllegalArgumentException(operation + ": elements < 0: " + elements);
        }
        long size = Math.multiplyExact(elements, type.size());
        // MPICH 4.0 places the window of the next process at the size rounded up to 16 bytes on the origin's
        // side but not on the target's: a put to a process after one of 72 bytes lands 8 bytes early. MPI
        // is given the rounded size; the window stays the size asked for (it bounds every access).
        long allocated = (size + 15) & ~15L;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment base = arena.allocate(ADDRESS);
            MemorySegment win = MPI_Win.allocate(arena);
            if (shared) {
                Mpi.MPI_Win_allocate_shared(allocated, unit(type), Mpi.MPI_INFO_NULL, comm.intraHandle(), base, win);
            } else {
                Mpi.MPI_Win_allocate(allocated, unit(type), Mpi.MPI_INFO_NULL, comm.intraHandle(), base, win);
            }
            MemorySegment memory = base.get(ADDRESS, 0).reinterpret(size);
            return new Window(comm, MPI_Win.read(win), shared ? Flavor.SHARED : Flavor.ALLOCATE, type, memory);
        }
    }

    /**
     * {@return a window exposing {@code memory}}, a native segment of elements of {@code type}
     * ({@code MPI_Win_create}); it must stay alive until the window is closed. Collective.
     *
     * @throws IllegalArgumentException if {@code memory} is not native or not a whole number of elements
     */
    public static Window create(Communicator comm, MemorySegment memory, Datatype type) {
        Objects.requireNonNull(type, "type == null");
        if (!memory.isNative()) {
            throw new IllegalArgumentException("create: a window's memory must be native (the garbage collector"
                    + " moves heap memory), not " + memory);
        }
        if (memory.byteSize() % type.size() != 0) {
            throw new IllegalArgumentException("create: " + memory.byteSize() + " bytes are not a whole number of "
                    + type + " elements");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment win = MPI_Win.allocate(arena);
            Mpi.MPI_Win_create(memory, memory.byteSize(), unit(type), Mpi.MPI_INFO_NULL, comm.intraHandle(), win);
            return new Window(comm, MPI_Win.read(win), Flavor.CREATE, type, memory);
        }
    }

    /**
     * {@return a window without memory} ({@code MPI_Win_create_dynamic}), to which each process
     * {@link #attach}es segments; displacements are the addresses {@code attach} returns, in bytes.
     * Collective.
     */
    public static Window createDynamic(Communicator comm) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment win = MPI_Win.allocate(arena);
            Mpi.MPI_Win_create_dynamic(Mpi.MPI_INFO_NULL, comm.intraHandle(), win);
            return new Window(comm, MPI_Win.read(win), Flavor.DYNAMIC, Datatype.BYTE, MemorySegment.NULL);
        }
    }

    /** The displacement unit of a window of {@code type}: one element. */
    private static int unit(Datatype type) {
        return Math.toIntExact(type.size());
    }

    // ---- memory ---------------------------------------------------------------------------------

    /** {@return this process's window memory} (empty for a dynamic window: see {@link #attach}) */
    public MemorySegment memory() {
        handle();
        return memory;
    }

    /** {@return the communicator of the window's processes} */
    public Communicator communicator() {
        return comm;
    }

    /**
     * {@return the part of a shared window that process {@code rank} allocated}, readable and writable
     * here directly ({@code MPI_Win_shared_query}).
     *
     * @throws IllegalStateException if the window was not made by {@link #allocateShared}
     */
    public MemorySegment sharedMemory(int rank) {
        if (flavor != Flavor.SHARED) {
            throw new IllegalStateException("sharedMemory: the window was not allocated shared (allocateShared)");
        }
        checkRank("sharedMemory", rank);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment size = arena.allocate(JAVA_LONG);
            MemorySegment unit = arena.allocate(JAVA_INT);
            MemorySegment base = arena.allocate(ADDRESS);
            Mpi.MPI_Win_shared_query(handle(), rank, size, unit, base);
            return base.get(ADDRESS, 0).reinterpret(bytes[rank]);
        }
    }

    /**
     * Exposes {@code segment} in a dynamic window ({@code MPI_Win_attach}) and returns its address, the
     * displacement other processes use to reach it (exchange it, e.g. with an allgather).
     *
     * @throws IllegalStateException    if the window is not dynamic
     * @throws IllegalArgumentException if {@code segment} is not native
     */
    public long attach(MemorySegment segment) {
        requireDynamic("attach");
        if (!segment.isNative()) {
            throw new IllegalArgumentException("attach: a window's memory must be native, not " + segment);
        }
        Mpi.MPI_Win_attach(handle(), segment, segment.byteSize());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment address = arena.allocate(JAVA_LONG);
            Mpi.MPI_Get_address(segment, address);
            attached.put(segment, address.get(JAVA_LONG, 0));
            return address.get(JAVA_LONG, 0);
        }
    }

    /**
     * Stops exposing a segment {@link #attach attached} before ({@code MPI_Win_detach}).
     *
     * @throws IllegalArgumentException if it is not attached
     */
    public void detach(MemorySegment segment) {
        requireDynamic("detach");
        if (!attached.containsKey(segment)) {
            throw new IllegalArgumentException("detach: the segment is not attached to this window");
        }
        Mpi.MPI_Win_detach(handle(), segment);
        attached.remove(segment);
    }

    private void requireDynamic(String operation) {
        if (flavor != Flavor.DYNAMIC) {
            throw new IllegalStateException(operation + ": the window is not dynamic (createDynamic)");
        }
    }

    // ---- communication --------------------------------------------------------------------------

    /** Puts {@code origin} into {@code target}'s window at displacement {@code disp}; see {@link #put(Object, int, long, Param...)}. */
    public void put(Object origin, int target, long disp) {
        put(origin, target, disp, Param.NONE);
    }

    /**
     * Puts {@code origin} into {@code target}'s window, from element {@code disp} on ({@code MPI_Put});
     * complete at the next synchronization of the target. Accepts: {@link Param#type type}.
     */
    public void put(Object origin, int target, long disp, Param... params) {
        Datatype typeParam = typeOf("put", params);
        // never a heap array in place: MPI reads the origin until the next synchronization
        int whole = Message.wholeCount(origin, typeParam, Message.IN, false);
        if (whole >= 0) {
            // A native segment is handed to MPI as it is: no call state, nothing to stage, and every argument checked
            // here (the window not freed, the segment whole and alive), so without the checked mode.
            MPI_Win win = handle();
            Datatype originType = typeParam != null ? typeParam : Datatype.BYTE;
            checkAccess("put", target, disp, whole, originType);
            Call.checkOutside("put");
            MPI_Datatype typeHandle = originType.handle(null);
            MpiPrechecked.MPI_Put((MemorySegment) origin, whole, typeHandle, target, disp, whole, typeHandle, win);
            return;
        }
        operate("put", origin, Message.IN, null, null, null, target, disp, typeParam, -1,
                (o, r, c, op, win) -> Mpi.MPI_Put(o.mpi(), o.count, o.handle, target, disp, o.count, o.handle, win),
                "MPI_Put_c", (o, r, c, op, win) -> Mpi.MPI_Put_c(o.mpi(), o.elements(), o.handle, target, disp,
                        o.elements(), o.handle, win));
    }

    /**
     * Gets {@code target}'s window from element {@code disp} on into {@code origin} ({@code MPI_Get}), as
     * many elements as {@code origin} holds, and returns {@code origin}: it holds them after the next
     * synchronization of the target. Accepts: {@link Param#type type}.
     */
    public <T> T get(T origin, int target, long disp, Param... params) {
        Datatype typeParam = typeOf("get", params);
        operate("get", origin, Message.OUT, null, null, null, target, disp, typeParam, -1,
                (o, r, c, op, win) -> Mpi.MPI_Get(o.mpi(), o.count, o.handle, target, disp, o.count, o.handle, win),
                "MPI_Get_c", (o, r, c, op, win) -> Mpi.MPI_Get_c(o.mpi(), o.elements(), o.handle, target, disp,
                        o.elements(), o.handle, win));
        return origin;
    }

    /**
     * Combines {@code origin} into {@code target}'s window from element {@code disp} on with {@code op}
     * ({@code MPI_Accumulate}), atomically per element; {@link Op#REPLACE} makes it an atomic put. Accepts:
     * {@link Param#type type}.
     *
     * @throws IllegalArgumentException if {@code op} is a Java operator (MPI accumulates with predefined ones only)
     */
    public void accumulate(Object origin, int target, long disp, Op op, Param... params) {
        Datatype typeParam = typeOf("accumulate", params);
        operate("accumulate", origin, Message.IN, null, null, op, target, disp, typeParam, -1,
                (o, r, c, mpiOp, win) -> Mpi.MPI_Accumulate(o.mpi(), o.count, o.handle, target, disp, o.count,
                        o.handle, mpiOp, win),
                "MPI_Accumulate_c", (o, r, c, mpiOp, win) -> Mpi.MPI_Accumulate_c(o.mpi(), o.elements(), o.handle,
                        target, disp, o.elements(), o.handle, mpiOp, win));
    }

    /**
     * Combines {@code origin} into {@code target}'s window with {@code op} and gets what the window held
     * before into {@code result}, atomically per element ({@code MPI_Get_accumulate}); returns
     * {@code result}, which holds it after the next synchronization. {@link Op#NO_OP} makes it an atomic get.
     * Accepts: {@link Param#type type}.
     */
    public <T> T getAccumulate(Object origin, T result, int target, long disp, Op op, Param... params) {
        Datatype typeParam = typeOf("getAccumulate", params);
        operate("getAccumulate", origin, Message.IN, result, null, op, target, disp, typeParam, -1,
                (o, r, c, mpiOp, win) -> Mpi.MPI_Get_accumulate(o.mpi(), o.count, o.handle, r.mpi(), r.count, r.handle,
                        target, disp, o.count, o.handle, mpiOp, win),
                "MPI_Get_accumulate_c", (o, r, c, mpiOp, win) -> Mpi.MPI_Get_accumulate_c(o.mpi(), o.elements(),
                        o.handle, r.mpi(), o.elements(), r.handle, target, disp, o.elements(), o.handle, mpiOp, win));
        return result;
    }

    /**
     * Combines the first element of {@code origin} into element {@code disp} of {@code target}'s window with
     * {@code op} and gets the element's previous value into the first element of {@code result}
     * ({@code MPI_Fetch_and_op}, a fast atomic counter); returns {@code result}, which holds it after the
     * next synchronization. Accepts: {@link Param#type type}.
     */
    public <T> T fetchAndOp(Object origin, T result, int target, long disp, Op op, Param... params) {
        Datatype typeParam = typeOf("fetchAndOp", params);
        operate("fetchAndOp", origin, Message.IN, result, null, op, target, disp, typeParam, 1,
                (o, r, c, mpiOp, win) -> Mpi.MPI_Fetch_and_op(o.mpi(), r.mpi(), o.handle, target, disp, mpiOp, win),
                null, null);
        return result;
    }

    /**
     * Replaces element {@code disp} of {@code target}'s window with the first element of {@code origin} if
     * it equals the first element of {@code compare}, and gets its previous value into the first element of
     * {@code result} ({@code MPI_Compare_and_swap}); returns {@code result}, which holds it after the next
     * synchronization. Accepts: {@link Param#type type}.
     */
    public <T> T compareAndSwap(Object origin, Object compare, T result, int target, long disp, Param... params) {
        Datatype typeParam = typeOf("compareAndSwap", params);
        operate("compareAndSwap", origin, Message.IN, result, compare, null, target, disp, typeParam, 1,
                (o, r, c, mpiOp, win) -> Mpi.MPI_Compare_and_swap(o.mpi(), c.mpi(), r.mpi(), o.handle, target, disp,
                        win), null, null);
        return result;
    }

    /**
     * Starts a put ({@code MPI_Rput}), completed by its request (which hands {@code origin} back) rather than
     * by a synchronization; it must still be issued inside a passive-target epoch. Accepts: {@link Param#type type}.
     */
    public <T> Request<T> rput(T origin, int target, long disp, Param... params) {
        return requested("rput", origin, Message.IN, origin, target, disp, params, null,
                (o, r, mpiOp, win, request) -> Mpi.MPI_Rput(o.mpi(), o.count, o.handle, target, disp, o.count,
                        o.handle, win, request),
                "MPI_Rput_c", (o, r, mpiOp, win, request) -> Mpi.MPI_Rput_c(o.mpi(), o.elements(), o.handle, target,
                        disp, o.elements(), o.handle, win, request));
    }

    /** Starts a get ({@code MPI_Rget}); its request hands {@code origin} back, filled. See {@link #rput}. */
    public <T> Request<T> rget(T origin, int target, long disp, Param... params) {
        return requested("rget", origin, Message.OUT, null, target, disp, params, null,
                (o, r, mpiOp, win, request) -> Mpi.MPI_Rget(o.mpi(), o.count, o.handle, target, disp, o.count,
                        o.handle, win, request),
                "MPI_Rget_c", (o, r, mpiOp, win, request) -> Mpi.MPI_Rget_c(o.mpi(), o.elements(), o.handle, target,
                        disp, o.elements(), o.handle, win, request));
    }

    /** Starts an accumulate ({@code MPI_Raccumulate}); its request hands {@code origin} back. See {@link #rput}. */
    public <T> Request<T> raccumulate(T origin, int target, long disp, Op op, Param... params) {
        return requested("raccumulate", origin, Message.IN, origin, target, disp, params, op,
                (o, r, mpiOp, win, request) -> Mpi.MPI_Raccumulate(o.mpi(), o.count, o.handle, target, disp, o.count,
                        o.handle, mpiOp, win, request),
                "MPI_Raccumulate_c", (o, r, mpiOp, win, request) -> Mpi.MPI_Raccumulate_c(o.mpi(), o.elements(),
                        o.handle, target, disp, o.elements(), o.handle, mpiOp, win, request));
    }

    /** Starts a get-accumulate ({@code MPI_Rget_accumulate}); its request hands {@code result} back, filled. See {@link #rput}. */
    public <T> Request<T> rgetAccumulate(Object origin, T result, int target, long disp, Op op, Param... params) {
        return requested("rgetAccumulate", origin, Message.IN, result, target, disp, params, op,
                (o, r, mpiOp, win, request) -> Mpi.MPI_Rget_accumulate(o.mpi(), o.count, o.handle, r.mpi(), r.count,
                        r.handle, target, disp, o.count, o.handle, mpiOp, win, request),
                "MPI_Rget_accumulate_c", (o, r, mpiOp, win, request) -> Mpi.MPI_Rget_accumulate_c(o.mpi(),
                        o.elements(), o.handle, r.mpi(), o.elements(), r.handle, target, disp, o.elements(), o.handle,
                        mpiOp, win, request));
    }

    /**
     * A one-sided MPI function on the resolved origin, result and compare buffers (null where it has none); or its
     * large-count form ({@code MPI_Put_c} ...), which counts the origin's {@link Message#elements()}.
     */
    @FunctionalInterface
    private interface Access {
        void call(Message origin, Message result, Message compare, MPI_Op op, MPI_Win win);
    }

    /** A request-based one-sided MPI function, which also gets room for its request handle; or its large-count form. */
    @FunctionalInterface
    private interface RequestedAccess {
        void call(Message origin, Message result, MPI_Op op, MPI_Win win, MemorySegment request);
    }

    /**
     * Resolves the buffers of a one-sided operation ({@code elements} of the origin, or all of it if -1; the
     * result and compare buffers as many of the origin's type), checks the target, the epoch and the bounds,
     * and calls {@code access}, or {@code large} ({@code largeFunction}, refused where the library is known to fail
     * it) for an origin of more than 2^31-1 elements (null where there is none: one element); heap buffers stay
     * staged until a synchronization completes the operation.
     */
    private void operate(String operation, Object origin, int direction, Object result, Object compare, Op op,
            int target, long disp, Datatype typeParam, int elements, Access access, String largeFunction,
            Access large) {
        MPI_Win win = handle();
        try (Call call = Call.begin(environment, operation)) {
            Message o = call.message(origin, typeParam, 0, elements, direction);
            Message r = result != null ? call.message(result, o.type, 0, o.elements(), Message.OUT) : null;
            Message c = compare != null ? call.message(compare, o.type, 0, o.elements(), Message.IN) : null;
            checkAccess(operation, target, disp, o.elements(), o.type);
            MPI_Op mpiOp = op != null ? accumulating(operation, op, o.type) : null;
            if (o.isLarge()) {
                Issue.KnownBugs.refuse(operation, largeFunction);
            }
            call.prepareNonblocking();
            if (o.isLarge()) {
                LargeCounts.run(o.elements(), () -> large.call(o, r, c, mpiOp, win));
            } else {
                access.call(o, r, c, mpiOp, win);
            }
            pending.add(new Pending(target, call.started()));
        }
    }

    private <T> Request<T> requested(String operation, Object origin, int direction, Object result, int target,
            long disp, Param[] params, Op op, RequestedAccess access, String largeFunction, RequestedAccess large) {
        Datatype typeParam = typeOf(operation, params);
        MPI_Win win = handle();
        try (Call call = Call.begin(environment, operation)) {
            Message o = call.message(origin, typeParam, 0, -1, direction);
            Message r = result != null && result != origin ? call.message(result, o.type, 0, o.elements(), Message.OUT)
                    : null;
            checkAccess(operation, target, disp, o.elements(), o.type);
            MPI_Op mpiOp = op != null ? accumulating(operation, op, o.type) : null;
            @SuppressWarnings("unchecked")
            T returned = (T) (result != null ? result : origin);
            if (o.isLarge()) {
                Issue.KnownBugs.refuse(operation, largeFunction);
            }
            MemorySegment request = call.request();
            if (o.isLarge()) {
                LargeCounts.run(o.elements(), () -> large.call(o, r, mpiOp, win, request));
            } else {
                access.call(o, r, mpiOp, win, request);
            }
            return Request.started(call, returned, null);
        }
    }

    private MPI_Op accumulating(String operation, Op op, Datatype elements) {
        if (op.isUserDefined()) {
            throw new IllegalArgumentException(operation + ": MPI accumulates with predefined operators only, not " + op);
        }
        return op.handle(environment, elements, operation);
    }

    private static Datatype typeOf(String operation, Param[] params) {
        return Param.type(params, Param.check(operation, params, TYPE_PARAMS));
    }

    // ---- synchronization ------------------------------------------------------------------------

    /**
     * Ends the operations since the previous fence and opens an epoch in which every process may access
     * every window ({@code MPI_Win_fence}). Collective.
     */
    public void fence() {
        MpiPrechecked.MPI_Win_fence(0, handle());   // handle() refuses a freed window
        fenced = true;
        completePending(-1);
    }

    /**
     * Opens a passive-target access epoch to {@code target} ({@code MPI_Win_lock}): {@link Lock#SHARED}
     * with other processes' shared locks, {@link Lock#EXCLUSIVE} alone.
     *
     * @throws IllegalStateException if this process holds a lock on {@code target}, or all of them
     */
    public void lock(Lock kind, int target) {
        checkRank("lock", target);
        if (locked[target] || lockedAll) {
            throw new IllegalStateException("lock: rank " + target + " is already locked by this process");
        }
        Mpi.MPI_Win_lock(kind.mpiValue, target, 0, handle());
        locked[target] = true;
    }

    /**
     * Ends the epoch {@link #lock} opened to {@code target}, completing its operations at both ends
     * ({@code MPI_Win_unlock}).
     *
     * @throws IllegalStateException if {@code target} is not locked by this process
     */
    public void unlock(int target) {
        checkRank("unlock", target);
        if (!locked[target]) {
            throw new IllegalStateException("unlock: rank " + target + " is not locked by this process");
        }
        Mpi.MPI_Win_unlock(target, handle());
        locked[target] = false;
        completePending(target);
    }

    /** Opens a shared passive-target access epoch to every process ({@code MPI_Win_lock_all}). */
    public void lockAll() {
        MPI_Win win = handle();
        if (lockedAll || anyLocked()) {
            throw new IllegalStateException("lockAll: this process already holds a lock on the window");
        }
        Mpi.MPI_Win_lock_all(0, win);
        lockedAll = true;
    }

    /** Ends the epoch {@link #lockAll()} opened, completing its operations ({@code MPI_Win_unlock_all}). */
    public void unlockAll() {
        MPI_Win win = handle();
        if (!lockedAll) {
            throw new IllegalStateException("unlockAll: the window is not locked by lockAll()");
        }
        Mpi.MPI_Win_unlock_all(win);
        lockedAll = false;
        completePending(-1);
    }

    /**
     * Completes the operations to {@code target} at both ends without ending the epoch ({@code MPI_Win_flush}).
     *
     * @throws IllegalStateException outside a passive-target epoch to {@code target}
     */
    public void flush(int target) {
        checkRank("flush", target);
        flushing("flush", target, false);
    }

    /** Completes the operations to every target at both ends ({@code MPI_Win_flush_all}); see {@link #flush}. */
    public void flushAll() {
        flushing("flushAll", -1, false);
    }

    /**
     * Completes the operations to {@code target} here: their origin buffers may be reused, and what they got
     * has arrived ({@code MPI_Win_flush_local}); see {@link #flush}.
     */
    public void flushLocal(int target) {
        checkRank("flushLocal", target);
        flushing("flushLocal", target, true);
    }

    /** {@link #flushLocal} for every target ({@code MPI_Win_flush_local_all}). */
    public void flushLocalAll() {
        flushing("flushLocalAll", -1, true);
    }

    /** The flushes: to {@code target} or (-1) to all, at both ends or only here ({@code local}). */
    private void flushing(String operation, int target, boolean local) {
        MPI_Win win = handle();
        boolean open = lockedAll || (target >= 0 ? locked[target] : anyLocked());
        if (!open) {
            throw new IllegalStateException(operation + ": no passive-target epoch" + (target >= 0 ? " to rank "
                    + target : "") + ": lock(kind, rank) or lockAll() first");
        }
        if (target < 0 && local) {
            Mpi.MPI_Win_flush_local_all(win);
        } else if (target < 0) {
            Mpi.MPI_Win_flush_all(win);
        } else if (local) {
            Mpi.MPI_Win_flush_local(target, win);
        } else {
            Mpi.MPI_Win_flush(target, win);
        }
        completePending(target);
    }

    /**
     * Opens an exposure epoch ({@code MPI_Win_post}): the processes of {@code group} (a group of the window's
     * communicator) may access this window until {@link #waitFor()}.
     */
    public void post(Group group) {
        MPI_Win win = handle();
        if (posted) {
            throw new IllegalStateException("post: an exposure epoch is already open: waitFor() it first");
        }
        Mpi.MPI_Win_post(group.handle(), 0, win);
        posted = true;
    }

    /**
     * Opens an access epoch to the processes of {@code group} ({@code MPI_Win_start}), which must
     * {@link #post} to this one; {@link #complete()} ends it.
     */
    public void start(Group group) {
        MPI_Win win = handle();
        if (started != null) {
            throw new IllegalStateException("start: an access epoch is already open: complete() it first");
        }
        boolean[] targets = new boolean[comm.size()];
        try (Group all = comm.group()) {
            int[] ranks = group.translateRanks(all, java.util.stream.IntStream.range(0, group.size()).toArray());
            for (int rank : ranks) {
                targets[rank] = true;
            }
        }
        Mpi.MPI_Win_start(group.handle(), 0, win);
        started = targets;
    }

    /** Ends the access epoch {@link #start} opened, completing its operations here ({@code MPI_Win_complete}). */
    public void complete() {
        MPI_Win win = handle();
        if (started == null) {
            throw new IllegalStateException("complete: no access epoch was started (start(group))");
        }
        Mpi.MPI_Win_complete(win);
        started = null;
        completePending(-1);
    }

    /**
     * Waits until the processes of the exposure epoch {@link #post} opened have completed their accesses,
     * and ends it ({@code MPI_Win_wait}): this window then holds what they put.
     */
    public void waitFor() {
        MPI_Win win = handle();
        requirePosted("waitFor");
        Mpi.MPI_Win_wait(win);
        posted = false;
    }

    /** {@return whether the exposure epoch {@link #post} opened is over}, and if so ends it ({@code MPI_Win_test}) */
    public boolean test() {
        MPI_Win win = handle();
        requirePosted("test");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Win_test(win, flag);
            posted = flag.get(JAVA_INT, 0) == 0;
            return !posted;
        }
    }

    private void requirePosted(String operation) {
        if (!posted) {
            throw new IllegalStateException(operation + ": no exposure epoch was posted (post(group))");
        }
    }

    // ---- predefined attributes (MPI-4.1 §12.2.6) ---------------------------------------------------

    /** {@return the address of this process's window memory} ({@code MPI_WIN_BASE}; 0 in a dynamic window) */
    public long baseAddress() {
        return predefined(Mpi.MPI_WIN_BASE, "MPI_WIN_BASE").address();
    }

    /**
     * {@return the bytes of this process's window memory as MPI has them} ({@code MPI_WIN_SIZE}; 0 in a dynamic
     * window): those of {@link #memory()}, rounded up to 16 bytes in an allocated window (MPI is asked for that;
     * see {@link #allocate})
     */
    public long byteSize() {
        return predefined(Mpi.MPI_WIN_SIZE, "MPI_WIN_SIZE").reinterpret(JAVA_LONG.byteSize()).get(JAVA_LONG, 0);
    }

    /** {@return the bytes a displacement counts on this process} ({@code MPI_WIN_DISP_UNIT}) */
    public int displacementUnit() {
        return predefinedInt(Mpi.MPI_WIN_DISP_UNIT, "MPI_WIN_DISP_UNIT");
    }

    /** {@return how the window was made} ({@code MPI_WIN_CREATE_FLAVOR}) */
    public Flavor flavor() {
        return ofMpiValue(Flavor.values(), f -> f.mpiValue, Mpi.MPI_WIN_CREATE_FLAVOR, "MPI_WIN_CREATE_FLAVOR");
    }

    /** {@return the window's memory model} ({@code MPI_WIN_MODEL}) */
    public MemoryModel model() {
        return ofMpiValue(MemoryModel.values(), m -> m.mpiValue, Mpi.MPI_WIN_MODEL, "MPI_WIN_MODEL");
    }

    /** The constant of {@code constants} whose MPI value is the predefined attribute {@code keyval}'s. */
    private <E> E ofMpiValue(E[] constants, ToIntFunction<E> mpiValue, int keyval, String name) {
        int value = predefinedInt(keyval, name);
        for (E constant : constants) {
            if (mpiValue.applyAsInt(constant) == value) {
                return constant;
            }
        }
        throw new IllegalStateException(name + " is " + value + ", which names none of " + Arrays.toString(constants));
    }

    private int predefinedInt(int keyval, String name) {
        return predefined(keyval, name).reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0);
    }

    /** The predefined attribute {@code keyval}: the base address, or a pointer to the value. */
    private MemorySegment predefined(int keyval, String name) {
        MemorySegment value = Attributes.raw(AttributeKind.WINDOWS, this, environment, keyval);
        if (value == null) {
            throw new IllegalStateException("MPI set no " + name + " on the window");
        }
        return value;
    }

    /**
     * Frees the window ({@code MPI_Win_free}). Collective.
     *
     * @throws IllegalStateException if it was freed, or this process has an epoch open (a lock, a start, a post)
     */
    @Override
    public void close() {
        MPI_Win win = handle();
        if (lockedAll || anyLocked() || started != null || posted) {
            throw new IllegalStateException("close: the window has an epoch open (" + (posted ? "post" : started != null
                    ? "start" : "lock") + "): end it first");
        }
        freed = true;
        completePending(-1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Win.allocate(arena);
            MPI_Win.write(slot, 0, win);
            Mpi.MPI_Win_free(slot);
        }
        attached.clear();
    }

    @Override
    public String toString() {
        return "Window[" + flavor.name().toLowerCase() + " of " + type + " on " + comm + (freed ? ", freed" : "") + "]";
    }

    // ---- checks ---------------------------------------------------------------------------------

    /** The MPI handle, for calls to the generated layer ({@code Mpi}), after checking the window is usable. */
    public MPI_Win handle() {
        comm.handle();   // checks the environment too
        if (freed) {
            throw new IllegalStateException("the window was freed");
        }
        return handle;
    }

    private void checkRank(String operation, int rank) {
        if (rank < 0 || rank >= comm.size()) {
            throw new IllegalArgumentException(operation + ": rank " + rank + " is not in the window's group of "
                    + comm.size());
        }
    }

    /** Checks the target, that an epoch gives access to it, and that {@code count} elements at {@code disp} fit its window. */
    private void checkAccess(String operation, int target, long disp, long count, Datatype elements) {
        if (target == Communicator.PROC_NULL) {
            return;
        }
        checkRank(operation, target);
        if (!(fenced || lockedAll || locked[target] || started != null && started[target])) {
            throw new IllegalStateException(operation + ": no access epoch to rank " + target
                    + ": call fence(), lock(kind, " + target + "), lockAll() or start(group) first");
        }
        if (disp < 0) {
            throw new IllegalArgumentException(operation + ": displacement " + disp + " < 0");
        }
        if (bytes != null) {
            long end = disp * dispUnits[target] + count * elements.size();
            if (end > bytes[target]) {
                throw new IllegalArgumentException(operation + ": " + count + " " + elements + " elements at displacement "
                        + disp + " end at byte " + end + ", beyond the " + bytes[target] + " bytes of rank " + target
                        + "'s window");
            }
        }
    }

    private boolean anyLocked() {
        for (boolean l : locked) {
            if (l) {
                return true;
            }
        }
        return false;
    }

    /** Completes the staged buffers of the operations to {@code target} (-1: to every target), now complete. */
    private void completePending(int target) {
        if (pending.isEmpty()) {
            return;
        }
        List<Pending> done = new ArrayList<>();
        for (Pending p : pending) {
            if (target < 0 || p.target == target) {
                done.add(p);
            }
        }
        pending.removeAll(done);
        for (Pending p : done) {
            p.staging.complete();
        }
    }
}
