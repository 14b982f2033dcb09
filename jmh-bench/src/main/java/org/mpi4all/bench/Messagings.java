package org.mpi4all.bench;

import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The contenders the benchmarks can measure, by name, and the one this process initialised. Classes are found
 * by name, so a baseline whose library was absent when benchmarks.jar was built is simply missing, and a
 * library is loaded only when its contender runs.
 */
public final class Messagings {

    /** Adding a contender is one line here (the high-level API, once it lands, gets its own line). */
    private static final Map<String, String> REGISTERED = registrations();

    /** The contender that initialised its library in this process (in this class loader, under MPJ Express). */
    private static String started;
    /** The thread that initialised the library: at {@code MPI_THREAD_SINGLE}, the only one that may call MPI. */
    private static Thread startedBy;

    private Messagings() {}

    private static Map<String, String> registrations() {
        Map<String, String> classes = new LinkedHashMap<>();
        classes.put("mpi4all-segment", "org.mpi4all.bench.ffi.SegmentMessaging");
        classes.put("mpi4all-heap", "org.mpi4all.bench.ffi.HeapMessaging");
        classes.put("ompi-java-array", "org.mpi4all.bench.ompijava.ArrayMessaging");
        classes.put("ompi-java-direct", "org.mpi4all.bench.ompijava.DirectMessaging");
        classes.put("mpj-array", "org.mpi4all.bench.mpj.MpjMessaging");
        return Map.copyOf(classes);
    }

    /** The names of every registered contender. */
    public static Set<String> names() {
        return REGISTERED.keySet();
    }

    /** Records that the contender {@code name} has initialised its library in this process; once per process. */
    static synchronized void started(String name) {
        if (started != null) {
            throw new IllegalStateException("the contender " + started + " was started already");
        }
        started = name;
        startedBy = Thread.currentThread();
    }

    /**
     * A new, unallocated instance of the contender {@code name}, which {@link MpiBenchmarks} must have
     * started in this process.
     */
    public static synchronized Messaging current(String name) {
        if (!name.equals(started)) {
            throw new IllegalStateException("the MPI benchmarks need their library initialised first: run them"
                    + " with scripts/bench (org.mpi4all.bench.MpiBenchmarks), not with JMH's own main"
                    + (started == null ? "" : " (this process runs " + started + ")"));
        }
        if (Thread.currentThread() != startedBy) {
            throw new IllegalStateException("MPI was initialised at MPI_THREAD_SINGLE by thread \"" + startedBy.getName()
                    + "\", and JMH runs the benchmark in thread \"" + Thread.currentThread().getName()
                    + "\": run JMH with CallingThreadExecutor (MpiBenchmarks installs it)");
        }
        return create(name);
    }

    /** A new instance of the contender {@code name}; its library is not initialised by this. */
    static Messaging create(String name) {
        String className = REGISTERED.get(name);
        if (className == null) {
            throw new IllegalArgumentException("unknown contender '" + name + "' (choose one of "
                    + String.join(", ", names()) + ")");
        }
        Class<? extends Messaging> type;
        try {
            type = Class.forName(className).asSubclass(Messaging.class);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the contender " + name + " is not built into this benchmarks.jar:"
                    + " its library was missing at build time (see docs/benchmarks.md)", e);
        }
        try {
            return type.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("the contender " + name + " failed to start: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(className + " has no public no-argument constructor", e);
        }
    }
}
