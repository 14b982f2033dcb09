package org.mpi4all.ffi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.codegen.java.JavaBindingsGenerator;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.probe.CompilerWrapper;
import org.mpi4all.probe.Probe;
import org.mpi4all.probe.ProbeOptions;

/**
 * One Java program for every MPI: generates the implementation-neutral bindings and the specialised bindings of
 * every installed implementation (whatever {@code -Dmpi} selects), compiles the runtime and this module's test
 * sources (every conformance program) against each, and compares the public members the bindings have in common,
 * which must have identical signatures: a program moves between the neutral jar and a specialised one unchanged.
 * {@code -Dmpi4all.neutrality=false} leaves this out (the matrix runs it once, not once per implementation).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ImplementationNeutralityTest {
    /** Generated bindings compiled with the runtime and the test sources, by implementation name. */
    private final Map<String, Path> compiled = new LinkedHashMap<>();
    private final Map<String, String> compilerErrors = new LinkedHashMap<>();
    private final List<String> notInstalled = new ArrayList<>();

    @BeforeAll
    void generateAndCompileForEveryInstalledImplementation(@TempDir Path work) throws Exception {
        Assumptions.assumeFalse("false".equals(System.getProperty("mpi4all.neutrality")), "-Dmpi4all.neutrality=false");
        Path module = MpiImplementation.projectRoot().resolve("mpi4all-runtime");
        List<Path> common = new ArrayList<>(javaFiles(module.resolve("src/main/java")));
        common.addAll(javaFiles(module.resolve("src/test/java")));
        String classPath = dependencyClassPath(module);
        Map<String, MpiImplementation> installed = new LinkedHashMap<>();
        for (String name : MpiImplementation.NAMES) {
            try {
                installed.put(name, MpiImplementation.facts(name));
            } catch (IllegalStateException e) {
                notInstalled.add(name);
            }
        }
        List<Blueprint> profiles;
        try (Stream<Path> files = Files.list(MpiImplementation.projectRoot().resolve("abi"))) {
            profiles = files.filter(f -> f.toString().endsWith(".json")).sorted().map(BlueprintJson::read).toList();
        }
        // Two at a time: probing runs the C compiler, compiling is mostly one thread.
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Map<String, Future<String>> results = new LinkedHashMap<>();
            results.put("neutral", pool.submit(() -> compile(JavaBindingsGenerator.generateNeutral(profiles),
                    work.resolve("neutral"), common, classPath)));
            installed.forEach((name, implementation) -> results.put(name, pool.submit(() -> {
                long start = System.nanoTime();
                Blueprint blueprint = Probe.run(new ProbeOptions(CompilerWrapper.of(implementation), name, null, null));
                String errors = compile(JavaBindingsGenerator.generateCompleted(blueprint, profiles), work.resolve(name),
                        common, classPath);
                System.out.printf("%s: probed, generated and compiled in %d ms%n", name, (System.nanoTime() - start) / 1_000_000);
                return errors;
            })));
            for (Map.Entry<String, Future<String>> result : results.entrySet()) {
                String errors = result.getValue().get();
                if (errors != null) {
                    compilerErrors.put(result.getKey(), errors);
                }
                compiled.put(result.getKey(), work.resolve(result.getKey()).resolve("classes"));
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println("bindings generated and compiled for " + compiled.keySet()
                + (notInstalled.isEmpty() ? "" : "; not installed: " + notInstalled));
    }

    /** Generated bindings, the runtime and the test sources compiled into {@code directory}/classes; the errors or null. */
    private static String compile(JavaBindingsGenerator.Result bindings, Path directory, List<Path> common, String classPath)
            throws IOException {
        Path sources = directory.resolve("generated");
        bindings.writeTo(sources);
        Path classes = Files.createDirectories(directory.resolve("classes"));
        List<Path> files = new ArrayList<>(javaFiles(sources));
        files.addAll(common);
        return compile(files, classPath, classes);
    }

    @Test
    void theRuntimeAndEveryConformanceProgramCompileUnchangedAgainstEveryImplementationsBindings() {
        assertThat(compiled).as("implementations compiled against").hasSizeGreaterThanOrEqualTo(2);
        assertThat(compilerErrors).as("compiler errors by implementation").isEmpty();
    }

    @Test
    void everyPublicMemberTheBindingsShareHasTheSameSignatureEverywhere() throws Exception {
        assertThat(compiled).hasSizeGreaterThanOrEqualTo(2);
        Map<String, Map<String, String>> surfaces = new LinkedHashMap<>();
        for (Map.Entry<String, Path> entry : compiled.entrySet()) {
            surfaces.put(entry.getKey(), publicSurface(entry.getValue()));
        }
        Set<String> shared = new TreeSet<>(surfaces.values().iterator().next().keySet());
        surfaces.values().forEach(surface -> shared.retainAll(surface.keySet()));
        List<String> differences = new ArrayList<>();
        for (String member : shared) {
            Map<String, String> byImplementation = new TreeMap<>();
            surfaces.forEach((name, surface) -> byImplementation.put(name, surface.get(member)));
            if (new TreeSet<>(byImplementation.values()).size() > 1) {
                differences.add(member + " " + byImplementation);
            }
        }
        surfaces.forEach((name, surface) -> System.out.printf("%s: %d public members, %d of them its own%n",
                name, surface.size(), surface.size() - shared.size()));
        System.out.println(shared.size() + " public members in common");
        assertThat(differences).as("shared members whose signature depends on the implementation").isEmpty();
        assertThat(shared.stream().filter(m -> m.startsWith("Mpi.MPI_") && m.contains("("))).as("shared functions")
                .hasSizeGreaterThan(380);
    }

    /**
     * The public members of the generated classes: {@code Class.member(parameter types)} for methods and
     * constructors, {@code Class.field} for fields, each mapped to its type and modifiers.
     */
    private static Map<String, String> publicSurface(Path classes) throws Exception {
        Map<String, String> surface = new TreeMap<>();
        Path generated = classes.resolve(JavaBindingsGenerator.PACKAGE.replace('.', '/'));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                ClassLoader.getPlatformClassLoader());
             Stream<Path> files = Files.list(generated)) {
            // Only the generated types: the test sources compiled alongside live in the same package.
            Set<String> generatedTypes = generatedTypeNames(classes.getParent().resolve("generated"));
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String simple = file.getFileName().toString().replace(".class", "");
                if (!generatedTypes.contains(simple)) {
                    continue;
                }
                Class<?> type = Class.forName(JavaBindingsGenerator.PACKAGE + "." + simple, false, loader);
                if (!Modifier.isPublic(type.getModifiers())) {
                    continue;
                }
                surface.put(simple, kind(type));
                for (Method m : type.getDeclaredMethods()) {
                    if (Modifier.isPublic(m.getModifiers())) {
                        surface.put(simple + "." + m.getName() + parameters(m.getParameterTypes()),
                                Modifier.toString(m.getModifiers()) + " " + m.getGenericReturnType().getTypeName());
                    }
                }
                for (Constructor<?> c : type.getDeclaredConstructors()) {
                    if (Modifier.isPublic(c.getModifiers())) {
                        surface.put(simple + ".<init>" + parameters(c.getParameterTypes()), Modifier.toString(c.getModifiers()));
                    }
                }
                for (Field f : type.getFields()) {   // with the constants Mpi inherits from its families
                    if (Modifier.isPublic(f.getModifiers())) {
                        surface.put(simple + "." + f.getName(),
                                Modifier.toString(f.getModifiers()) + " " + f.getGenericType().getTypeName());
                    }
                }
            }
        }
        return surface;
    }

    private static String kind(Class<?> type) {
        return (type.isRecord() ? "record" : type.isInterface() ? "interface" : "class")
                + " implements " + Arrays.stream(type.getInterfaces()).map(Class::getName).sorted().toList();
    }

    private static String parameters(Class<?>[] types) {
        return Arrays.stream(types).map(Class::getTypeName).collect(Collectors.joining(", ", "(", ")"));
    }

    private static Set<String> generatedTypeNames(Path generatedSources) throws IOException {
        Set<String> names = new TreeSet<>();
        for (Path file : javaFiles(generatedSources)) {
            names.add(file.getFileName().toString().replace(".java", ""));
        }
        return names;
    }

    /** The Java sources under {@code root}, but for a module declaration: they are compiled on the class path here. */
    private static List<Path> javaFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("module-info.java")).sorted().toList();
        }
    }

    /** The test class path without this module's own output, which holds the bindings of one implementation. */
    private static String dependencyClassPath(Path module) {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path target = module.resolve("target").toAbsolutePath().normalize();
        return Arrays.stream(classPath.split(File.pathSeparator))
                .filter(entry -> !Path.of(entry).toAbsolutePath().normalize().startsWith(target))
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** Compiles {@code files}; returns the compiler's errors, or null when it succeeded. */
    private static String compile(List<Path> files, String classPath, Path output) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StringWriter messages = new StringWriter();
        try (StandardJavaFileManager fileManager = compiler.getStandardFileManager(null, null, null)) {
            List<String> options = List.of("--release", "22", "-proc:none", "-nowarn", "-Xlint:none",
                    "-classpath", classPath, "-d", output.toString());
            boolean ok = compiler.getTask(messages, fileManager, null, options, null,
                    fileManager.getJavaFileObjectsFromPaths(files)).call();
            return ok ? null : messages.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
