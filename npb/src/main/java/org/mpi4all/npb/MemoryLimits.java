package org.mpi4all.npb;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Optional;

/**
 * How much memory the processes of a run may use here: the machine's physical memory (as the JVM sees it,
 * container limits included) and this JVM's heap limit ({@code -Xmx}).
 *
 * @param machineBytes the machine's memory
 * @param heapBytes    the largest heap this JVM may grow to
 */
public record MemoryLimits(long machineBytes, long heapBytes) {
    /** The share of a limit arrays may fill: the JVM and the library need the rest. */
    private static final double USABLE = 0.9;

    public static MemoryLimits ofThisJvm() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return new MemoryLimits(os.getTotalMemorySize(), Runtime.getRuntime().maxMemory());
    }

    /**
     * Why {@code what} (e.g. "MG class D") cannot run here, if it cannot.
     *
     * @param ranksInJvm  the ranks sharing this JVM's heap
     * @param ranksOnNode the ranks sharing this machine
     */
    public Optional<String> refusal(String what, MemoryNeed need, int processes, int ranksInJvm, int ranksOnNode) {
        if (need.largestArrayLength() > MemoryNeed.MAX_ARRAY_LENGTH) {
            return Optional.of(String.format(Locale.ROOT,
                    "%s on %d process%s needs an array of %,d elements, more than a Java array holds (%,d): use more processes",
                    what, processes, processes == 1 ? "" : "es", need.largestArrayLength(), MemoryNeed.MAX_ARRAY_LENGTH));
        }
        long perProcess = need.bytesPerProcess();
        double onNode = (double) perProcess * ranksOnNode;
        double inJvm = (double) perProcess * ranksInJvm;
        String needs = what + " needs " + bytes(perProcess) + " of memory per process";
        if (onNode > USABLE * machineBytes) {
            return Optional.of(needs + (ranksOnNode == 1 ? "" : ", " + bytes(onNode) + " for the " + ranksOnNode
                    + " processes on this machine") + ", more than this machine's " + bytes(machineBytes)
                    + " allow (at most " + Math.round(USABLE * 100) + "% for arrays)");
        }
        if (inJvm > USABLE * heapBytes) {
            return Optional.of(needs + (ranksInJvm == 1 ? "" : ", " + bytes(inJvm) + " for the " + ranksInJvm
                    + " processes in this JVM") + ", more than its Java heap of " + bytes(heapBytes)
                    + " allows (at most " + Math.round(USABLE * 100) + "% for arrays): raise it with -Xmx (this machine has "
                    + bytes(machineBytes) + ")");
        }
        return Optional.empty();
    }

    /** A byte count for people: {@code 1.5 GiB}, {@code 300.0 MiB}. */
    static String bytes(double count) {
        double mib = count / (1 << 20);
        return mib >= 1024
                ? String.format(Locale.ROOT, "%.1f GiB", mib / 1024)
                : String.format(Locale.ROOT, "%.1f MiB", mib);
    }
}
