package org.mpi4all.ffi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
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
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.testkit.TestMpi;

/**
 * Completeness of the generated {@link Mpi}, measured: every C function of the MPI standard (4.1 and 5.0, from the
 * MPI Forum's apis.json as the probe carries it, large-count variants included) is a method with the standard's
 * parameter count; every constant and callback type of every implementation mpi4all has an ABI profile for is a
 * field or a functional interface; and every function of MPI 4.1 (503 procedures and 159 large-count variants) that
 * the running implementation's header declares (found in the preprocessed header by name, independently of the
 * probe) is a method. Reflection only: nothing here loads the MPI library.
 */
class CoverageTest {
    private static final String STANDARD = "/org/mpi4all/ffi/mpi-4.1-c-functions.txt";
    private static final String STANDARD_API = "/org/mpi4all/core/standard/mpi-standard.json";
    private static final String PROFILES = "/org/mpi4all/runtime/profiles/profiles.list";

    /** The blueprints of the ABI profiles the bindings carry. */
    private static List<Blueprint> profileBlueprints() {
        try (InputStream in = Objects.requireNonNull(CoverageTest.class.getResourceAsStream(PROFILES), PROFILES)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank())
                    .map(entry -> entry.substring(0, entry.indexOf('\t')))   // the name, first of the entry's fields
                    .map(name -> Constants.blueprint(Constants.profileBlueprint(name))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

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

    private static boolean isFfiClass(String name) {
        try {
            Class.forName(Mpi.class.getPackageName() + "." + name, false, Mpi.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static boolean isField(String name) {
        try {
            Mpi.class.getField(name);
            return true;
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    @Test
    void everyCFunctionOfTheStandardIsAPublicStaticMethodWithItsParameterCount() throws IOException {
        JsonNode procedures;
        try (InputStream in = Objects.requireNonNull(CoverageTest.class.getResourceAsStream(STANDARD_API), STANDARD_API)) {
            procedures = new ObjectMapper().readTree(in).get("procedures");
        }
        Map<String, Method> methods = methods();
        List<String> problems = new ArrayList<>();
        int functions = 0;
        for (Map.Entry<String, JsonNode> procedure : procedures.properties()) {
            String name = procedure.getKey();
            List<String> names = procedure.getValue().get("largeCount").asBoolean() ? List.of(name, name + "_c") : List.of(name);
            for (String variant : names) {
                int parameters = 0;
                for (JsonNode parameter : procedure.getValue().get("parameters")) {
                    // MPI_Type_get_envelope/contents: only the large-count variant has the "large counts" arguments
                    boolean largeOnly = parameter.get(0).asText().contains("large_counts");
                    parameters += largeOnly && !variant.endsWith("_c") ? 0 : 1;
                }
                Method method = methods.get(variant);
                if (method != null) {
                    functions++;
                    if (method.getParameterCount() != parameters) {
                        problems.add(variant + " takes " + method.getParameterCount() + " parameters, not " + parameters);
                    }
                } else if (!isFfiClass(variant) && !isField(variant)) {
                    // neither a function nor a callback type nor a predefined callback (MPI_COMM_DUP_FN)
                    problems.add(variant + " has no method");
                }
            }
        }
        assertThat(problems).isEmpty();
        assertThat(functions).as("C functions of MPI 4.1 and 5.0").isGreaterThan(680);
    }

    @Test
    void everyConstantOfEveryProfileIsAPublicStaticFinalField() {
        List<String> missing = new ArrayList<>();
        for (Blueprint blueprint : profileBlueprints()) {
            for (ConstantInfo constant : blueprint.constants()) {
                if (!constant.name().startsWith("MPI_")) {
                    continue;   // MPIX_ extensions are for bindings specialised to their implementation
                }
                if (readWhenCalled(constant.name())) {
                    continue;   // MPI_F_STATUS_IGNORE: a library may set it only in MPI_Init
                }
                try {
                    int modifiers = Mpi.class.getField(constant.name()).getModifiers();
                    if (!Modifier.isStatic(modifiers) || !Modifier.isFinal(modifiers)) {
                        missing.add(constant.name() + " is not static final");
                    }
                } catch (NoSuchFieldException e) {
                    missing.add(blueprint.implementation().name() + ": " + constant.name());
                }
            }
        }
        assertThat(missing).isEmpty();
        assertThat(Constants.fields()).hasSizeGreaterThan(1000);
    }

    /** Whether constant {@code name} is a public static method of no parameters giving its address. */
    private static boolean readWhenCalled(String name) {
        try {
            Method accessor = Mpi.class.getMethod(name);
            return Modifier.isStatic(accessor.getModifiers()) && accessor.getReturnType() == MemorySegment.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    @Test
    void everyCallbackTypeOfEveryProfileIsAFunctionalInterface() {
        List<String> missing = new ArrayList<>();
        for (Blueprint blueprint : profileBlueprints()) {
            blueprint.types().stream()
                    .filter(t -> t.kind() == org.mpi4all.core.blueprint.TypeKind.FUNCTION && t.name().startsWith("MPI_"))
                    .forEach(t -> {
                        try {
                            Class<?> type = Class.forName(Mpi.class.getPackageName() + "." + t.name(), false,
                                    Mpi.class.getClassLoader());
                            if (!type.isInterface() || !type.isAnnotationPresent(FunctionalInterface.class)) {
                                missing.add(t.name() + " is not a functional interface");
                            }
                        } catch (ClassNotFoundException e) {
                            missing.add(blueprint.implementation().name() + ": " + t.name());
                        }
                    });
        }
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
        MpiImplementation mpi = TestMpi.implementation();
        Path source = Files.writeString(directory.resolve("header.c"), "#include <mpi.h>\n");
        Path output = directory.resolve("header.i");
        ProcessBuilder builder = new ProcessBuilder(mpi.mpicc().toString(), "-E", "-dD", source.toString(),
                "-o", output.toString()).redirectErrorStream(true).redirectOutput(directory.resolve("mpicc.log").toFile());
        builder.environment().putAll(mpi.environment());
        Process process = builder.start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(Files.readString(directory.resolve("mpicc.log"))).isZero();
        return Files.readString(output);
    }

    @TestFactory
    Stream<DynamicTest> everyMpi41FunctionTheHeaderDeclaresIsAMethodWithTheStandardsParameterCount(@TempDir Path directory)
            throws IOException, InterruptedException {
        String header = preprocessedHeader(directory);
        Map<String, Method> methods = methods();
        String implementation = TestMpi.implementation().name() + " " + TestMpi.implementation().version();
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
