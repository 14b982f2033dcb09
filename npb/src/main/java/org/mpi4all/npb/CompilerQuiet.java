package org.mpi4all.npb;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Waits before a timed section until the JIT has finished what the set-up gave it to compile, so that the section
 * does not share the machine with compilations of code it will not run.
 *
 * <p>The set-up (the call warm-up, building the matrix or grid, NPB's untimed iteration) leaves a queue of methods
 * for C1 and C2 that the compiler threads work through for a while after it ends. With as many ranks as cores or
 * more, every compilation inside the timed section takes a core from a rank while the others wait for it in MPI:
 * CG.A on 4 ranks of 2 cores spent 0.8 s of C2 CPU (the four ranks together) in the timed section on mpi4all against
 * 0.4 s on Open MPI's Java bindings (docs/benchmarks.md, issue 14). Compilations of the section's own code still
 * happen inside it.
 */
final class CompilerQuiet {
    /** How long the compile time must stay unchanged: longer than most single compilations. */
    private static final long QUIET_MILLIS = 100;
    /** The longest wait, so that a JVM that never goes quiet still runs the benchmark. */
    private static final long MAX_WAIT_MILLIS = 5_000;

    private CompilerQuiet() {}

    /**
     * Returns once the JIT's accumulated compile time has not grown for {@value #QUIET_MILLIS} ms, or after at most
     * {@value #MAX_WAIT_MILLIS} ms.
     */
    static void await() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return;
        }
        long deadline = System.nanoTime() + MAX_WAIT_MILLIS * 1_000_000;
        long compiled = jit.getTotalCompilationTime();
        while (System.nanoTime() < deadline) {
            try {
                Thread.sleep(QUIET_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = jit.getTotalCompilationTime();
            if (now == compiled) {
                return;
            }
            compiled = now;
        }
    }
}
