package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;

/**
 * Handle kinds and the {@code MPI_Status} layout agree with the compiler (a check program written here, not
 * the probe's) and with what is known of each implementation.
 */
class LayoutTest {

    /** MPI_Status size, and whether handles are pointers, per implementation (impl-notes.md). */
    private static final Map<String, Long> STATUS_SIZE = Map.of(
            "openmpi", 24L, "mpich", 20L, "intelmpi", 20L, "mpich5", 20L, "openmpi5", 24L, Subject.ABI, 32L);
    private static final Map<String, TypeInfo.HandleCarrier> COMM_CARRIER = Map.of(
            "openmpi", TypeInfo.HandleCarrier.POINTER, "mpich", TypeInfo.HandleCarrier.INTEGER,
            "intelmpi", TypeInfo.HandleCarrier.INTEGER, "mpich5", TypeInfo.HandleCarrier.INTEGER,
            "openmpi5", TypeInfo.HandleCarrier.POINTER, Subject.ABI, TypeInfo.HandleCarrier.POINTER);

    @ParameterizedTest
    @MethodSource("org.mpi4all.probe.Subject#names")
    void handleKindsAgreeWithTheCompiler(String name) throws IOException {
        Subject subject = Subject.of(name);
        Blueprint blueprint = subject.blueprint();
        List<TypeInfo> handles = blueprint.types().stream().filter(TypeInfo::isHandle).toList();
        assertThat(handles).extracting(TypeInfo::name).contains("MPI_Comm", "MPI_Datatype", "MPI_Op", "MPI_Request",
                "MPI_Group", "MPI_Info", "MPI_Errhandler", "MPI_Win", "MPI_File", "MPI_Message", "MPI_T_enum");
        StringBuilder program = new StringBuilder("#include <mpi.h>\n#include <stdio.h>\nint main(void) {\n");
        for (TypeInfo handle : handles) {
            // GCC's type classes: 1 integer, 5 pointer.
            program.append("  printf(\"%s %zu %d\\n\", \"").append(handle.name()).append("\", sizeof(")
                    .append(handle.name()).append("), __builtin_classify_type((").append(handle.name()).append(") 0));\n");
        }
        program.append("  return 0;\n}\n");
        Map<String, String[]> compiled = new HashMap<>();
        for (String line : run(subject, "handles", program.toString()).lines().toList()) {
            String[] f = line.split(" ");
            compiled.put(f[0], f);
        }
        for (TypeInfo handle : handles) {
            String[] f = compiled.get(handle.name());
            assertThat(handle.size()).as(handle.name() + " size").isEqualTo(Long.parseLong(f[1]));
            assertThat(handle.carrier()).as(handle.name() + " carrier").isEqualTo(
                    f[2].equals("5") ? TypeInfo.HandleCarrier.POINTER : TypeInfo.HandleCarrier.INTEGER);
        }
        assertThat(blueprint.type("MPI_Comm").orElseThrow().carrier()).isEqualTo(COMM_CARRIER.get(name));
        assertThat(blueprint.type("MPI_Aint").orElseThrow().kind()).isEqualTo(TypeKind.INTEGER);
        if (!name.equals(Subject.ABI)) { // The MPI-5 ABI header leaves MPI_Fint to Fortran interoperability.
            assertThat(blueprint.type("MPI_Fint").orElseThrow().kind()).isEqualTo(TypeKind.INTEGER);
        }
    }

    @ParameterizedTest
    @MethodSource("org.mpi4all.probe.Subject#names")
    void statusLayoutAgreesWithTheCompiler(String name) throws IOException {
        Subject subject = Subject.of(name);
        TypeInfo status = subject.blueprint().type("MPI_Status").orElseThrow();
        assertThat(status.kind()).isEqualTo(TypeKind.STRUCT);
        String output = run(subject, "status", """
                #include <mpi.h>
                #include <stddef.h>
                #include <stdio.h>
                int main(void) {
                    printf("%zu %zu %zu %zu %zu\\n", sizeof(MPI_Status), _Alignof(MPI_Status), offsetof(MPI_Status, MPI_SOURCE),
                           offsetof(MPI_Status, MPI_TAG), offsetof(MPI_Status, MPI_ERROR));
                    return 0;
                }
                """);
        String[] f = output.strip().split(" ");
        assertThat(status.size()).isEqualTo(Long.parseLong(f[0])).isEqualTo(STATUS_SIZE.get(name));
        assertThat(status.align()).isEqualTo(Long.parseLong(f[1]));
        assertThat(offset(status, "MPI_SOURCE")).isEqualTo(Long.parseLong(f[2]));
        assertThat(offset(status, "MPI_TAG")).isEqualTo(Long.parseLong(f[3]));
        assertThat(offset(status, "MPI_ERROR")).isEqualTo(Long.parseLong(f[4]));
        long covered = status.fields().stream().mapToLong(TypeInfo.Field::size).sum();
        assertThat(covered).as("members cover the struct up to padding").isLessThanOrEqualTo(status.size())
                .isGreaterThan(status.size() - status.align());
    }

    private static long offset(TypeInfo struct, String field) {
        return struct.fields().stream().filter(f -> f.name().equals(field)).findFirst().orElseThrow().offset();
    }

    /** Compiles and runs a check program with the implementation's wrapper; returns what it printed. */
    static String run(Subject subject, String what, String source) throws IOException {
        Path dir = subject.scratch(what);
        Files.writeString(dir.resolve("check.c"), source);
        ProcessOutput compile = subject.wrapper().run(dir, List.of("-o", "check", "check.c"));
        assertThat(compile.succeeded()).as(compile.stderr()).isTrue();
        ProcessOutput run = subject.wrapper().runProgram(dir.resolve("check"), dir);
        assertThat(run.succeeded()).as(run.stderr()).isTrue();
        return run.stdout();
    }
}
