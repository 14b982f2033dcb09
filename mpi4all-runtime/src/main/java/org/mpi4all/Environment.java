package org.mpi4all;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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
 *     }                                                  // close(); MPI_Finalize when the program ends
 * }
 * }
 *
 * <p>MPI can be initialised once per process, so there is at most one environment, and once closed
 * it cannot be opened again. Closing it twice throws, as closing an
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
 *
 * <h2>A failing rank ends the job</h2>
 * An exception that escapes any thread of a rank (including {@code main}, out of
 * {@code try (Environment env = ...)}) is printed once, naming the rank, and ends the whole job with
 * {@code MPI_Abort}, as {@code python -m mpi4py} does: otherwise the other ranks could wait for this one
 * forever. Java gives {@link #close()} no way to tell whether it runs because the block completed or
 * because an exception is leaving it, and {@code MPI_Finalize} waits for the other ranks, so {@code close()}
 * must not call it: it ends the environment (every object it made becomes unusable) and leaves
 * {@code MPI_Finalize} to the end of the program (a shutdown hook, after {@code main} returns or
 * {@link System#exit}). By then an escaping exception has reached the environment's default uncaught
 * exception handler, which aborted the job. {@code -Dmpi4all.abortOnUncaughtException=false} opts out:
 * no handler, and {@code close()} calls {@code MPI_Finalize} itself (a rank that fails while others wait
 * for it then hangs the job). {@link #runOrAbort} finalizes when its program returns.
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

    /**
     * {@code false} opts out of ending the job on an uncaught exception; {@code close()} then finalizes MPI
     * itself. {@code true} is the default.
     */
    public static final String ABORT_ON_UNCAUGHT_PROPERTY = "mpi4all.abortOnUncaughtException";

    private static Environment instance;

    private final ThreadLevel threadLevel;
    private final HeapAccess heapAccess;
    private final boolean abortOnUncaught;
    private final Thread initThread;
    /** The only thread that may call MPI, below {@link ThreadLevel#SERIALIZED}; null at and above it. */
    private final Thread confinedTo;
    private final Arena arena;
    /**
     * Whether a {@link Session} started MPI, not {@code MPI_Init}: there is no world then, and the sessions
     * finalize MPI, the last one closing the environment.
     */
    private final boolean fromSessions;
    private int openSessions;
    private final Communicator world;
    private final Communicator self;
    /** The intercommunicator to this process's parent, made on the first {@link #parent()}. */
    private Intercommunicator parent;
    /** This process's rank in the world and the world's size, to name the rank that fails. */
    private final int worldRank;
    private final int worldSize;
    private final Map<Datatype, MPI_Datatype> committedTypes = new ConcurrentHashMap<>();
    /** The communicators created and not yet seen freed, for {@link #resources()}; pruned as it grows. */
    private final Set<Communicator> createdCommunicators = ConcurrentHashMap.newKeySet();
    private final Deque<Runnable> cleanups = new ArrayDeque<>();
    /** What must happen just before MPI_Finalize, at the end of the program: sessions closed by then finalize. */
    private final Deque<Runnable> beforeFinalize = new ArrayDeque<>();
    private Progress progress;
    private volatile boolean closed;
    private volatile boolean finalized;

    private Environment(ThreadLevel threadLevel, boolean abortOnUncaught, Arena arena, Session.Membership sessions) {
        this.threadLevel = threadLevel;
        this.abortOnUncaught = abortOnUncaught;
        this.arena = arena;
        this.fromSessions = sessions != null;
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
        this.world = fromSessions ? null : new Communicator(this, Mpi.MPI_COMM_WORLD, "world", true);
        this.self = fromSessions ? null : new Communicator(this, Mpi.MPI_COMM_SELF, "self", true);
        this.worldRank = fromSessions ? sessions.rank() : world.rank();
        this.worldSize = fromSessions ? sessions.size() : world.size();
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
                    ? "the environment was closed: MPI cannot be initialized again in this process"
                    : instance.fromSessions ? "MPI was started from a Session in this process: there is one"
                            + " Environment per process, and a session's has no world"
                    : "MPI is already initialized: there is one Environment per process");
        }
        boolean abortOnUncaught = abortOnUncaughtProperty();
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
            instance = new Environment(ThreadLevel.ofMpiValue(provided.get(JAVA_INT, 0)), abortOnUncaught, arena, null);
            if (abortOnUncaught) {
                instance.abortOnUncaughtExceptions();
            }
            return instance;
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Runs {@code program} in a new environment, closes it and finalizes MPI when the program returns; if
     * the program throws, ends the whole job instead: prints the exception naming the rank and calls
     * {@code MPI_Abort} on the world communicator (as {@code python -m mpi4py} does). Unlike
     * {@code try (Environment env = ...)}, it does so even with {@value #ABORT_ON_UNCAUGHT_PROPERTY}
     * {@code =false}, and {@code MPI_Finalize} happens here rather than at the end of the program.
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
            environment.abortJob(Thread.currentThread(), e, null);
        }
        environment.close();
        environment.finalizeMpi();
    }

    /** {@return the thread level MPI provided}, which may be less than the one asked for. */
    public ThreadLevel threadLevel() {
        return threadLevel;
    }

    /** {@return how blocking calls pass heap arrays to MPI} */
    public HeapAccess heapAccess() {
        return heapAccess;
    }

    /** Whether a blocking call may hand MPI a heap array in place, through a critical downcall. */
    boolean heapInPlace() {
        return heapAccess == HeapAccess.CRITICAL;
    }

    /**
     * {@return the communicator of all processes} ({@code MPI_COMM_WORLD}); it cannot be closed.
     *
     * @throws IllegalStateException if a {@link Session} started MPI: there is no world then
     */
    public Communicator world() {
        return predefined(world, "world");
    }

    /**
     * {@return the communicator of this process alone} ({@code MPI_COMM_SELF}); it cannot be closed.
     *
     * @throws IllegalStateException if a {@link Session} started MPI: there is no self communicator then
     */
    public Communicator self() {
        return predefined(self, "self");
    }

    /**
     * {@return the intercommunicator to the processes that spawned this one} ({@code MPI_Comm_get_parent}; the
     * same object until it is disconnected), empty if this process was not spawned
     */
    public Optional<Intercommunicator> parent() {
        check();
        MPI_Comm handle = Management.created(Mpi::MPI_Comm_get_parent);
        if (handle.equals(Mpi.MPI_COMM_NULL)) {
            return Optional.empty();
        }
        if (parent == null || parent.isClosed()) {
            parent = new Intercommunicator(this, handle, "parent");
        }
        return Optional.of(parent);
    }

    private Communicator predefined(Communicator communicator, String name) {
        check();
        if (communicator == null) {
            throw new IllegalStateException("MPI was started from a Session, not MPI_Init: there is no " + name
                    + " communicator; make one from a process set, session.communicator(\"mpi://"
                    + name.toUpperCase(java.util.Locale.ROOT) + "\", tag)");
        }
        return communicator;
    }

    /** {@return whether a {@link Session} started MPI} (then there is no {@link #world()}) */
    public boolean startedFromSession() {
        return fromSessions;
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
     * Ends the environment: stops the thread that completes {@link Request#future() futures} (whose
     * pending futures fail), frees the datatypes and operators it created, and makes every object it made
     * unusable. {@code MPI_Finalize} follows at the end of the program (see "A failing rank ends the
     * job" above), or here with {@value #ABORT_ON_UNCAUGHT_PROPERTY}{@code =false}.
     *
     * @throws IllegalStateException if the environment is already closed
     */
    @Override
    public void close() {
        synchronized (Environment.class) {
            if (closed) {
                throw new IllegalStateException("the environment is already closed: MPI cannot be used again");
            }
            checkThread();
            if (progress != null) {
                progress.stop();
            }
            try {
                while (!cleanups.isEmpty()) {
                    cleanups.pop().run();
                }
            } finally {
                closed = true;
            }
        }
        if (!abortOnUncaught) {
            finalizeMpi();
        }
    }

    /**
     * {@return what the high level holds now in MPI and in native memory}, to find leaks: requests,
     * communicators, record datatypes, Java operators and staged native memory. Also after {@link #close()}:
     * see {@link Resources}.
     */
    public Resources resources() {
        createdCommunicators.removeIf(Communicator::isClosed);
        return new Resources(Census.NATIVE_BYTES.get(), Census.REQUESTS.get(), createdCommunicators.size(),
                committedTypes.size(), Census.OPERATORS.get());
    }

    /**
     * Allocates a buffer of {@code bytes} for buffered sends ({@link Param#buffered()}) and attaches it to MPI
     * ({@code MPI_Buffer_attach}); the high level owns the memory, and frees it at {@link #detachBuffer()} or when
     * the environment closes. A message needs its size plus {@link #bsendOverhead()} bytes of it while in transit.
     *
     * @throws IllegalStateException if a buffer is attached already
     */
    public void attachBuffer(long bytes) {
        SendBuffer.attach(this, bytes);
    }

    /**
     * Waits until every buffered message has left, detaches the buffer ({@code MPI_Buffer_detach}), frees it and
     * returns its size.
     *
     * @throws IllegalStateException if no buffer is attached
     */
    public long detachBuffer() {
        return SendBuffer.detach(this);
    }

    /** {@return the bytes of the attached buffer a buffered message needs beyond its own} ({@code MPI_BSEND_OVERHEAD}) */
    public int bsendOverhead() {
        return Mpi.MPI_BSEND_OVERHEAD;
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return closed;
    }

    private static boolean abortOnUncaughtProperty() {
        String value = System.getProperty(ABORT_ON_UNCAUGHT_PROPERTY, "true");
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("-D" + ABORT_ON_UNCAUGHT_PROPERTY + "=" + value
                    + ": expected true or false");
        };
    }

    /**
     * Makes an exception that escapes any thread abort the job, and finalizes MPI at the end of the program
     * if the environment was closed by then (a program that ends without closing it, for instance killed
     * by the launcher, must not wait in {@code MPI_Finalize} for ranks that are gone).
     */
    private void abortOnUncaughtExceptions() {
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
            if (finalized) {
                report(thread, failure, previous);
            } else {
                abortJob(thread, failure, previous);
            }
        });
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("mpi4all-finalize").unstarted(() -> {
            if (closed) {
                finalizeMpi();
            }
        }));
    }

    /**
     * Prints {@code failure} once, naming this rank, and ends the job ({@code MPI_Abort} on the world). A
     * second failing thread waits here while the first aborts. Never returns.
     */
    private synchronized void abortJob(Thread thread, Throwable failure, Thread.UncaughtExceptionHandler previous) {
        System.err.println("mpi4all: rank " + worldRank + " of " + worldSize + " failed: exception in thread \""
                + thread.getName() + "\"; ending the job (MPI_Abort). -D" + ABORT_ON_UNCAUGHT_PROPERTY
                + "=false opts out");
        report(thread, failure, previous);
        System.out.flush();
        System.err.flush();
        // Without MPI_Init there is no world to abort (and Open MPI 5 crashes in MPI_Abort on MPI_COMM_SELF):
        // a process that ends without finalizing makes each launcher here end the job.
        if (!fromSessions) {
            Mpi.MPI_Abort(Mpi.MPI_COMM_WORLD, 1);
        }
        // MPI_Abort should not return; if it does, this process at least must not finalize and wait.
        Runtime.getRuntime().halt(1);
    }

    /** Reports {@code failure} through the handler the application installed, else as the JVM does. */
    private static void report(Thread thread, Throwable failure, Thread.UncaughtExceptionHandler previous) {
        if (previous != null) {
            previous.uncaughtException(thread, failure);
        } else {
            System.err.print("Exception in thread \"" + thread.getName() + "\" ");
            failure.printStackTrace();
        }
    }

    /** Calls {@code MPI_Finalize} once, then frees the arena MPI may have used until then. */
    private void finalizeMpi() {
        synchronized (Environment.class) {
            if (finalized) {
                return;
            }
            finalized = true;
            try {
                while (!beforeFinalize.isEmpty()) {
                    beforeFinalize.pop().run();
                }
                if (!fromSessions) {
                    Mpi.MPI_Finalize();
                }
            } finally {
                arena.close();
            }
        }
    }

    // ---- for the objects of this package ------------------------------------------------------

    /**
     * The environment of a session that started: the process's, or, if MPI was not initialised, a new one
     * whose MPI the sessions own ({@link #startedFromSession()}). {@link #sessionFinalizing} undoes it.
     *
     * @throws IllegalStateException if the environment was closed
     */
    static synchronized Environment forSession(ThreadLevel provided, Session.Membership membership) {
        checkNotClosed();
        if (instance == null) {
            boolean abortOnUncaught = abortOnUncaughtProperty();
            instance = new Environment(provided, abortOnUncaught, Arena.ofShared(), membership);
            if (abortOnUncaught) {
                instance.abortOnUncaughtExceptions();
            }
        }
        instance.openSessions++;
        return instance;
    }

    /**
     * Finalizes a closed session ({@code finalize}) when it cannot wait for other ranks: at once with
     * {@value #ABORT_ON_UNCAUGHT_PROPERTY}{@code =false}, else at the end of the program, for the reason
     * {@link #close()} leaves {@code MPI_Finalize} to then (MPICH's last {@code MPI_Session_finalize} waits for
     * every process, as {@code MPI_Finalize} does, so a rank whose exception leaves a session's {@code try}
     * would wait there for ranks that wait for it).
     */
    void finalizeSession(Runnable finalize) {
        if (abortOnUncaught) {
            synchronized (Environment.class) {
                beforeFinalize.push(finalize);
            }
        } else {
            finalize.run();
        }
    }

    /**
     * Checks that MPI may still start in this process: once the environment closed, it may not (and MPICH 4
     * crashes in a session started after the last one finalized).
     */
    static synchronized void checkNotClosed() {
        if (instance != null && instance.closed) {
            throw new IllegalStateException("the environment was closed: MPI cannot be initialized again in this process");
        }
    }

    /**
     * Called before a session finalizes: the last session of an environment the sessions started closes it
     * (its datatypes and operators must be freed while MPI is still initialized).
     */
    void sessionFinalizing() {
        boolean last;
        synchronized (Environment.class) {
            openSessions--;
            last = fromSessions && openSessions == 0;
        }
        if (last) {
            close();
        }
    }

    /**
     * Checks that MPI may be called now, from this thread.
     *
     * @throws IllegalStateException if the environment is closed
     * @throws WrongThreadException  if the thread level confines MPI to the thread that initialised it
     */
    void check() {
        if (closed) {
            throw new IllegalStateException("the environment is closed: MPI cannot be used again");
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
            onClose(() -> {
                RecordStruct.freeMpiType(handle);
                committedTypes.remove(t);
            });
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
        return handle.equals(Mpi.MPI_COMM_NULL) ? null : created(new Communicator(this, handle, name, false));
    }

    /** Counts {@code communicator}, which MPI created, among the {@link #resources()} until it is freed. */
    <C extends Communicator> C created(C communicator) {
        createdCommunicators.removeIf(Communicator::isClosed);
        createdCommunicators.add(communicator);
        return communicator;
    }

    @Override
    public String toString() {
        return "Environment[" + threadLevel + ", heap access " + heapAccess + (closed ? ", closed" : "") + "]";
    }
}
