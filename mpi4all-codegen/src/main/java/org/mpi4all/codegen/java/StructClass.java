package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.mpi4all.core.blueprint.TypeInfo;

/**
 * Builds the view class of a C struct ({@code MPI_Status}): its layout as the implementation measured it,
 * allocation helpers, and static accessors that read and write fields of a struct in a segment. Layouts
 * differ between implementations (MPICH's status is 20 bytes with the source at offset 8, Open MPI's 24
 * bytes with it at 0), the accessors do not.
 */
final class StructClass {
    /** The members of {@code MPI_Status} the standard names; the others are each implementation's own. */
    private static final Set<String> STATUS_FIELDS = Set.of("MPI_SOURCE", "MPI_TAG", "MPI_ERROR");

    private StructClass() {}

    static TypeSpec build(TypeInfo type, ClassName name, TypeMapper types) {
        ClassName segment = ClassName.get(MemorySegment.class);
        boolean neutral = types.neutral();
        TypeSpec.Builder view = TypeSpec.classBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("""
                        A view of the C struct {@code $L} in native memory ($L).
                        Allocate one with {@link #allocate}, pass the segment to MPI, read its fields with the
                        static accessors.
                        """, type.name(), neutral ? "its size and layout are the loaded library's"
                                : type.size() + " bytes in this implementation")
                .addField(FieldSpec.builder(StructLayout.class, "LAYOUT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc(neutral ? "The layout of a {@code $L} in the loaded library's ABI.\n"
                                : "The layout of a {@code $L}, as the compiler lays it out.\n", type.name())
                        .initializer(neutral
                                ? CodeBlock.of("$T.current().structLayout($S)", RuntimeTypes.MPI_LIBRARY, type.name())
                                : layout(type, types))
                        .build())
                .addField(FieldSpec.builder(TypeName.LONG, "BYTES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("{@code sizeof($L)}.\n", type.name())
                        .initializer("LAYOUT.byteSize()")
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(MethodSpec.methodBuilder("allocate")
                        .addJavadoc("{@return a new, zeroed {@code $L}}\n", type.name())
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(segment)
                        .addParameter(SegmentAllocator.class, "allocator")
                        .addStatement("return allocator.allocate(LAYOUT)")
                        .build())
                .addMethod(MethodSpec.methodBuilder("allocateArray")
                        .addJavadoc("{@return a new, zeroed array of {@code count} {@code $L}s}\n", type.name())
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(segment)
                        .addParameter(SegmentAllocator.class, "allocator")
                        .addParameter(TypeName.LONG, "count")
                        .addStatement("return allocator.allocate(LAYOUT, count)")
                        .build())
                .addMethod(MethodSpec.methodBuilder("get")
                        .addJavadoc("{@return element {@code index} of the array of {@code $L}s in {@code array}}\n", type.name())
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(segment)
                        .addParameter(segment, "array")
                        .addParameter(TypeName.LONG, "index")
                        .addStatement("return array.asSlice(index * BYTES, LAYOUT)")
                        .build());
        for (TypeInfo.Field field : accessibleFields(type)) {
            Carrier carrier = types.carrier(field.type());
            if (!(carrier instanceof Carrier.Primitive) && !(carrier instanceof Carrier.Handle)) {
                continue;   // pointers and arrays inside structs: reach them through LAYOUT
            }
            CodeBlock offset = CodeBlock.of("$L", field.offset());
            if (neutral) {
                // The offset is the loaded ABI's, a constant once the class is initialised.
                String offsetField = field.name() + "_OFFSET";
                view.addField(FieldSpec.builder(TypeName.LONG, offsetField, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("LAYOUT.byteOffset($T.PathElement.groupElement($S))", MemoryLayout.class, field.name())
                        .build());
                offset = CodeBlock.of("$L", offsetField);
            }
            CodeBlock read = CodeBlock.of("struct.get($L, $L)", carrier.layout(), offset);
            view.addMethod(MethodSpec.methodBuilder(field.name())
                    .addJavadoc("{@return the {@code $L} member of the struct {@code struct} points to}\n", field.name())
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .returns(carrier.apiType())
                    .addParameter(segment, "struct")
                    .addStatement("return $L", carrier.fromNative(read))
                    .build());
            view.addMethod(MethodSpec.methodBuilder(field.name())
                    .addJavadoc("Sets the {@code $L} member of the struct {@code struct} points to.\n", field.name())
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .addParameter(segment, "struct")
                    .addParameter(carrier.apiType(), "value")
                    .addStatement("struct.set($L, $L, $L)", carrier.layout(), offset,
                            carrier.toNative(CodeBlock.of("value")))
                    .build());
        }
        return view.build();
    }

    private static List<TypeInfo.Field> accessibleFields(TypeInfo type) {
        if (type.name().equals("MPI_Status")) {
            return type.fields().stream().filter(f -> STATUS_FIELDS.contains(f.name())).toList();
        }
        return type.fields();
    }

    /** {@code MemoryLayout.structLayout(...)} with padding wherever the compiler put some. */
    private static CodeBlock layout(TypeInfo type, TypeMapper types) {
        List<CodeBlock> members = new ArrayList<>();
        long offset = 0;
        for (TypeInfo.Field field : type.fields()) {
            if (field.offset() > offset) {
                members.add(CodeBlock.of("$T.paddingLayout($L)", MemoryLayout.class, field.offset() - offset));
            }
            members.add(memberLayout(field, types));
            offset = field.offset() + field.size();
        }
        if (type.size() > offset) {
            members.add(CodeBlock.of("$T.paddingLayout($L)", MemoryLayout.class, type.size() - offset));
        }
        return CodeBlock.of("$T.structLayout(\n$>$L$<)", MemoryLayout.class, CodeBlock.join(members, ",\n"));
    }

    private static CodeBlock memberLayout(TypeInfo.Field field, TypeMapper types) {
        Carrier carrier;
        try {
            carrier = types.carrier(field.type());
        } catch (TypeMapper.UnsupportedTypeException e) {
            carrier = null;
        }
        if (carrier instanceof Carrier.Primitive || carrier instanceof Carrier.Handle) {
            return CodeBlock.of("$L.withName($S)", carrier.layout(), field.name());
        }
        // Arrays and other members: opaque bytes of the measured size, aligned as the compiler placed them.
        return CodeBlock.of("$T.sequenceLayout($L, $T.JAVA_BYTE).withName($S)",
                MemoryLayout.class, field.size(), ValueLayout.class, field.name());
    }
}
