package org.mpi4all.npb;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Optional;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.BackendUnavailableException;
import org.mpi4all.npb.comm.CallWarmUp;
import org.mpi4all.npb.comm.Backends;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.Op;

/**
 * {@code java -jar npb.jar BENCH CLASS [--backend NAME] [--warmup jit|npb] [--quiet]}, run on every rank by a launcher: runs one
 * NAS Parallel Benchmark and prints NPB's report on rank 0.
 *
 * <p>Exit status, the same on every rank: {@value #SUCCESSFUL} verified, {@value #UNSUCCESSFUL} verification
 * failed, {@value #USAGE} the command line cannot run (unknown benchmark, class or backend, a process count
 * the benchmark does not support), {@value #NO_MEMORY} the class does not
 * fit in memory, {@value #FAILED} a rank failed (the run is aborted).
 */
public final class Main {
    public static final int SUCCESSFUL = 0;
    public static final int UNSUCCESSFUL = 1;
    public static final int USAGE = 2;
    public static final int NO_MEMORY = 3;
    public static final int FAILED = 4;

    private Main() {}

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        // Only a failure ends the JVM: with MPJ's multicore device the other ranks are threads of this JVM.
        if (status != SUCCESSFUL) {
            System.exit(status);
        }
    }

    /** Runs the launcher on this rank and returns its exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (Options.helpRequested(args)) {
            out.println(Options.USAGE);
            return SUCCESSFUL;
        }
        Backend backend;
        String[] programArgs;
        try {
            backend = Options.backend(args).map(Backends::create).orElseGet(() -> defaultBackend(args));
            programArgs = backend.init(args);
        } catch (UsageException | BackendUnavailableException e) {
            err.println("npb: " + e.getMessage());
            return USAGE;
        } catch (RuntimeException | Error e) {
            err.println("npb: the message-passing backend failed to start: " + e);
            e.printStackTrace(err);
            return FAILED;
        }
        int status;
        try {
            status = runOnRank(backend, programArgs, out, err);
        } catch (RuntimeException | Error e) {
            err.println("npb: rank " + backend.world().rank() + " failed: " + e);
            e.printStackTrace(err);
            backend.abort(FAILED);
            return FAILED;
        }
        backend.close();
        return status;
    }

    /**
     * The first backend that can run here. When none can, no launcher has added arguments of its own, so a
     * mistyped command line is reported first: it is the user's first problem.
     */
    private static Backend defaultBackend(String[] args) {
        try {
            return Backends.createDefault();
        } catch (BackendUnavailableException e) {
            Options.parse(args);
            throw e;
        }
    }

    private static int runOnRank(Backend backend, String[] args, PrintStream out, PrintStream err) {
        Comm world = backend.world();
        boolean root = world.rank() == 0;
        Options options;
        try {
            options = Options.parse(args);
            Benchmark benchmark = options.benchmark();
            if (!benchmark.processRule().accepts(world.size())) {
                throw new UsageException(benchmark.name() + " needs " + benchmark.processRule().description()
                        + ", not " + world.size());
            }
            if (world.size() > benchmark.maxProcesses(options.npbClass())) {
                throw new UsageException(benchmark.name() + " class " + options.npbClass() + " runs on at most "
                        + benchmark.maxProcesses(options.npbClass()) + " processes, not " + world.size());
            }
        } catch (UsageException e) {
            if (root) {
                err.println("npb: " + e.getMessage());
            }
            return USAGE;
        }
        if (!fitsInMemory(backend, options, root ? err : null)) {
            return NO_MEMORY;
        }
        CallWarmUp.run(backend);
        PrintStream rootOut = root ? out : new PrintStream(OutputStream.nullOutputStream());
        Progress progress = root && !options.quiet() ? Progress.to(err) : Progress.silent();
        Optional<Report> report = options.benchmark().run(
                new RunContext(backend, world, options.npbClass(), rootOut, progress), options.warmUp());
        report.ifPresent(r -> {
            out.print(ReportWriter.format(r));
            out.flush();
        });
        // Only rank 0 knows the verdict; every rank exits with it.
        int[] verified = {report.map(Report::verified).orElse(false) ? 1 : 0};
        world.bcast(verified, 0, 1, 0);
        return verified[0] == 1 ? SUCCESSFUL : UNSUCCESSFUL;
    }

    /**
     * Whether the class fits on every rank, decided together so that no rank starts while another refuses;
     * {@code err} (rank 0's) gets the reason.
     */
    private static boolean fitsInMemory(Backend backend, Options options, PrintStream err) {
        Comm world = backend.world();
        Benchmark benchmark = options.benchmark();
        String what = benchmark.name() + " class " + options.npbClass();
        Optional<String> refusal = MemoryLimits.ofThisJvm().refusal(what,
                benchmark.memoryNeed(options.npbClass(), world.size()), world.size(),
                backend.ranksInThisJvm(), backend.ranksOnThisNode());
        int[] refused = {refusal.isPresent() ? 1 : 0};
        int[] anyRefused = new int[1];
        world.allreduce(refused, 0, anyRefused, 0, 1, Op.MAX);
        if (anyRefused[0] == 0) {
            return true;
        }
        if (err != null) {
            err.println("npb: " + refusal.orElse(what + " does not fit in the memory of another process's machine"));
        }
        return false;
    }
}
