package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import javax.lang.model.element.Modifier;
import org.mpi4all.core.blueprint.TypeInfo;

/**
 * Builds the record of one MPI handle type ({@code MPI_Comm}, {@code MPI_Datatype} ...): a {@code long}
 * whatever the C representation, plus helpers that read and write handles in native memory, where the C
 * representation (int or pointer) does matter.
 */
final class HandleClass {
    private HandleClass() {}

    /**
     * The record of {@code type}; {@code neutral}: its C carrier (int or pointer) is the loaded library's, chosen
     * when the class is initialised, else the blueprint's.
     */
    static TypeSpec build(TypeInfo type, ClassName name, boolean neutral) {
        ClassName segment = ClassName.get(MemorySegment.class);
        ParameterSpec memory = ParameterSpec.builder(segment, "memory").build();
        ParameterSpec index = ParameterSpec.builder(TypeName.LONG, "index").build();

        TypeSpec.Builder record = TypeSpec.recordBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .addSuperinterface(RuntimeTypes.MPI_HANDLE)
                .recordConstructor(MethodSpec.constructorBuilder().addParameter(TypeName.LONG, "value").build());
        MethodSpec.Builder read = MethodSpec.methodBuilder("read")
                .addJavadoc("{@return the handle at position {@code index} of the array {@code memory}}\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(name)
                .addParameter(memory)
                .addParameter(index);
        MethodSpec.Builder write = MethodSpec.methodBuilder("write")
                .addJavadoc("Stores {@code handle} at position {@code index} of the array {@code memory}.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(memory)
                .addParameter(index)
                .addParameter(name, "handle");
        if (neutral) {
            record.addJavadoc("""
                            An MPI handle of C type {@code $L}, held as a {@code long} whatever its C representation \
                            (an {@code int} in the MPICH family, a pointer in Open MPI and the MPI-5 ABI).

                            @param value the handle's C value
                            """, type.name())
                    .addField(FieldSpec.builder(ValueLayout.class, "LAYOUT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                            .addJavadoc("The layout of a {@code $L} in native memory, in the loaded library's ABI.\n", type.name())
                            .initializer("$T.current().handleLayout($S)", RuntimeTypes.MPI_LIBRARY, type.name())
                            .build())
                    .addField(FieldSpec.builder(TypeName.BOOLEAN, "INT_CARRIED", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                            .initializer("LAYOUT.carrier() == int.class")
                            .build());
            read.addStatement("return new $T(INT_CARRIED ? memory.getAtIndex($T.JAVA_INT, index)"
                    + " : memory.getAtIndex($T.JAVA_LONG, index))", name, ValueLayout.class, ValueLayout.class);
            write.beginControlFlow("if (INT_CARRIED)")
                    .addStatement("memory.setAtIndex($T.JAVA_INT, index, (int) handle.value)", ValueLayout.class)
                    .nextControlFlow("else")
                    .addStatement("memory.setAtIndex($T.JAVA_LONG, index, handle.value)", ValueLayout.class)
                    .endControlFlow();
        } else {
            boolean intCarrier = type.carrier() == TypeInfo.HandleCarrier.INTEGER;
            String layout = intCarrier ? "JAVA_INT" : "JAVA_LONG";
            record.addJavadoc("""
                            An MPI handle of C type {@code $L}, held as a {@code long} whatever its C representation \
                            ({@code $L} in this implementation).

                            @param value the handle's C value
                            """, type.name(), type.definition() != null ? type.definition() : type.canonical())
                    .addField(FieldSpec.builder(ValueLayout.class, "LAYOUT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                            .addJavadoc("The layout of a {@code $L} in native memory.\n", type.name())
                            .initializer("$T." + layout, ValueLayout.class)
                            .build());
            read.addStatement("return new $T(memory.getAtIndex($T." + layout + ", index))", name, ValueLayout.class);
            write.addStatement("memory.setAtIndex($T." + layout + ", index, $Lhandle.value)", ValueLayout.class,
                    intCarrier ? "(int) " : "");
        }
        return record
                .addMethod(MethodSpec.methodBuilder("read")
                        .addJavadoc("{@return the handle at the start of {@code memory}}\n")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(name)
                        .addParameter(memory)
                        .addStatement("return read(memory, 0)")
                        .build())
                .addMethod(read.build())
                .addMethod(write.build())
                .addMethod(MethodSpec.methodBuilder("allocate")
                        .addJavadoc("{@return room for one handle, e.g. for a function to store a new handle in}\n")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(segment)
                        .addParameter(SegmentAllocator.class, "allocator")
                        .addStatement("return allocator.allocate(LAYOUT)")
                        .build())
                .addMethod(MethodSpec.methodBuilder("allocateArray")
                        .addJavadoc("{@return room for an array of {@code count} handles}\n")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(segment)
                        .addParameter(SegmentAllocator.class, "allocator")
                        .addParameter(TypeName.LONG, "count")
                        .addStatement("return allocator.allocate(LAYOUT, count)")
                        .build())
                .addMethod(MethodSpec.methodBuilder("toString")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(String.class)
                        .addStatement("return $S + Long.toHexString(value) + $S", type.name() + "[0x", "]")
                        .build())
                .build();
    }
}
