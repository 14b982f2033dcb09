package org.mpi4all.ffi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.testkit.TestMpi;

/**
 * Completeness of the generated {@link Mpi}, measured: every function of the blueprint the bindings were generated
 * from is a method with its parameter count, every constant a field, and every C function of MPI 4.1 (503
 * procedures and 159 large-count variants, from the MPI Forum's apis.json) that the implementation's header
 * declares (found in the preprocessed header by name, independently of the probe) is a method with the standard's
 * parameter count. Reflection only: nothing here loads the MPI library (its exports are read with {@code nm}).
 */
class CoverageTest {
    private static final String STANDARD = "/org/mpi4all/ffi/mpi-4.1-c-functions.txt";

    private static final Blueprint BLUEPRINT = Constants.blueprint();

    /** The public static methods of {@code Mpi} by name (C functions have one each). */
    private static Map<String, Method> methods() {
        Map<String, Method> methods = new LinkedHashMap<>();
        for (Method method : Mpi.class.getMethods()) {
            if (Modifier.isStatic(method.getModifiers()) && method.getDeclaringClass() == Mpi.class) {
                methods.put(method.getName(), method);
            }
        }
        return methods;
    }

    @Test
    void everyBlueprintFunctionIsAPublicStaticMethodWithItsParameterCount() {
        Map<String, Method> methods = methods();
        List<String> problems = new ArrayList<>();
        for (FunctionInfo function : BLUEPRINT.functions()) {
            Method method = methods.get(function.name());
            int parameters = function.signature().parameters().size();
            if (method == null) {
                problems.add(function.name() + " has no method");
            } else if (method.getParameterCount() != parameters) {
                problems.add(function.name() + " takes " + method.getParameterCount() + " parameters, not " + parameters);
            }
        }
        assertThat(problems).as("of %d functions", BLUEPRINT.functions().size()).isEmpty();
        assertThat(BLUEPRINT.functions()).hasSizeGreaterThan(400);
    }

    @Test
    void everyBlueprintConstantIsAPublicStaticFinalField() {
        List<String> missing = new ArrayList<>();
        for (ConstantInfo constant : BLUEPRINT.constants()) {
            try {
                int modifiers = Mpi.class.getField(constant.name()).getModifiers();
                if (!Modifier.isStatic(modifiers) || !Modifier.isFinal(modifiers)) {
                    missing.add(constant.name() + " is not static final");
                }
            } catch (NoSuchFieldException e) {
                missing.add(constant.name());
            }
        }
        assertThat(missing).as("of %d constants", BLUEPRINT.constants().size()).isEmpty();
        assertThat(BLUEPRINT.constants()).hasSizeGreaterThan(300);
    }

    @Test
    void everyCallbackTypeOfTheBlueprintIsAFunctionalInterface() {
        List<String> missing = new ArrayList<>();
        BLUEPRINT.types().stream()
                .filter(t -> t.kind() == org.mpi4all.core.blueprint.TypeKind.FUNCTION && t.name().startsWith("MPI_"))
                .forEach(t -> {
                    try {
                        Class<?> type = Class.forName(Mpi.class.getPackageName() + "." + t.name(), false,
                                Mpi.class.getClassLoader());
                        if (!type.isInterface() || !type.isAnnotationPresent(FunctionalInterface.class)) {
                            missing.add(t.name() + " is not a functional interface");
                        }
                    } catch (ClassNotFoundException e) {
                        missing.add(t.name());
                    }
                });
        assertThat(missing).isEmpty();
    }

    /** A C function of MPI 4.1 and its number of C parameters. */
    private record StandardFunction(String name, int parameters) {}

