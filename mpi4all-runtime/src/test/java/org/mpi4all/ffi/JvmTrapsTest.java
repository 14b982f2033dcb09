package org.mpi4all.ffi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;
import org.mpi4all.testkit.TestMpi;

/**
 * The JVM keeps the signals it raises itself. {@link JvmTrapsProgram}: NullPointerExceptions from compiled code
 * survive {@code MPI_Init} with the launcher's environment, and when the environment does not set
 * {@code UCX_ERROR_SIGNALS} (the runtime empties it). {@link SignalHandlersProgram}: the hazard is real (a JVM that
 * loads UCX with its defaults dies at its first null check); when UCX took the signals before mpi4all loads, or as
 * the MPI library loads, the runtime refuses with the remedy; and both remedies it names keep the JVM alive.
 */
class JvmTrapsTest {
    private static final String UCX_ERROR_SIGNALS = "UCX_ERROR_SIGNALS";
    /**
     * The ranks compile synchronously, so that the program's null checks are compiled code's implicit ones (a
     * SIGSEGV the JVM turns into the exception) by the time the exceptions come, however loaded the machine: with
     * background compilation a short loop can end in the interpreter, and no SIGSEGV is raised at all.
     */
    private static final String COMPILE_FIRST = "JAVA_TOOL_OPTIONS=-Xbatch";

    /** The JVM's own handler still takes SIGSEGV after MPI_Init. */
    private static DynamicTest jvmHandlesSigsegv(MpiRunResult result) {
        return dynamicTest("the JVM still handles SIGSEGV after MPI_Init", () -> result.assertEachRank(
                r -> assertThat(r.value("sigsegv_handler")).hasValueSatisfying(h -> assertThat(h).contains("libjvm"))));
    }

    @TestFactory
    Stream<DynamicTest> withTheLaunchersEnvironment() {
        MpiRunResult result = Conformance.launch(List.of("env", COMPILE_FIRST), JvmTrapsProgram.class, 2);
        return Stream.concat(Stream.of(jvmHandlesSigsegv(result)), Conformance.tests(result, JvmTrapsProgram.class));
    }

    @TestFactory
    Stream<DynamicTest> withoutUcxErrorSignalsInTheEnvironment() {
        MpiRunResult result = Conformance.launch(List.of("env", "-u", UCX_ERROR_SIGNALS, COMPILE_FIRST),
                JvmTrapsProgram.class, 2);
        DynamicTest environment = dynamicTest("the ranks started without it and the runtime set it empty",
                () -> result.assertEachRank(r -> {
                    assertThat(r.value("ucx_error_signals_at_start")).contains("<unset>");
                    assertThat(r.value("ucx_error_signals_now")).contains("");
                }));
        return Stream.concat(Stream.of(environment, jvmHandlesSigsegv(result)), Conformance.tests(result, JvmTrapsProgram.class));
    }

    private static final String UCS = "libucs.so.0";

    /**
     * The UCX library a program on this implementation would share its process with: the one the MPI library links
     * (the wheels bundle a UCX of their own, which cannot share a process with another), else the system's.
     */
    private static String ucs() throws IOException, InterruptedException {
        MpiImplementation mpi = TestMpi.implementation();
        ProcessBuilder builder = new ProcessBuilder("ldd", mpi.library().toString()).redirectErrorStream(true);
        builder.environment().putAll(mpi.environment());
        Process ldd = builder.start();
        String dependencies = new String(ldd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(ldd.waitFor(1, TimeUnit.MINUTES)).isTrue();
        return dependencies.lines().map(String::strip).filter(line -> line.startsWith(UCS + " => "))
                .map(line -> line.split(" ")[2]).findFirst().orElse(UCS);
    }

    /**
     * {@link SignalHandlersProgram} on two ranks, each rank's command line starting with {@code prefix}, loading
     * UCX first with {@code loadUcsFirst}.
     */
    private static MpiRunResult launchSignalHandlersProgram(List<String> prefix, boolean loadUcsFirst)
            throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(prefix);
        line.addAll(MpiRun.javaCommand());
        line.add(SignalHandlersProgram.class.getName());
        if (loadUcsFirst) {
            line.add(SignalHandlersProgram.LOAD + ucs());
        }
        line.add(SignalHandlersProgram.MPI4ALL);
        MpiRunResult result = MpiRun.command(line).ranks(2).timeout(Conformance.TIMEOUT).run();
        assertThat(result.leftoverProcesses()).isEmpty();
        Assumptions.assumeTrue(result.ranks().stream().allMatch(r -> r.value("skipped").isEmpty()),
                () -> "cannot load UCX here: " + result.rank(0).value("skipped").orElse(""));
        return result;
    }

    /** Skips the test unless UCX took SIGSEGV on every rank as it loaded. */
    private static void assumeUcxTookSigsegv(MpiRunResult result) throws IOException, InterruptedException {
        Assumptions.assumeTrue(result.ranks().stream()
                        .allMatch(r -> r.value("sigsegv_handler").orElse("").contains("libucs")),
                TestMpi.selectedName() + "'s UCX (" + ucs() + ") installs no signal handler as it loads");
    }

    /** Every rank kept the JVM's SIGSEGV handler, survived 1,000 NullPointerExceptions from compiled code, finalized. */
    private static void assertTheJvmKeptItsSignals(MpiRunResult result) {
        result.assertSucceeded().assertEachRank(r -> {
            assertThat(r.value("sigsegv_handler")).hasValueSatisfying(h -> assertThat(h).contains("libjvm"));
            assertThat(r.value("null_pointer_exceptions")).contains("1000");
            assertThat(r.value("finalized")).contains("true");
        });
    }

