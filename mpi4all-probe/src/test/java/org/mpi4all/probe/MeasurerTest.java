package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MeasurerTest {
    private final MeasurementProgram.Item lb = new MeasurementProgram.Item.Constant("MPI_LB");
    private final MeasurementProgram.Item ub = new MeasurementProgram.Item.Constant("MPI_UB");
    private final MeasurementProgram.Item world = new MeasurementProgram.Item.StaticInitializer("MPI_COMM_WORLD");

    @Test
    void errorsAreBlamedOnTheLinesTheyOrTheirNotesPointAt() {
        String stderr = """
                m4a_measure.c: In function 'main':
                m4a_measure.c:70:5: error: expected ')' before ';' token
                /usr/include/mpi.h:400:10: error: static assertion failed: "MPI_UB was removed in MPI-3.0"
                m4a_measure.c:71:5: note: in expansion of macro 'MPI_UB'
                m4a_measure.c:72:5: warning: unused value
                m4a_measure.c:30:1: error: initializer element is not constant
                """;
        Map<MeasurementProgram.Item, String> blamed = Measurer.blame(stderr, Map.of(70, lb, 71, ub, 30, world, 72, lb));
        assertThat(blamed).containsExactly(
                Map.entry(lb, "expected ')' before ';' token"),
                Map.entry(ub, "static assertion failed: \"MPI_UB was removed in MPI-3.0\""),
                Map.entry(world, "initializer element is not constant"));
    }

    @Test
    void errorsOutsideTheProgramBlameNothing() {
        assertThat(Measurer.blame("/usr/include/mpi.h:1:1: error: broken\n", Map.of(1, lb))).isEmpty();
    }

    @Test
    void outputLinesBecomeMeasurements() {
        Measurements m = Measurer.parse("""
                C\tMPI_ANY_SOURCE\tint\t1\tinteger\t-2
                C\tMPI_COMM_WORLD\t\t0\tpointer\t94823
                C\tMPI_X\tdouble\t1\tfloat\t0xc.8p-3
                C\tMPI_S\tchar *\t1\tstring\t25 6c64
                T\tMPI_Status\t20\t4\t-
                T\tint\t4\t4\t1
                F\tMPI_Status\tMPI_TAG\t12\t4
                S\tMPI_Send
                L\t2f6c69622f6c69626d70692e736f2e3430
                V\t4d50494348
                """.replace("25 6c64", "256c64"));
        assertThat(m.constant("MPI_ANY_SOURCE").orElseThrow())
                .isEqualTo(new Measurements.Constant("int", true, new Measurements.Value.Integer(-2, false)));
        assertThat(m.constant("MPI_COMM_WORLD").orElseThrow().constant()).isFalse();
        assertThat(m.constant("MPI_X").orElseThrow().value()).isEqualTo(new Measurements.Value.Floating(1.5625));
        assertThat(m.constant("MPI_S").orElseThrow().value()).isEqualTo(new Measurements.Value.Text("%ld"));
        assertThat(m.type("MPI_Status").orElseThrow()).isEqualTo(new Measurements.Type(20, 4, null));
        assertThat(m.type("int").orElseThrow().signed()).isTrue();
        assertThat(m.fieldsOf("MPI_Status")).containsEntry("MPI_TAG", new Measurements.Field(12, 4));
        assertThat(m.exported()).containsExactly("MPI_Send");
        assertThat(m.library()).isEqualTo("/lib/libmpi.so.40");
        assertThat(m.libraryVersion()).isEqualTo("MPICH");
        assertThatThrownBy(() -> Measurer.parse("Z\tsomething\n"))
                .isInstanceOf(ProbeException.class)
                .hasMessage("the measuring program printed an unexpected line: Z\tsomething");
    }
}
