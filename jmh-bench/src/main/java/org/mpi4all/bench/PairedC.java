package org.mpi4all.bench;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * The C reference measured inside a Java contender's launch: {@code native/bench/mpibench.c} built as a shared
 * library ({@code scripts/bench --paired} builds it with the MPI's own {@code mpicc}) whose {@code mpibench_step}
 * runs one step of the plan with C's own loop and clock, in this process, right after the contender's JMH run of
 * the same step. Where the scheduler puts two ranks, and which of the machine's two speeds a launch draws, changes
 * a small message's time by up to two times from one launch to the next, for C and Java alike; measured in the
 * same launch, C and the contender share that draw, and their ratio per launch is the binding's cost.
 *
 * <p>C's warm-up runs as many operations as the contender's ({@link BenchPlan#warmupBatch}), so both sides have
 * been as busy for as long when they are timed; its lines in the results file name the contender
 * {@code c-in-CONTENDER}.
 */
public final class PairedC {
    /** The prefix of C's contender name in a Java contender's launch: {@code c-in-mpi4all-segment}. */
    public static final String NAME_PREFIX = "c-in-";

    private static final Set<BenchPlan.Family> FAMILIES_OF_C = Set.of(BenchPlan.Family.PING_PONG,
            BenchPlan.Family.BANDWIDTH, BenchPlan.Family.ALLREDUCE, BenchPlan.Family.CALL_OVERHEAD);

    private final MethodHandle step;
    private final String name;

    private PairedC(MethodHandle step, String name) {
        this.step = step;
        this.name = name;
    }

    /** Loads {@code library} (after MPI was initialised: it uses the library already in the process). */
    static PairedC load(Path library, String javaContender) {
        if (!Files.isRegularFile(library)) {
            throw new IllegalArgumentException("--paired-c: no library at " + library + " (scripts/bench --paired builds it)");
        }
        SymbolLookup symbols = SymbolLookup.libraryLookup(library, Arena.global());
        MethodHandle step = Linker.nativeLinker().downcallHandle(
                symbols.find("mpibench_step").orElseThrow(
                        () -> new IllegalArgumentException(library + " has no mpibench_step")),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS));
        return new PairedC(step, NAME_PREFIX + javaContender);
    }

    /** Whether C has a loop for the family (mpi4all's {@code BindingOverhead} has no C twin). */
    static boolean measures(BenchPlan.Family family) {
        return FAMILIES_OF_C.contains(family);
    }

    /** Measures {@code step} with C's loop, appending rank's lines to {@code results}. */
    void measure(BenchPlan plan, BenchPlan.Step step, Path results) {
        int warmupIterations = Math.multiplyExact(plan.warmupIterations(), plan.warmupBatch(step) / step.batch());
        try (Arena arena = Arena.ofConfined()) {
            int status = (int) this.step.invokeExact(arena.allocateFrom(name), arena.allocateFrom(step.family().label()),
                    warmupIterations, plan.measurementIterations(), step.bytes(), step.batch(), step.window(),
                    arena.allocateFrom(results.toString()));
            if (status != 0) {
                throw new IllegalStateException("mpibench_step failed (" + status + ") on " + step);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("mpibench_step could not be called: " + e.getMessage(), e);
        }
    }
}
