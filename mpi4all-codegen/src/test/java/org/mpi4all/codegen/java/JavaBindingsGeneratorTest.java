package org.mpi4all.codegen.java;

import static org.assertj.core.api.Assertions.assertThat;

import com.palantir.javapoet.JavaFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;

class JavaBindingsGeneratorTest {

    private static Map<String, String> sources(Blueprint blueprint) {
        JavaBindingsGenerator.Result result = JavaBindingsGenerator.generate(blueprint);
        assertThat(result.skipped()).isEmpty();
        // Compare code with whitespace collapsed: where the printer wraps lines is not the point here.
        return result.files().stream().collect(Collectors.toMap(f -> f.typeSpec().name(),
                f -> f.toString().replaceAll("\\s+", " ")));
    }

    @Test
    void aFunctionCallsItsHandleExactlyAndThrowsOnErrorCodes() {
        String mpi = sources(Fixtures.intHandles()).get("Mpi");

        assertThat(holder(mpi, "MPI_Send")).contains("static void call(MemorySegment buf, int count,"
                + " MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) { if (ArgumentChecks.ENABLED) {"
                + " ArgumentChecks.alive(\"MPI_Send\", \"buf\", buf); } int result; try { result = (int) HANDLE.invokeExact(buf,"
                + " count, (int) datatype.value(), dest, tag, (int) comm.value()); } catch (Throwable t) {"
                + " throw MpiErrors.rethrow(t); } if (result != 0) { throw BoundLibrary.error(\"MPI_Send\", result); }"
                + " Upcalls.rethrowIfPending(); }");
    }

    @Test
    void thePublicMethodDelegatesToItsHolderSoThatMpiStaysSmall() {
        // A fresh JVM verifies the whole of Mpi when it initialises it, a holder only when its function is first called.
        String mpi = sources(Fixtures.intHandles()).get("Mpi");

        assertThat(mpi).contains("public static void MPI_Send(MemorySegment buf, int count, MPI_Datatype datatype,"
                + " int dest, int tag, MPI_Comm comm) { MPI_Send.call(buf, count, datatype, dest, tag, comm); }");
        assertThat(mpi).contains("public static double MPI_Wtime() { return MPI_Wtime.call(); }");
    }

    @Test
    void aFunctionThatSucceededStillThrowsWhatAJavaCallbackItRanThrew() {
        // A reduction callback returns void: MPI cannot tell that it failed, so the binding must.
        String mpi = sources(Fixtures.intHandles()).get("Mpi");

        assertThat(holder(mpi, "MPI_Send")).contains("Upcalls.rethrowIfPending();");
        assertThat(holder(mpi, "MPI_Init")).contains("Upcalls.rethrowIfPending();");
        assertThat(holder(mpi, "MPI_Wtime")).doesNotContain("Upcalls");
    }

    @Test
    void specialisedBindingsReadTheFortranStatusSentinelsVariablesWhenCalled() {
        // Intel MPI fills MPI_F_STATUS_IGNORE in MPI_Init: the auxiliary library's copy, made as it loads, is NULL.
        ConstantInfo variable = new ConstantInfo("MPI_F_STATUS_IGNORE", "MPI_Fint *", ConstantKind.POINTER,
                ConstantInfo.Origin.VARIABLE, null, null, null, null);
        Blueprint base = Fixtures.intHandles();
        List<ConstantInfo> constants = new ArrayList<>(base.constants());
        constants.add(variable);
        Blueprint blueprint = new Blueprint(base.schema(), base.implementation(), base.types(), base.functions(), constants);

        assertThat(sources(blueprint).get("Mpi"))
                .contains("MPI_F_STATUS_IGNORE() { return LIB.variableConstant(\"MPI_F_STATUS_IGNORE\"); }");
    }

    @Test
    void pointerHandlesAreCarriedAsLongs() {
        String mpi = sources(Fixtures.pointerHandles()).get("Mpi");

        assertThat(mpi).contains("HANDLE.invokeExact(buf, count, datatype.value(), dest, tag, comm.value())");
        assertThat(mpi).contains("FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG)");
    }

    @Test
    void theJavaSurfaceIsTheSameWhateverTheHandleRepresentation() {
        Map<String, String> ints = sources(Fixtures.intHandles());
        Map<String, String> pointers = sources(Fixtures.pointerHandles());

        assertThat(ints.keySet()).isEqualTo(pointers.keySet());
        for (String type : ints.keySet()) {
            assertThat(publicSignatures(ints.get(type))).as(type).isEqualTo(publicSignatures(pointers.get(type)));
        }
    }

