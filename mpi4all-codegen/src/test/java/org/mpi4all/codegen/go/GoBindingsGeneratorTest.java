package org.mpi4all.codegen.go;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.blueprint.Signature;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;

class GoBindingsGeneratorTest {

    private static Map<String, String> files(Blueprint blueprint) {
        GoBindingsGenerator.Result result = GoBindingsGenerator.generate(blueprint);
        assertThat(result.skipped()).isEmpty();
        return result.files().stream()
                .collect(Collectors.toMap(GoBindingsGenerator.GeneratedFile::name, GoBindingsGenerator.GeneratedFile::text));
    }

    @Test
    void anErrorCodeFunctionReturnsAnErrorFromItsShim() {
        Map<String, String> files = files(GoFixtures.mpichLike());

        assertThat(wrapper(files, "MPI_Send")).isEqualTo("""
                // MPI_Send calls
                //
                //\tint MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
                //
                // It returns the error code as an *Error, nil for MPI_SUCCESS.
                func MPI_Send(buf unsafe.Pointer, count int32, datatype MPI_Datatype, dest int32, tag int32, comm MPI_Comm) error {
                \treturn check("MPI_Send", C.mpi4all_go_MPI_Send(buf, C.int(count), datatype.handle, C.int(dest), C.int(tag), comm.handle))
                }
                """);
        assertThat(shim(files, "MPI_Send")).isEqualTo("static inline int mpi4all_go_MPI_Send(const void *buf, int count, "
                + "MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) "
                + "{ return MPI_Send(buf, count, datatype, dest, tag, comm); }");
    }

    @Test
    void integerHandlesAreHeldAsTheirCType() {
        Map<String, String> files = files(GoFixtures.mpichLike());

        assertThat(files.get("types.go")).contains("type MPI_Comm struct {\n\thandle C.MPI_Comm\n}");
        assertThat(wrapper(files, "MPI_Comm_f2c")).contains("func MPI_Comm_f2c(comm int32) MPI_Comm {\n"
                + "\treturn MPI_Comm{C.mpi4all_go_MPI_Comm_f2c(C.int(comm))}\n}");
    }

    @Test
    void pointerHandlesTravelAsIntegersAndAreCastBackInTheShim() {
        Map<String, String> files = files(GoFixtures.openmpiLike());

        assertThat(files.get("types.go")).contains("type MPI_Comm struct {\n\thandle C.uintptr_t\n}");
        assertThat(shim(files, "MPI_Send")).isEqualTo("static inline int mpi4all_go_MPI_Send(const void *buf, int count, "
                + "uintptr_t datatype, int dest, int tag, uintptr_t comm) { return MPI_Send((const void *)"
                + "mpi4all_go_sentinel(buf), count, (MPI_Datatype)datatype, dest, tag, (MPI_Comm)comm); }");
        assertThat(shim(files, "MPI_Comm_f2c")).isEqualTo(
                "static inline uintptr_t mpi4all_go_MPI_Comm_f2c(int comm) { return (uintptr_t)MPI_Comm_f2c(comm); }");
        assertThat(wrapper(files, "MPI_Waitall")).contains(
                "C.mpi4all_go_MPI_Waitall(C.int(count), (*C.uintptr_t)(unsafe.Pointer(array_of_requests)), "
                        + "(*C.MPI_Status)(unsafe.Pointer(array_of_statuses)))");
        assertThat(shim(files, "MPI_Waitall")).contains("uintptr_t *array_of_requests", "(MPI_Request *)array_of_requests");
    }

    @Test
    void aPointerHandleAmongIntegerHandlesIsCarriedAsAPointer() {
        Map<String, String> files = files(GoFixtures.mpichLike());

        assertThat(files.get("types.go")).contains("type MPI_File struct {\n\thandle C.uintptr_t\n}");
        assertThat(shim(files, "MPI_File_close")).contains("(uintptr_t *fh) { return MPI_File_close((MPI_File *)fh); }");
    }

    @Test
    void theGoSignaturesAreTheSameWhateverTheHandleRepresentation() {
        assertThat(goSignatures(files(GoFixtures.mpichLike()))).isEqualTo(goSignatures(files(GoFixtures.openmpiLike())));
    }

