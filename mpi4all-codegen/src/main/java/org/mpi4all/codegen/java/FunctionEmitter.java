package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.Parameter;

/**
 * Emits one C function as a public static method of {@code Mpi} that delegates to a private holder class named after
 * the function. The holder's {@code static final MethodHandle} is linked on first use (so that loading {@code Mpi}
 * does not link hundreds of functions), and its {@code call} carries the body: argument checks, {@code invokeExact}
 * with the exact native types, the returned error code checked, nothing allocated. The bodies live in the holders
 * because a fresh JVM parses and verifies all of {@code Mpi} when it initialises it, but a holder only when its
 * function is first called; the one-line delegations are inlined by the JIT. {@code MpiCritical}'s functions keep
 * their bodies (see {@link #emit}).
 */
final class FunctionEmitter {
    /**
     * Code the generated method runs before calling the C function (to refuse arguments the call cannot take) or
     * after it succeeded (e.g. to install an error handler).
     */
    interface ExtraCode {
        CodeBlock code(FunctionInfo function, List<String> parameterNames);

        ExtraCode NONE = (function, names) -> CodeBlock.of("");

        /** This code, then {@code next}'s. */
        default ExtraCode andThen(ExtraCode next) {
            return (function, names) -> CodeBlock.builder()
                    .add(code(function, names))
                    .add(next.code(function, names))
                    .build();
        }
    }

    /** How a function is linked. */
    enum Link {
        /** A plain downcall. */
        PLAIN,
        /** {@code Linker.Option.critical(true)}: no thread-state transition, heap segments accepted. */
        CRITICAL,
        /**
         * A short nonblocking start whose first parameter is its buffer: critical while the runtime's
         * {@code CriticalStarts} says it is safe, plain after ({@code MpiLibrary.startDowncall}).
         */
        CRITICAL_WHILE_SAFE
    }

    /** The name of the holder's method that makes the call. */
    private static final String CALL = "call";

    private final TypeMapper types;
    /** The class that holds the bound library ({@code LIB}) and turns its error codes into exceptions ({@code error}). */
    private final ClassName library;

    FunctionEmitter(TypeMapper types, ClassName library) {
        this.types = types;
        this.library = library;
    }

    /** The emitted method and its holder. */
    record Emitted(MethodSpec method, TypeSpec holder) {}

    /**
     * Emits {@code function}, linked as {@code link} says. A {@link Link#CRITICAL} function keeps its body in its
     * method, with a holder that only links it: {@code MpiCritical} is loaded only by programs that use it, and its
     * heap-array overloads copy that body so that the JIT keeps their views off the heap.
     *
     * @throws TypeMapper.UnsupportedTypeException if a parameter or the result has no Java form
     */
    Emitted emit(FunctionInfo function, Link link, ExtraCode beforeCall, ExtraCode afterSuccess) {
        List<Parameter> parameters = function.signature().parameters();
        List<Carrier> carriers = parameters.stream().map(p -> types.carrier(p.type())).toList();
        Carrier result = types.carrier(function.signature().returns());
        List<String> names = JavaNames.parameterNames(parameters);
        boolean checksErrors = function.errorCode() && result.nativeType().equals(TypeName.INT);
        TypeName returns = checksErrors ? TypeName.VOID : result.apiType();

        MethodSpec.Builder method = MethodSpec.methodBuilder(function.name())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(returns)
                .addJavadoc(javadoc(function, names, checksErrors));
        // The method that makes the call: the holder's call, to which the public method delegates, or the public one.
        boolean inHolder = link != Link.CRITICAL;
        MethodSpec.Builder call = inHolder ? MethodSpec.methodBuilder(CALL).addModifiers(Modifier.STATIC).returns(returns)
                : method;
        List<CodeBlock> arguments = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            method.addParameter(carriers.get(i).apiType(), names.get(i));
            if (inHolder) {
                call.addParameter(carriers.get(i).apiType(), names.get(i));
            }
            arguments.add(carriers.get(i).toNative(CodeBlock.of("$L", names.get(i))));
        }
        if (inHolder) {
            method.addStatement("$L$L.$L($L)", returns.equals(TypeName.VOID) ? "" : "return ", function.name(), CALL,
                    String.join(", ", names));
        }

        CodeBlock invoke = CodeBlock.of("$LHANDLE.invokeExact($L)", inHolder ? "" : function.name() + ".",
                CodeBlock.join(arguments, ",$W"));
        // Locals must not shadow parameters: MPI_Comm_compare has one called result.
        String code = JavaNames.unused("result", names);
        String failure = JavaNames.unused("t", names);
        CodeBlock before = beforeCall.code(function, names);
        if (!before.isEmpty()) {
            call.addCode(before);
        }

