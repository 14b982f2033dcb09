package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.blueprint.Signature;
import org.mpi4all.core.blueprint.TypeInfo;

/**
 * Every parameter has a real name. The few that neither the header nor the MPI standard names get a name
 * derived from their type; this test lists every such case, so that a new one cannot slip in unnoticed.
 */
class ParameterNamesTest {
    private static final Pattern MADE_UP = Pattern.compile("(x|arg|param|p)\\d+");

    /** MPICH's deprecated MPI-1 handler type and its generalized-request callbacks name no parameters. */
    private static final Map<String, List<String>> MPICH_FAMILY = Map.of(
            "MPI_Handler_function", List.of("comm_ptr", "int_ptr"),
            "MPIX_Grequest_poll_function", List.of("void_ptr", "status_ptr"),
            "MPIX_Grequest_wait_function", List.of("int_value", "void_ptr_ptr", "double_value", "status_ptr"));

    /** MPICH 5's mpi.h adds MPIX callbacks without names (its mpi_abi.h names the same ones). */
    private static final Map<String, List<String>> MPICH5 = Map.ofEntries(
            Map.entry("MPI_Handler_function", List.of("comm_ptr", "int_ptr")),
            Map.entry("MPIX_Grequest_poll_function", List.of("void_ptr", "status_ptr")),
            Map.entry("MPIX_Grequest_wait_function", List.of("int_value", "void_ptr_ptr", "double_value", "status_ptr")),
            Map.entry("MPIX_Async_poll_function", List.of("async_thing")),
            Map.entry("MPIX_Destructor_function", List.of("void_ptr")),
            Map.entry("MPIX_User_function_x", List.of("void_ptr1", "void_ptr2", "count", "datatype", "void_ptr3")),
            Map.entry("MPIX_Comm_errhandler_function_x", List.of("comm", "int_value", "void_ptr")),
            Map.entry("MPIX_File_errhandler_function_x", List.of("file", "int_value", "void_ptr")),
            Map.entry("MPIX_Session_errhandler_function_x", List.of("session", "int_value", "void_ptr")),
            Map.entry("MPIX_Win_errhandler_function_x", List.of("win", "int_value", "void_ptr")));

    private static final Map<String, Map<String, List<String>>> DERIVED = Map.of(
            "openmpi", Map.of(),
            "mpich", MPICH_FAMILY,
            "intelmpi", MPICH_FAMILY,
            "mpich5", MPICH5,
            "openmpi5", Map.of(),
            Subject.ABI, Map.of());

    @ParameterizedTest
    @MethodSource("org.mpi4all.probe.Subject#names")
    void onlyTheListedParametersHaveDerivedNames(String name) {
        Subject subject = Subject.of(name);
        assertThat(subject.result().derivedParameterNames()).isEqualTo(DERIVED.get(name));
        subject.result().derivedParameterNames().forEach((owner, names) -> assertThat(
                subject.blueprint().type(owner).orElseThrow().signature().parameters())
                .extracting(Parameter::name).containsAll(names));
    }

    @ParameterizedTest
    @MethodSource("org.mpi4all.probe.Subject#names")
    void noParameterIsUnnamedOrNumbered(String name) {
        Blueprint blueprint = Subject.of(name).blueprint();
        Stream<Signature> signatures = Stream.concat(
                blueprint.functions().stream().map(f -> f.signature()),
                blueprint.types().stream().map(TypeInfo::signature).filter(s -> s != null));
        signatures.flatMap(s -> s.parameters().stream()).forEach(p -> {
            assertThat(p.name()).isNotBlank();
            assertThat(p.name()).doesNotMatch(MADE_UP);
        });
        // Callback types take the standard's names where the header gives none (Open MPI names none).
        assertThat(blueprint.type("MPI_User_function").orElseThrow().signature().parameters())
                .extracting(Parameter::name).containsExactly("invec", "inoutvec", "len", "datatype");
        assertThat(blueprint.function("MPI_Send").orElseThrow().signature().parameters())
                .extracting(Parameter::name).containsExactly("buf", "count", "datatype", "dest", "tag", "comm");
    }
}
