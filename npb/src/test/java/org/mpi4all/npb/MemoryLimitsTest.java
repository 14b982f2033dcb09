package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Refusing a class before allocating it, with a message that says how much it needs. */
class MemoryLimitsTest {
    private static final long GIB = 1L << 30;
    private static final MemoryLimits MACHINE = new MemoryLimits(24 * GIB, 6 * GIB);

    @Test
    void fitsWhenBothTheMachineAndTheHeapHoldIt() {
        MemoryNeed need = MemoryNeed.NONE.plusDoubles(2, 100_000_000);   // 1.5 GiB
        assertThat(MACHINE.refusal("XX class A", need, 1, 1, 1)).isEmpty();
    }

    @Test
    void tooMuchForTheMachine() {
        MemoryNeed need = MemoryNeed.NONE.plusDoubles(1, 2_000_000_000).plusDoubles(1, 1_500_000_000); // 26.1 GiB
        assertThat(MACHINE.refusal("MG class D", need, 1, 1, 1)).contains(
                "MG class D needs 26.1 GiB of memory per process, more than this machine's 24.0 GiB allow"
                        + " (at most 90% for arrays)");
        MemoryNeed quarter = MemoryNeed.NONE.plusDoubles(1, 800_000_000);   // 6.0 GiB, 4 on this machine
        assertThat(new MemoryLimits(24 * GIB, 64 * GIB).refusal("MG class D", quarter, 4, 1, 4)).contains(
                "MG class D needs 6.0 GiB of memory per process, 23.8 GiB for the 4 processes on this machine,"
                        + " more than this machine's 24.0 GiB allow (at most 90% for arrays)");
    }

    @Test
    void tooMuchForTheHeapSaysHowToRaiseIt() {
        MemoryNeed need = MemoryNeed.NONE.plusDoubles(1, 300_000_000);   // 2.2 GiB, 4 ranks in one JVM
        assertThat(MACHINE.refusal("CG class C", need, 4, 4, 4)).contains(
                "CG class C needs 2.2 GiB of memory per process, 8.9 GiB for the 4 processes in this JVM,"
                        + " more than its Java heap of 6.0 GiB allows (at most 90% for arrays):"
                        + " raise it with -Xmx (this machine has 24.0 GiB)");
    }

    @Test
    void anArrayLongerThanJavaAllowsIsRefusedWhateverTheMemory() {
        MemoryNeed need = MemoryNeed.NONE.plusInts(1, 3_000_000_000L);
        assertThat(new MemoryLimits(1024 * GIB, 1024 * GIB).refusal("CG class E", need, 1, 1, 1)).contains(
                "CG class E on 1 process needs an array of 3,000,000,000 elements, more than a Java array holds"
                        + " (2,147,483,639): use more processes");
    }

    @Test
    void needsAddUp() {
        MemoryNeed need = MemoryNeed.NONE.plusDoubles(2, 10).plusInts(3, 100);
        assertThat(need.bytesPerProcess()).isEqualTo(2 * 10 * 8 + 3 * 100 * 4);
        assertThat(need.largestArrayLength()).isEqualTo(100);
        assertThat(MemoryLimits.bytes(1.5 * GIB)).isEqualTo("1.5 GiB");
        assertThat(MemoryLimits.bytes(300 << 20)).isEqualTo("300.0 MiB");
    }
}