    @Test
    void macrosAndVarargsFunctionsAreCalledThroughTheAuxiliaryLibrary() {
        Map<String, String> files = files(GoFixtures.mpichLike());

        assertThat(shim(files, "MPI_Aint_add")).isEqualTo("static inline MPI_Aint mpi4all_go_MPI_Aint_add(MPI_Aint base, "
                + "MPI_Aint disp) { return mpi4all_MPI_Aint_add(base, disp); }");
        assertThat(shim(files, "MPI_Pcontrol")).isEqualTo(
                "static inline int mpi4all_go_MPI_Pcontrol(int level) { return mpi4all_MPI_Pcontrol(level); }");
        assertThat(files.get("mpi4all_go.h")).contains(
                "MPI_Aint mpi4all_MPI_Aint_add(MPI_Aint base, MPI_Aint disp);",
                "int mpi4all_MPI_Pcontrol(const int level);");
        assertThat(files.get("mpi4all_aux.c")).startsWith("#include \"mpi4all_go.h\"")
                .contains("int mpi4all_MPI_Pcontrol(const int level) { return MPI_Pcontrol(level); }");
        assertThat(wrapper(files, "MPI_Aint_add")).contains("a function-like macro in C, through the auxiliary library.",
                "func MPI_Aint_add(base MPI_Aint, disp MPI_Aint) MPI_Aint {");
        assertThat(wrapper(files, "MPI_Pcontrol")).contains("without its variable arguments",
                "func MPI_Pcontrol(level int32) error {");
        assertThat(shim(files, "MPI_Send")).contains("return MPI_Send(");
    }

    @Test
    void integerConstantsAreEvaluatedByCgoAndTheOthersReadFromTheAuxiliaryLibrary() {
        String mpich = files(GoFixtures.mpichLike()).get("constants.go");
        Map<String, String> openmpi = files(GoFixtures.openmpiLike());

        assertThat(mpich).contains("\tMPI_ANY_SOURCE           = C.MPI_ANY_SOURCE\n",
                "\tMPI_THREAD_MULTIPLE      = C.MPI_THREAD_MULTIPLE\n",
                "\tMPI_COMM_WORLD        = MPI_Comm{C.mpi4all_MPI_COMM_WORLD}\n",
                "\tMPI_IN_PLACE          = unsafe.Pointer(C.mpi4all_MPI_IN_PLACE)\n",
                "\tMPI_COMM_NULL_COPY_FN = (*MPI_Comm_copy_attr_function)(unsafe.Pointer(C.mpi4all_MPI_COMM_NULL_COPY_FN))\n",
                "\tMPI_AINT_FMT_DEC_SPEC = C.GoString(C.mpi4all_MPI_AINT_FMT_DEC_SPEC)\n");
        assertThat(openmpi.get("constants.go")).contains(
                "MPI_COMM_WORLD        = MPI_Comm{C.uintptr_t(uintptr(unsafe.Pointer(C.mpi4all_MPI_COMM_WORLD)))}",
                "MPI_STATUS_IGNORE     = (*MPI_Status)(unsafe.Pointer(C.mpi4all_MPI_STATUS_IGNORE))");
        assertThat(openmpi.get("mpi4all_go.h")).contains("extern const MPI_Comm mpi4all_MPI_COMM_WORLD;",
                "extern MPI_Comm_copy_attr_function * const mpi4all_MPI_COMM_NULL_COPY_FN;")
                .doesNotContain("mpi4all_MPI_ANY_SOURCE");
        // A constant is the value C denotes, never the address of the auxiliary library's copy of it.
        assertThat(mpich + openmpi.get("constants.go")).doesNotContain("&C.mpi4all_MPI_");
    }

