package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.standard.StandardApi;

/**
 * The checked mode's code in the generated functions: from the MPI standard's parameter kinds, each standard
 * function that returns an error code checks, when {@code ArgumentChecks.ENABLED}, before calling C:
 * <ul>
 *   <li>a buffer followed (after other buffers, as in {@code MPI_Allreduce}) by its scalar element count and its
 *       datatype ({@code BUFFER}, {@code POLYXFER_NUM_ELEM*}, {@code DATATYPE}) holds that many elements, unless
 *       the standard says it matters at the root alone;</li>
 *   <li>a buffer the standard marks asynchronous (MPI keeps it after the call: {@code MPI_Isend},
 *       {@code MPI_Send_init}, {@code MPI_Put}, {@code MPI_Win_create}, ...) is off-heap;</li>
 *   <li>every other pointer is alive;</li>
 *   <li>a communicator, operation, window or group passed by value is not its {@code MPI_*_NULL}, unless the
 *       standard says it matters at one rank alone; so is a datatype that pairs with no buffer, in a function
 *       without buffers (with buffers, a datatype the function ignores, next to {@code MPI_IN_PLACE}, may be
 *       null).</li>
 * </ul>
 * A function that changes a datatype it takes by pointer ({@code MPI_Type_free}) first makes the checks forget
 * that datatype's measured extent. Functions the standard does not define get the alive checks alone.
 */
final class ArgumentCheckEmitter implements FunctionEmitter.ExtraCode {
    static final ClassName ARGUMENT_CHECKS = ClassName.get("org.mpi4all.runtime", "ArgumentChecks");
    /**
     * The field holding the checks that need the library (datatype extents and three constants), in a class of its
     * own nested in {@code Mpi} ({@value #LIBRARY_CHECKS}): initialised at the first check that needs it, so that
     * initialising {@code Mpi} reads no constant (reading one initialises its whole family).
     */
    private static final String CHECKS = "CHECKS";
    private static final String LIBRARY_CHECKS = "LibraryChecks";
    /** The nested class of {@code Mpi} that measures a datatype for the checks. */
    private static final String DATATYPE_MEASURE = "DatatypeExtents";
    /** Handle kinds whose {@code MPI_*_NULL} no standard function takes by value where it matters. */
    private static final Set<String> NEVER_NULL = Set.of("COMMUNICATOR", "OPERATION", "WINDOW", "GROUP");

    private final TypeMapper types;
    private final ClassName mpi;
    private final Set<String> constants;
    private final StandardApi standard = StandardApi.get();
    /** Whether the blueprint has what measuring datatypes takes (a test fixture may not). */
    private final boolean datatypeChecks;

    ArgumentCheckEmitter(Blueprint blueprint, TypeMapper types, ClassName mpi) {
        this.types = types;
        this.mpi = mpi;
        this.constants = blueprint.constants().stream().map(ConstantInfo::name).collect(Collectors.toSet());
        this.datatypeChecks = blueprint.functions().stream().map(FunctionInfo::name)
                .filter(n -> n.equals("MPI_Type_get_extent") || n.equals("MPI_Type_get_true_extent"))
                .count() == 2 && constants.containsAll(List.of("MPI_IN_PLACE", "MPI_BOTTOM", "MPI_DATATYPE_NULL"));
    }

    @Override
    public CodeBlock code(FunctionInfo function, List<String> names) {
        return code(function, names, Map.of());
    }

    /**
     * The same checks for the heap-array form of a critical function, whose buffers ({@code heapBuffers}, by the
     * segment form's names) are given as arrays and offsets: checked on those, before any view is made.
     */
    FunctionEmitter.ExtraCode onHeapArrays(Map<String, CriticalArrayOverload.HeapBuffer> heapBuffers) {
        return (function, names) -> code(function, names, heapBuffers);
    }

