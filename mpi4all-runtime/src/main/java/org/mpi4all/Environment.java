package org.mpi4all;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.Mpi;

/**
 * MPI, initialised: the process's entry into MPI and the owner of everything MPI gives it.
 *
 * {@snippet :
 * public static void main(String[] args) {
 *     try (Environment env = Environment.init(args)) {   // MPI_Init_thread
 *         Communicator world = env.world();
 *         double sum = world.allreduce(world.rank() + 1.0, Op.SUM);
 *     }                                                  // MPI_Finalize
 * }
 * }
 *
 * <p>MPI can be initialised once per process, so there is at most one environment, and once closed
 * ({@code MPI_Finalize}) it cannot be opened again. Closing it twice throws, as closing an
 * {@link Arena} twice does: it reveals a bug. After closing, every operation of every object it made
 * (communicators, groups, requests) throws {@link IllegalStateException} without touching MPI.
 *
 * <h2>Threads</h2>
 * {@link #init(String[], ThreadLevel)} asks for a {@link ThreadLevel}; {@link #threadLevel()} is what MPI
 * provided. Below {@link ThreadLevel#SERIALIZED}, MPI may only be called by the thread that
 * initialised it, and every other thread gets a {@link WrongThreadException} instead of undefined
 * behaviour. Under {@link ThreadLevel#SERIALIZED} the application keeps calls from overlapping.
 *
 * <h2>Heap arrays</h2>
 * A blocking call with a heap array either hands MPI the array in place, through a critical downcall
 * ({@link HeapAccess#CRITICAL}), or copies it to native memory and back ({@link HeapAccess#COPY}).
 * During a critical call the JVM cannot collect garbage, so a call that waits for another thread of
 * this JVM could deadlock it: the environment chooses {@code CRITICAL} below
 * {@link ThreadLevel#MULTIPLE} and {@code COPY} at {@code MULTIPLE}. The system property
 * {@code -Dmpi4all.heapAccess=critical|copy} overrides the choice. Nonblocking operations never hand
 * MPI a heap address (the array could move before MPI is done with it): they always copy.
 */
public final class Environment implements AutoCloseable {
    /** How blocking calls pass heap arrays to MPI. */
    public enum HeapAccess {
        /** In place, by a critical downcall: no copy, but no garbage collection while the call blocks. */
        CRITICAL,
        /** Through native memory, copied in before the call and out after it. */
        COPY
    }

    /** Overrides the {@link HeapAccess} the environment picks: {@code critical} or {@code copy}. */
    public static final String HEAP_ACCESS_PROPERTY = "mpi4all.heapAccess";

    private static Environment instance;

    private final ThreadLevel threadLevel;
    private final HeapAccess heapAccess;
    private final Thread initThread;
    /** The only thread that may call MPI, below {@link ThreadLevel#SERIALIZED}; null at and above it. */
    private final Thread confinedTo;
    private final Arena arena;
    private final Communicator world;
    private final Communicator self;
    private final Map<Datatype, MPI_Datatype> committedTypes = new ConcurrentHashMap<>();
    private final Deque<Runnable> cleanups = new ArrayDeque<>();
    private Progress progress;
    private volatile boolean closed;

    private Environment(ThreadLevel threadLevel, Arena arena) {
        this.threadLevel = threadLevel;
        this.arena = arena;
        this.initThread = Thread.currentThread();
        this.confinedTo = threadLevel.compareTo(ThreadLevel.SERIALIZED) < 0 ? initThread : null;
        String forced = System.getProperty(HEAP_ACCESS_PROPERTY, "");
        this.heapAccess = switch (forced) {
            case "critical" -> HeapAccess.CRITICAL;
            case "copy" -> HeapAccess.COPY;
            case "" -> threadLevel == ThreadLevel.MULTIPLE ? HeapAccess.COPY : HeapAccess.CRITICAL;
            default -> throw new IllegalArgumentException("-D" + HEAP_ACCESS_PROPERTY + "=" + forced
                    + ": expected critical or copy");
        };
        this.world = new Communicator(this, Mpi.MPI_COMM_WORLD, "world", true);
        this.self = new Communicator(this, Mpi.MPI_COMM_SELF, "self", true);
    }

