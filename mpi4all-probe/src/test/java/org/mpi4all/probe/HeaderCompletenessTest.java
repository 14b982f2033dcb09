package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.blueprint.TypeKind;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CType;

/**
 * Every function and enum constant the header declares is in the blueprint, checked against extractions that
 * share no code with the probe: the prototypes GCC itself prints ({@code -aux-info}) and the enumerators in
 * the DWARF debug information of a compiled {@code #include <mpi.h>} ({@code readelf}).
 */
class HeaderCompletenessTest {

    /** The {@code MPI_} prototypes counted here on this machine kind, before this probe existed (impl-notes.md). */
    private static final Map<String, Integer> MPI_PROTOTYPES = Map.of(
            "openmpi", 405, "mpich", 623, "intelmpi", 680, "mpich5", 700, "openmpi5", 458, Subject.ABI, 662);

    private static final Pattern AUX_INFO = Pattern.compile("^/\\* (.+?):\\d+:\\w+ \\*/ (?:extern )?([^(]*?)\\b(MPIX?_\\w+) \\((.*)\\);$");

    /** A prototype as GCC prints it: return type and parameter types, typedef names kept. */
    record Prototype(CType returns, List<CType> parameters, boolean varargs) {}

    @ParameterizedTest
    @MethodSource("org.mpi4all.probe.Subject#names")
    void everyPrototypeIsAFunctionWithTheSameSignature(String name) throws IOException {
        Subject subject = Subject.of(name);
        Blueprint blueprint = subject.blueprint();
        Map<String, Prototype> prototypes = gccPrototypes(subject);
        assertThat(prototypes.keySet().stream().filter(n -> n.startsWith("MPI_")).count())
                .as("MPI_ prototypes gcc -aux-info finds").isEqualTo((long) MPI_PROTOTYPES.get(name));

        Set<String> unexported = notExportedByTheLibrary(subject, prototypes.keySet());
        for (var entry : prototypes.entrySet()) {
            String function = entry.getKey();
            if (unexported.contains(function)) {
                assertThat(blueprint.function(function)).as(function + ", which the library lacks").isEmpty();
                assertThat(blueprint.skipped()).as("skipped " + function)
                        .anySatisfy(s -> assertThat(s.name()).isEqualTo(function));
                continue;
            }
            FunctionInfo info = blueprint.function(function).orElseThrow(() -> new AssertionError(function + " is missing"));
            assertThat(prototypeOf(info, blueprint)).as(function).isEqualTo(entry.getValue());
        }
        // And nothing else: the only functions without a prototype are function-like macros.
        for (FunctionInfo info : blueprint.functions()) {
            if (!prototypes.containsKey(info.name())) {
                assertThat(info.origin()).as(info.name()).isEqualTo(FunctionInfo.Origin.MACRO);
                assertThat(info.exported()).isFalse();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("org.mpi4all.probe.Subject#names")
    void everyEnumConstantIsAConstantWithTheSameValue(String name) throws IOException {
        Subject subject = Subject.of(name);
        Map<String, Long> enumerators = dwarfEnumerators(subject);
        assertThat(enumerators).as("MPI enumerators in the DWARF of mpi.h").isNotEmpty();
        Map<String, ConstantInfo> enumConstants = subject.blueprint().constants().stream()
                .filter(c -> c.origin() == ConstantInfo.Origin.ENUM)
                .collect(Collectors.toMap(ConstantInfo::name, c -> c, (a, b) -> a, TreeMap::new));
        assertThat(enumConstants.keySet()).isEqualTo(new TreeSet<>(enumerators.keySet()));
        enumerators.forEach((enumerator, value) -> assertThat(enumConstants.get(enumerator).value())
                .as(enumerator).isEqualTo(value));
    }

    private static Prototype prototypeOf(FunctionInfo function, Blueprint blueprint) {
        List<CType> parameters = function.signature().parameters().stream()
                .map(Parameter::type).map(CDeclarationParser::parseType).map(t -> adjusted(t, blueprint)).toList();
        return new Prototype(CDeclarationParser.parseType(function.signature().returns()), parameters,
                function.signature().varargs());
    }

    /**
     * C's adjustment of parameter types, which -aux-info applies: arrays and functions become pointers, also a
     * function typedef ({@code MPI_T_event_free_cb_function free_cb_function} in MPI_T_event_handle_free).
     */
    private static CType adjusted(CType type, Blueprint blueprint) {
        return switch (type) {
            case CType.Array array -> new CType.Pointer(array.element());
            case CType.Function function -> new CType.Pointer(function);
            case CType.Named named when blueprint.type(named.name()).map(t -> t.kind() == TypeKind.FUNCTION).orElse(false) ->
                    new CType.Pointer(named);
            default -> type;
        };
    }

    /** The MPI prototypes {@code gcc -aux-info} prints for {@code #include <mpi.h>}. */
    static Map<String, Prototype> gccPrototypes(Subject subject) throws IOException {
        Path dir = subject.scratch("aux-info");
        Files.writeString(dir.resolve("include_mpi.c"), "#include <mpi.h>\n");
        ProcessOutput output = subject.wrapper().run(dir,
                List.of("-aux-info", "prototypes.txt", "-c", "include_mpi.c", "-o", "include_mpi.o"));
        assertThat(output.succeeded()).as(output.stderr()).isTrue();
        Map<String, Prototype> prototypes = new TreeMap<>();
        for (String line : Files.readAllLines(dir.resolve("prototypes.txt"))) {
            Matcher m = AUX_INFO.matcher(line);
            if (!m.matches()) {
                continue;
            }
            List<CType> parameters = new ArrayList<>();
            boolean varargs = false;
            for (String parameter : splitTopLevel(m.group(4))) {
                if (parameter.equals("...")) {
                    varargs = true;
                } else if (!parameter.equals("void")) {
                    parameters.add(CDeclarationParser.parseType(parameter));
                }
            }
            prototypes.putIfAbsent(m.group(3), new Prototype(CDeclarationParser.parseType(m.group(2).strip()),
                    parameters, varargs));
        }
        return prototypes;
    }

    private static List<String> splitTopLevel(String list) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        StringBuilder part = new StringBuilder();
        for (char c : list.toCharArray()) {
            if (c == ',' && depth == 0) {
                parts.add(part.toString().strip());
                part.setLength(0);
                continue;
            }
            depth += c == '(' || c == '[' ? 1 : c == ')' || c == ']' ? -1 : 0;
            part.append(c);
        }
        if (!part.isEmpty()) {
            parts.add(part.toString().strip());
        }
        return parts;
    }

    /** Which of {@code functions} the library's dynamic symbol table lacks, by {@code nm -D}. */
    private static Set<String> notExportedByTheLibrary(Subject subject, Set<String> functions) {
        ProcessOutput nm = ProcessOutput.run(List.of("nm", "-D", "--defined-only", subject.library().toString()),
                subject.workDirectory(), Map.of());
        assertThat(nm.succeeded()).as(nm.stderr()).isTrue();
        Set<String> defined = nm.stdout().lines().map(l -> l.substring(l.lastIndexOf(' ') + 1).replaceFirst("@.*", ""))
                .collect(Collectors.toSet());
        Set<String> missing = new TreeSet<>(functions);
        missing.removeAll(defined);
        return missing;
    }

    /** The {@code MPI_}/{@code MPIX_} enumerators in the DWARF of a compiled {@code #include <mpi.h>}. */
    static Map<String, Long> dwarfEnumerators(Subject subject) throws IOException {
        Path dir = subject.scratch("dwarf");
        Files.writeString(dir.resolve("include_mpi.c"), "#include <mpi.h>\nint main(void) { return 0; }\n");
        ProcessOutput compile = subject.wrapper().run(dir, List.of("-g", "-fno-eliminate-unused-debug-types", "-c",
                "include_mpi.c", "-o", "include_mpi.o"));
        assertThat(compile.succeeded()).as(compile.stderr()).isTrue();
        ProcessOutput readelf = ProcessOutput.run(List.of("readelf", "--debug-dump=info", "include_mpi.o"), dir, Map.of());
        assertThat(readelf.succeeded()).as(readelf.stderr()).isTrue();
        Map<String, Long> enumerators = new HashMap<>();
        String name = null;
        boolean inEnumerator = false;
        for (String line : readelf.stdout().lines().toList()) {
            if (line.contains("Abbrev Number")) {
                inEnumerator = line.contains("(DW_TAG_enumerator)");
                name = null;
            } else if (inEnumerator && line.contains("DW_AT_name")) {
                name = line.substring(line.lastIndexOf(':') + 1).strip();
            } else if (inEnumerator && line.contains("DW_AT_const_value") && name != null && HeaderInventory.isMpiName(name)) {
                enumerators.put(name, Long.parseLong(line.substring(line.lastIndexOf(':') + 1).strip()));
            }
        }
        return enumerators;
    }
}
