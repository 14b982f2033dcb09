package org.mpi4all.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.ImplementationInfo;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.c.CDeclaration;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CParseException;
import org.mpi4all.core.c.CTranslationUnit;
import org.mpi4all.core.standard.StandardApi;

/**
 * Probes an installed MPI implementation through its compiler wrapper and describes it as a {@link Blueprint}.
 * The pipeline: ask the wrapper for its flags, preprocess {@code mpi.h}, parse it, take stock of what MPI's
 * own headers declare (expanding macros with the real preprocessor), measure values, sizes and symbols with
 * one compiled program, assemble the blueprint. {@code docs/blueprint.md} describes each stage.
 */
public final class Probe {
    private static final Pattern VERSION_NUMBER = Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)?)");

    private Probe() {}

    /**
     * The blueprint of the implementation behind {@code options.wrapper()}.
     *
     * @throws ProbeException naming the stage and cause when the wrapper, its header or its library fails
     */
    public static Blueprint run(ProbeOptions options) {
        return probe(options).blueprint();
    }

    /**
     * A blueprint and what it took to make it.
     *
     * @param derivedParameterNames the functions and callback types whose parameters no header and no standard
     *                              names, with the names derived for them
     */
    record Result(Blueprint blueprint, Map<String, List<String>> derivedParameterNames) {}

    static Result probe(ProbeOptions options) {
        Path workDirectory = options.workDirectory();
        boolean temporary = workDirectory == null;
        try {
            workDirectory = temporary ? Files.createTempDirectory("mpi4all-probe") : Files.createDirectories(workDirectory);
            return probeIn(options, workDirectory);
        } catch (IOException e) {
            throw new ProbeException("cannot create the probe's work directory: " + e.getMessage(), e);
        } finally {
            if (temporary && workDirectory != null) {
                deleteRecursively(workDirectory);
            }
        }
    }

    private static Result probeIn(ProbeOptions options, Path workDirectory) {
        Stopwatch clock = new Stopwatch(options.log());
        WrapperFlags.Inspection inspection = WrapperFlags.inspect(options.wrapper(), workDirectory);
        CompilerWrapper wrapper = inspection.wrapper();
        clock.lap("wrapper " + wrapper + " runs " + inspection.flags().compiler());

        HeaderPreprocessor.Result header = HeaderPreprocessor.preprocess(wrapper, workDirectory);
        clock.lap("preprocessed " + header.mpiHeader() + " (" + header.text().length() / 1024 + " KiB)");

        CTranslationUnit unit;
        try {
            unit = CDeclarationParser.parse(header.text());
        } catch (CParseException e) {
            throw new ProbeException("cannot parse the preprocessed mpi.h: " + e.getMessage(), e);
        }
        clock.lap("parsed " + unit.declarations().size() + " declarations and " + unit.macros().size() + " macros");

        HeaderScope scope = new HeaderScope(header.mpiHeader(), inspection.flags().includeDirectories(),
                header.searchedDirectories());
        HeaderInventory inventory = HeaderInventory.of(unit, scope, StandardApi.get(),
                names -> MacroExpander.expand(wrapper, workDirectory, names));
        if (inventory.functions().isEmpty()) {
            throw new ProbeException(header.mpiHeader() + " declares no MPI functions: it is not an MPI header");
        }
        clock.lap("found " + inventory.functions().size() + " functions, " + inventory.constants().size()
                + " constants, " + inventory.typeMacros().size() + " type macros in " + inventory.headers());

        BlueprintAssembler assembler = new BlueprintAssembler(inventory, StandardApi.get());
        Map<MeasurementProgram.Item, String> dropped = new LinkedHashMap<>();
        Measurements measurements = Measurer.measure(wrapper, workDirectory, assembler.plan(), dropped, options.log());
        dropped.forEach(assembler::drop);
        if (measurements.library() == null) {
            throw new ProbeException("the measuring program could not find the MPI library that defines MPI functions");
        }
        clock.lap("measured " + measurements.constants().size() + " constants and " + measurements.types().size()
                + " types in " + measurements.library());

        String library = libraryPath(measurements.library());
        List<FunctionInfo> functions = assembler.functions(measurements, library);
        List<ConstantInfo> constants = assembler.constants(measurements);
        List<TypeInfo> types = assembler.types(measurements);
        ImplementationInfo implementation = identity(options, wrapper, inspection.flags(), unit, inventory,
                constants, measurements, library);
        Blueprint blueprint = new Blueprint(Blueprint.SCHEMA_VERSION, implementation, types, functions, constants,
                inventory.skipped().stream().map(s -> new Blueprint.Skipped(s.name(), s.reason())).toList());
        clock.lap("assembled " + functions.size() + " functions, " + constants.size() + " constants, "
                + types.size() + " types");
        return new Result(blueprint, assembler.derivedParameterNames());
    }

    private static ImplementationInfo identity(ProbeOptions options, CompilerWrapper wrapper, WrapperFlags flags,
            CTranslationUnit unit, HeaderInventory inventory, List<ConstantInfo> constants, Measurements measurements,
            String library) {
        Map<String, CDeclaration.Macro> macros = unit.macros();
        String family = macros.containsKey("OPEN_MPI") ? "openmpi"
                : macros.containsKey("MPI_ABI_VERSION") ? "mpiabi"
                : "mpich";
        String version = switch (family) {
            case "openmpi" -> body(macros, "OMPI_MAJOR_VERSION") + "." + body(macros, "OMPI_MINOR_VERSION") + "."
                    + body(macros, "OMPI_RELEASE_VERSION");
            case "mpich" -> unquote(body(macros, macros.containsKey("I_MPI_VERSION") ? "I_MPI_VERSION" : "MPICH_VERSION"));
            default -> versionIn(measurements.libraryVersion()).orElse(
                    "ABI " + body(macros, "MPI_ABI_VERSION") + "." + body(macros, "MPI_ABI_SUBVERSION"));
        };
        return new ImplementationInfo(options.name() != null ? options.name() : family, family, version,
                measurements.libraryVersion(), intConstant(constants, "MPI_VERSION"), intConstant(constants, "MPI_SUBVERSION"),
                library, wrapper.path().toString(), inventory.headers(), flags.compileFlags(), flags.linkFlags());
    }

    /**
     * The library file as the loader found it, its directory's links resolved ({@code /lib} is
     * {@code /usr/lib} on merged-usr systems) but its own name kept: the numbered soname
     * ({@code libmpi.so.40}), which is what a loader should be given, never a linker script.
     */
    private static String libraryPath(String loaded) {
        Path path = Path.of(loaded).toAbsolutePath().normalize();
        try {
            return path.getParent().toRealPath().resolve(path.getFileName()).toString();
        } catch (IOException e) {
            return path.toString();
        }
    }

    private static String body(Map<String, CDeclaration.Macro> macros, String name) {
        CDeclaration.Macro macro = macros.get(name);
        return macro == null ? "" : macro.body();
    }

    private static String unquote(String text) {
        return text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"") ? text.substring(1, text.length() - 1) : text;
    }

    private static Optional<String> versionIn(String libraryVersion) {
        if (libraryVersion == null) {
            return Optional.empty();
        }
        Matcher matcher = VERSION_NUMBER.matcher(libraryVersion);
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    private static int intConstant(List<ConstantInfo> constants, String name) {
        return constants.stream().filter(c -> c.name().equals(name) && c.value() != null)
                .map(c -> c.value().intValue()).findFirst()
                .orElseThrow(() -> new ProbeException("mpi.h defines no integer " + name));
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the probe's work directory " + directory, e);
        }
    }

    /** Logs each stage with the time it took. */
    private static final class Stopwatch {
        private final Consumer<String> log;
        private long last = System.nanoTime();

        Stopwatch(Consumer<String> log) {
            this.log = log;
        }

        void lap(String message) {
            long now = System.nanoTime();
            log.accept(String.format("%-90s %5d ms", message, (now - last) / 1_000_000));
            last = now;
        }
    }
}
