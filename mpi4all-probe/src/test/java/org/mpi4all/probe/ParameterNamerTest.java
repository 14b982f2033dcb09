package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CType;
import org.mpi4all.core.standard.StandardApi;

class ParameterNamerTest {
    private final ParameterNamer namer = new ParameterNamer(StandardApi.get());

    private static CType.Function function(String spelling) {
        return (CType.Function) CDeclarationParser.parseType(spelling);
    }

    @Test
    void headerNamesWinThenTheStandardsThenDerivedOnes() {
        List<Parameter> send = namer.parameters("MPI_Send", function("int (const void *, int, MPI_Datatype, int, int, MPI_Comm)"),
                Arrays.asList("sbuf", null, null, null, null, null), List.of());
        assertThat(send).extracting(Parameter::name).containsExactly("sbuf", "count", "datatype", "dest", "tag", "comm");
        assertThat(send.getFirst().direction()).isEqualTo("in");
        List<Parameter> unknown = namer.parameters("MPIX_Unknown", function("int (void *, void *, MPI_Status *, int)"),
                List.of(), List.of());
        assertThat(unknown).extracting(Parameter::name).containsExactly("void_ptr1", "void_ptr2", "status_ptr", "int_value");
        assertThat(namer.derivedNames()).containsOnlyKeys("MPIX_Unknown");
    }

    @Test
    void largeCountVariantsAndLengthsUseTheHeadersNames() {
        List<Parameter> incl = namer.parameters("MPI_Group_range_incl", function("int (MPI_Group, int, int [][3], MPI_Group *)"),
                List.of("group", "count", "ranges", "newgroup"), List.of());
        assertThat(incl.get(2).length()).isEqualTo("count, 3");
        assertThat(incl.get(3).direction()).isEqualTo("out");
        List<Parameter> sendC = namer.parameters("MPI_Send_c", function("int (const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm)"),
                List.of(), List.of());
        assertThat(sendC).extracting(Parameter::name).containsExactly("buf", "count", "datatype", "dest", "tag", "comm");
    }

    @Test
    void derivedNamesComeFromTypes() {
        assertThat(ParameterNamer.derive(List.of(CDeclarationParser.parseType("MPI_Comm"),
                CDeclarationParser.parseType("int (*)(void)"), CDeclarationParser.parseType("struct s **"),
                CDeclarationParser.parseType("unsigned long"), CDeclarationParser.parseType("char []"))))
                .containsExactly("comm", "function_ptr", "s_ptr_ptr", "unsigned_long_value", "char_ptr");
    }
}
