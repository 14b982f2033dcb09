package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.PrintStream;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Runs the conformance checks of a rank program on one rank: {@code RankProgram PROGRAM-CLASS ARGS...}.
 *
 * <p>A program is a class whose {@code static void name(Rank r)} methods are annotated {@link Check}. Every
 * rank runs them all, in the order of their names (the same on every rank, so their collective calls match),
 * each with a fresh {@link Rank} (and arena), followed by a barrier. A check asserts its own rank's values and
 * this runner prints {@code check.NAME=ok}, {@code check.NAME=skipped: REASON} or {@code check.NAME=FAIL: ...}
 * (the stack trace goes to standard error). The first failure aborts the whole run with {@code MPI_Abort}, so
 * that the other ranks do not wait forever in a collective call the failed rank will never make.
 */
final class RankProgram {
    /** Marks a conformance check: {@code static void name(Rank r)}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @interface Check {}

    /** A program whose ranks start with {@code MPI_Init_thread(MPI_THREAD_MULTIPLE)} instead of {@code MPI_Init}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface ThreadMultiple {}

    /** The prefix of the lines that report a check. */
    static final String PREFIX = "check.";
    static final String OK = "ok";
    static final String SKIPPED = "skipped: ";
    static final String FAILED = "FAIL: ";

    private RankProgram() {}

    /** The checks of {@code program}, in the order the ranks run them. */
    static List<Method> checks(Class<?> program) {
        return Arrays.stream(program.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(Check.class))
                .peek(RankProgram::requireCheckSignature)
                .sorted(Comparator.comparing(Method::getName))
                .toList();
    }

    public static void main(String[] args) throws ReflectiveOperationException {
        Class<?> program = Class.forName(args[0]);
        List<String> programArgs = List.of(args).subList(1, args.length);
        PrintStream out = System.out;
        long started = System.nanoTime();
        int provided = init(program.isAnnotationPresent(ThreadMultiple.class));
        int rank = worldInt(Mpi::MPI_Comm_rank);
        int size = worldInt(Mpi::MPI_Comm_size);
        out.println("implementation=" + Rank.implementation());
        out.println("millis.init=" + (System.nanoTime() - started) / 1_000_000);
        for (Method check : checks(program)) {
            String key = PREFIX + check.getName();
            long start = System.nanoTime();
            try (Arena arena = Arena.ofConfined()) {
                check.invoke(null, new Rank(rank, size, provided, programArgs, arena));
                out.println(key + "=" + OK);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (cause instanceof Rank.Skip skip) {
                    out.println(key + "=" + SKIPPED + skip.getMessage());
                } else {
                    out.println(key + "=" + FAILED + oneLine(cause));
                    out.flush();
                    System.err.println("rank " + rank + ": " + key + " failed");
                    cause.printStackTrace();
                    System.err.flush();
                    Mpi.MPI_Abort(Mpi.MPI_COMM_WORLD, 1);
                    System.exit(1);
                }
            }
            out.println("millis." + check.getName() + "=" + (System.nanoTime() - start) / 1_000_000);
            out.flush();
            Mpi.MPI_Barrier(Mpi.MPI_COMM_WORLD);
        }
        Mpi.MPI_Finalize();
        out.println("finalized=true");
    }

    private static int init(boolean threadMultiple) {
        if (!threadMultiple) {
            Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
            return Mpi.MPI_THREAD_SINGLE;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment provided = arena.allocate(JAVA_INT);
            Mpi.MPI_Init_thread(MemorySegment.NULL, MemorySegment.NULL, Mpi.MPI_THREAD_MULTIPLE, provided);
            return provided.get(JAVA_INT, 0);
        }
    }

    private interface CommQuery {
        void call(MPI_Comm comm, MemorySegment result);
    }

    private static int worldInt(CommQuery query) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(JAVA_INT);
            query.call(Mpi.MPI_COMM_WORLD, result);
            return result.get(JAVA_INT, 0);
        }
    }

    private static String oneLine(Throwable t) {
        return (t.getClass().getName() + ": " + t.getMessage()).replace('\n', ' ');
    }

    private static void requireCheckSignature(Method m) {
        if (!Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 1 || m.getParameterTypes()[0] != Rank.class) {
            throw new IllegalStateException("a @Check must be static void " + m.getName() + "(Rank r)");
        }
        m.setAccessible(true);
    }
}