    private CodeBlock code(FunctionInfo function, List<String> names,
                           Map<String, CriticalArrayOverload.HeapBuffer> heapBuffers) {
        List<org.mpi4all.core.blueprint.Parameter> parameters = function.signature().parameters();
        Optional<List<StandardApi.Parameter>> kinds = function.errorCode()
                ? standard.procedure(function.name()).map(StandardApi.Procedure::parameters)
                        .filter(p -> p.size() == parameters.size())
                : Optional.empty();
        boolean hasBuffers = kinds.isPresent() && kinds.get().stream().anyMatch(p -> p.kind().equals("BUFFER"));
        CodeBlock.Builder checks = CodeBlock.builder();
        boolean[] done = new boolean[parameters.size()];
        if (kinds.isPresent()) {
            List<StandardApi.Parameter> standardParameters = kinds.get();
            for (int i = 0; i < parameters.size(); i++) {
                StandardApi.Parameter parameter = standardParameters.get(i);
                if (!(types.carrier(parameters.get(i).type()) instanceof Carrier.Address)) {
                    addNullCheck(checks, function, names, i, parameter, hasBuffers, done);
                    continue;
                }
                if (parameter.kind().equals("BUFFER")) {
                    int count = countOf(standardParameters, i);
                    if (count >= 0 && datatypeChecks && !parameter.rootOnly()) {
                        CriticalArrayOverload.HeapBuffer heap = heapBuffers.get(names.get(i));
                        CodeBlock buffer = heap == null ? CodeBlock.of("$L", names.get(i))
                                : CodeBlock.of("$L, $L", heap.array(), heap.offset());
                        checks.addStatement("$T.$L.$L($S, $S, $L, $L, $S, $L.value(), $S)",
                                mpi.nestedClass(LIBRARY_CHECKS), CHECKS,
                                parameter.asynchronous() ? "keptBuffer" : "buffer",
                                function.name(), names.get(i), buffer, names.get(count), names.get(count),
                                names.get(count + 1), names.get(count + 1));
                        done[i] = true;
                        done[count + 1] = true;   // null only where the buffer is used: checked by buffer
                    } else if (parameter.asynchronous()) {
                        checks.addStatement("$T.offHeap($S, $S, $L)", ARGUMENT_CHECKS, function.name(), names.get(i),
                                names.get(i));
                        done[i] = true;
                    }
                } else if (parameter.kind().equals("DATATYPE") && parameter.direction().equals("inout")
                        && datatypeChecks) {
                    checks.addStatement("$T.alive($S, $S, $L)", ARGUMENT_CHECKS, function.name(), names.get(i), names.get(i))
                            .addStatement("$T.forgetDatatypeAt($L)", mpi, names.get(i));
                    done[i] = true;
                }
            }
        }
        for (int i = 0; i < parameters.size(); i++) {
            if (!done[i] && types.carrier(parameters.get(i).type()) instanceof Carrier.Address) {
                CriticalArrayOverload.HeapBuffer heap = heapBuffers.get(names.get(i));
                checks.addStatement("$T.alive($S, $S, $L)", ARGUMENT_CHECKS, function.name(), names.get(i),
                        heap == null ? names.get(i) : heap.array());
            }
        }
        CodeBlock code = checks.build();
        return code.isEmpty() ? code : CodeBlock.builder()
                .beginControlFlow("if ($T.ENABLED)", ARGUMENT_CHECKS)
                .add(code)
                .endControlFlow()
                .build();
    }

    /** The scalar count of the buffer at {@code buffer} (after any buffers that follow it) if a datatype follows it. */
    private static int countOf(List<StandardApi.Parameter> parameters, int buffer) {
        int i = buffer + 1;
        while (i < parameters.size() && parameters.get(i).kind().equals("BUFFER")) {
            i++;
        }
        boolean counted = i + 1 < parameters.size() && parameters.get(i).kind().startsWith("POLYXFER_NUM_ELEM")
                && parameters.get(i).length() == null && parameters.get(i + 1).kind().equals("DATATYPE");
        return counted ? i : -1;
    }