    private static List<StandardFunction> standardFunctions() {
        try (InputStream in = CoverageTest.class.getResourceAsStream(STANDARD)) {
            String text = new String(Objects.requireNonNull(in, STANDARD).readAllBytes(), StandardCharsets.UTF_8);
            return text.lines().filter(l -> !l.isBlank()).map(l -> l.split(" "))
                    .map(f -> new StandardFunction(f[0], Integer.parseInt(f[1]))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code mpi.h} preprocessed by the implementation's own compiler wrapper, macro definitions kept. */
    private static String preprocessedHeader(Path directory) throws IOException, InterruptedException {
        Path source = Files.writeString(directory.resolve("header.c"), "#include <mpi.h>\n");
        Path output = directory.resolve("header.i");
        run(List.of(TestMpi.implementation().mpicc().toString(), "-E", "-dD", source.toString(), "-o", output.toString()),
                directory.resolve("mpicc.log"));
        return Files.readString(output);
    }

    /**
     * The symbols {@code library} exports, as {@code nm} lists them. Not by loading it here: the library's
     * constructors would run in the test JVM, and UCX's (under Debian's MPICH) would take the JVM's SIGSEGV.
     */
    private static Set<String> exportedSymbols(Path library, Path directory) throws IOException, InterruptedException {
        Path listing = directory.resolve("nm.txt");
        run(List.of("nm", "-D", "--defined-only", library.toString()), listing);
        return Files.readAllLines(listing).stream().map(line -> line.strip().split("\\s+"))
                .filter(fields -> fields.length == 3)
                .map(fields -> fields[2].replaceFirst("@.*", ""))   // without a symbol version
                .collect(Collectors.toSet());
    }

    /** Runs {@code command} in the implementation's environment, its output into {@code output}; fails unless it exits 0. */
    private static void run(List<String> command, Path output) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(TestMpi.implementation().environment());
        Process process = builder.start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("%s finished", command).isTrue();
        assertThat(process.exitValue()).as("%s: %s", command, Files.readString(output)).isZero();
    }

    @TestFactory
    Stream<DynamicTest> everyMpi41FunctionTheHeaderDeclaresIsAMethodWithTheStandardsParameterCount(@TempDir Path directory)
            throws IOException, InterruptedException {
        String header = preprocessedHeader(directory);
        Map<String, Method> methods = methods();
        String implementation = TestMpi.implementation().name() + " " + TestMpi.implementation().version();
        Path library = TestMpi.implementation().library();
        Set<String> exports = exportedSymbols(library, directory);
        assertThat(exports).as("what nm lists for %s", library).contains("MPI_Init", "MPI_Send");
        List<StandardFunction> standard = standardFunctions();
        assertThat(standard).as("MPI 4.1: 503 procedures and 159 large-count variants").hasSize(662);
        List<String> declared = new ArrayList<>();
        List<DynamicTest> tests = new ArrayList<>();
        for (StandardFunction function : standard) {
            boolean inHeader = Pattern.compile("\\b" + function.name() + "\\s*\\(").matcher(header).find();
            if (inHeader) {
                declared.add(function.name());
            }
            tests.add(dynamicTest(function.name(), () -> {
                Assumptions.assumeTrue(inHeader, implementation + "'s mpi.h does not declare " + function.name());
                Optional<Method> method = Optional.ofNullable(methods.get(function.name()));
                // Debian's MPICH 4.0.2 declares the MPI_Status_*f08* conversions but its library lacks them.
                Assumptions.assumeTrue(method.isPresent() || exports.contains(function.name()),
                        implementation + "'s mpi.h declares " + function.name() + " but " + library + " does not export it"
                                + BLUEPRINT.skipped().stream().filter(k -> k.name().equals(function.name()))
                                        .map(k -> " (the probe: " + k.reason() + ")").findFirst().orElse(""));
                assertThat(method).as("Mpi.%s", function.name()).isPresent();
                assertThat(method.get().getParameterCount()).as("parameters of %s", function.name())
                        .isEqualTo(function.parameters());
            }));
        }
        System.out.printf("%s declares %d of the %d C functions of MPI 4.1%n", implementation, declared.size(), standard.size());
        tests.addFirst(dynamicTest("the header declares the MPI-3.1 core (at least 380 of them)",
                () -> assertThat(declared).hasSizeGreaterThan(380)));
        return tests.stream();
    }
}
