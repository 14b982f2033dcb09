package org.mpi4all.codegen;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.mpi4all.codegen.go.GoBindingsGenerator;
import org.mpi4all.codegen.java.JavaBindingsGenerator;
import java.util.stream.Collectors;
import org.mpi4all.core.blueprint.AbiProfile;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.probe.AuxLibrary;
import org.mpi4all.probe.CompilerWrapper;
import org.mpi4all.probe.Probe;
import org.mpi4all.probe.ProbeException;
import org.mpi4all.probe.ProbeOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The command line of the generator, also what the runtime module's build runs:
 * {@code generate [--mpi NAME|PATH | --blueprint FILE] --lang java --out SOURCES --resources DIR}, or
 * {@code --lang go --out PACKAGE-DIRECTORY}. From an implementation it probes it first; for Java it builds
 * the auxiliary library, which from a blueprint file needs the wrapper the blueprint names. The Go package
 * carries the library's source, which cgo compiles.
 */
@Command(name = "generate", mixinStandardHelpOptions = true, version = "mpi4all-generate 0.1.0",
        sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Generates MPI bindings from an implementation's blueprint: Java (FFM) sources plus, in the",
            "resources directory, the auxiliary library and the blueprint itself, which the runtime loads;",
            "or, with --lang go, the Go (cgo) package mpi in the --out directory."
        },
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:the bindings were generated (or were current)", "1:generation failed",
            "2:the command line is wrong"})
public final class GenerateCommand implements Callable<Integer> {
    /** Where the Java bindings keep the auxiliary library and the blueprint inside the resources directory. */
    static final String RESOURCE_DIRECTORY = "org/mpi4all/ffi";
    private static final String STAMP = ".mpi4all-generated";
    /** Where the neutral bindings' ABI profiles go inside the resources directory. */
    static final String PROFILE_DIRECTORY = "org/mpi4all/runtime/profiles";

    @Option(names = "--mpi", paramLabel = "NAME|WRAPPER",
            description = "an implementation installed by scripts/mpi (openmpi, mpich, intelmpi, mpich5, openmpi5, mpiabi),"
                    + " the path of a compiler wrapper, or empty for the first wrapper on PATH")
    private String mpi;

    @Option(names = "--blueprint", paramLabel = "FILE", description = "generate from this blueprint instead of probing")
    private Path blueprintFile;

    @Option(names = "--profiles", paramLabel = "DIR",
            description = "the blueprints (*.json) of the ABI profiles: alone, generate the implementation-neutral Java"
                    + " bindings from them (no MPI needed); with --mpi or --blueprint, add the standard functions"
                    + " that implementation lacks to its specialised bindings")
    private Path profilesDirectory;