        if (checksErrors) {
            call.addStatement("int $L", code)
                    .beginControlFlow("try")
                    .addStatement("$L = (int) $L", code, invoke)
                    .nextControlFlow("catch ($T $L)", Throwable.class, failure)
                    .addStatement("throw $T.rethrow($L)", RuntimeTypes.MPI_ERRORS, failure)
                    .endControlFlow()
                    .beginControlFlow("if ($L != 0)", code)
                    .addStatement("throw $T.error($S, $L)", library, function.name(), code)
                    .endControlFlow()
                    // A Java callback MPI ran (a reduction) may have failed although MPI succeeded.
                    .addStatement("$T.rethrowIfPending()", RuntimeTypes.UPCALLS);
            CodeBlock after = afterSuccess.code(function, names);
            if (!after.isEmpty()) {
                call.addCode(after);
            }
        } else {
            call.beginControlFlow("try");
            if (result instanceof Carrier.Void) {
                call.addStatement(invoke);
            } else {
                call.addStatement("return $L", result.fromNative(CodeBlock.of("($T) $L", result.nativeType(), invoke)));
            }
            call.nextControlFlow("catch ($T $L)", Throwable.class, failure)
                    .addStatement("throw $T.rethrow($L)", RuntimeTypes.MPI_ERRORS, failure)
                    .endControlFlow();
        }
        return new Emitted(method.build(), holder(function, carriers, result, link,
                inHolder ? Optional.of(call.build()) : Optional.empty()));
    }

    private TypeSpec holder(FunctionInfo function, List<Carrier> carriers, Carrier result, Link link,
                            Optional<MethodSpec> call) {
        List<CodeBlock> layouts = carriers.stream().map(Carrier::layout).toList();
        CodeBlock descriptor = result instanceof Carrier.Void
                ? CodeBlock.of("$T.ofVoid($L)", FunctionDescriptor.class, CodeBlock.join(layouts, ",$W"))
                : CodeBlock.of("$T.of($L)", FunctionDescriptor.class,
                        CodeBlock.join(concat(result.layout(), layouts), ",$W"));
        // Specialised bindings call function-like macros and varargs functions through the auxiliary library's
        // wrappers; neutral ones call the library (or the runtime's stand-in) and pass no variable arguments.
        boolean viaAux = !types.neutral() && (!function.exported() || function.signature().varargs());
        List<CodeBlock> options = new ArrayList<>();
        if (types.neutral() && function.signature().varargs()) {
            options.add(CodeBlock.of("$T.Option.firstVariadicArg($L)", Linker.class, carriers.size()));
        }
        if (link == Link.CRITICAL) {
            options.add(CodeBlock.of("$T.Option.critical(true)", Linker.class));
        }
        String linker = viaAux ? "auxDowncall" : link == Link.CRITICAL_WHILE_SAFE ? "startDowncall" : "downcall";
        CodeBlock linked = CodeBlock.of("$T.LIB.$L($S, $L$L)", library, linker, function.name(), descriptor,
                options.isEmpty() ? CodeBlock.of("") : CodeBlock.of(", $L", CodeBlock.join(options, ", ")));
        TypeSpec.Builder holder = TypeSpec.classBuilder(function.name())
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addField(FieldSpec.builder(MethodHandle.class, "HANDLE", Modifier.STATIC, Modifier.FINAL)
                        .initializer(linked)
                        .build());
        call.ifPresent(holder::addMethod);
        return holder.build();
    }

    private CodeBlock javadoc(FunctionInfo function, List<String> names, boolean checksErrors) {
        CodeBlock.Builder doc = CodeBlock.builder()
                .add("{@snippet lang=c :\n$L\n}\n", JavaNames.declaration(function.name(), function.signature()));
        if (types.neutral()) {
            if (function.signature().varargs()) {
                doc.add("<p>Called without its variable arguments.\n");
            }
            doc.add("<p>Throws {@link UnsupportedOperationException} if the loaded MPI library does not provide it.\n");
        } else if (function.signature().varargs()) {
            doc.add("<p>Called without its variable arguments, through the mpi4all auxiliary library.\n");
        } else if (!function.exported()) {
            doc.add("<p>A macro in C; called through the mpi4all auxiliary library.\n");
        }
        List<Parameter> parameters = function.signature().parameters();
        boolean documented = parameters.stream().anyMatch(p -> p.direction() != null || p.description() != null);
        if (documented) {
            doc.add("\n");
            for (int i = 0; i < parameters.size(); i++) {
                doc.add("@param $L $L\n", names.get(i), parameterDoc(parameters.get(i)));
            }
        }
        if (checksErrors) {
            doc.add("@throws $T if the function returns an error code\n", RuntimeTypes.MPI_EXCEPTION);
        }
        return doc.build();
    }

    /** "initial address of send buffer [in]", from what the MPI standard says of the parameter. */
    private static String parameterDoc(Parameter parameter) {
        List<String> facts = new ArrayList<>();
        if (parameter.direction() != null) {
            facts.add(parameter.direction());
        }
        if (parameter.length() != null) {
            facts.add("array of length " + parameter.length());
        }
        String description = parameter.description() != null ? JavaNames.javadocText(parameter.description()) : "";
        String bracket = facts.isEmpty() ? "" : "[" + String.join(", ", facts) + "]";
        return (description + " " + bracket).strip();
    }

    private static List<CodeBlock> concat(CodeBlock first, List<CodeBlock> rest) {
        List<CodeBlock> all = new ArrayList<>(rest.size() + 1);
        all.add(first);
        all.addAll(rest);
        return all;
    }
}
