package org.mpi4all.codegen.java;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.Parameter;

/**
 * The heap-array form of a critical function: each buffer ({@code void *}) is taken as an {@code Object} (a
 * primitive array or a segment) and a byte offset, and its view is made in the method that calls
 * {@code invokeExact}. A view made by the caller escapes whenever C2 does not inline the critical method into it
 * (for instance once that method has been compiled on its own and is "already compiled into a big method"); a view
 * made here reaches nothing but the downcall and the argument checks, which C2 compiles together, so it is never
 * allocated, whatever C2 decides about the callers.
 */
final class CriticalArrayOverload {
    private static final Pattern BUFFER = Pattern.compile("(const\\s+)?void\\s*\\*");
    /** The element arrays {@code MemorySegment.ofArray} views, in the order the generated code tests them. */
    private static final List<Class<?>> ARRAYS = List.of(double[].class, byte[].class, int[].class, long[].class,
            float[].class, short[].class, char[].class);

    private CriticalArrayOverload() {}

    /**
     * The overload of {@code segmentForm}, the critical method emitted for {@code function}, or nothing if the
     * function has no buffer. Its body is {@code segmentForm}'s, run after a local of each buffer's name has been
     * set to the view: the checks and the downcall read the same names.
     */
    static Optional<MethodSpec> of(FunctionInfo function, MethodSpec segmentForm) {
        List<Parameter> parameters = function.signature().parameters();
        List<ParameterSpec> segmentParameters = segmentForm.parameters();
        List<String> taken = segmentParameters.stream().map(ParameterSpec::name).toList();
        List<ParameterSpec> overloadParameters = new ArrayList<>();
        CodeBlock.Builder views = CodeBlock.builder();
        List<String> buffers = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            ParameterSpec parameter = segmentParameters.get(i);
            if (!BUFFER.matcher(parameters.get(i).type()).matches()) {
                overloadParameters.add(parameter);
                continue;
            }
            String name = parameter.name();
            String array = JavaNames.unused(name + "Array", taken);
            String offset = JavaNames.unused(name + "Offset", taken);
            overloadParameters.add(ParameterSpec.builder(Object.class, array).build());
            overloadParameters.add(ParameterSpec.builder(TypeName.LONG, offset).build());
            views.add(view(function.name(), name, array, offset));
            buffers.add(name);
        }
        if (buffers.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(MethodSpec.methodBuilder(segmentForm.name())
                .addModifiers(segmentForm.modifiers())
                .returns(segmentForm.returnType())
                .addJavadoc(javadoc(segmentForm, buffers))
                .addParameters(overloadParameters)
                .addCode(views.build())
                .addCode(segmentForm.code())
                .build());
    }

    /**
     * {@code MemorySegment name = ...}: an array viewed in place, anything else as {@code HeapBuffers.segment} takes
     * it, then sliced at the offset. Written out here rather than called: a helper C2 compiled on its own could be
     * refused inlining, and the view would escape again.
     */
    private static CodeBlock view(String function, String name, String array, String offset) {
        CodeBlock.Builder code = CodeBlock.builder().add("$T $L = ", MemorySegment.class, name).indent();
        for (Class<?> type : ARRAYS) {
            String element = type.getComponentType().getName();
            code.add("$L instanceof $T $L ? $T.ofArray($L)\n: ", array, type, element + "s", MemorySegment.class,
                    element + "s");
        }
        return code.add("$T.segment($L, $S, $S);\n", RuntimeTypes.HEAP_BUFFERS, array, function, array)
                .unindent()
                .beginControlFlow("if ($L != 0)", offset)
                .addStatement("$L = $L.asSlice($L)", name, name, offset)
                .endControlFlow()
                .build();
    }

    private static CodeBlock javadoc(MethodSpec segmentForm, List<String> buffers) {
        List<CodeBlock> types = segmentForm.parameters().stream()
                .map(p -> CodeBlock.of("$T", p.type()))
                .toList();
        List<CodeBlock> names = buffers.stream().map(b -> CodeBlock.of("{@code $L}", b)).toList();
        return CodeBlock.of("""
                {@link #$L($L)} with heap arrays: each buffer ($L) is given as a primitive array, viewed from a byte \
                offset, or as a segment ({@code MPI_IN_PLACE}, any segment, {@code null} for {@code NULL}), sliced \
                at that offset.

                <p>The view of an array is made here, where the downcall takes it, so the JIT never allocates it, \
                whether or not it inlines this method into its caller.
                """, segmentForm.name(), CodeBlock.join(types, ", "), CodeBlock.join(names, ", "));
    }
}