    @Option(names = "--lang", paramLabel = "LANG", defaultValue = "java",
            description = "the target language: java, or go (a cgo package written to --out)")
    private String language;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "the source root to write to")
    private Path out;

    @Option(names = "--resources", paramLabel = "DIR", description = "the resource root for the auxiliary library and the blueprint")
    private Path resources;

    @Option(names = "--reuse", arity = "0..1", fallbackValue = "true",
            description = "do nothing if the output was generated from the same selection by the same generator")
    private boolean reuse;

    @Option(names = {"-v", "--verbose"}, description = "report what is done on standard error")
    private boolean verbose;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new GenerateCommand());
        commandLine.setOut(out).setErr(err);
        commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println("mpi4all-generate: " + e.getMessage());
            return 1;
        });
        return commandLine.execute(args);
    }

    @Override
    public Integer call() throws IOException {
        if (!language.equals("java") && !language.equals("go")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown language '" + language + "' (choose java or go)");
        }
        if (blueprintFile != null && mpi != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --mpi or --blueprint, not both");
        }
        if (profilesDirectory != null && language.equals("go")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--profiles is for --lang java");
        }
        if (language.equals("go") && resources != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--resources is for --lang java: the Go package compiles the auxiliary library into itself");
        }
        List<Path> profileFiles = profilesDirectory != null ? profileFiles(profilesDirectory) : List.of();
        String selection = (blueprintFile != null ? "blueprint " + blueprintFile.toAbsolutePath()
                : mpi != null ? "mpi " + mpi : "neutral")
                + (profilesDirectory != null ? ", profiles " + contentChecksum(profileFiles) : "");
        if (language.equals("go")) {
            selection = "go " + selection;
        }
        selection += ", generator " + generatorFingerprint();
        Path stamp = out.resolve(STAMP);
        if (reuse && Files.isRegularFile(stamp) && Files.readString(stamp).equals(selection)) {
            log("bindings in " + out + " are current (" + selection + ")");
            return 0;
        }
        if (language.equals("go")) {
            return generateGo(selection, stamp);
        }
        if (profilesDirectory != null && blueprintFile == null && mpi == null) {
            return generateNeutral(profileFiles, selection, stamp);
        }
        CompilerWrapper wrapper;
        Blueprint blueprint;
        if (blueprintFile != null) {
            blueprint = BlueprintJson.read(blueprintFile);
            wrapper = CompilerWrapper.of(Path.of(blueprint.implementation().mpicc()));
        } else {
            wrapper = wrapper(mpi);
            blueprint = Probe.run(new ProbeOptions(wrapper, MpiImplementation.NAMES.contains(mpi) ? mpi : null, null,
                    verbose ? spec.commandLine().getErr()::println : null));
        }
        JavaBindingsGenerator.Result result = profilesDirectory == null ? JavaBindingsGenerator.generate(blueprint)
                : JavaBindingsGenerator.generateCompleted(blueprint, profileFiles.stream().map(BlueprintJson::read).toList());
        result.skipped().forEach(s -> log("skipped " + s.name() + ": " + s.reason()));
        deleteRecursively(out);
        result.writeTo(out);
        if (resources != null) {
            Path directory = Files.createDirectories(resources.resolve(RESOURCE_DIRECTORY));
            AuxLibrary.buildFile(blueprint, wrapper, directory.resolve(AuxLibrary.FILE_NAME));
            BlueprintJson.write(blueprint, directory.resolve("blueprint.json"));
        }
        Files.writeString(stamp, selection);
        log("generated " + result.files().size() + " Java files for " + blueprint.implementation().name()
                + " (" + blueprint.functions().size() + " functions, " + blueprint.constants().size() + " constants)"
                + " in " + out);
        return 0;
    }

    /**
     * The neutral bindings from every blueprint in the profiles directory, and each blueprint's ABI profile as a
     * resource of the runtime ({@code org/mpi4all/runtime/profiles/NAME.profile}, listed in {@code profiles.list}).
     */
    private int generateNeutral(List<Path> files, String selection, Path stamp) throws IOException {
        List<Blueprint> blueprints = files.stream().map(BlueprintJson::read).toList();
        JavaBindingsGenerator.Result result = JavaBindingsGenerator.generateNeutral(blueprints);
        result.skipped().forEach(s -> log("skipped " + s.name() + ": " + s.reason()));
        deleteRecursively(out);
        result.writeTo(out);
        if (resources != null) {
            Path directory = resources.resolve(PROFILE_DIRECTORY);
            deleteRecursively(directory);
            Files.createDirectories(directory);
            for (Blueprint blueprint : blueprints) {
                Files.writeString(directory.resolve(blueprint.implementation().name() + ".profile"),
                        AbiProfile.write(blueprint));
            }
            Files.writeString(directory.resolve("profiles.list"), blueprints.stream()
                    .map(b -> AbiProfile.indexEntry(b) + "\n").collect(Collectors.joining()));
        }
        Files.writeString(stamp, selection);
        log("generated " + result.files().size() + " implementation-neutral Java files from " + blueprints.size()
                + " ABI profiles in " + out);
        return 0;
    }

    private static List<Path> profileFiles(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> blueprints = files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
            if (blueprints.isEmpty()) {
                throw new IOException("no blueprints (*.json) in " + directory);
            }
            return blueprints;
        }
    }

    private static String contentChecksum(List<Path> files) throws IOException {
        CRC32 crc = new CRC32();
        for (Path file : files) {
            crc.update(Files.readAllBytes(file));
        }
        return Long.toHexString(crc.getValue());
    }

    /**
     * A checksum of the generator's own code (codegen, probe, core: jars or class directories), so that bindings
     * made by an older generator are not taken for current when only the generator has changed.
     */
    private static String generatorFingerprint() throws IOException {
        CRC32 crc = new CRC32();
        for (Class<?> part : List.of(GenerateCommand.class, Probe.class, Blueprint.class)) {
            Path location = codeLocation(part);
            try (Stream<Path> files = Files.isDirectory(location)
                    ? Files.walk(location).filter(Files::isRegularFile).sorted()
                    : Stream.of(location)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    crc.update(Files.readAllBytes(file));
                }
            }
        }
        return Long.toHexString(crc.getValue());
    }

    /**
     * The jar or class directory {@code type} was loaded from, found through its class file's URL: class
     * loaders such as exec-maven-plugin's define classes without a code source.
     */
    private static Path codeLocation(Class<?> type) throws IOException {
        String classFile = type.getName().replace('.', '/') + ".class";
        URL url = type.getClassLoader().getResource(classFile);
        if (url == null) {
            throw new IOException("cannot locate the code of " + type.getName());
        }
        String text = url.toString();
        try {
            return text.startsWith("jar:")
                    ? Path.of(new URI(text.substring("jar:".length(), text.indexOf("!/"))))
                    : Path.of(new URI(text.substring(0, text.length() - classFile.length())));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IOException("cannot locate the code of " + type.getName() + " (" + text + ")", e);
        }
    }

    /** The Go package, from the blueprint file or from probing; needs no compiler wrapper for a blueprint file. */
    private int generateGo(String selection, Path stamp) throws IOException {
        Blueprint blueprint = blueprintFile != null
                ? BlueprintJson.read(blueprintFile)
                : Probe.run(new ProbeOptions(wrapper(mpi), MpiImplementation.NAMES.contains(mpi) ? mpi : null, null,
                        verbose ? spec.commandLine().getErr()::println : null));
        GoBindingsGenerator.Result result = GoBindingsGenerator.generate(blueprint);
        result.skipped().forEach(s -> log("skipped " + s.name() + ": " + s.reason()));
        deleteRecursively(out);
        Files.createDirectories(out);
        result.writeTo(out);
        Files.writeString(stamp, selection);
        log("generated Go package " + GoBindingsGenerator.PACKAGE + " (" + result.files().size() + " files) for "
                + blueprint.implementation().name() + " (" + blueprint.functions().size() + " functions, "
                + blueprint.constants().size() + " constants, " + result.skipped().size() + " skipped) in " + out);
        return 0;
    }

    private static CompilerWrapper wrapper(String mpi) {
        if (mpi == null || mpi.isBlank()) {
            return CompilerWrapper.findOnPath(System.getenv("PATH"));
        }
        if (MpiImplementation.NAMES.contains(mpi)) {
            try {
                return CompilerWrapper.of(MpiImplementation.facts(mpi));
            } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
                throw new ProbeException(e.getMessage(), e);
            }
        }
        return CompilerWrapper.of(Path.of(mpi));
    }

    private void log(String line) {
        if (verbose) {
            spec.commandLine().getErr().println(line);
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (var paths = Files.walk(directory)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
