package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;
import org.mpi4all.core.standard.StandardApi;

/** Constant values, types and kinds that differ between implementations, as they are known to be. */
class ConstantValuesTest {

    private static ConstantInfo constant(String implementation, String name) {
        return Subject.of(implementation).blueprint().constant(name)
                .orElseThrow(() -> new AssertionError(implementation + " has no " + name));
    }

    @Test
    void wildcardsAndIgnoredStatusDifferBetweenFamilies() {
        for (String name : List.of("openmpi", "openmpi5", Subject.ABI)) {
            assertThat(constant(name, "MPI_ANY_SOURCE").value()).as(name).isEqualTo(-1L);
            assertThat(constant(name, "MPI_STATUS_IGNORE").value()).as(name).isEqualTo(0L);
        }
        for (String name : List.of("mpich", "intelmpi", "mpich5")) {
            assertThat(constant(name, "MPI_ANY_SOURCE").value()).as(name).isEqualTo(-2L);
            assertThat(constant(name, "MPI_STATUS_IGNORE").value()).as(name).isEqualTo(1L);
            assertThat(constant(name, "MPI_COMM_WORLD").value()).as(name).isEqualTo(0x44000000L);
        }
    }

    @Test
    void openMpiHandlesAreLinkTimeAddressesWithoutValue() {
        for (String name : List.of("openmpi", "openmpi5")) {
            ConstantInfo world = constant(name, "MPI_COMM_WORLD");
            assertThat(world.kind()).isEqualTo(ConstantKind.HANDLE);
            assertThat(world.type()).isEqualTo("MPI_Comm");
            assertThat(world.value()).as("a link-time address has no value").isNull();
            assertThat(world.expansion()).contains("&(ompi_mpi_comm_world)");
            ConstantInfo copy = constant(name, "MPI_COMM_NULL_COPY_FN");
            assertThat(copy.kind()).isEqualTo(ConstantKind.FUNCTION);
            assertThat(copy.type()).isEqualTo("MPI_Comm_copy_attr_function *");
            assertThat(copy.value()).isNull();
        }
    }

    @Test
    void abiHandlesAreCompileTimeConstants() {
        assertThat(constant(Subject.ABI, "MPI_COMM_WORLD").value()).isEqualTo(0x101L);
        assertThat(constant(Subject.ABI, "MPI_COMM_WORLD").kind()).isEqualTo(ConstantKind.HANDLE);
        assertThat(constant(Subject.ABI, "MPI_COMM_DUP_FN").kind()).isEqualTo(ConstantKind.FUNCTION);
        assertThat(Subject.of(Subject.ABI).blueprint().implementation().family()).isEqualTo("mpiabi");
        assertThat(Subject.of(Subject.ABI).blueprint().implementation().library()).endsWith("/libmpi_abi.so.1");
    }

    /** The MPI-5 standard's ABI table gives every constant's value: mpi_abi.h must agree with all of them. */
    @Test
    void abiConstantsHaveTheStandardsValues() {
        Blueprint abi = Subject.of(Subject.ABI).blueprint();
        int compared = 0;
        for (Map.Entry<String, StandardApi.Constant> entry : StandardApi.get().constants().entrySet()) {
            ConstantInfo constant = abi.constant(entry.getKey()).orElse(null);
            if (constant == null || entry.getValue().abiValue() == null) {
                continue;
            }
            assertThat(constant.value()).as(entry.getKey()).isEqualTo(entry.getValue().abiValue());
            compared++;
        }
        assertThat(compared).as("constants compared with the ABI table").isGreaterThan(300);
    }

    @ParameterizedTest
    @MethodSource("org.mpi4all.probe.Subject#names")
    void sentinelsAreTypedPointersAndCallbacksAreFunctions(String name) {
        Blueprint blueprint = Subject.of(name).blueprint();
        Map<String, String> sentinels = Map.of("MPI_IN_PLACE", "void *", "MPI_BOTTOM", "void *",
                "MPI_STATUS_IGNORE", "MPI_Status *", "MPI_STATUSES_IGNORE", "MPI_Status *",
                "MPI_ERRCODES_IGNORE", "int *", "MPI_ARGV_NULL", "char **", "MPI_ARGVS_NULL", "char ***");
        sentinels.forEach((sentinel, type) -> {
            ConstantInfo constant = blueprint.constant(sentinel).orElseThrow(() -> new AssertionError(sentinel));
            assertThat(constant.kind()).as(sentinel).isEqualTo(ConstantKind.POINTER);
            assertThat(constant.type()).as(sentinel).isEqualTo(type);
        });
        for (String unweighted : List.of("MPI_UNWEIGHTED", "MPI_WEIGHTS_EMPTY")) {
            assertThat(blueprint.constant(unweighted).orElseThrow().kind()).as(unweighted).isEqualTo(ConstantKind.POINTER);
        }
        for (String callback : List.of("MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", "MPI_COMM_DUP_FN",
                "MPI_NULL_COPY_FN", "MPI_NULL_DELETE_FN", "MPI_DUP_FN", "MPI_CONVERSION_FN_NULL")) {
            assertThat(blueprint.constant(callback).orElseThrow().kind()).as(callback).isEqualTo(ConstantKind.FUNCTION);
        }
        // MPI-5's ABI numbers thread levels 0x1000 apart; the implementations' own headers count from 0.
        assertThat(blueprint.constant("MPI_THREAD_MULTIPLE").orElseThrow().value())
                .isEqualTo(name.equals(Subject.ABI) ? 4096L : 3L);
        assertThat(blueprint.constant("MPI_SUCCESS").orElseThrow().value()).isEqualTo(0L);
        assertThat(blueprint.constant("MPI_IN_PLACE").orElseThrow().value()).as("MPI_IN_PLACE").isNotNull();
        assertThat(blueprint.constant("MPI_INT").orElseThrow().kind()).isEqualTo(ConstantKind.HANDLE);
        assertThat(blueprint.constant("MPI_SUM").orElseThrow().type()).isEqualTo("MPI_Op");
        assertThat(blueprint.constant("MPI_MAX_PROCESSOR_NAME").orElseThrow().kind()).isEqualTo(ConstantKind.INTEGER);
        assertThat(blueprint.constants()).noneMatch(c -> c.name().startsWith("PMPI_") || !c.name().startsWith("MPI"));
    }

    @ParameterizedTest
    @MethodSource("org.mpi4all.probe.Subject#names")
    void versionsAndIdentity(String name) {
        var implementation = Subject.of(name).blueprint().implementation();
        assertThat(implementation.mpiVersion()).isBetween(3, 5);
        assertThat(implementation.libraryVersion()).isNotBlank();
        assertThat(implementation.headers().getFirst()).isEqualTo(name.equals(Subject.ABI) ? "mpi_abi.h" : "mpi.h");
        assertThat(implementation.linkFlags()).anyMatch(f -> f.startsWith("-lmpi"));
        assertThat(implementation.compileFlags()).anyMatch(f -> f.startsWith("-I"));
    }
}