    @Test
    void smallSentinelsAreStandInsThatTheShimsTranslate() {
        Map<String, String> mpich = files(GoFixtures.mpichLike());
        Map<String, String> openmpi = files(GoFixtures.openmpiLike());

        assertThat(mpich.get("constants.go"))
                .contains("MPI_STATUS_IGNORE     = (*MPI_Status)(unsafe.Pointer(&C.mpi4all_go_stand_ins[0]))");
        assertThat(mpich.get("mpi4all_go.h")).contains("extern char mpi4all_go_stand_ins[1];");
        assertThat(mpich.get("mpi4all_go.c")).contains("char mpi4all_go_stand_ins[1];");
        assertThat(mpich.get("mpi4all_shims.h")).contains("case 0: return (void *)MPI_STATUS_IGNORE;");
        assertThat(shim(mpich, "MPI_Recv")).contains("(MPI_Status *)mpi4all_go_sentinel(status)")
                .doesNotContain("mpi4all_go_sentinel(buf)");
        assertThat(shim(mpich, "MPI_Waitall")).contains("(MPI_Status *)mpi4all_go_sentinel(array_of_statuses)");

        assertThat(openmpi.get("constants.go")).contains("MPI_IN_PLACE          = unsafe.Pointer(&C.mpi4all_go_stand_ins[0])");
        assertThat(shim(openmpi, "MPI_Allreduce")).contains("(const void *)mpi4all_go_sentinel(sendbuf)",
                "(void *)mpi4all_go_sentinel(recvbuf)");
        assertThat(shim(openmpi, "MPI_Recv")).doesNotContain("mpi4all_go_sentinel(status)");
    }

    @Test
    void noStandInsWithoutSmallSentinels() {
        Blueprint withoutSmallSentinels = GoFixtures.mpichLike();
        withoutSmallSentinels = new Blueprint(withoutSmallSentinels.schema(), withoutSmallSentinels.implementation(),
                withoutSmallSentinels.types(), withoutSmallSentinels.functions(),
                withoutSmallSentinels.constants().stream().filter(c -> !c.name().equals("MPI_STATUS_IGNORE")).toList());

        Map<String, String> files = files(withoutSmallSentinels);

        assertThat(files).doesNotContainKey("mpi4all_go.c");
        assertThat(files.get("mpi4all_shims.h")).doesNotContain("mpi4all_go_sentinel");
    }

    @Test
    void initialisationAndWindowConstructorsInstallErrorsReturn() {
        Map<String, String> files = files(GoFixtures.mpichLike());

        assertThat(wrapper(files, "MPI_Init")).contains("\tif err := check(\"MPI_Init\", ", "; err != nil {\n\t\treturn err\n\t}\n"
                + "\treturn returnErrors()\n}");
        assertThat(files.get("functions.go")).contains("func returnErrors() error {\n"
                + "\tif err := MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); err != nil {\n\t\treturn err\n\t}\n"
                + "\treturn MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN)\n}");
        assertThat(wrapper(files, "MPI_Win_create")).contains("\treturn MPI_Win_set_errhandler(*win, MPI_ERRORS_RETURN)\n}");
        assertThat(wrapper(files, "MPI_Send")).doesNotContain("errhandler");
    }

    @Test
    void statusFieldsSitAtTheMeasuredOffsetsWhichTheCompilerChecks() {
        String mpich = files(GoFixtures.mpichLike()).get("types.go");
        String openmpi = files(GoFixtures.openmpiLike()).get("types.go");

        assertThat(mpich).contains("type MPI_Status struct {\n\tcount_lo               int32\n"
                + "\tcount_hi_and_cancelled int32\n\tMPI_SOURCE             int32\n\tMPI_TAG                int32\n"
                + "\tMPI_ERROR              int32\n}");
        assertThat(openmpi).contains("\t_ucount    int64\n}",
                "var _ [unsafe.Sizeof(MPI_Status{})]byte = [C.sizeof_MPI_Status]byte{}",
                "var _ [unsafe.Offsetof(MPI_Status{}.MPI_SOURCE)]byte = [unsafe.Offsetof(C.MPI_Status{}.MPI_SOURCE)]byte{}");
    }

    @Test
    void gapsInAStructBecomePadding() {
        Blueprint base = GoFixtures.mpichLike();
        List<TypeInfo> types = new ArrayList<>(base.types().stream().filter(t -> !t.name().equals("MPI_Status")).toList());
        // 32 bytes: more than the 24 that alignment alone gives, as reserved space would make it.
        types.add(new TypeInfo("MPI_Status", TypeKind.STRUCT, "struct MPI_Status", "struct MPI_Status", 32, 8, null, null,
                List.of(new TypeInfo.Field("MPI_SOURCE", "int", 0, 4), new TypeInfo.Field("count", "size_t", 8, 8),
                        new TypeInfo.Field("MPI_TAG", "int", 16, 4)), null));

        String go = files(new Blueprint(base.schema(), base.implementation(), types, base.functions(), base.constants()))
                .get("types.go");

        assertThat(go).contains("type MPI_Status struct {\n\tMPI_SOURCE int32\n\t_          [4]byte\n\tcount      int64\n"
                + "\tMPI_TAG    int32\n\t_          [12]byte\n}");
    }

