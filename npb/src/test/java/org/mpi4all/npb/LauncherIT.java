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
    void unsupportedProcessCounts() {
        assertRefused(MpjRun.create().npb(3, "CG", "S"), Main.USAGE,
                "npb: CG needs a power-of-two number of processes (1, 2, 4, 8, ...), not 3");
        assertRefused(MpjRun.create().npb(6, "MG", "S"), Main.USAGE,
                "npb: MG needs a power-of-two number of processes (1, 2, 4, 8, ...), not 6");
    }

    @Test
    void classTooLargeForTheHeapIsRefusedBeforeAllocating() {
        MpjRun.Result run = MpjRun.create().jvmOption("-Xmx128m").npb(2, "MG", "A");
        assertRefused(run, Main.NO_MEMORY, "npb: MG class A needs 221.8 MiB of memory per process,"
                + " 443.6 MiB for the 2 processes in this JVM, more than its Java heap of 128.0 MiB allows"
                + " (at most 90% for arrays): raise it with -Xmx (this machine has " + machineMemory(run) + ")");
    }

    @Test
    void classTooLargeForThisMachineIsRefused() {
        MpjRun.Result run = MpjRun.create().npb(1, "MG", "D");
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(Main.NO_MEMORY);
        assertThat(run.stderr()).startsWith("npb: MG class D needs 26.5 GiB of memory per process, more than ");
        assertThat(run.stderr().lines()).hasSize(1);
        MpjRun.Result tooLong = MpjRun.create().npb(1, "CG", "E");
        assertRefused(tooLong, Main.NO_MEMORY, "npb: CG class E on 1 process needs an array of 6,813,000,026 elements,"
                + " more than a Java array holds (2,147,483,639): use more processes");
    }

    /** The machine's memory as the refusal prints it, read back from the message itself. */
    private static String machineMemory(MpjRun.Result run) {
        String marker = "(this machine has ";
        String text = run.stderr();
        int at = text.indexOf(marker);
        return at < 0 ? "?" : text.substring(at + marker.length(), text.indexOf(')', at));
    }

    @Test
    void unknownBackendBeforeAnyBackendRuns() {
        assertRefused(MpjRun.create().npb(1, "EP", "S", "--backend", "nosuch"), Main.USAGE,
                "npb: unknown backend 'nosuch' (choose one of mpj, mpi4all, ompi-java, or give a backend's class name)");
    }

    @Test
    void helpPrintsUsage() {
        MpjRun.Result run = MpjRun.create().npb(1, "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).isEqualTo(Options.USAGE + "\n");
    }

    @Test
    void withoutALauncherMpi4allRunsAsASingleProcess() throws IOException, InterruptedException {
        String report = runWithoutLauncher(Main.SUCCESSFUL, "EP", "S");
        assertThat(report).contains("Backend         = mpi4all on ")
                .contains("Total processes =                        1")
                .contains("Verification    =               SUCCESSFUL");
    }

    @Test
    void withoutALauncherMpjExpressIsRefused() throws IOException, InterruptedException {
        assertThat(runWithoutLauncher(Main.USAGE, "EP", "S", "--backend", "mpj")).isEqualTo("npb: MPJ Express is not on"
                + " the class path (launch with scripts/mpj-express run -np N -jar npb.jar ...)\n");
    }

    @Test
    void withoutALauncherAMistypedCommandLineIsReportedFirst() throws IOException, InterruptedException {
        assertThat(runWithoutLauncher(Main.USAGE, "EP", "Q"))
                .isEqualTo("npb: unknown class 'Q' (choose one of S, W, A, B, C, D, E)\n");
    }

    /** Runs npb.jar in a plain JVM (an MPI singleton for mpi4all), expecting {@code status}; returns what it printed. */
    private static String runWithoutLauncher(int status, String... args) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new java.util.ArrayList<>(List.of(java.toString(), "-jar", System.getProperty("npb.jar")));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(output).isEqualTo(status);
        return output;
    }
}