    private void addNullCheck(CodeBlock.Builder checks, FunctionInfo function, List<String> names, int i,
                              StandardApi.Parameter parameter, boolean hasBuffers, boolean[] done) {
        boolean datatypeWithoutBuffers = parameter.kind().equals("DATATYPE") && !hasBuffers;
        if (done[i] || !(NEVER_NULL.contains(parameter.kind()) || datatypeWithoutBuffers)
                || !parameter.direction().equals("in") || parameter.rootOnly()
                || parameter.description().contains("significant only")
                || !(types.carrier(function.signature().parameters().get(i).type()) instanceof Carrier.Handle handle)) {
            return;
        }
        String nullName = handle.type().simpleName().toUpperCase(Locale.ROOT) + "_NULL";
        if (constants.contains(nullName)) {
            checks.addStatement("$T.notNull($L.value(), $T.$L.value(), $S, $S, $S)", ARGUMENT_CHECKS, names.get(i), mpi,
                    nullName, function.name(), names.get(i), nullName);
        }
    }

    /**
     * Adds to {@code Mpi} the checks that need the library: {@code CHECKS} in its class {@value #LIBRARY_CHECKS}, the
     * datatype measure it calls ({@value #DATATYPE_MEASURE}), and {@code forgetDatatypeAt}.
     */
    void addMembers(TypeSpec.Builder type) {
        if (!datatypeChecks) {
            return;
        }
        ClassName datatype = types.handleClass("MPI_Datatype");
        type.addType(TypeSpec.classBuilder(LIBRARY_CHECKS)
                        .addModifiers(Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The checked mode's checks that need the library (see {@link $T}), initialised at the first\n"
                                + "check that needs them: their constants' families are not read as {@code Mpi} initialises.\n",
                                ARGUMENT_CHECKS)
                        .addField(FieldSpec.builder(ARGUMENT_CHECKS, CHECKS, Modifier.STATIC, Modifier.FINAL)
                                .initializer("new $T(new $L(), MPI_IN_PLACE, MPI_BOTTOM, MPI_DATATYPE_NULL.value())",
                                        ARGUMENT_CHECKS, DATATYPE_MEASURE)
                                .build())
                        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                        .build())
                // A class, not a method reference: linking a lambda would cost every fresh JVM about a millisecond
                // while Mpi initialises.
                .addType(TypeSpec.classBuilder(DATATYPE_MEASURE)
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addSuperinterface(ARGUMENT_CHECKS.nestedClass("DatatypeMeasure"))
                        .addMethod(MethodSpec.methodBuilder("measure")
                                .addAnnotation(Override.class)
                                .addModifiers(Modifier.PUBLIC)
                                .addJavadoc("Fills {@code span} with {@code datatype}'s lower bound, extent, true lower"
                                        + " bound and true extent.\n")
                                .addParameter(TypeName.LONG, "datatype")
                                .addParameter(long[].class, "span")
                                .beginControlFlow("try ($T arena = $T.ofConfined())", Arena.class, Arena.class)
                                .addStatement("$T aints = arena.allocate($T.JAVA_LONG, 4)", MemorySegment.class,
                                        ValueLayout.class)
                                .addStatement("MPI_Type_get_extent(new $T(datatype), aints, aints.asSlice(8))", datatype)
                                .addStatement("MPI_Type_get_true_extent(new $T(datatype), aints.asSlice(16),"
                                        + " aints.asSlice(24))", datatype)
                                .addStatement("$T.copy(aints, $T.JAVA_LONG, 0, span, 0, 4)", MemorySegment.class,
                                        ValueLayout.class)
                                .endControlFlow()
                                .build())
                        .build())
                .addMethod(MethodSpec.methodBuilder("forgetDatatypeAt")
                        .addModifiers(Modifier.STATIC)
                        .addJavadoc("Makes the checks forget the datatype at {@code pointer}, which a call is about to"
                                + " free or change.\n")
                        .addParameter(MemorySegment.class, "pointer")
                        .beginControlFlow("if (pointer.isNative() && pointer.address() != 0)")
                        .addStatement("$L.$L.forget($T.read(pointer.reinterpret($T.LAYOUT.byteSize())).value())",
                                LIBRARY_CHECKS, CHECKS, datatype, datatype)
                        .endControlFlow()
                        .build());
    }
}
