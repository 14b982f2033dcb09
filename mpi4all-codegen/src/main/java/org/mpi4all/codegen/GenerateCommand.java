package org.mpi4all.codegen;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.mpi4all.codegen.go.GoBindingsGenerator;
import org.mpi4all.codegen.java.JavaBindingsGenerator;
import org.mpi4all.core.auxiliary.AuxLibrarySource;
import org.mpi4all.core.blueprint.AbiProfile;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The command line of the generator, also what the runtime module's build runs:
 * {@code generate --profiles DIR --out SOURCES --resources DIR} (the neutral Java bindings),
 * {@code generate --blueprint FILE [--profiles DIR] --out SOURCES --resources DIR --aux FILE.so} (Java bindings
 * specialised to one implementation, with the auxiliary library the probe built for it), or
 * {@code generate --blueprint FILE --lang go --out PACKAGE-DIRECTORY}. Its only input from an implementation is the
 * probe's output: it runs no compiler. The Go package carries the auxiliary library's source, which cgo compiles.
 */
@Command(name = "generate", mixinStandardHelpOptions = true, version = "mpi4all-generate 0.1.0",
        sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Generates MPI bindings from blueprints (mpi4all-probe makes them): the implementation-neutral Java",
            "(FFM) sources and their ABI profiles from --profiles; Java sources specialised to the implementation of",
            "--blueprint plus, in the resources directory, its auxiliary library and the blueprint itself, which",
            "the runtime loads; or, with --lang go, the Go (cgo) package mpi in the --out directory."
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

    @Option(names = "--blueprint", paramLabel = "FILE", description = "the blueprint of the implementation to generate for")
    private Path blueprintFile;

    @Option(names = "--aux", paramLabel = "FILE.so",
            description = "the auxiliary library the probe built for --blueprint (mpi4all-probe --aux), which specialised"
                    + " Java bindings load: copied into --resources")
    private Path auxLibrary;

    @Option(names = "--profiles", paramLabel = "DIR",
            description = "the blueprints (*.json) of the ABI profiles: alone, generate the implementation-neutral Java"
                    + " bindings from them (no MPI needed); with --blueprint, add the standard functions"
                    + " that implementation lacks to its specialised bindings")
    private Path profilesDirectory;

    @Option(names = "--lang", paramLabel = "LANG", defaultValue = "java",
            description = "the target language: java, or go (a cgo package written to --out)")
    private String language;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "the source root to write to")
    private Path out;

    @Option(names = "--resources", paramLabel = "DIR",
            description = "the resource root for the ABI profiles, or the auxiliary library and the blueprint")
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
        if (blueprintFile == null && (profilesDirectory == null || language.equals("go"))) {
            throw new CommandLine.ParameterException(spec.commandLine(), language.equals("go")
                    ? "--lang go needs --blueprint FILE" : "give --blueprint FILE, --profiles DIR or both");
        }
        if (blueprintFile != null && language.equals("java") && resources != null && auxLibrary == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "specialised Java bindings load their auxiliary"
                    + " library: give the one the probe built for the blueprint with --aux FILE.so (mpi4all-probe --aux)");
        }
        if (profilesDirectory != null && language.equals("go")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--profiles is for --lang java");
        }
        if (language.equals("go") && resources != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--resources is for --lang java: the Go package compiles the auxiliary library into itself");
        }
        List<Path> profileFiles = profilesDirectory != null ? profileFiles(profilesDirectory) : List.of();
        String selection = (blueprintFile != null ? "blueprint " + blueprintFile.toAbsolutePath() : "neutral")
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
        if (blueprintFile == null) {
            return generateNeutral(profileFiles, selection, stamp);
        }
        Blueprint blueprint = BlueprintJson.read(blueprintFile);
        JavaBindingsGenerator.Result result = profilesDirectory == null ? JavaBindingsGenerator.generate(blueprint)
                : JavaBindingsGenerator.generateCompleted(blueprint, profileFiles.stream().map(BlueprintJson::read).toList());
        result.skipped().forEach(s -> log("skipped " + s.name() + ": " + s.reason()));
        deleteRecursively(out);
        result.writeTo(out);
        if (resources != null) {
            Path directory = Files.createDirectories(resources.resolve(RESOURCE_DIRECTORY));
            Files.copy(auxLibrary, directory.resolve(AuxLibrarySource.FILE_NAME), StandardCopyOption.REPLACE_EXISTING);
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
     * A checksum of the generator's own code (codegen, core: jars or class directories), so that bindings
     * made by an older generator are not taken for current when only the generator has changed.
     */
    private static String generatorFingerprint() throws IOException {
        CRC32 crc = new CRC32();
        for (Class<?> part : List.of(GenerateCommand.class, Blueprint.class)) {
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

    /** The Go package from the blueprint file. */
    private int generateGo(String selection, Path stamp) throws IOException {
        Blueprint blueprint = BlueprintJson.read(blueprintFile);
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
