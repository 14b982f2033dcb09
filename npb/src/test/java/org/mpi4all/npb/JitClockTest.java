package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.condition.OS.LINUX;

import java.util.function.DoubleSupplier;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;

/** The clock the warm-up waits on: on Linux, the compiler threads' CPU time, which a method's compilation advances. */
class JitClockTest {

    @Test
    @EnabledOnOs(LINUX)
    void onLinuxItIsTheCompilerThreadsCpuTimeAndCompilingAdvancesIt() {
        DoubleSupplier clock = JitClock.create();
        assertThat(clock).isInstanceOf(JitClock.class);
        double before = clock.getAsDouble();
        // The JVM started by compiling: its compiler threads have run.
        assertThat(before).isPositive();

        // A new method called until the JIT compiles it (C1 after about 200 calls with loops, C2 after some 10,000).
        IntUnaryOperator work = n -> {
            int sum = 0;
            for (int i = 0; i < n; i++) {
                sum += i * i ^ (sum >>> 3);
            }
            return sum;
        };
        long deadline = System.nanoTime() + 2_000_000_000L;
        int sink = 0;
        double after = before;
        while (after == before && System.nanoTime() < deadline) {
            for (int call = 0; call < 20_000; call++) {
                sink += work.applyAsInt(100 + (call & 7));
            }
            after = clock.getAsDouble();
        }
        assertThat(after).as("compiler threads' milliseconds after compiling (sink %d)", sink).isGreaterThan(before);
    }
}