    @Test
    void constantsAreReadFromTheAuxiliaryLibraryNotInlined() {
        Map<String, String> sources = sources(Fixtures.intHandles());

        assertThat(sources.get("MpiValues")).contains("int MPI_ANY_SOURCE = LIB.intConstant(\"MPI_ANY_SOURCE\");",
                "long MPIX_AINT_CONSTANT = LIB.longConstant(\"MPIX_AINT_CONSTANT\");");
        assertThat(sources.get("MpiHandles"))
                .contains("MPI_Comm MPI_COMM_WORLD = new MPI_Comm(LIB.intConstant(\"MPI_COMM_WORLD\"));");
        assertThat(sources.get("MpiSentinels")).contains("MemorySegment MPI_IN_PLACE = LIB.addressConstant(\"MPI_IN_PLACE\");");
        assertThat(sources(Fixtures.pointerHandles()).get("MpiHandles"))
                .contains("MPI_Comm MPI_COMM_WORLD = new MPI_Comm(LIB.longConstant(\"MPI_COMM_WORLD\"));");
    }

    @Test
    void constantsLiveInInterfacesOfTheirFamilySoThatInitialisingMpiReadsNone() {
        // A JVM initialises an interface when one of its fields is first read, not with the class implementing it.
        Map<String, String> sources = sources(Fixtures.intHandles());
        String mpi = sources.get("Mpi");

        assertThat(mpi).contains("public final class Mpi implements MpiOperations, MpiHandles, MpiSentinels,"
                + " MpiErrorClasses, MpiValues {", "static final MpiLibrary LIB = BoundLibrary.LIB;");
        assertThat(mpi).doesNotContain("MPI_COMM_WORLD = ", "MPI_SUM = ", "MPI_ANY_SOURCE = ");
        assertThat(sources.get("MpiHandles")).contains("import static org.mpi4all.ffi.internal.BoundLibrary.LIB;",
                "public interface MpiHandles {", "MPI_Comm MPI_COMM_WORLD = new MPI_Comm(LIB.intConstant(\"MPI_COMM_WORLD\"));");
        assertThat(sources.get("MpiOperations")).contains("MPI_Op MPI_SUM = ", "MPI_Op MPI_OP_NULL = ");
        assertThat(sources.get("MpiErrorClasses")).contains("int MPI_ERR_OTHER = ", "int MPI_ERR_RANK = ");
        // The families read BoundLibrary's LIB, not Mpi's, so that a constant read first does not initialise Mpi.
        assertThat(sources.get("MpiHandles")).doesNotContain("Mpi.LIB");
        assertThat(sources.get("BoundLibrary")).contains("package org.mpi4all.ffi.internal;",
                "public final class BoundLibrary {", "public static final MpiLibrary LIB = MpiLibrary.load(new MpiLibrary.Target(");
    }

    @Test
    void mpichsQmpiFunctionIdentifiersAndTheToolInterfacesConstantsAreFamiliesOfTheirOwn() {
        Blueprint base = Fixtures.intHandles();
        List<ConstantInfo> constants = new ArrayList<>(base.constants());
        constants.add(new ConstantInfo("MPI_SEND_T", "int", ConstantKind.INTEGER, ConstantInfo.Origin.ENUM, null, 7L,
                null, null));
        constants.add(new ConstantInfo("MPI_T_CATEGORY_CHANGED_T", "int", ConstantKind.INTEGER, ConstantInfo.Origin.ENUM,
                null, 8L, null, null));
        constants.add(new ConstantInfo("MPI_T_VERBOSITY_USER_BASIC", "int", ConstantKind.INTEGER,
                ConstantInfo.Origin.ENUM, null, 9L, null, null));
        constants.add(new ConstantInfo("MPI_INT32_T", "MPI_Datatype", ConstantKind.HANDLE, ConstantInfo.Origin.MACRO,
                "((MPI_Datatype)0x4c000437)", 0x4c000437L, null, null));
        Map<String, String> sources = sources(new Blueprint(base.schema(), base.implementation(), base.types(),
                base.functions(), constants));

        assertThat(sources.get("MpiFunctionIdentifiers")).contains("int MPI_SEND_T = ", "int MPI_T_CATEGORY_CHANGED_T = ");
        assertThat(sources.get("MpiToolConstants")).contains("int MPI_T_VERBOSITY_USER_BASIC = ");
        // A datatype whose C name ends in _T is a datatype, not an identifier.
        assertThat(sources.get("MpiDatatypes")).contains("MPI_Datatype MPI_INT32_T = ");
        assertThat(sources.get("MpiValues")).doesNotContain("_T = ");
    }

