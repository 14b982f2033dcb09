package org.mpi4all;

/**
 * Counts of more than 2^31-1 elements (MPI-4.1 §2.5.8): MPI's large-count functions ({@code MPI_Send_c},
 * {@code MPI_Allreduce_c} ...), whose counts are {@code MPI_Count}s. {@link Downcall} calls them, through
 * {@link #run}, when a count it passes does not fit an int; only a native segment holds that many elements
 * ({@link Message#isLarge()}). The v-collectives ({@code MPI_Gatherv_c} ..., through {@link #runV}) take them also
 * for displacements beyond an int, as {@code MPI_Aint}s. A library without them (Open MPI 4.1 and 5) makes the call
 * an {@link UnsupportedOperationException} that says why the function was needed.
 */
final class LargeCounts {
    private LargeCounts() {}

    /** Whether {@code count} needs the large-count function. */
    static boolean exceedsInt(long count) {
        return count > Integer.MAX_VALUE;
    }

    /** Runs the large-count function {@code call} for {@code count} elements; says why it was needed if the library lacks it. */
    static void run(long count, Runnable call) {
        run(count + " elements exceed an int count", call);
    }

    /** Runs the large-count function of a v-collective, {@code call}, whose counts, displacements or own buffer need it. */
    static void runV(Runnable call) {
        run("a count, displacement or buffer exceeds an int", call);
    }

    private static void run(String why, Runnable call) {
        try {
            call.run();
        } catch (UnsupportedOperationException e) {
            throw new UnsupportedOperationException(Call.operationInProgress() + ": " + why + ", and " + e.getMessage()
                    + " (MPI-4's large counts)", e);
        }
    }
}
