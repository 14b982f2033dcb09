package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.blueprint.TypeInfo;

/**
 * Builds, for every C function type the headers declare ({@code MPI_User_function},
 * {@code MPI_Comm_copy_attr_function} ...), a functional interface that Java code implements, and the
 * package-private {@code Callbacks} class that turns an implementation into a C function pointer (an
 * upcall stub). The adapter behind each stub converts handles, and keeps any exception from unwinding
 * through MPI's native frames: it records the exception for the calling thread (the generated functions
 * attach it to the error they raise) and returns {@code MPI_ERR_OTHER} where C expects an error code.
 */
final class CallbackTypes {
    static final String CALLBACKS = "Callbacks";

    private final String packageName;
    private final TypeMapper types;
    private final TypeSpec.Builder callbacks;

    CallbackTypes(String packageName, TypeMapper types) {
        this.packageName = packageName;
        this.types = types;
        this.callbacks = TypeSpec.classBuilder(CALLBACKS)
                .addModifiers(Modifier.FINAL)
                .addJavadoc("Turns the callback interfaces into C function pointers (upcall stubs).\n")
                .addField(FieldSpec.builder(Linker.class, "LINKER", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$T.nativeLinker()", Linker.class).build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    }

    /** Adds the interface of the function type {@code type}; returns it. */
    TypeSpec add(TypeInfo type) {
        ClassName name = ClassName.get(packageName, type.name());
        List<Parameter> parameters = type.signature().parameters();
        List<Carrier> carriers = parameters.stream().map(p -> types.carrier(p.type())).toList();
        Carrier result = types.carrier(type.signature().returns());
        List<String> names = JavaNames.parameterNames(parameters);

        MethodSpec.Builder apply = MethodSpec.methodBuilder("apply")
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .returns(result.apiType())
                .addJavadoc("Called by MPI as the C function {@code $L}.\n", type.name());
        for (int i = 0; i < parameters.size(); i++) {
            apply.addParameter(carriers.get(i).apiType(), names.get(i));
        }
        TypeSpec callback = TypeSpec.interfaceBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .addAnnotation(FunctionalInterface.class)
                .addJavadoc("""
                        The C function type {@code $L}, implemented in Java.
                        {@snippet lang=c :
                        $L
                        }
                        """, type.name(), JavaNames.declaration(type.name(), type.signature()))
                .addMethod(apply.build())
                .addMethod(MethodSpec.methodBuilder("allocate")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addJavadoc("""
                                {@return a C function pointer that calls {@code function}}
                                It stays valid while {@code arena} is alive; keep it alive as long as MPI may call it.
                                """)
                        .returns(MemorySegment.class)
                        .addParameter(name, "function")
                        .addParameter(Arena.class, "arena")
                        .addStatement("return $L.upcall(function, arena)", CALLBACKS)
                        .build())
                .build();
        addAdapter(type, name, parameters, names, carriers, result);
        return callback;
    }

    private void addAdapter(TypeInfo type, ClassName name, List<Parameter> parameters, List<String> names,
                            List<Carrier> carriers, Carrier result) {
        String descriptorField = type.name() + "_DESCRIPTOR";
        String adapterField = type.name() + "_ADAPTER";
        List<CodeBlock> layouts = carriers.stream().map(Carrier::layout).toList();
        CodeBlock descriptor = result instanceof Carrier.Void
                ? CodeBlock.of("$T.ofVoid($L)", FunctionDescriptor.class, CodeBlock.join(layouts, ",$W"))
                : CodeBlock.of("$T.of($L$L)", FunctionDescriptor.class, result.layout(),
                        layouts.isEmpty() ? "" : CodeBlock.of(",$W$L", CodeBlock.join(layouts, ",$W")));
        callbacks.addField(FieldSpec.builder(FunctionDescriptor.class, descriptorField, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(descriptor).build());
        callbacks.addField(FieldSpec.builder(MethodHandle.class, adapterField, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("adapter($S, $T.class, $L)", type.name(), name, descriptorField).build());

        callbacks.addMethod(MethodSpec.methodBuilder("upcall")
                .addModifiers(Modifier.STATIC)
                .returns(MemorySegment.class)
                .addParameter(name, "function")
                .addParameter(Arena.class, "arena")
                .addStatement("return LINKER.upcallStub($L.bindTo(function), $L, arena)", adapterField, descriptorField)
                .build());

        // The adapter: native values in, API values to the Java function, exceptions kept from native frames.
        MethodSpec.Builder adapter = MethodSpec.methodBuilder(type.name())
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(result.nativeType())
                .addParameter(name, "function");
        List<CodeBlock> arguments = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            adapter.addParameter(ParameterSpec.builder(carriers.get(i).nativeType(), names.get(i)).build());
            arguments.add(carriers.get(i).fromNative(CodeBlock.of("$L", names.get(i))));
        }
        CodeBlock call = CodeBlock.of("function.apply($L)", CodeBlock.join(arguments, ",$W"));
        adapter.beginControlFlow("try");
        if (result instanceof Carrier.Void) {
            adapter.addStatement(call);
        } else {
            adapter.addStatement("return $L", result.toNative(call));
        }
        adapter.nextControlFlow("catch ($T failure)", Throwable.class)
                .addStatement("$T.fail(failure)", RuntimeTypes.UPCALLS);
        if (!(result instanceof Carrier.Void)) {
            adapter.addStatement("return $L", failureValue(result));
        }
        adapter.endControlFlow();
        callbacks.addMethod(adapter.build());
    }

    /** What the adapter returns to C when the Java function threw: an error code, or a zero of the type. */
    private static CodeBlock failureValue(Carrier result) {
        if (result.nativeType().equals(TypeName.INT)) {
            return CodeBlock.of("$T.MPI_ERR_OTHER", ClassName.get(JavaBindingsGenerator.PACKAGE, MpiClass.NAME));
        }
        if (result instanceof Carrier.Address) {
            return CodeBlock.of("$T.NULL", MemorySegment.class);
        }
        return CodeBlock.of("($T) 0", result.nativeType());
    }

    /**
     * Finds the adapter. In neutral bindings it takes each handle as a {@code long}, whatever the C carrier the
     * loaded library's upcall stub passes, so it is found by its Java type and cast to the native one.
     */
    private CodeBlock adapterLookup() {
        if (!types.neutral()) {
            return CodeBlock.builder()
                    .addStatement("$T type = descriptor.toMethodType().insertParameterTypes(0, callback)", MethodType.class)
                    .beginControlFlow("try")
                    .addStatement("return $T.lookup().findStatic($L.class, name, type)", MethodHandles.class, CALLBACKS)
                    .build();
        }
        return CodeBlock.builder()
                .addStatement("$T type = $T.javaType(descriptor).insertParameterTypes(0, callback)", MethodType.class,
                        RuntimeTypes.HANDLE_CARRIERS)
                .beginControlFlow("try")
                .addStatement("return $T.explicitCastArguments($T.lookup().findStatic($L.class, name, type),\n"
                        + "descriptor.toMethodType().insertParameterTypes(0, callback))", MethodHandles.class,
                        MethodHandles.class, CALLBACKS)
                .build();
    }

    /** The {@code Callbacks} class, once every interface has been added. */
    TypeSpec callbacksClass() {
        return callbacks
                .addMethod(MethodSpec.methodBuilder("adapter")
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                        .returns(MethodHandle.class)
                        .addParameter(String.class, "name")
                        .addParameter(ParameterizedTypeName.get(ClassName.get(Class.class), WildcardTypeName.subtypeOf(Object.class)), "callback")
                        .addParameter(FunctionDescriptor.class, "descriptor")
                        .addJavadoc("{@return the adapter method {@code name} of this class, which takes the Java function first}\n")
                        .addCode(adapterLookup())
                        .nextControlFlow("catch ($T e)", ReflectiveOperationException.class)
                        .addStatement("throw new $T(e)", AssertionError.class)
                        .endControlFlow()
                        .build())
                .build();
    }
}