    @Test
    void aConstantTheStandardTypesIntIsAnIntEvenWhereTheHeaderCastsItWider() {
        // MPICH 5 and Intel MPI: ((MPI_Offset)-54278278); Open MPI and MPICH 4: -54278278. One Java type for all.
        String values = sources(Fixtures.intHandles()).get("MpiValues");

        assertThat(values).contains("int MPI_DISPLACEMENT_CURRENT = (int) LIB.longConstant(\"MPI_DISPLACEMENT_CURRENT\");");
    }

    @Test
    void initAndWindowConstructorsInstallErrorsReturn() {
        String mpi = sources(Fixtures.intHandles()).get("Mpi");

        assertThat(holder(mpi, "MPI_Init")).contains(
                "MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);",
                "MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);");
        assertThat(holder(mpi, "MPI_Win_create")).contains("MPI_Win_set_errhandler(MPI_Win.read(win), MPI_ERRORS_RETURN);");
        assertThat(holder(mpi, "MPI_Send")).doesNotContain("errhandler");
    }

    @Test
    void shortStartsAreLinkedCriticalWhileNoJavaFunctionIsGivenToMpi() {
        String mpi = sources(Fixtures.intHandles()).get("Mpi");

        assertThat(holder(mpi, "MPI_Isend")).contains("static final MethodHandle HANDLE = BoundLibrary.LIB.startDowncall(\"MPI_Isend\",");
        assertThat(holder(mpi, "MPI_Send")).contains("static final MethodHandle HANDLE = BoundLibrary.LIB.downcall(\"MPI_Send\",");
        // A function pointer may be Java code, which MPI could call from inside a start: the switch is made before
        // MPI sees it, whether the checked mode is on or not.
        assertThat(holder(mpi, "MPI_Op_create")).contains("} CriticalStarts.functionGiven(\"MPI_Op_create\"); int result;");
        assertThat(holder(mpi, "MPI_Send")).doesNotContain("CriticalStarts");
        // Once MPI is initialised, its thread level decides.
        assertThat(holder(mpi, "MPI_Init")).contains("CriticalStarts.initialised(Mpi.LIB);");
    }

    @Test
    void macrosAndVarargsFunctionsGoThroughTheAuxiliaryLibrary() {
        String mpi = sources(Fixtures.intHandles()).get("Mpi");

        assertThat(mpi).contains("LIB.auxDowncall(\"MPI_Aint_add\", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG))");
        assertThat(mpi).contains("LIB.auxDowncall(\"MPI_Pcontrol\", FunctionDescriptor.of(JAVA_INT, JAVA_INT))");
        assertThat(mpi).contains("LIB.downcall(\"MPI_Send\",");
        assertThat(mpi).contains("public static long MPI_Aint_add(long base, long disp)");
        assertThat(mpi).contains("public static MPI_Comm MPI_Comm_f2c(int comm)");
        assertThat(mpi).contains("return new MPI_Comm((int) HANDLE.invokeExact(comm));");
        assertThat(mpi).contains("public static double MPI_Wtime()");
    }

    @Test
    void errorClassNamesExcludeTheLastCodeMarker() {
        String library = sources(Fixtures.intHandles()).get("BoundLibrary");

        assertThat(library).contains("List.of(\"MPI_ERR_OTHER\", \"MPI_ERR_RANK\")");
    }

    @Test
    void onlyBlockingBufferFunctionsHaveCriticalVariants() {
        String critical = sources(Fixtures.intHandles()).get("MpiCritical");

        assertThat(critical).contains("public static void MPI_Send(");
        assertThat(critical).contains("Linker.Option.critical(true)");
        assertThat(critical).doesNotContain("MPI_Win_create", "MPI_Comm_rank", "MPI_Init");
        // MpiCritical is loaded only where it is used: its methods keep their bodies, the holders only link.
        assertThat(method(critical, "MPI_Send")).contains("MPI_Send.HANDLE.invokeExact(");
    }