    @Test
    void goFunctionsBecomeCallbacksThroughTrampolines() {
        Map<String, String> openmpi = files(GoFixtures.openmpiLike());
        Map<String, String> mpich = files(GoFixtures.mpichLike());

        assertThat(openmpi.get("mpi4all_callbacks.c")).contains("#include \"_cgo_export.h\"",
                "static void mpi4all_go_MPI_User_function_0(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype) "
                        + "{ mpi4allGo_MPI_User_function(0, (void *)invec, (void *)inoutvec, (int *)len, (uintptr_t *)datatype); }",
                "static int mpi4all_go_MPI_Comm_copy_attr_function_15(MPI_Comm oldcomm, int comm_keyval, void *extra_state, "
                        + "void *attribute_val_in, void *attribute_val_out, int *flag) { return "
                        + "mpi4allGo_MPI_Comm_copy_attr_function(15, (uintptr_t)oldcomm, comm_keyval, ",
                "MPI_User_function *const mpi4all_go_MPI_User_function_slots[16] = {\n    mpi4all_go_MPI_User_function_0,\n");
        assertThat(mpich.get("mpi4all_callbacks.c")).contains("return mpi4allGo_MPI_Comm_copy_attr_function(15, oldcomm, ");
        assertThat(openmpi.get("callbacks.go")).contains("//export mpi4allGo_MPI_User_function\n"
                        + "func mpi4allGo_MPI_User_function(slot C.int, invec unsafe.Pointer, inoutvec unsafe.Pointer, len *C.int, "
                        + "datatype *C.uintptr_t) {\n\tslots_MPI_User_function.get(int(slot))(invec, inoutvec, "
                        + "(*int32)(unsafe.Pointer(len)), (*MPI_Datatype)(unsafe.Pointer(datatype)))\n}",
                "func NewMPI_User_function(f func(invec unsafe.Pointer, inoutvec unsafe.Pointer, len *int32, datatype *MPI_Datatype)) "
                        + "(*MPI_User_function, func(), error) {",
                "\treturn (*MPI_User_function)(C.mpi4all_go_MPI_User_function_slots[slot]), release, nil\n",
                "\treturn C.int(slots_MPI_Comm_copy_attr_function.get(int(slot))(MPI_Comm{oldcomm}, int32(comm_keyval), ");
        assertThat(openmpi.get("mpi4all_go.h")).contains("extern MPI_User_function *const mpi4all_go_MPI_User_function_slots[16];");
        assertThat(openmpi.get("slots.go")).contains("const callbackSlotCount = " + Callbacks.SLOTS + "\n");
    }

    @Test
    void parameterNamesThatAreGoKeywordsGetAnUnderscore() {
        assertThat(wrapper(files(GoFixtures.mpichLike()), "MPI_Type_get_name"))
                .contains("func MPI_Type_get_name(type_ MPI_Datatype, type_name *byte, resultlen *int32) error {");
    }

    @Test
    void aFunctionWithATypeGoCannotExpressIsSkippedWithTheReason() {
        Blueprint base = GoFixtures.mpichLike();
        List<FunctionInfo> functions = new ArrayList<>(base.functions());
        functions.add(new FunctionInfo("MPIX_Long_double", new Signature("int",
                List.of(new Parameter("x", "long double")), false), FunctionInfo.Origin.PROTOTYPE, "mpi.h", true, false, true));

        GoBindingsGenerator.Result result = GoBindingsGenerator.generate(
                new Blueprint(base.schema(), base.implementation(), base.types(), functions, base.constants()));

        assertThat(result.skipped()).containsExactly(new GoBindingsGenerator.Skip("MPIX_Long_double",
                "type long double is not in the blueprint"));
        assertThat(result.files().stream()
                .filter(f -> !f.name().equals(GoBindingsGenerator.BLUEPRINT))
                .map(GoBindingsGenerator.GeneratedFile::text)).noneMatch(t -> t.contains("MPIX_Long_double"));
    }

