package org.mpi4all.codegen.java;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.Parameter;

/**
 * The heap-array form of a critical function: each buffer ({@code void *}) is taken as an {@code Object} (a
 * primitive array or a segment) and a byte offset, checked as such, and viewed only after the checks, in the method
 * that calls {@code invokeExact}. A view made by the caller escapes whenever C2 does not inline the critical method
 * into it (for instance once that method has been compiled on its own and is "already compiled into a big method"),
 * and a view handed to a check escapes wherever C2 does not inline the check; a view made here reaches nothing but
 * the downcall, so it is never allocated, whatever C2 decides.
 */
final class CriticalArrayOverload {
    private static final Pattern BUFFER = Pattern.compile("(const\\s+)?void\\s*\\*");
    /** The element arrays {@code MemorySegment.ofArray} views, in the order the generated code tests them. */
    private static final List<Class<?>> ARRAYS = List.of(double[].class, byte[].class, int[].class, long[].class,
            float[].class, short[].class, char[].class);

    /** A buffer of the heap-array form: the names of its array (or segment) and byte offset parameters. */
    record HeapBuffer(String array, String offset) {}

    private CriticalArrayOverload() {}

    /**
     * The heap buffers of {@code function}, by their names in {@code segmentForm}, the critical method emitted for
     * it; empty if it has none.
     */
    static Map<String, HeapBuffer> buffers(FunctionInfo function, MethodSpec segmentForm) {
        List<Parameter> parameters = function.signature().parameters();
        List<String> taken = segmentForm.parameters().stream().map(ParameterSpec::name).toList();
        Map<String, HeapBuffer> buffers = new LinkedHashMap<>();
        for (int i = 0; i < parameters.size(); i++) {
            if (BUFFER.matcher(parameters.get(i).type()).matches()) {
                String name = taken.get(i);
                buffers.put(name, new HeapBuffer(JavaNames.unused(name + "Array", taken),
                        JavaNames.unused(name + "Offset", taken)));
            }
        }
        return buffers;
    }

    /** The code that sets a local of each buffer's segment-form name to its view, for the body's downcall. */
    static FunctionEmitter.ExtraCode views(Map<String, HeapBuffer> buffers) {
        return (function, names) -> {
            CodeBlock.Builder views = CodeBlock.builder();
            buffers.forEach((name, heap) -> views.add(view(function.name(), name, heap.array(), heap.offset())));
            return views.build();
        };
    }

    /**
     * The heap-array overload: {@code body}, the critical method emitted with its checks on the {@code buffers}
     * and their {@link #views}, taking each buffer as its array and offset.
     */
    static MethodSpec of(MethodSpec body, Map<String, HeapBuffer> buffers) {
        List<ParameterSpec> parameters = new ArrayList<>();
        for (ParameterSpec parameter : body.parameters()) {
            HeapBuffer heap = buffers.get(parameter.name());
            if (heap == null) {
                parameters.add(parameter);
            } else {
                parameters.add(ParameterSpec.builder(Object.class, heap.array()).build());
                parameters.add(ParameterSpec.builder(TypeName.LONG, heap.offset()).build());
            }
        }
        return MethodSpec.methodBuilder(body.name())
                .addModifiers(body.modifiers())
                .returns(body.returnType())
                .addJavadoc(javadoc(body, List.copyOf(buffers.keySet())))
                .addParameters(parameters)
                .addCode(body.code())
                .build();
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

                <p>An array is checked by its size and viewed here, where the downcall takes the view, so the JIT \
                never allocates the view, whether or not it inlines this method into its caller or the checks into \
                this method.
                """, segmentForm.name(), CodeBlock.join(types, ", "), CodeBlock.join(names, ", "));
    }
}
