package org.mpi4all;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * The rank side of a multi-rank test: each check prints {@code name=ok}, or {@code name=FAIL: ...}
 * with what was expected and seen, as a line the test reads back from every rank ({@link Runs}).
 * Expected values are computed from the rank and the size, so a program passes at any rank count.
 */
final class Checks {
    /**
     * The world of the rank program {@link #run} runs, this rank's place in it and its neighbours on the ring of
     * ranks, which expectations use.
     */
    static Communicator world;
    static int rank;
    static int size;
    static int left;
    static int right;

    private int failures;

    /**
     * Runs a rank program: initialises MPI asking for {@code level}, sets {@link #world}, {@link #rank},
     * {@link #size}, {@link #left} and {@link #right}, gives {@code sections} the checks and the environment, finalizes, then {@link #exit}s.
     */
    static void run(String[] args, ThreadLevel level, BiConsumer<Checks, Environment> sections) {
        Checks checks = new Checks();
        try (Environment env = Environment.init(args, level)) {
            world = env.world();
            rank = world.rank();
            size = world.size();
            left = (rank + size - 1) % size;
            right = (rank + 1) % size;
            sections.accept(checks, env);
        }
        checks.exit();
    }

    /** Checks that {@code actual} equals {@code expected} (arrays by content). */
    void equal(String name, Object expected, Object actual) {
        if (Objects.deepEquals(expected, actual)) {
            ok(name);
        } else {
            fail(name, "expected " + text(expected) + " but was " + text(actual));
        }
    }

    void that(String name, boolean condition, String otherwise) {
        if (condition) {
            ok(name);
        } else {
            fail(name, otherwise);
        }
    }

    /** Checks that {@code action} throws {@code type} with a message containing {@code fragment}. */
    void throwsWith(String name, Class<? extends Throwable> type, String fragment, Runnable action) {
        try {
            action.run();
            fail(name, "expected " + type.getSimpleName() + " but nothing was thrown");
        } catch (Throwable t) {
            if (type.isInstance(t) && t.getMessage() != null && t.getMessage().contains(fragment)) {
                ok(name);
                System.out.println(name + ".message=" + t.getMessage().replace('\n', ' '));
            } else {
                fail(name, "expected " + type.getSimpleName() + " containing \"" + fragment + "\" but got " + t);
            }
        }
    }

    /** {@return a native segment of {@code bytes} whose arena is closed}: freed memory, which no call may touch. */
    static MemorySegment freedSegment(long bytes) {
        try (Arena arena = Arena.ofConfined()) {
            return arena.allocate(bytes);
        }
    }

    /** Runs a group of checks, saying on standard error when it starts (to locate a hang). */
    void section(String name, Runnable checks) {
        System.err.println("section " + name);
        checks.run();
    }

    /** Prints the number of failures; exits with status 1 if there were any (after the environment was closed). */
    void exit() {
        System.out.println("failures=" + failures);
        System.out.flush();
        if (failures > 0) {
            System.exit(1);
        }
    }

    static void value(String name, Object value) {
        System.out.println(name + "=" + text(value));
    }

    private void ok(String name) {
        System.out.println(name + "=ok");
    }

    private void fail(String name, String why) {
        failures++;
        System.out.println(name + "=FAIL: " + why);
    }

    private static String text(Object value) {
        if (value instanceof Object[] a) {
            return Arrays.deepToString(a);
        }
        if (value != null && value.getClass().isArray()) {
            return Arrays.deepToString(new Object[] {value}).replaceAll("^\\[|]$", "");
        }
        return String.valueOf(value);
    }
}