    @Test
    void aNameDeclaredTwiceInGoIsRefused() {
        Blueprint base = GoFixtures.mpichLike();
        List<FunctionInfo> functions = new ArrayList<>(base.functions());
        functions.add(new FunctionInfo("MPI_Comm", new Signature("int", List.of(), false),
                FunctionInfo.Origin.PROTOTYPE, "mpi.h", true, false, true));

        assertThatThrownBy(() -> GoBindingsGenerator.generate(
                new Blueprint(base.schema(), base.implementation(), base.types(), functions, base.constants())))
                .hasMessage("function MPI_Comm has the name of a type");
    }

    @Test
    void errorClassesLeaveOutTheLastCodeMarker() {
        assertThat(files(GoFixtures.mpichLike()).get("constants.go")).contains(
                "\t{MPI_ERR_OTHER, \"MPI_ERR_OTHER\"},\n\t{MPI_ERR_RANK, \"MPI_ERR_RANK\"},\n}").doesNotContain("{MPI_ERR_LASTCODE");
    }

    @Test
    void theRuntimeFilesAndTheBlueprintAreCopiedIntoThePackage() {
        Map<String, String> files = files(GoFixtures.mpichLike());

        assertThat(BlueprintJson.fromJson(files.get("blueprint.json"))).isEqualTo(GoFixtures.mpichLike());
        assertThat(files.get("errors.go")).contains("func check(function string, code C.int) error {");
        assertThat(files.get("buffers.go")).contains("func P[T any](v *T) unsafe.Pointer {");
        assertThat(files.get("thread.go")).contains("runtime.LockOSThread()");
        assertThat(files.get("exit.go")).contains("C.exit(C.int(code))");
        assertThat(files.get("slots.go")).contains("func (s *callbackSlots[F]) add(f F, typeName string) (int, func(), error) {");
        assertThat(files.get("doc.go")).contains("package mpi");
    }

    /** gofmt is the judge of Go layout; the test needs the Go toolchain, which the Go bindings need anyway. */
    @Test
    void theGoFilesAreGofmtClean(@TempDir Path directory) throws IOException, InterruptedException {
        String gofmt = onPath("gofmt");
        assumeTrue(gofmt != null, "gofmt is not on PATH");
        for (Blueprint blueprint : List.of(GoFixtures.mpichLike(), GoFixtures.openmpiLike())) {
            Path packageDirectory = Files.createDirectories(directory.resolve(blueprint.implementation().name()));
            GoBindingsGenerator.generate(blueprint).writeTo(packageDirectory);
            Process process = new ProcessBuilder(gofmt, "-l", packageDirectory.toString()).redirectErrorStream(true).start();
            String unformatted = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor()).isZero();
            assertThat(unformatted).as("files gofmt would change").isEmpty();
        }
    }

    /** The declarations of the exported functions and methods of the Go files, sorted: the package's API. */
    private static List<String> goSignatures(Map<String, String> files) {
        Pattern exported = Pattern.compile("^func (\\([^)]*\\) )?\\p{Lu}");
        return files.entrySet().stream()
                .filter(e -> e.getKey().endsWith(".go"))
                .flatMap(e -> e.getValue().lines())
                .filter(line -> exported.matcher(line).find())
                .sorted()
                .toList();
    }

    /** The doc comment and declaration of the Go function {@code name} in functions.go. */
    private static String wrapper(Map<String, String> files, String name) {
        Matcher m = Pattern.compile("(?m)^// " + name + " calls\n(//.*\n)*func " + name + "\\(.*?\n}\n", Pattern.DOTALL)
                .matcher(files.get("functions.go"));
        assertThat(m.find()).as("wrapper of " + name).isTrue();
        return m.group();
    }

    /** The shim of {@code name} in mpi4all_shims.h. */
    private static String shim(Map<String, String> files, String name) {
        return files.get("mpi4all_shims.h").lines()
                .filter(line -> line.contains(" mpi4all_go_" + name + "("))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no shim for " + name));
    }

    private static String onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .map(dir -> Path.of(dir.isEmpty() ? "." : dir, program))
                .filter(Files::isExecutable)
                .map(Path::toString)
                .findFirst()
                .orElse(null);
    }
}
