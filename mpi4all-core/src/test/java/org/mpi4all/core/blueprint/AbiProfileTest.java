package org.mpi4all.core.blueprint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a blueprint's facts become profile lines: the value forms and the macros Java can compute. */
class AbiProfileTest {
    private static ConstantInfo macro(String name, String type, ConstantKind kind, String expansion, Long value) {
        return new ConstantInfo(name, type, kind, ConstantInfo.Origin.MACRO, expansion, expansion, value, null, null);
    }

    @Test
    void constantValuesAreNumbersSymbolsOrTheAuxiliaryLibrary() {
        assertThat(AbiProfile.value(macro("MPI_ANY_SOURCE", "int", ConstantKind.INTEGER, "(-2)", -2L))).isEqualTo("-2");
        assertThat(AbiProfile.value(macro("MPI_COMM_WORLD", "MPI_Comm", ConstantKind.HANDLE,
                "((MPI_Comm) ((void *) &(ompi_mpi_comm_world)))", null))).isEqualTo("&ompi_mpi_comm_world");
        assertThat(AbiProfile.value(macro("MPI_COMM_DUP_FN", "MPI_Comm_copy_attr_function *", ConstantKind.FUNCTION,
                "((MPI_Comm_copy_attr_function *)MPIR_Dup_fn)", null))).isEqualTo("&MPIR_Dup_fn");
        assertThat(AbiProfile.value(new ConstantInfo("MPI_UNWEIGHTED", "int *", ConstantKind.POINTER,
                ConstantInfo.Origin.VARIABLE, null, null, null, null, null))).isEqualTo("*MPI_UNWEIGHTED");
        assertThat(AbiProfile.value(new ConstantInfo("MPI_AINT_FMT_DEC_SPEC", "const char *", ConstantKind.STRING,
                ConstantInfo.Origin.MACRO, "\"%ld\"", null, null, "%ld\t\"x\"\n"))).isEqualTo("\"%ld\\t\\\"x\\\"\\n\"");
        // An expression that is neither a number nor a symbol's address: only a compiled program can evaluate it.
        assertThat(AbiProfile.value(macro("MPI_ODD", "MPI_Comm", ConstantKind.HANDLE, "(base_comm + 2)", null)))
                .isEqualTo(AbiProfile.AUX);
        assertThat(AbiProfile.value(macro("MPI_ODD_FN", "MPI_Copy_function *", ConstantKind.FUNCTION,
                "(select_fn(1))", null))).isEqualTo(AbiProfile.AUX);
    }

    @Test
    void aProfileListsHandlesTheStatusLayoutConstantsAndUnexportedFunctions() {
        Signature add = new Signature("MPI_Aint", List.of(new Parameter("base", "MPI_Aint"), new Parameter("disp", "MPI_Aint")), false);
        Signature c2f = new Signature("MPI_Fint", List.of(new Parameter("comm", "MPI_Comm")), false);
        Blueprint blueprint = new Blueprint(Blueprint.SCHEMA_VERSION,
                new ImplementationInfo("mpich", "mpich", "4.0.2", "MPICH Version:\t4.0.2\nMore", 4, 0, "/lib/libmpich.so.12",
                        "/usr/bin/mpicc", List.of(), List.of(), List.of()),
                List.of(new TypeInfo("MPI_Comm", TypeKind.HANDLE, "int", "int", 4, 4, null, TypeInfo.HandleCarrier.INTEGER,
                                List.of(), null),
                        new TypeInfo("MPI_Status", TypeKind.STRUCT, "struct MPI_Status", "struct MPI_Status", 20, 4, null, null,
                                List.of(new TypeInfo.Field("count_lo", "int", 0, 4), new TypeInfo.Field("MPI_SOURCE", "int", 8, 4)),
                                null)),
                List.of(new FunctionInfo("MPI_Aint_add", add, FunctionInfo.Origin.MACRO, "mpi.h", false, true, false),
                        new FunctionInfo("MPI_Comm_c2f", c2f, FunctionInfo.Origin.MACRO, "mpi.h", false, true, false),
                        new FunctionInfo("MPI_Weird", c2f, FunctionInfo.Origin.MACRO, "mpi.h", false, true, false),
                        new FunctionInfo("MPI_Send", c2f, FunctionInfo.Origin.PROTOTYPE, "mpi.h", true, true, true)),
                List.of(macro("MPI_COMM_WORLD", "MPI_Comm", ConstantKind.HANDLE, "((MPI_Comm)0x44000000)", 0x44000000L)));

        assertThat(AbiProfile.write(blueprint).lines().toList()).containsExactly(
                AbiProfile.HEADER,
                "implementation\tmpich\tmpich\t4.0.2\tMPICH Version: 4.0.2",
                "handle\tMPI_Comm\tint",
                "struct\tMPI_Status\t20\tcount_lo:int:0\tMPI_SOURCE:int:8",
                "constant\tMPI_COMM_WORLD\t1140850688",
                "function\tMPI_Aint_add\tjava",
                "function\tMPI_Comm_c2f\tjava",
                "function\tMPI_Weird\taux");
    }
}
