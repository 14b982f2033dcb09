package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * npb.jar's command line end to end: each error is one line on standard error (from rank 0 once the backend
 * runs), with the exit status {@link Main} documents, and nothing on standard output.
 */
class LauncherIT {

    private static void assertRefused(MpjRun.Result run, int status, String line) {
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(status);
        assertThat(run.stderr()).as(run.describe()).isEqualTo(line + "\n");
        assertThat(run.stdout()).as(run.describe()).isEmpty();
    }

    @Test
    void unknownClass() {
        assertRefused(MpjRun.create().npb(2, "EP", "X"), Main.USAGE,
                "npb: unknown class 'X' (choose one of S, W, A, B, C, D, E)");
    }

    @Test
    void unknownBenchmark() {
        assertRefused(MpjRun.create().npb(2, "IS", "A"), Main.USAGE,
                "npb: unknown benchmark 'IS' (choose one of CG, EP, FT, MG, SP)");
    }

    @Test
    void missingClass() {
        assertRefused(MpjRun.create().npb(2, "EP"), Main.USAGE, "npb: missing CLASS (" + Options.USAGE + ")");
    }

    @Test
    void unknownBackendBeforeAnyBackendRuns() {
        assertRefused(MpjRun.create().npb(1, "EP", "S", "--backend", "nosuch"), Main.USAGE,
                "npb: unknown backend 'nosuch' (choose one of mpj)");
    }

    @Test
    void helpPrintsUsage() {
        MpjRun.Result run = MpjRun.create().npb(1, "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).isEqualTo(Options.USAGE + "\n");
    }

    @Test
    void withoutALauncherNoBackendCanRun() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(List.of(java.toString(), "-jar", System.getProperty("npb.jar"), "EP", "S"))
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).isEqualTo(Main.USAGE);
        assertThat(output).isEqualTo("npb: no backend can run here: MPJ Express is not on the class path"
                + " (launch with scripts/mpj-express run -np N -jar npb.jar ...)\n");
    }
}
