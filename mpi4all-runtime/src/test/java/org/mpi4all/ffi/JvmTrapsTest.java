package org.mpi4all.ffi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.testkit.MpiRunResult;
import org.mpi4all.testkit.TestMpi;

/**
 * {@link JvmTrapsProgram}: NullPointerExceptions from compiled code survive {@code MPI_Init} with the launcher's
 * environment, and when the environment does not set {@code UCX_ERROR_SIGNALS} (the runtime empties it); and the
 * hazard is real: with UCX told to handle {@code SIGSEGV}, the same program dies wherever UCX is loaded.
 */
class JvmTrapsTest {
    private static final String UCX_ERROR_SIGNALS = "UCX_ERROR_SIGNALS";

    @TestFactory
    Stream<DynamicTest> withTheLaunchersEnvironment() {
        return Conformance.run(JvmTrapsProgram.class, 2);
    }

    @TestFactory
    Stream<DynamicTest> withoutUcxErrorSignalsInTheEnvironment() {
        MpiRunResult result = Conformance.launch(List.of("env", "-u", UCX_ERROR_SIGNALS), JvmTrapsProgram.class, 2);
        DynamicTest environment = dynamicTest("the ranks started without it and the runtime set it empty",
                () -> result.assertEachRank(r -> {
                    assertThat(r.value("ucx_error_signals_at_start")).contains("<unset>");
                    assertThat(r.value("ucx_error_signals_now")).contains("");
                }));
        return Stream.concat(Stream.of(environment), Conformance.tests(result, JvmTrapsProgram.class));
    }

    @Test
    void theJvmDiesWhereUcxIsLoadedAndTakesSigsegvSoTheChecksAboveCanFail(@TempDir Path crashReports) {
        // The runtime leaves an explicit setting alone: this is what it protects the JVM from.
        MpiRunResult result = Conformance.launch(List.of("env", UCX_ERROR_SIGNALS + "=SIGSEGV",
                "JAVA_TOOL_OPTIONS=-XX:ErrorFile=" + crashReports.resolve("hs_err_%p.log")), JvmTrapsProgram.class, 2);
        boolean ucxLoaded = result.ranks().stream().anyMatch(r -> r.value("ucx_loaded").orElse("").equals("true"));
        Assumptions.assumeTrue(ucxLoaded, TestMpi.selectedName() + " does not load UCX, whose signal handler this is about");
        assertThat(result.succeeded()).as("the run with UCX handling SIGSEGV").isFalse();
        assertThat(result.ranks()).anySatisfy(r -> assertThat(r.stderr() + r.stdout()).contains("SIGSEGV"));
        assertThat(result.leftoverProcesses()).isEmpty();
    }
}