    /**
     * Initialises MPI for a single-threaded process ({@link ThreadLevel#SINGLE}).
     *
     * @param args the program's arguments, which MPI may read
     * @throws IllegalStateException if MPI was initialised before in this process
     */
    public static Environment init(String[] args) {
        return init(args, ThreadLevel.SINGLE);
    }

    /**
     * Initialises MPI asking for the thread level {@code required} ({@code MPI_Init_thread}).
     *
     * @param args     the program's arguments, which MPI may read
     * @param required the thread level the program needs; MPI may provide less, see {@link #threadLevel()}
     * @throws IllegalStateException if MPI was initialised before in this process
     */
    public static synchronized Environment init(String[] args, ThreadLevel required) {
        Objects.requireNonNull(args, "args == null");
        Objects.requireNonNull(required, "required == null");
        if (instance != null) {
            throw new IllegalStateException(instance.closed
                    ? "MPI was finalized and cannot be initialized again in this process"
                    : "MPI is already initialized: there is one Environment per process");
        }
        Arena arena = Arena.ofShared();
        try (Arena local = Arena.ofConfined()) {
            MemorySegment flag = local.allocate(JAVA_INT);
            Mpi.MPI_Initialized(flag);
            if (flag.get(JAVA_INT, 0) != 0) {
                throw new IllegalStateException("MPI was initialized through the generated layer (Mpi.MPI_Init):"
                        + " an Environment must initialize it itself");
            }
            // MPI may keep argv: it lives in the environment's arena.
            MemorySegment argv = arena.allocate(ADDRESS, args.length + 2L);
            argv.setAtIndex(ADDRESS, 0, arena.allocateFrom("java"));
            for (int i = 0; i < args.length; i++) {
                argv.setAtIndex(ADDRESS, i + 1, arena.allocateFrom(args[i]));
            }
            MemorySegment argc = arena.allocateFrom(JAVA_INT, args.length + 1);
            MemorySegment argvPointer = arena.allocateFrom(ADDRESS, argv);
            MemorySegment provided = local.allocate(JAVA_INT);
            Mpi.MPI_Init_thread(argc, argvPointer, required.mpiValue(), provided);
            instance = new Environment(ThreadLevel.ofMpiValue(provided.get(JAVA_INT, 0)), arena);
            return instance;
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Runs {@code program} in a new environment and closes it; if the program throws, ends the whole job
     * instead: prints the exception and calls {@code MPI_Abort} on the world communicator (as
     * {@code python -m mpi4py} does). Without this, an exception leaving {@code try (Environment env = ...)}
     * reaches {@code MPI_Finalize}, which waits for the other processes, and they may be waiting for this one.
     *
     * @param args     the program's arguments, which MPI may read
     * @param required the thread level the program needs
     * @throws IllegalStateException if MPI was initialised before in this process
     */
    public static void runOrAbort(String[] args, ThreadLevel required, Consumer<Environment> program) {
        Environment environment = init(args, required);
        try {
            program.accept(environment);
        } catch (RuntimeException | Error e) {
            e.printStackTrace();
            System.err.flush();
            Mpi.MPI_Abort(Mpi.MPI_COMM_WORLD, 1);
            throw e;
        }
        environment.close();
    }

    /** {@return the thread level MPI provided}, which may be less than the one asked for. */
    public ThreadLevel threadLevel() {
        return threadLevel;
    }

    /** {@return how blocking calls pass heap arrays to MPI} */
    public HeapAccess heapAccess() {
        return heapAccess;
    }

    /** {@return the communicator of all processes} ({@code MPI_COMM_WORLD}); it cannot be closed. */
    public Communicator world() {
        check();
        return world;
    }

    /** {@return the communicator of this process alone} ({@code MPI_COMM_SELF}); it cannot be closed. */
    public Communicator self() {
        check();
        return self;
    }

    /** {@return the name of the processor this process runs on} ({@code MPI_Get_processor_name}) */
    public String processorName() {
        check();
        try (Arena local = Arena.ofConfined()) {
            MemorySegment name = local.allocate(Mpi.MPI_MAX_PROCESSOR_NAME + 1L);
            MemorySegment length = local.allocate(JAVA_INT);
            Mpi.MPI_Get_processor_name(name, length);
            return name.getString(0);
        }
    }

    /** {@return the wall-clock time in seconds} ({@code MPI_Wtime}), from an arbitrary origin. */
    public double wtime() {
        check();
        return Mpi.MPI_Wtime();
    }

    /**
     * {@return a balanced division of {@code nodes} processes into a grid of {@code dimensions} dimensions}
     * ({@code MPI_Dims_create}), for {@link Communicator#createCartesian}.
     */
    public int[] dimsCreate(int nodes, int dimensions) {
        check();
        if (nodes < 1 || dimensions < 1) {
            throw new IllegalArgumentException("dimsCreate: nodes and dimensions must be positive: " + nodes + ", "
                    + dimensions);
        }
        try (Arena local = Arena.ofConfined()) {
            MemorySegment dims = local.allocate(JAVA_INT, dimensions);
            Mpi.MPI_Dims_create(nodes, dimensions, dims);
            return dims.toArray(JAVA_INT);
        }
    }

    /**
     * Finalizes MPI ({@code MPI_Finalize}), after freeing the datatypes and operators the environment
     * created and stopping the thread that completes {@link Request#future() futures} (whose pending
     * futures fail).
     *
     * @throws IllegalStateException if the environment is already closed
     */
    @Override
    public void close() {
        synchronized (Environment.class) {
            if (closed) {
                throw new IllegalStateException("the environment is already closed: MPI was finalized");
            }
            checkThread();
            if (progress != null) {
                progress.stop();
            }
            try {
                while (!cleanups.isEmpty()) {
                    cleanups.pop().run();
                }
                Mpi.MPI_Finalize();
            } finally {
                closed = true;
                arena.close();
            }
        }
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return closed;
    }

    // ---- for the objects of this package ------------------------------------------------------

    /**
     * Checks that MPI may be called now, from this thread.
     *
     * @throws IllegalStateException if the environment is closed
     * @throws WrongThreadException  if the thread level confines MPI to the thread that initialised it
     */
    void check() {
        if (closed) {
            throw new IllegalStateException("the environment is closed: MPI was finalized");
        }
        checkThread();
    }

    private void checkThread() {
        if (confinedTo != null && Thread.currentThread() != confinedTo) {
            throw new WrongThreadException("MPI was initialized at thread level " + threadLevel + " by thread \""
                    + initThread.getName() + "\", and only that thread may call it: initialize at SERIALIZED or"
                    + " MULTIPLE to call MPI from other threads");
        }
    }

    /** The arena of objects that live as long as MPI (upcall stubs of operators). */
    Arena arena() {
        return arena;
    }

    /** Runs {@code cleanup} (freeing an MPI object) when the environment closes, in reverse order of registration. */
    void onClose(Runnable cleanup) {
        synchronized (Environment.class) {
            cleanups.push(cleanup);
        }
    }

    /** The committed MPI struct type of the record datatype {@code type}, created on first use. */
    MPI_Datatype committedType(Datatype type) {
        check();
        return committedTypes.computeIfAbsent(type, t -> {
            MPI_Datatype handle = t.struct().createMpiType();
            onClose(() -> RecordStruct.freeMpiType(handle));
            return handle;
        });
    }

    /** The thread that completes futures; needs {@link ThreadLevel#MULTIPLE}. */
    Progress progress() {
        synchronized (Environment.class) {
            check();
            if (threadLevel != ThreadLevel.MULTIPLE) {
                throw new IllegalStateException("futures are completed by a progress thread, which needs thread"
                        + " level MULTIPLE; this environment has " + threadLevel
                        + ": initialize with ThreadLevel.MULTIPLE, or complete requests with waitFor() and test()");
            }
            if (progress == null) {
                progress = new Progress(this);
            }
            return progress;
        }
    }

    /** Wraps a communicator handle MPI created (dup, split, ...); null for {@code MPI_COMM_NULL}. */
    Communicator adopt(MPI_Comm handle, String name) {
        return handle.equals(Mpi.MPI_COMM_NULL) ? null : new Communicator(this, handle, name, false);
    }

    @Override
    public String toString() {
        return "Environment[" + threadLevel + ", heap access " + heapAccess + (closed ? ", closed" : "") + "]";
    }
}
