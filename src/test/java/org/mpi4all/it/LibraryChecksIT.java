package org.mpi4all.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.examples.Pi;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.TestMpi;

/**
 * The bindings refuse, with a message that says what to do, to run against a library other than the one
 * they were generated for, and say so when the library they are told to load does not exist.
 */
class LibraryChecksIT {

    @Test
    void bindingsRefuseAnotherImplementationsLibrary() throws Exception {
        String built = TestMpi.selectedName();
        String other = built.equals("mpich") ? "openmpi" : "mpich";
        MpiImplementation otherMpi;
        try {
            otherMpi = MpiImplementation.facts(other);
        } catch (RuntimeException notInstalled) {
            assumeTrue(false, other + " is not installed: " + notInstalled.getMessage());
            return;
        }

        Result result = runPi("-Dmpi4all.lib=" + otherMpi.library());

        assertThat(result.exitCode()).isNotZero();
        assertThat(result.output())
                .contains("these mpi4all bindings were generated for " + built)
                .contains("but " + otherMpi.library() + " is")
                .contains("-Pgenerate -Dmpi=NAME");
    }

    @Test
    void aMissingLibraryOverrideIsNamed() throws Exception {
        Result result = runPi("-Dmpi4all.lib=/nonexistent/libmpi.so.40");

        assertThat(result.exitCode()).isNotZero();
        assertThat(result.output()).contains("the MPI library /nonexistent/libmpi.so.40 given by -Dmpi4all.lib"
                + " or MPI4ALL_LIB does not exist");
    }

    private record Result(int exitCode, String output) {}

    /** Runs the pi example in this JVM's image, without a launcher: the library check comes before MPI_Init. */
    private static Result runPi(String property) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(MpiRun.javaCommand());
        command.add(2, property);
        command.add(Pi.class.getName());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the JVM ended").isTrue();
        return new Result(process.exitValue(), output);
    }
}