    @Test
    void criticalFunctionsTakeArraysAndMakeTheirViewsWhereTheyCallMpi() {
        String critical = sources(Fixtures.intHandles()).get("MpiCritical");
        String signature = "public static void MPI_Allreduce(Object sendbufArray, long sendbufOffset,"
                + " Object recvbufArray, long recvbufOffset, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {";
        assertThat(critical).contains(signature);
        String overload = critical.substring(critical.indexOf(signature));
        overload = overload.substring(0, overload.indexOf("/**"));

        // The checks take the arrays; each view is made after them, in the method that calls invokeExact, which
        // alone reads it.
        assertThat(overload).contains("ArgumentChecks.alive(\"MPI_Allreduce\", \"sendbuf\", sendbufArray);");
        assertThat(overload.indexOf("requirePredefinedOperation")).isLessThan(overload.indexOf("MemorySegment sendbuf = "));
        assertThat(overload).contains("MemorySegment sendbuf = sendbufArray instanceof double[] doubles ?"
                + " MemorySegment.ofArray(doubles) : sendbufArray instanceof byte[] bytes ? MemorySegment.ofArray(bytes)",
                "char[] chars ? MemorySegment.ofArray(chars) : HeapBuffers.segment(sendbufArray, \"MPI_Allreduce\","
                        + " \"sendbufArray\"); if (sendbufOffset != 0) { sendbuf = sendbuf.asSlice(sendbufOffset); }");
        assertThat(overload).contains("MPI_Allreduce.HANDLE.invokeExact(sendbuf, recvbuf, count,");
        // Functions without buffers have no such form.
        assertThat(critical).doesNotContain("Object statusArray");
    }

    @Test
    void criticalReductionsRefuseUserDefinedOperationsWhichWouldCallBackIntoJava() {
        Map<String, String> sources = sources(Fixtures.intHandles());

        assertThat(method(sources.get("MpiCritical"), "MPI_Allreduce"))
                .contains("} Mpi.requirePredefinedOperation(op, \"MPI_Allreduce\"); int result;");
        assertThat(holder(sources.get("Mpi"), "MPI_Allreduce")).doesNotContain("requirePredefinedOperation");
        // Read at the first check, not as Mpi initialises.
        assertThat(sources.get("Mpi")).contains("private static final class PredefinedOperations {"
                + " static final long[] VALUES = {MPI_SUM.value()}; }");
    }

    @Test
    void theHighLevelsShortPathsGetTheirFunctionsWithoutTheCheckedModeInAPackageProgramsCannotUse() {
        Map<String, String> sources = sources(Fixtures.intHandles());
        String plain = sources.get("MpiPrechecked");
        String critical = sources.get("MpiCriticalPrechecked");

        assertThat(plain).contains("package org.mpi4all.ffi.internal;", "public final class MpiPrechecked {");
        assertThat(critical).contains("package org.mpi4all.ffi.internal;", "public final class MpiCriticalPrechecked {");
        // The same call as Mpi's and MpiCritical's, linked the same way, with the same exceptions, but no checks.
        String call = "int result; try { result = (int) HANDLE.invokeExact(buf, count, (int) datatype.value(), dest, tag,"
                + " (int) comm.value()); } catch (Throwable t) { throw MpiErrors.rethrow(t); } if (result != 0) {"
                + " throw BoundLibrary.error(\"MPI_Send\", result); } Upcalls.rethrowIfPending(); }";
        assertThat(holder(sources.get("Mpi"), "MPI_Send")).contains("ArgumentChecks", call);
        assertThat(holder(plain, "MPI_Send")).contains("static final MethodHandle HANDLE = BoundLibrary.LIB.downcall("
                + "\"MPI_Send\",", "int tag, MPI_Comm comm) { " + call).doesNotContain("ArgumentChecks");
        assertThat(method(critical, "MPI_Allreduce")).contains("MPI_Allreduce.HANDLE.invokeExact(",
                "throw BoundLibrary.error(\"MPI_Allreduce\", result);").doesNotContain("ArgumentChecks",
                "requirePredefinedOperation");
        assertThat(critical).contains("Linker.Option.critical(true)");
        // Only the functions the short paths call, and in the critical class the blocking buffer functions of them.
        assertThat(plain).doesNotContain("MPI_Isend", "MPI_Comm_rank", "MPI_Win_create");
        assertThat(critical).contains("public static void MPI_Send(").doesNotContain("MPI_Isend", "MPI_Win_create");
    }

