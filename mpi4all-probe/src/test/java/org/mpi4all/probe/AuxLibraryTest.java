package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpi4all.core.auxiliary.AuxLibrarySource;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.TypeInfo;

/**
 * The auxiliary library exports {@code mpi4all_NAME} for every constant with the value the blueprint recorded,
 * a wrapper for every function that needs one, and the library version. A separate C program (one process per
 * implementation: MPICH 5 and Intel MPI share the soname libmpi.so.12) loads the library and prints what it
 * finds; the test compares that with the blueprint.
 */
class AuxLibraryTest {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_]\\w*");
    private static final Set<String> NOT_SYMBOLS = Set.of("void", "char", "int", "long", "const", "struct", "NULL");

    @ParameterizedTest
    @MethodSource("org.mpi4all.probe.Subject#names")
    void everyConstantIsExportedWithItsValue(String name) throws IOException {
        Subject subject = Subject.of(name);
        Blueprint blueprint = subject.blueprint();
        Path dir = subject.scratch("aux");
        Path library = AuxLibrary.build(blueprint, subject.wrapper(), dir);
        assertThat(library).exists().hasFileName(AuxLibrarySource.FILE_NAME);
        assertThat(dir.resolve("libmpi4all_aux.c")).exists();

        Map<String, String[]> found = new HashMap<>();
        for (String line : runChecker(subject, dir, library, blueprint).lines().toList()) {
            String[] f = line.split("\t", -1);
            found.put(f[0] + " " + f[1], f);
        }
        assertThat(text(found.get("V version")[2])).isEqualTo(blueprint.implementation().libraryVersion());
        for (ConstantInfo constant : blueprint.constants()) {
            String[] value = found.get("C " + constant.name());
            assertThat(value).as("mpi4all_" + constant.name() + " is exported").isNotNull();
            switch (constant.kind()) {
                case STRING -> assertThat(text(value[2])).as(constant.name()).isEqualTo(constant.text());
                case FLOAT -> assertThat(Double.parseDouble(value[2])).as(constant.name()).isEqualTo(constant.floatValue());
                default -> {
                    long exported = Long.parseLong(value[2]);
                    if (constant.value() != null) {
                        assertThat(exported).as(constant.name()).isEqualTo(constant.value());
                    } else {
                        String[] address = found.get("A " + constant.name());
                        assertThat(address).as("the symbol behind " + constant.name()).isNotNull();
                        assertThat(exported).as(constant.name()).isEqualTo(Long.parseLong(address[2]));
                        if (constant.origin() != ConstantInfo.Origin.VARIABLE) {
                            assertThat(exported).as(constant.name() + " is an address").isNotZero();
                        }
                    }
                }
            }
        }
        for (FunctionInfo function : blueprint.functions()) {
            boolean wrapped = !function.exported() || function.signature().varargs();
            assertThat(found.containsKey("F " + function.name())).as("mpi4all_" + function.name()).isEqualTo(wrapped);
        }
        if (blueprint.function("MPI_Aint_add").map(f -> !f.exported()).orElse(false)) {
            assertThat(found.get("R MPI_Aint_add")[2]).isEqualTo("1005");
            assertThat(found.get("R MPI_Aint_diff")[2]).isEqualTo("995");
        }
    }

    /** Writes, builds and runs the C program that reads the library's symbols. */
    private static String runChecker(Subject subject, Path dir, Path library, Blueprint blueprint) throws IOException {
        StringBuilder c = new StringBuilder("""
                #include <dlfcn.h>
                #include <stdint.h>
                #include <stdio.h>
                #include <string.h>
                static void hex(const char *s) { for (; s && *s; s++) printf("%02x", (unsigned char) *s); }
                static long long integer(const void *p, int size) {
                    switch (size) {
                        case 1: return *(const int8_t *) p;
                        case 2: return *(const int16_t *) p;
                        case 4: return *(const int32_t *) p;
                        default: return *(const int64_t *) p;
                    }
                }
                int main(int argc, char **argv) {
                    void *aux = dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL);
                    if (!aux) { fprintf(stderr, "%s\\n", dlerror()); return 1; }
                    void *p;
                    printf("V\\tversion\\t"); hex(dlsym(aux, "mpi4all_library_version")); printf("\\n");
                """);
        for (ConstantInfo constant : blueprint.constants()) {
            String symbol = "mpi4all_" + constant.name();
            c.append("    if ((p = dlsym(aux, \"").append(symbol).append("\"))) ");
            switch (constant.kind()) {
                case STRING -> c.append("{ printf(\"C\\t").append(constant.name()).append("\\t\"); hex(*(const char **) p); printf(\"\\n\"); }\n");
                case FLOAT -> c.append("printf(\"C\\t").append(constant.name()).append("\\t%a\\n\", *(const double *) p);\n");
                default -> c.append("printf(\"C\\t").append(constant.name()).append("\\t%lld\\n\", integer(p, ")
                        .append(size(constant, blueprint)).append("));\n");
            }
            if (constant.value() == null && constant.kind() != ConstantKind.STRING && constant.kind() != ConstantKind.FLOAT) {
                // What the constant denotes: an object's address, a function, or a variable's value.
                String target = constant.origin() == ConstantInfo.Origin.VARIABLE ? constant.name() : lastSymbol(constant, blueprint);
                String read = constant.origin() == ConstantInfo.Origin.VARIABLE ? "(long long) *(intptr_t *) p" : "(long long) (intptr_t) p";
                c.append("    if ((p = dlsym(aux, \"").append(target).append("\"))) printf(\"A\\t").append(constant.name())
                        .append("\\t%lld\\n\", ").append(read).append(");\n");
            }
        }
        for (FunctionInfo function : blueprint.functions()) {
            c.append("    if (dlsym(aux, \"mpi4all_").append(function.name()).append("\")) printf(\"F\\t")
                    .append(function.name()).append("\\n\");\n");
        }
        c.append("""
                    long (*binary)(long, long);
                    if ((binary = (long (*)(long, long)) dlsym(aux, "mpi4all_MPI_Aint_add"))) printf("R\\tMPI_Aint_add\\t%ld\\n", binary(1000, 5));
                    if ((binary = (long (*)(long, long)) dlsym(aux, "mpi4all_MPI_Aint_diff"))) printf("R\\tMPI_Aint_diff\\t%ld\\n", binary(1000, 5));
                    return 0;
                }
                """);
        Files.writeString(dir.resolve("read_aux.c"), c.toString());
        ProcessOutput compile = ProcessOutput.run(List.of("cc", "-o", "read_aux", "read_aux.c", "-ldl"), dir, Map.of());
        assertThat(compile.succeeded()).as(compile.stderr()).isTrue();
        ProcessOutput run = ProcessOutput.run(List.of(dir.resolve("read_aux").toString(), library.toString()), dir,
                subject.wrapper().environment());
        assertThat(run.succeeded()).as(run.stderr()).isTrue();
        return run.stdout();
    }

    /** The size of a constant's C type: its named type's measured size, else a pointer's. */
    private static long size(ConstantInfo constant, Blueprint blueprint) {
        return blueprint.type(constant.type()).map(TypeInfo::size).filter(s -> s > 0).orElse(8L);
    }

    /** The object or function a link-time constant's expansion refers to ({@code &(ompi_mpi_comm_world)}). */
    private static String lastSymbol(ConstantInfo constant, Blueprint blueprint) {
        String symbol = null;
        Matcher matcher = IDENTIFIER.matcher(constant.expansion());
        while (matcher.find()) {
            String word = matcher.group();
            if (!NOT_SYMBOLS.contains(word) && blueprint.type(word).isEmpty()) {
                symbol = word;
            }
        }
        return symbol;
    }

    private static String text(String hex) {
        return new String(HexFormat.of().parseHex(hex), StandardCharsets.UTF_8);
    }
}