    /**
     * The hazard, without MPI, so that the checks of this class can fail: in a JVM that loads UCX's libucs with
     * {@code UCX_ERROR_SIGNALS} unset, libucs handles SIGSEGV, and UCX's handler, not the JVM's, takes the JVM's
     * first implicit null check (UCX reports "Caught signal 11"). What follows is a race: UCX puts the old handlers
     * back and re-raises the signal with {@code kill}; the JVM dies of it when the faulting thread receives it (12 runs
     * of 12 on a quiet machine), and lives on when another thread does (one run in three at load average 30). So the
     * JVM's death is not asserted, only UCX's taking of the trap, which happens every time.
     */
    @Test
    void aJvmThatLoadsUcxWithItsDefaultsLosesItsFirstNullCheckToUcx(@TempDir Path crashReports) throws Exception {
        List<String> command = new ArrayList<>(List.of("env", "-u", UCX_ERROR_SIGNALS));
        command.addAll(MpiRun.javaCommand());
        command.addAll(List.of("-Xbatch", "-XX:ErrorFile=" + crashReports.resolve("hs_err_%p.log"),
                SignalHandlersProgram.class.getName(), SignalHandlersProgram.LOAD + ucs()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(TestMpi.implementation().environment());
        Process jvm = builder.start();
        String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(jvm.waitFor(2, TimeUnit.MINUTES)).isTrue();
        Assumptions.assumeTrue(output.matches("(?s).*sigsegv_handler=\\S*libucs.*"),
                TestMpi.selectedName() + "'s UCX (" + ucs() + ") cannot be loaded or installs no signal handler as it loads");
        assertThat(output).as("UCX's report of the JVM's null check").contains("Caught signal 11").contains("ucs_handle_error");
    }

    /** The runtime finds UCX's handler in place before it loads MPI, and says what to do instead of crashing later. */
    @Test
    void withUcxLoadedFirstTheRuntimeRefusesToLoadAndNamesTheRemedy() throws Exception {
        MpiRunResult result = launchSignalHandlersProgram(List.of("env", "-u", UCX_ERROR_SIGNALS), true);
        assumeUcxTookSigsegv(result);
        result.assertSucceeded().assertEachRank(r -> {
            assertThat(r.value("load_error")).hasValueSatisfying(error -> assertThat(error)
                    .contains("SIGSEGV, SIGBUS, SIGFPE, SIGILL by ").contains("libucs")
                    .contains("before mpi4all loaded the MPI library: ")
                    .contains("UCX_ERROR_SIGNALS is empty (here it is unset")
                    .contains("UCX_ERROR_SIGNALS= (empty)")
                    .contains("LD_PRELOAD=" + Path.of(System.getProperty("java.home"), "lib", "libjsig.so") + ","));
            assertThat(r.value("null_pointer_exceptions")).isEmpty();
        });
    }

    /** The fix the error names first: UCX_ERROR_SIGNALS= before the JVM starts (the launcher's environment has it). */
    @Test
    void withUcxLoadedFirstAndUcxErrorSignalsEmptyTheJvmKeepsItsSignals() throws Exception {
        assertTheJvmKeptItsSignals(launchSignalHandlersProgram(List.of("env", UCX_ERROR_SIGNALS + "=", COMPILE_FIRST), true));
    }

    /**
     * The other fix: the JVM's signal-chaining library keeps the JVM's handlers in place when UCX installs its own
     * (it sets UCX's aside for the signals that are not the JVM's), and the runtime sees that the JVM still has them.
     */
    @Test
    void withUcxLoadedFirstAndLibjsigPreloadedTheJvmKeepsItsSignals() throws Exception {
        Path libjsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
        Assumptions.assumeTrue(Files.exists(libjsig), "this JDK has no " + libjsig);
        assertTheJvmKeptItsSignals(launchSignalHandlersProgram(
                List.of("env", "-u", UCX_ERROR_SIGNALS, "LD_PRELOAD=" + libjsig, COMPILE_FIRST), true));
    }

    /**
     * With UCX told to take SIGSEGV (the runtime leaves an explicit setting alone), the runtime finds UCX's handler
     * in place once the MPI library has loaded, where UCX loads with it (Debian's MPICH 4); skipped where UCX takes
     * no signal as the library loads.
     */
    @Test
    void withUcxToldToTakeSigsegvTheRuntimeRefusesOnceTheLibraryHasLoaded() throws Exception {
        MpiRunResult result = launchSignalHandlersProgram(List.of("env", UCX_ERROR_SIGNALS + "=SIGSEGV", COMPILE_FIRST), false);
        if (result.ranks().stream().noneMatch(r -> r.value("load_error").isPresent())) {
            assertTheJvmKeptItsSignals(result);
            Assumptions.abort(TestMpi.selectedName() + " loads no UCX that takes a signal as its library loads");
        }
        result.assertSucceeded().assertEachRank(r -> assertThat(r.value("load_error")).hasValueSatisfying(error ->
                assertThat(error).contains("SIGSEGV by ").contains("libucs")
                        .contains("after mpi4all loaded /").contains(TestMpi.implementation().library().getFileName() + ": ")
                        .contains("(here it is \"SIGSEGV\")")));
    }
}