    @Test
    void checkedModeChecksFollowTheStandardsParameterKinds() {
        Map<String, String> sources = sources(Fixtures.intHandles());
        String mpi = sources.get("Mpi");

        // An asynchronous buffer (MPI keeps it after the call) must be off-heap.
        assertThat(holder(mpi, "MPI_Win_create"))
                .contains("if (ArgumentChecks.ENABLED) { ArgumentChecks.offHeap(\"MPI_Win_create\", \"base\", base);");
        // An operation passed by value must not be MPI_OP_NULL, in both classes.
        String opNotNull = "ArgumentChecks.notNull(op.value(), Mpi.MPI_OP_NULL.value(), \"MPI_Allreduce\", \"op\","
                + " \"MPI_OP_NULL\");";
        assertThat(holder(mpi, "MPI_Allreduce")).contains(opNotNull);
        assertThat(method(sources.get("MpiCritical"), "MPI_Allreduce")).contains(opNotNull);
        // Buffer lengths need MPI_Type_get_extent, which this blueprint lacks; a non-standard function gets alive checks.
        assertThat(mpi).doesNotContain("CHECKS.buffer", "DatatypeExtents");
        assertThat(holder(mpi, "MPI_Wtime")).doesNotContain("ArgumentChecks");
    }

    @Test
    void statusAccessorsUseTheMeasuredOffsets() {
        String mpich = sources(Fixtures.intHandles()).get("MPI_Status");
        String openmpi = sources(Fixtures.pointerHandles()).get("MPI_Status");

        assertThat(mpich).contains("return struct.get(JAVA_INT, 8);");
        assertThat(openmpi).contains("return struct.get(JAVA_INT, 0);");
        assertThat(mpich).doesNotContain("count_lo(");
        assertThat(openmpi).contains("JAVA_LONG.withName(\"_ucount\")");
    }

    @Test
    void callbacksConvertHandlesAndContainExceptions() {
        Map<String, String> sources = sources(Fixtures.intHandles());

        assertThat(sources.get("MPI_Comm_copy_attr_function")).contains(
                "int apply(MPI_Comm oldcomm, int comm_keyval, MemorySegment extra_state,");
        assertThat(sources.get("Callbacks")).contains(
                "return function.apply(new MPI_Comm(oldcomm), comm_keyval,",
                "Upcalls.fail(failure);",
                "return Mpi.MPI_ERR_OTHER;");
    }

    @Test
    void theCarriedProfilesAreConstantsOfAClassWhichAFreshJvmLoadsFasterThanAResource() {
        JavaBindingsGenerator.Result result = JavaBindingsGenerator.generateNeutral(
                List.of(Fixtures.intHandles(), Fixtures.pointerHandles()));
        String carried = result.files().stream().filter(f -> f.typeSpec().name().equals("CarriedProfiles"))
                .findFirst().orElseThrow().toString().replaceAll("\\s+", " ");

        assertThat(carried).contains("package org.mpi4all.runtime;",
                "static final String INDEX = \"mpich\\tmpich\\t1.0\\tmpich library version 1.0\\n\" + \"openmpi\\t",
                "case \"openmpi\" -> \"mpi4all-abi-profile 1\\n\" + \"implementation\\topenmpi\\topenmpi\\t1.0\\t",
                "default -> null;");
        // Specialised bindings carry no profile, and the runtime still compiles against them.
        assertThat(sources(Fixtures.intHandles()).get("CarriedProfiles"))
                .contains("static final String INDEX = \"\";", "return switch (name) { default -> null; };");
    }

    /** The public member declarations of a source file, bodies and comments removed. */
    private static List<String> publicSignatures(String source) {
        Matcher m = Pattern.compile("public [^;{=]+").matcher(source);
        List<String> signatures = new java.util.ArrayList<>();
        while (m.find()) {
            signatures.add(m.group().strip());
        }
        return signatures.stream().sorted().toList();
    }

    /** A public method with its body: MpiCritical's functions keep theirs (FunctionEmitter.emit). */
    private static String method(String source, String name) {
        // From the signature to the javadoc of the next member (or the end of the class).
        Matcher m = Pattern.compile("public static \\w+ " + name + "\\(.*?(?=/\\*\\*|$)", Pattern.DOTALL).matcher(source);
        assertThat(m.find()).as("method " + name).isTrue();
        return m.group();
    }

    private static String holder(String source, String function) {
        // The holder carries the function's body: from its declaration to the next holder (or the end of the class).
        Matcher m = Pattern.compile("private static final class " + function + " \\{.*?(?=private static final class|$)",
                Pattern.DOTALL).matcher(source);
        assertThat(m.find()).as("holder " + function).isTrue();
        return m.group();
    }
}
