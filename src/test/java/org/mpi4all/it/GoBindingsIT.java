package org.mpi4all.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.testkit.TestMpi;

/**
 * The Go bindings on the implementation the build targets: {@code scripts/go-test NAME} generates the Go
 * package for it, requires gofmt and {@code go vet} to find nothing, and runs the Go tests, which launch 2 and 4
 * ranks and check every rank (docs/go.md). Here so that the Maven build, and so CI, runs them on each
 * implementation it tests.
 */
class GoBindingsIT {
    /** Above the Go tests' own limits (300 s a launch), so that they, not this, report a hung run. */
    private static final Duration TIMEOUT = Duration.ofMinutes(40);

    @Test
    void goTestsPass() throws IOException, InterruptedException {
        String name = TestMpi.selectedName();
        assumeTrue(MpiImplementation.NAMES.contains(name),
                "scripts/go-test takes an implementation of scripts/mpi " + MpiImplementation.NAMES + ", not " + name);
        Path root = MpiImplementation.projectRoot();
        Path log = root.resolve("target/go-test-" + name + ".log");
        Files.createDirectories(log.getParent());

        Process process = new ProcessBuilder(List.of(root.resolve("scripts/go-test").toString(), name))
                .directory(root.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .start();
        boolean finished = process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        if (!finished) {
            List<ProcessHandle> tree = process.descendants().toList();
            process.destroyForcibly();
            tree.forEach(ProcessHandle::destroyForcibly);
            process.waitFor();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        System.out.println(output);

        assertThat(finished).as("scripts/go-test %s ended within %s; its output (%s):%n%s", name, TIMEOUT, log, output)
                .isTrue();
        assertThat(process.exitValue()).as("scripts/go-test %s's exit status; its output (%s):%n%s", name, log, output)
                .isZero();
        assertThat(output).as("go vet ran").contains("== go vet (" + name + ")");
        assertThat(output).as("the Go packages passed").contains("ok  \tmpi4all.org/go/bindingtest")
                .contains("ok  \tmpi4all.org/go/examples").doesNotContain("FAIL");
    }
}
