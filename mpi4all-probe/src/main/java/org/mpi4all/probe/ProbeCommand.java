package org.mpi4all.probe;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;
import org.mpi4all.core.mpi.MpiImplementation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The command line: {@code java -jar mpi4all-probe.jar [--mpicc WRAPPER | --mpi NAME|WRAPPER] [--out FILE] [--aux FILE.so]}. */
@Command(name = "mpi4all-probe", mixinStandardHelpOptions = true, version = "mpi4all-probe 0.1.0",
        sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Describes an installed MPI implementation as a JSON blueprint: every function,",
            "constant and type its mpi.h declares, with values, sizes and layouts measured",
            "by one program compiled with the implementation's own C compiler wrapper.",
            "Optionally builds the auxiliary library that gives macros linkable symbols.",
            "Without --mpicc or --mpi, the first of mpicc, mpiicc, mpiicx, mpigcc,",
            "mpicc.openmpi and mpicc.mpich on PATH is probed."
        },
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:the blueprint (and library) was written", "1:probing or writing failed",
            "2:the command line is wrong"})
public final class ProbeCommand implements Callable<Integer> {

    @Option(names = "--mpicc", paramLabel = "WRAPPER", description = "the MPI C compiler wrapper to probe")
    private Path mpicc;

    @Option(names = "--mpi", paramLabel = "NAME|WRAPPER",
            description = "an implementation installed by scripts/mpi (${COMPLETION-CANDIDATES}), a compiler wrapper's"
                    + " path (with a /), or empty for the first wrapper on PATH: what the build's -Dmpi names",
            completionCandidates = Names.class)
    private String mpi;

    @Option(names = "--out", paramLabel = "FILE",
            description = "where to write the blueprint (default: standard output); missing directories are created")
    private Path out;

    @Option(names = "--aux", paramLabel = "FILE.so", description = "also build the auxiliary library here (its C source goes beside it)")
    private Path aux;

    @Option(names = "--name", paramLabel = "NAME", description = "the implementation's name in the blueprint (default: --mpi, else the family)")
    private String name;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "keep the generated C sources and programs here")
    private Path workDirectory;

    @Option(names = {"-v", "--verbose"}, description = "report each pipeline stage and its time on standard error")
    private boolean verbose;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    static final class Names extends java.util.ArrayList<String> {
        Names() {
            super(MpiImplementation.NAMES);
        }
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command as {@link #main} does, writing to {@code out} and {@code err}; returns the exit code. */
    static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new ProbeCommand());
        commandLine.setOut(out).setErr(err);
        commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println("mpi4all-probe: " + e.getMessage());
            return 1;
        });
        return commandLine.execute(args);
    }

    @Override
    public Integer call() throws IOException {
        if (mpicc != null && mpi != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --mpicc or --mpi, not both");
        }
        checkWritable(out, "blueprint");
        checkWritable(aux, "auxiliary library");
        boolean named = mpi != null && !mpi.isBlank() && !mpi.contains("/");
        CompilerWrapper wrapper = mpicc != null ? CompilerWrapper.of(mpicc)
                : named ? CompilerWrapper.of(facts(mpi))
                : mpi != null && !mpi.isBlank() ? CompilerWrapper.of(Path.of(mpi))
                : CompilerWrapper.findOnPath(System.getenv("PATH"));
        PrintWriter err = spec.commandLine().getErr();
        ProbeOptions options = new ProbeOptions(wrapper, name != null ? name : named ? mpi : null, workDirectory,
                verbose ? err::println : null);
        Blueprint blueprint = Probe.run(options);
        if (out == null) {
            spec.commandLine().getOut().print(BlueprintJson.toJson(blueprint));
            spec.commandLine().getOut().flush();
        } else {
            BlueprintJson.write(blueprint, out);
        }
        if (aux != null) {
            Path library = AuxLibrary.buildFile(blueprint, wrapper, aux);
            if (verbose) {
                err.println("auxiliary library " + library);
            }
        }
        if (verbose) {
            err.println(blueprint.functions().size() + " functions, " + blueprint.constants().size() + " constants, "
                    + blueprint.types().size() + " types" + (out == null ? "" : " written to " + out));
        }
        return 0;
    }

    private static MpiImplementation facts(String name) {
        try {
            return MpiImplementation.facts(name);
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            throw new ProbeException(e.getMessage(), e);
        }
    }

    /**
     * Fails before any work when {@code file} could not be written, so that nothing is left half-done; creates its
     * directory if missing (the build writes into a {@code target} that may not exist yet).
     */
    private static void checkWritable(Path file, String what) {
        if (file == null) {
            return;
        }
        Path directory = file.toAbsolutePath().getParent();
        if (Files.isDirectory(file)) {
            throw new ProbeException("cannot write the " + what + " to " + file + ": it is a directory");
        }
        try {
            Files.createDirectories(directory);
        } catch (FileAlreadyExistsException e) {
            throw new ProbeException("cannot write the " + what + " to " + file + ": " + e.getFile() + " is not a directory", e);
        } catch (IOException e) {
            throw new ProbeException("cannot write the " + what + " to " + file + ": cannot create directory "
                    + directory + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
        }
        if (!Files.isWritable(directory) || Files.exists(file) && !Files.isWritable(file)) {
            throw new ProbeException("cannot write the " + what + " to " + file + ": permission denied");
        }
    }
}
