package org.mpi4all.ompijava;

import java.util.Arrays;
import java.util.Objects;
import mpi.MPI;
import mpi.MPIException;

/**
 * The rank side of this module's multi-rank tests, written against Open MPI's API as a user would: each check
 * prints {@code name=ok} or {@code name=FAIL: ...}, and {@link #finish} prints the number of failures and
 * exits non-zero if there were any. Expected values follow from the rank and the size.
 */
final class RankChecks {
    /** A group of checks, which may call MPI. */
    interface Section {
        void run(RankChecks checks) throws MPIException;
    }

    final int rank;
    final int size;
    private int failures;

    private RankChecks(int rank, int size) {
        this.rank = rank;
        this.size = size;
    }

    /** Initialises MPI, runs the sections (an exception fails the section, not the run), finalizes, exits. */
    static void run(String[] args, Section... sections) throws MPIException {
        MPI.Init(args);
        RankChecks checks = new RankChecks(MPI.COMM_WORLD.getRank(), MPI.COMM_WORLD.getSize());
        System.out.println("rank=" + checks.rank);
        System.out.println("size=" + checks.size);
        for (Section section : sections) {
            try {
                section.run(checks);
            } catch (Exception | AssertionError e) {
                checks.fail("section", "threw " + e);
                e.printStackTrace();
            }
        }
        MPI.Finalize();
        System.out.println("failures=" + checks.failures);
        System.out.flush();
        if (checks.failures > 0) {
            System.exit(1);
        }
    }

    void equal(String name, Object expected, Object actual) {
        if (Objects.deepEquals(expected, actual)) {
            System.out.println(name + "=ok");
        } else {
            fail(name, "expected " + text(expected) + " but was " + text(actual));
        }
    }

    /** An action that must throw. */
    interface Misuse {
        void run() throws Exception;
    }

    /** Checks that {@code action} throws {@code type}; returns what it threw, or null. */
    <T extends Throwable> T throwsA(String name, Class<T> type, Misuse action) {
        try {
            action.run();
            fail(name, "expected " + type.getSimpleName() + " but nothing was thrown");
        } catch (Throwable t) {
            if (type.isInstance(t)) {
                System.out.println(name + "=ok");
                System.out.println(name + ".message=" + String.valueOf(t.getMessage()).replace('\n', ' '));
                return type.cast(t);
            }
            fail(name, "expected " + type.getSimpleName() + " but got " + t);
        }
        return null;
    }

    private void fail(String name, String why) {
        failures++;
        System.out.println(name + "=FAIL: " + why);
    }

    private static String text(Object value) {
        return value != null && value.getClass().isArray()
                ? Arrays.deepToString(new Object[] {value}).replaceAll("^\\[|]$", "")
                : String.valueOf(value);
    }
}
