package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;
import org.mpi4all.testkit.TestMpi;

/**
 * Class S verifies through the backend written for Open MPI's Java API ({@code --backend ompi-java}), on the two
 * implementations of that API: Open MPI's own JNI bindings (the baseline of the benchmark report, with the classes
 * scripts/ompi-java builds; Open MPI only) and mpi4all-ompi-java (on whatever MPI the build is for). Each printed
 * value is checked against the official NPB 3.4 value ({@link OfficialClassS}).
 */
class OmpiJavaClassSIT {
    private static final Path OMPI_JAVA_JAR = Path.of(System.getProperty("user.home"), ".cache", "mpi4all", "ompi-java", "mpi.jar");
    private static final String LIBRARY_PATH = "/usr/lib/x86_64-linux-gnu";

    @ParameterizedTest(name = "{0} S on {1} ranks")
    @CsvSource({"EP, 2", "CG, 2", "MG, 4", "FT, 2", "SP, 4"})
    void classSVerifiesOnOpenMpisBindings(String benchmark, int ranks) {
        assumeTrue(TestMpi.selectedName().equals("openmpi"), "Open MPI's Java bindings run on Open MPI only");
        assertThat(OMPI_JAVA_JAR).as("Open MPI's Java classes: run scripts/ompi-java setup").exists();
        assertVerifies(benchmark, ranks, OMPI_JAVA_JAR, "-Djava.library.path=" + LIBRARY_PATH);
    }

    @ParameterizedTest(name = "{0} S on {1} ranks")
    @CsvSource({"EP, 2", "CG, 2", "MG, 4", "FT, 2", "SP, 4"})
    void classSVerifiesOnMpi4allOmpiJava(String benchmark, int ranks) {
        Path jar = Path.of(System.getProperty("mpi4all-ompi-java.jar"));
        assertThat(jar).as("mpi4all-ompi-java's jar: build the module first").exists();
        assertVerifies(benchmark, ranks, jar);
    }

    private static void assertVerifies(String benchmark, int ranks, Path apiJar, String... jvmOptions) {
        List<String> command = new ArrayList<>(MpiRun.javaCommand().subList(0, 2));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("npb.jar") + ":" + apiJar, Main.class.getName(),
                benchmark, "S", "--backend", "ompi-java", "--quiet"));
        MpiRunResult run = MpiRun.command(command).ranks(ranks).timeout(Duration.ofMinutes(3)).run();

        run.assertSucceeded();
        NpbOutput output = new NpbOutput(run.rank(0).stdout());
        OfficialClassS.of(benchmark).assertVerifiedIn(output);
        assertThat(output.field("Total processes")).contains(Integer.toString(ranks));
        assertThat(output.field("Backend").orElseThrow()).startsWith("Open MPI Java");
    }
}
