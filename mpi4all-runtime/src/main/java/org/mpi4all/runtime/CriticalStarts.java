package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.SwitchPoint;

/**
 * Which link the generated layer's short nonblocking starts ({@code MPI_Isend}, {@code MPI_Irecv}) call: the critical
 * one ({@code Linker.Option.critical(false)}, no thread-state transition: some 2 ns of a call that costs 10-20, paid
 * 64 times by a window of 64 messages) while that is safe, the plain one from the moment it is not, for the rest of
 * the process.
 *
 * <p>The JVM allows a critical call that is short and never calls back into Java: while it runs, its thread cannot
 * reach a safepoint (every other thread that must stop for the garbage collector waits for it), and an upcall from
 * inside it stops the JVM ("wrong thread state for upcall"). A start is short and calls no Java code by itself; what
 * could make it otherwise ends the critical link:
 * <ul>
 *   <li><b>A Java function given to MPI.</b> MPI calls a communicator's error handler from inside the failing start,
 *       and may run reductions, generalized requests' or attributes' callbacks from its progress engine. Every
 *       generated function that takes a C function pointer calls {@link #functionGiven} before MPI sees it (a
 *       pointer to a C function, such as {@code MPI_COMM_DUP_FN}, ends it too: the binding cannot tell them
 *       apart).</li>
 *   <li><b>{@code MPI_THREAD_MULTIPLE}.</b> A start may then wait for a lock that another thread of this JVM holds
 *       inside MPI, and the safepoint with it. {@link #initialised} asks MPI for its thread level after
 *       {@code MPI_Init} and {@code MPI_Init_thread}; a session has a level of its own ({@link #sessionStarting}).
 *       Below {@code MULTIPLE} the program makes one MPI call at a time, so a start never waits for another thread
 *       and the end of the critical link (made visible to every thread) comes before any start that follows it.</li>
 *   <li><b>A long copy.</b> A receive that matches a large message already waiting may copy all of it inside the
 *       start (Open MPI's single-copy protocol): buffers longer than {@value #SHORT_BYTES} bytes take the plain link
 *       at every call.</li>
 * </ul>
 * The switch is a {@link SwitchPoint}: while it holds, the JIT compiles the critical call alone, with no test; ending
 * it recompiles the callers. {@code -Dmpi4all.criticalStarts=false} (or {@code MPI4ALL_CRITICAL_STARTS=false}) ends it
 * from the start.
 */
public final class CriticalStarts {
    /** The longest buffer a start takes through its critical link: Open MPI's eager limit over shared memory. */
    static final long SHORT_BYTES = 4096;

    private static final SwitchPoint SAFE = new SwitchPoint();
    private static final MethodHandle IS_SHORT;
    private static volatile String plainBecause;

    static {
        try {
            IS_SHORT = MethodHandles.lookup().findStatic(CriticalStarts.class, "isShort",
                    MethodType.methodType(boolean.class, MemorySegment.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
        String setting = System.getProperty("mpi4all.criticalStarts", System.getenv("MPI4ALL_CRITICAL_STARTS"));
        if (setting != null && setting.strip().equalsIgnoreCase("false")) {
            end("they were turned off (-Dmpi4all.criticalStarts=false or MPI4ALL_CRITICAL_STARTS=false)");
        }
    }

    private CriticalStarts() {}

    /**
     * The handle of a start whose first parameter is its buffer: {@code critical} while the critical link holds and
     * the buffer is short, {@code plain} otherwise. Both must have the same type.
     */
    static MethodHandle whileSafe(MethodHandle critical, MethodHandle plain) {
        MethodType type = plain.type();
        MethodHandle shortBuffer = MethodHandles.dropArguments(IS_SHORT, 1, type.parameterList().subList(1, type.parameterCount()));
        return SAFE.guardWithTest(MethodHandles.guardWithTest(shortBuffer, critical, plain), plain);
    }

    private static boolean isShort(MemorySegment buffer) {
        return buffer.byteSize() <= SHORT_BYTES;
    }

    /** What a generated function calls before it gives MPI the C function pointer of its argument {@code function}. */
    public static void functionGiven(String function) {
        end(function + " gave MPI a function to call, which may be Java code");
    }

    /** What {@code MPI_Session_init} calls first: a session has a thread level of its own. */
    public static void sessionStarting() {
        end("MPI_Session_init started a session, whose thread level may be MPI_THREAD_MULTIPLE");
    }

    /** What {@code MPI_Init} and {@code MPI_Init_thread} call once MPI is initialised: asks MPI for its thread level. */
    public static void initialised(MpiLibrary library) {
        MethodHandle queryThread = library.downcall("MPI_Query_thread", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment provided = arena.allocate(JAVA_INT);
            int code = (int) queryThread.invokeExact(provided);
            if (code != 0) {
                end("MPI_Query_thread failed (error " + code + ")");
            } else if (provided.get(JAVA_INT, 0) == library.intConstant("MPI_THREAD_MULTIPLE")) {
                end("MPI runs at MPI_THREAD_MULTIPLE");
            }
        } catch (Throwable t) {
            throw MpiErrors.rethrow(t);
        }
    }

    /** Whether the starts still take their critical link (for short buffers). */
    public static boolean active() {
        return !SAFE.hasBeenInvalidated();
    }

    /** Why the starts take their plain link, or null while {@link #active()}. */
    public static String plainBecause() {
        return plainBecause;
    }

    private static synchronized void end(String reason) {
        if (active()) {
            plainBecause = reason;
            SwitchPoint.invalidateAll(new SwitchPoint[] {SAFE});
        }
    }
}
