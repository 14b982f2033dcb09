package org.mpi4all.codegen.go;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.ImplementationInfo;
import org.mpi4all.core.blueprint.TypeInfo;

/**
 * Blueprint to Go: the cgo package {@value #PACKAGE}, complete in one directory. Go files for the types,
 * the constants, a wrapper per function and the Go callbacks; C files for the shims the wrappers call,
 * the trampolines that call Go callbacks, the auxiliary library (compiled into the package by cgo, not
 * loaded) and the stand-ins for small sentinels; the package's hand-written runtime (errors, buffers,
 * threads), copied from {@link RuntimeFiles}; and the blueprint itself.
 */
public final class GoBindingsGenerator {
    /** The Go package name. */
    public static final String PACKAGE = "mpi";

    /** The blueprint the package was generated from, kept beside it (Go ignores the file). */
    public static final String BLUEPRINT = "blueprint.json";

    /** A declaration the generator left out, and why. */
    public record Skip(String name, String reason) {}

    /** A file of the package: its name in the package directory and its text. */
    public record GeneratedFile(String name, String text) {}

    /** What a generation produced. */
    public record Result(List<GeneratedFile> files, List<Skip> skipped) {
        /** Writes the files into {@code packageDirectory}, which must exist. */
        public void writeTo(Path packageDirectory) throws IOException {
            for (GeneratedFile file : files) {
                Files.writeString(packageDirectory.resolve(file.name()), file.text());
            }
        }
    }

    private GoBindingsGenerator() {}

    public static Result generate(Blueprint blueprint) {
        ImplementationInfo implementation = blueprint.implementation();
        StandIns standIns = StandIns.of(blueprint);
        GoTypes types = new GoTypes(blueprint, standIns);
        ConstantDeclarations constants = new ConstantDeclarations(blueprint, types, standIns);
        List<Skip> skipped = new ArrayList<>();
        List<GeneratedFile> files = new ArrayList<>();

        files.add(new GeneratedFile("cgo.go", cgoFile(implementation)));
        files.add(new GeneratedFile("types.go", new TypeDeclarations(blueprint, types).file(skipped::add)));
        files.add(new GeneratedFile("constants.go", constants.file(skipped::add)));
        functions(blueprint, types, standIns, skipped, files);
        Callbacks callbacks = new Callbacks(blueprint, types, skipped::add);
        if (!callbacks.isEmpty()) {
            files.add(new GeneratedFile(Callbacks.GO_FILE, callbacks.goFile()));
            files.add(new GeneratedFile(Callbacks.C_FILE, callbacks.cFile()));
        }
        files.add(new GeneratedFile(CSources.HEADER,
                CSources.header(blueprint, constants.fromAuxLibrary(), standIns, callbacks.declarations())));
        files.add(new GeneratedFile(CSources.AUX_LIBRARY, CSources.auxLibrary(blueprint)));
        if (!standIns.isEmpty()) {
            files.add(new GeneratedFile(CSources.STAND_INS, CSources.standIns(implementation, standIns)));
        }
        files.addAll(RuntimeFiles.all());
        files.add(new GeneratedFile(BLUEPRINT, BlueprintJson.toJson(blueprint)));
        checkNoNameDeclaredTwice(blueprint);
        return new Result(List.copyOf(files), List.copyOf(skipped));
    }

    /** functions.go and the shims it calls. */
    private static void functions(Blueprint blueprint, GoTypes types, StandIns standIns, List<Skip> skipped,
                                  List<GeneratedFile> files) {
        ErrorsReturn errorsReturn = ErrorsReturn.of(blueprint);
        List<String> wrappers = new ArrayList<>();
        List<String> shims = new ArrayList<>();
        for (FunctionInfo function : blueprint.functions()) {
            try {
                BoundFunction bound = BoundFunction.bind(function, types);
                wrappers.add(GoWrapper.of(bound, errorsReturn));
                shims.add(CShims.shim(bound));
            } catch (GoTypes.UnsupportedTypeException e) {
                skipped.add(new Skip(function.name(), e.getMessage()));
            }
        }
        List<String> helper = errorsReturn.helper();
        if (!helper.isEmpty()) {
            wrappers.add(String.join("\n", helper) + "\n");
        }
        files.add(new GeneratedFile("functions.go",
                goFile(blueprint.implementation(), CShims.FILE, String.join("\n", wrappers))));
        files.add(new GeneratedFile(CShims.FILE, CShims.file(blueprint.implementation(), standIns, shims)));
    }

    /** cgo.go: the compile and link flags of the implementation, and which implementation it is. */
    private static String cgoFile(ImplementationInfo implementation) {
        GoSource go = GoSource.file(implementation);
        CgoFlags.lines(implementation.compileFlags(), implementation.linkFlags()).forEach(line -> go.line("// " + line));
        go.line("import \"C\"")
                .line("")
                .comment("The MPI implementation the package was generated for.")
                .block("const (", List.of(
                        new GoSource.Spec("ImplementationName", "= " + goString(implementation.name())),
                        new GoSource.Spec("ImplementationVersion", "= " + goString(implementation.version())),
                        new GoSource.Spec("ImplementationLibrary", "= " + goString(implementation.library()))), ")");
        return go.toString();
    }

    /**
     * A Go file of the package with {@code body} after the package clause: cgo's preamble including
     * {@code header}, then the imports the body needs.
     */
    static String goFile(ImplementationInfo implementation, String header, String body) {
        GoSource go = GoSource.file(implementation)
                .line("// #include \"" + header + "\"")
                .line("import \"C\"")
                .line("");
        if (body.contains("unsafe.")) {
            go.line("import \"unsafe\"").line("");
        }
        return go + body;
    }

    private static String goString(String text) {
        return "\"" + (text == null ? "" : text.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
    }

    /** Go has one namespace for a package's types, constants and functions; C keeps types apart. */
    private static void checkNoNameDeclaredTwice(Blueprint blueprint) {
        Map<String, String> declared = new HashMap<>();
        for (TypeInfo type : blueprint.types()) {
            if (GoTypes.isGoTypeName(type.name())) {
                declared.put(type.name(), "type");
            }
        }
        for (ConstantInfo constant : blueprint.constants()) {
            String before = declared.put(constant.name(), "constant");
            if (before != null) {
                throw new IllegalArgumentException("constant " + constant.name() + " has the name of a " + before);
            }
        }
        for (FunctionInfo function : blueprint.functions()) {
            String before = declared.put(function.name(), "function");
            if (before != null) {
                throw new IllegalArgumentException("function " + function.name() + " has the name of a " + before);
            }
        }
    }
}
