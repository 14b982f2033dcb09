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
 * One jar for every library: the implementation-neutral bindings bind to whichever MPI library they are told to
 * load, and say so when that library does not exist.
 */
class LibraryChecksIT {

    @Test
    void theSameJarBindsToAnotherImplementationsLibrary() throws Exception {
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

        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("pi is approximately 3.14159", "on 1 ranks");
    }

    @Test
    void aMissingLibraryOverrideIsNamed() throws Exception {
        Result result = runPi("-Dmpi4all.lib=/nonexistent/libmpi.so.40");

        assertThat(result.exitCode()).isNotZero();
        assertThat(result.output()).contains("the MPI library /nonexistent/libmpi.so.40 given by -Dmpi4all.lib does not exist");
    }

    private record Result(int exitCode, String output) {}

    /** Runs the pi example in this JVM's image as a singleton, without a launcher. */
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
