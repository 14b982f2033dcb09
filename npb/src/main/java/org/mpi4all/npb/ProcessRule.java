package org.mpi4all.npb;

/** The numbers of processes a benchmark's decomposition works with (NPB 3.4, checked before anything runs). */
public enum ProcessRule {
    ANY("any number of processes"),
    POWER_OF_TWO("a power-of-two number of processes (1, 2, 4, 8, ...)"),
    SQUARE("a square number of processes (1, 4, 9, 16, ...)");

    private final String description;

    ProcessRule(String description) {
        this.description = description;
    }

    public boolean accepts(int processes) {
        return switch (this) {
            case ANY -> processes >= 1;
            case POWER_OF_TWO -> processes >= 1 && Integer.bitCount(processes) == 1;
            case SQUARE -> processes >= 1 && isSquare(processes);
        };
    }

    /** What the rule asks for, to complete "BENCH needs ...". */
    public String description() {
        return description;
    }

    private static boolean isSquare(int n) {
        int root = (int) Math.round(Math.sqrt(n));
        return root * root == n;
    }
}
