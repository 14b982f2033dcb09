package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javax.lang.model.element.Modifier;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.ImplementationInfo;
import org.mpi4all.core.blueprint.Parameter;

/**
 * Builds {@code Mpi}, the C interface under its C names: every constant as a {@code static final} field
 * (declared in one of the interfaces of its {@link ConstantFamily}, read once from the library when a program first
 * uses the family), every function as a static method; {@code MpiCritical}, the blocking buffer functions linked
 * so that they accept heap memory; and, in a package the runtime module does not export, the library they are bound
 * to and the few functions the high level calls without the checked mode ({@link #PRECHECKED_FUNCTIONS}).
 */
final class MpiClass {
    static final String NAME = "Mpi";
    static final String CRITICAL_NAME = "MpiCritical";
    static final String LIBRARY_NAME = "BoundLibrary";
    static final String PRECHECKED_NAME = "MpiPrechecked";
    static final String CRITICAL_PRECHECKED_NAME = "MpiCriticalPrechecked";

    /**
     * The blocking functions whose buffers MPI uses only during the call (point-to-point, collectives,
     * packing, file I/O), and the {@code _c} variants of each: the ones safe to hand a heap array.
     * Nonblocking and persistent operations, one-sided operations, split collectives and anything that
     * keeps a pointer (windows, attached buffers, attributes) are left out.
     */
    static final Set<String> HEAP_SAFE_FUNCTIONS = Set.of(
            "MPI_Send", "MPI_Bsend", "MPI_Ssend", "MPI_Rsend", "MPI_Recv", "MPI_Mrecv",
            "MPI_Sendrecv", "MPI_Sendrecv_replace",
            "MPI_Bcast", "MPI_Gather", "MPI_Gatherv", "MPI_Scatter", "MPI_Scatterv",
            "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv", "MPI_Alltoallw",
            "MPI_Reduce", "MPI_Allreduce", "MPI_Reduce_scatter", "MPI_Reduce_scatter_block",
            "MPI_Scan", "MPI_Exscan", "MPI_Reduce_local",
            "MPI_Neighbor_allgather", "MPI_Neighbor_allgatherv", "MPI_Neighbor_alltoall",
            "MPI_Neighbor_alltoallv", "MPI_Neighbor_alltoallw",
            "MPI_Pack", "MPI_Unpack", "MPI_Pack_external", "MPI_Unpack_external",
            "MPI_File_read", "MPI_File_read_all", "MPI_File_read_at", "MPI_File_read_at_all",
            "MPI_File_read_shared", "MPI_File_read_ordered",
            "MPI_File_write", "MPI_File_write_all", "MPI_File_write_at", "MPI_File_write_at_all",
            "MPI_File_write_shared", "MPI_File_write_ordered");

    /**
     * The nonblocking starts linked critical while that is safe (see the runtime's {@code CriticalStarts}), and their
     * {@code _c} variants: short calls that take their buffer first, made once per message of a window of messages.
     */
    static final Set<String> SHORT_STARTS = Set.of("MPI_Isend", "MPI_Irecv");

    /**
     * The functions the high level's short paths call once they have checked every argument themselves (a whole
     * buffer of a predefined or duplicated datatype, alive, a communicator or window not freed, a predefined
     * operator: {@code Communicator.send}, {@code recv}, the reductions, {@code Window.put} and {@code fence}):
     * {@value #PRECHECKED_NAME} and {@value #CRITICAL_PRECHECKED_NAME} have them without the checked mode's second
     * round of the same checks, which made each too big for C2 to inline into its caller once compiled on its own
     * (docs/benchmarks-journal.md, "What C2 inlines on the high level's short paths").
     */
    static final Set<String> PRECHECKED_FUNCTIONS = Set.of("MPI_Send", "MPI_Ssend", "MPI_Recv", "MPI_Reduce",
            "MPI_Allreduce", "MPI_Scan", "MPI_Exscan", "MPI_Put", "MPI_Win_fence");

    /** Window constructors: each new window gets {@code MPI_ERRORS_RETURN}, so its errors become exceptions. */
    private static final Set<String> WINDOW_CONSTRUCTORS = Set.of(
            "MPI_Win_create", "MPI_Win_allocate", "MPI_Win_allocate_shared", "MPI_Win_create_dynamic");

    private final Blueprint blueprint;
    private final TypeMapper types;
    private final String auxResource;
    private final ClassName mpi;
    /** The package of the generated classes the runtime module keeps to itself (it does not export it). */
    private final String internalPackage;
    private final ClassName library;
    private final FunctionEmitter functions;
    private final ArgumentCheckEmitter checks;
    private final Set<String> absentConstants;

    /**
     * {@code absentConstants}: standard constants {@code blueprint} was completed with (see {@link ConstantField#addTo});
     * {@code internalPackage}: where the library and the prechecked functions go, a package programs cannot use.
     */
    MpiClass(Blueprint blueprint, TypeMapper types, String packageName, String internalPackage, String auxResource,
             Set<String> absentConstants) {
        this.blueprint = blueprint;
        this.absentConstants = absentConstants;
        this.types = types;
        this.auxResource = auxResource;
        this.mpi = ClassName.get(packageName, NAME);
        this.internalPackage = internalPackage;
        this.library = ClassName.get(internalPackage, LIBRARY_NAME);
        this.functions = new FunctionEmitter(types, library);
        this.checks = new ArgumentCheckEmitter(blueprint, types, mpi);
    }

    static boolean isHeapSafe(FunctionInfo function) {
        return HEAP_SAFE_FUNCTIONS.contains(baseName(function)) && linkedDirectly(function);
    }

    static boolean isShortStart(FunctionInfo function) {
        return SHORT_STARTS.contains(baseName(function)) && linkedDirectly(function);
    }

    /** The function's name without the {@code _c} of a large-count variant. */
    private static String baseName(FunctionInfo function) {
        return function.name().endsWith("_c")
                ? function.name().substring(0, function.name().length() - 2)
                : function.name();
    }

    /** Whether the function is called in the library itself, not through an auxiliary wrapper. */
    private static boolean linkedDirectly(FunctionInfo function) {
        return function.exported() && !function.signature().varargs();
    }

    /**
     * What {@link #build} makes: {@code Mpi}, the interfaces of its {@link ConstantFamily constant families} (in the
     * order of the enum; only those with a constant) and {@value #LIBRARY_NAME}, which loads the library.
     */
    record Built(TypeSpec mpi, List<TypeSpec> constantFamilies, TypeSpec library) {}

    Built build(Consumer<JavaBindingsGenerator.Skip> skipped) {
        TypeSpec.Builder type = TypeSpec.classBuilder(mpi)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc(types.neutral() ? neutralJavadoc() : specialisedJavadoc())
                .addField(FieldSpec.builder(RuntimeTypes.MPI_LIBRARY, "LIB", Modifier.STATIC, Modifier.FINAL)
                        .initializer("$T.LIB", library)
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

        Map<ConstantFamily, TypeSpec.Builder> families = new EnumMap<>(ConstantFamily.class);
        List<ConstantInfo> generated = new ArrayList<>();
        for (ConstantInfo constant : blueprint.constants()) {
            boolean absent = absentConstants.contains(constant.name());
            try {
                if (ConstantField.readWhenCalled(constant)) {
                    type.addMethod(ConstantField.method(constant, types, absent));
                } else {
                    FieldSpec field = ConstantField.build(constant, types, absent);
                    families.computeIfAbsent(ConstantFamily.of(constant, types), this::familyInterface)
                            .addField(field);
                }
                generated.add(constant);
            } catch (TypeMapper.UnsupportedTypeException e) {
                skipped.accept(new JavaBindingsGenerator.Skip(constant.name(), e.getMessage()));
            }
        }
        List<TypeSpec> familyInterfaces = new ArrayList<>();
        families.forEach((family, builder) -> {
            familyInterfaces.add(builder.build());
            type.addSuperinterface(family.interfaceIn(mpi.packageName()));
        });
        addPredefinedOperations(type, generated);
        checks.addMembers(type);
        for (FunctionInfo function : blueprint.functions()) {
            try {
                FunctionEmitter.Emitted emitted = functions.emit(function,
                        isShortStart(function) ? FunctionEmitter.Link.CRITICAL_WHILE_SAFE : FunctionEmitter.Link.PLAIN,
                        checks.andThen(this::endCriticalStarts), this::afterSuccess);
                type.addMethod(emitted.method()).addType(emitted.holder());
            } catch (TypeMapper.UnsupportedTypeException e) {
                skipped.accept(new JavaBindingsGenerator.Skip(function.name(), e.getMessage()));
            }
        }
        return new Built(type.build(), familyInterfaces, libraryClass());
    }

    private TypeSpec.Builder familyInterface(ConstantFamily family) {
        // Public, although programs use only Mpi: reflection (and so dynamic languages) reads an inherited field only
        // where the interface that declares it is accessible.
        return TypeSpec.interfaceBuilder(family.interfaceIn(mpi.packageName()))
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("""
                        The constants of {@link $T} that are $L: read them as {@code $T.NAME}.

                        <p>An interface of their own, which {@code $T} implements, so that a JVM reads their values from
                        the library only when a program first uses one of them (it initialises a class without such
                        superinterfaces). Each reads its value from {@code $L}, never from {@code $T}.
                        """, mpi, family.contents(), mpi, mpi, LIBRARY_NAME, mpi);
    }

    /**
     * {@value #LIBRARY_NAME}: the library, loaded on first use by {@code Mpi} or by any constant family, and its error
     * codes turned into exceptions.
     */
    private TypeSpec libraryClass() {
        return TypeSpec.classBuilder(library)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("""
                        The MPI library {@link $T} and its constants are bound to, loaded when either is first used, and
                        the exceptions its error codes become. The constants read it from here, not from {@code $T}, so
                        that a program may read a constant before anything initialises {@code $T}, and {@code $T}'s
                        initialiser may read constants. Public in a package the module does not export: the classes of
                        {@code $L} and of this package use it, programs cannot.
                        """, mpi, mpi, mpi, mpi, mpi.packageName())
                .addField(FieldSpec.builder(RuntimeTypes.MPI_LIBRARY, "LIB", Modifier.PUBLIC, Modifier.STATIC,
                                Modifier.FINAL)
                        .initializer(types.neutral() ? CodeBlock.of("$T.current()", RuntimeTypes.MPI_LIBRARY) : loadTarget())
                        .build())
                .addField(FieldSpec.builder(RuntimeTypes.MPI_ERRORS, "ERRORS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("new $T(LIB,\n$>$L,\n$L$<)", RuntimeTypes.MPI_ERRORS,
                                nameList("MPI_ERR_"), nameList("MPI_T_ERR_"))
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(MethodSpec.methodBuilder("error")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(RuntimeTypes.MPI_EXCEPTION)
                        .addParameter(String.class, "function")
                        .addParameter(TypeName.INT, "code")
                        .addJavadoc("{@return the exception for the error {@code code} that {@code function} returned}\n")
                        .addStatement("return ERRORS.exception(function, code)")
                        .build())
                .build();
    }

    private CodeBlock neutralJavadoc() {
        return CodeBlock.of("""
                The MPI C interface under its C names and with C semantics, for whichever MPI library is loaded: one
                static method per function, one constant per macro or enum constant of the MPI standard (4.1 and 5.0)
                and of the implementations mpi4all carries ABI profiles for ($L).

                <p>The library is found, loaded and identified when this class is initialised (see
                {@link $T#current()}); each family of constants (the interfaces this class implements) takes its
                values when a program first reads one of them. Pointers are {@link $T}s (off-heap; see
                {@link $L} for heap arrays), handles are records ({@link MPI_Comm}, ...), and a function that returns an
                error code throws {@link $T} instead. {@code MPI_Init} and {@code MPI_Init_thread} install
                {@code MPI_ERRORS_RETURN} on {@code MPI_COMM_WORLD} and {@code MPI_COMM_SELF}, and the window
                constructors on each new window, so that errors reach Java as exceptions. {@code MPI_Isend} and
                {@code MPI_Irecv} take a critical link while no Java function has been given to MPI and MPI runs below
                {@code MPI_THREAD_MULTIPLE} (see {@link $T}).
                """, blueprint.implementation().version(), RuntimeTypes.MPI_LIBRARY, MemorySegment.class,
                CRITICAL_NAME, RuntimeTypes.MPI_EXCEPTION, RuntimeTypes.CRITICAL_STARTS);
    }

    private CodeBlock specialisedJavadoc() {
        ImplementationInfo implementation = blueprint.implementation();
        return CodeBlock.of("""
                The MPI C interface of $L $L, under its C names and with C semantics: one static method
                per function, one constant per macro or enum constant.

                <p>Pointers are {@link $T}s (off-heap; see {@link $L} for heap arrays), handles are
                records ({@link MPI_Comm}, ...), and a function that returns an error code throws
                {@link $T} instead. {@code MPI_Init} and {@code MPI_Init_thread} install
                {@code MPI_ERRORS_RETURN} on {@code MPI_COMM_WORLD} and {@code MPI_COMM_SELF}, and the
                window constructors on each new window, so that errors reach Java as exceptions.

                <p>Generated by mpi4all from the blueprint of {@code $L} ($L).
                """, implementation.family(), implementation.version(), MemorySegment.class, CRITICAL_NAME,
                RuntimeTypes.MPI_EXCEPTION, implementation.library(), firstLine(implementation.libraryVersion()));
    }

    /** Specialised bindings load the library they were generated for, with their auxiliary library. */
    private CodeBlock loadTarget() {
        ImplementationInfo implementation = blueprint.implementation();
        return CodeBlock.of("$T.load(new $T(\n$>$S,\n$S,\n$S,\n$S$<))", RuntimeTypes.MPI_LIBRARY,
                RuntimeTypes.MPI_LIBRARY_TARGET, implementation.name(), implementation.library(),
                implementation.libraryVersion(), auxResource);
    }

    TypeSpec buildCritical() {
        TypeSpec.Builder type = TypeSpec.classBuilder(CRITICAL_NAME)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("""
                        The blocking buffer functions of {@link $T} linked with {@code Linker.Option.critical(true)}:
                        they accept heap segments ({@code MemorySegment.ofArray(double[])}) and pass them to MPI
                        without a copy. Each function with buffers also takes them as arrays and byte offsets, and
                        then makes their views itself, where the JIT can always keep them off the heap.

                        <p>The price: while such a call runs, its thread cannot reach a safepoint, so garbage
                        collection in this JVM waits for it. Never use these when the call can only complete
                        after another thread of this JVM acts (a receive matched by a send from a thread of the
                        same process, under {@code MPI_THREAD_MULTIPLE}): the JVM would deadlock. Only the
                        functions whose buffers MPI uses during the call alone are here.

                        <p>A critical call cannot call back into Java: the JVM stops ("wrong thread state for
                        upcall"). So the reductions here refuse a user-defined {@code MPI_Op} with an
                        {@link IllegalArgumentException}, and none of these may run where MPI would call a Java
                        error handler (one set on the communicator or file) or a Java data representation.
                        """, mpi)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (FunctionInfo function : blueprint.functions()) {
            if (isHeapSafe(function)) {
                FunctionEmitter.Emitted emitted = functions.emit(function, FunctionEmitter.Link.CRITICAL,
                        checks.andThen(this::refuseUserOperations),
                        FunctionEmitter.ExtraCode.NONE);
                type.addMethod(emitted.method()).addType(emitted.holder());
                Map<String, CriticalArrayOverload.HeapBuffer> buffers = CriticalArrayOverload.buffers(function,
                        emitted.method());
                if (!buffers.isEmpty()) {
                    MethodSpec body = functions.emit(function, FunctionEmitter.Link.CRITICAL, checks.onHeapArrays(buffers)
                            .andThen(this::refuseUserOperations)
                            .andThen(CriticalArrayOverload.views(buffers)), FunctionEmitter.ExtraCode.NONE).method();
                    type.addMethod(CriticalArrayOverload.of(body, buffers));
                }
            }
        }
        return type.build();
    }

    /**
     * {@value #PRECHECKED_NAME} and {@value #CRITICAL_PRECHECKED_NAME}: the {@link #PRECHECKED_FUNCTIONS} as
     * {@code Mpi} and {@code MpiCritical} have them, linked the same way, with the same error codes turned into the same
     * exceptions and the same failure of a Java callback rethrown, without the checked mode's checks (nor the
     * critical reductions' refusal of a user-defined operation: the high level hands those to {@code Mpi}).
     */
    List<TypeSpec> buildPrechecked() {
        TypeSpec.Builder plain = precheckedClass(PRECHECKED_NAME, NAME, CodeBlock.of(""));
        TypeSpec.Builder critical = precheckedClass(CRITICAL_PRECHECKED_NAME, CRITICAL_NAME, CodeBlock.of(
                " Nor do the reductions refuse a user-defined operation: the caller gives them predefined ones only."));
        for (FunctionInfo function : blueprint.functions()) {
            if (!PRECHECKED_FUNCTIONS.contains(function.name())) {
                continue;
            }
            FunctionEmitter.Emitted emitted = functions.emit(function, FunctionEmitter.Link.PLAIN,
                    this::endCriticalStarts, this::afterSuccess);
            plain.addMethod(emitted.method()).addType(emitted.holder());
            if (isHeapSafe(function)) {
                emitted = functions.emit(function, FunctionEmitter.Link.CRITICAL, FunctionEmitter.ExtraCode.NONE,
                        FunctionEmitter.ExtraCode.NONE);
                critical.addMethod(emitted.method()).addType(emitted.holder());
            }
        }
        return List.of(plain.build(), critical.build());
    }

    private TypeSpec.Builder precheckedClass(String name, String checkedName, CodeBlock more) {
        return TypeSpec.classBuilder(ClassName.get(internalPackage, name))
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("""
                        Functions of {@link $T} for a caller that has checked their arguments itself (the high level's
                        short paths), without the checked mode ({@link $T}), whose checks the caller's own make already.
                        The JIT compiles each to less code without them, under the size up to which it still inlines a
                        method it compiled on its own first.$L Public in a package the module does not export: programs
                        cannot call them.
                        """, ClassName.get(mpi.packageName(), checkedName), ArgumentCheckEmitter.ARGUMENT_CHECKS, more)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    }

    /**
     * A user-defined reduction is a Java upcall, and the JVM cannot take an upcall during a critical downcall (it
     * stops with "wrong thread state for upcall"): the critical variants accept predefined operations only.
     */
    private CodeBlock refuseUserOperations(FunctionInfo function, List<String> names) {
        CodeBlock.Builder guards = CodeBlock.builder();
        List<Parameter> parameters = function.signature().parameters();
        for (int i = 0; i < parameters.size(); i++) {
            if (isOperation(parameters.get(i).type())) {
                guards.addStatement("$T.requirePredefinedOperation($L, $S)", mpi, names.get(i), function.name());
            }
        }
        return guards.build();
    }

    private boolean isOperation(String cType) {
        return types.carrier(cType) instanceof Carrier.Handle handle && handle.type().simpleName().equals("MPI_Op");
    }

    /** {@code PredefinedOperations.VALUES}, every predefined {@code MPI_Op} but {@code MPI_OP_NULL}, and its check. */
    private void addPredefinedOperations(TypeSpec.Builder type, List<ConstantInfo> constants) {
        List<CodeBlock> values = constants.stream()
                .filter(c -> c.kind() == ConstantKind.HANDLE && !c.name().equals("MPI_OP_NULL"))
                .filter(c -> isOperation(c.type()))
                .map(c -> CodeBlock.of("$L.value()", c.name()))
                .toList();
        type.addType(TypeSpec.classBuilder("PredefinedOperations")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The predefined operations' values, read at the first check, not as {@code Mpi} initialises.\n")
                .addField(FieldSpec.builder(long[].class, "VALUES", Modifier.STATIC, Modifier.FINAL)
                        .initializer("{$L}", CodeBlock.join(values, ",$W"))
                        .build())
                .build());
        type.addMethod(MethodSpec.methodBuilder("requirePredefinedOperation")
                .addModifiers(Modifier.STATIC)
                .addParameter(ClassName.get(mpi.packageName(), "MPI_Op"), "op")
                .addParameter(String.class, "function")
                .addJavadoc("""
                        Throws unless {@code op} is a predefined operation: what $L's reductions check, since \
                        MPI runs a user-defined operation as a Java upcall, which a critical downcall cannot make.
                        """, CRITICAL_NAME)
                .addStatement("long value = op.value()")
                .beginControlFlow("for (long predefined : PredefinedOperations.VALUES)")
                .beginControlFlow("if (predefined == value)")
                .addStatement("return")
                .endControlFlow()
                .endControlFlow()
                .addStatement("throw new $T($T.format($S, function, op, function))", IllegalArgumentException.class,
                        String.class, CRITICAL_NAME + ".%s cannot take the user-defined operation %s: MPI calls it back"
                                + " in Java, which a critical call cannot do; use " + NAME + ".%s with off-heap memory")
                .build());
    }

    /**
     * What ends the critical link of the short starts ({@link #SHORT_STARTS}) before MPI sees the call: a C function
     * pointer given to MPI (it may be Java code, which MPI could call from inside a start), a session (its thread level
     * may be {@code MPI_THREAD_MULTIPLE}).
     */
    private CodeBlock endCriticalStarts(FunctionInfo function, List<String> names) {
        if (function.name().equals("MPI_Session_init")) {
            return CodeBlock.builder().addStatement("$T.sessionStarting()", RuntimeTypes.CRITICAL_STARTS).build();
        }
        boolean givesFunction = function.signature().parameters().stream()
                .anyMatch(p -> types.isFunctionPointer(p.type()));
        return givesFunction
                ? CodeBlock.builder().addStatement("$T.functionGiven($S)", RuntimeTypes.CRITICAL_STARTS, function.name()).build()
                : CodeBlock.of("");
    }

    /**
     * Errors must return to Java instead of aborting: install {@code MPI_ERRORS_RETURN} where MPI creates handles. Once
     * MPI is initialised, its thread level decides whether the short starts stay critical.
     */
    private CodeBlock afterSuccess(FunctionInfo function, List<String> names) {
        String base = baseName(function);
        if (base.equals("MPI_Init") || base.equals("MPI_Init_thread")) {
            return CodeBlock.builder()
                    .addStatement("MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)")
                    .addStatement("MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN)")
                    .addStatement("$T.initialised($T.LIB)", RuntimeTypes.CRITICAL_STARTS, mpi)
                    .build();
        }
        if (WINDOW_CONSTRUCTORS.contains(base)) {
            String window = names.getLast();   // every window constructor returns the window last
            return CodeBlock.of("MPI_Win_set_errhandler(MPI_Win.read($L), MPI_ERRORS_RETURN);\n", window);
        }
        return CodeBlock.of("");
    }

    private CodeBlock nameList(String prefix) {
        List<CodeBlock> names = blueprint.constants().stream()
                .map(ConstantInfo::name)
                .filter(n -> n.startsWith(prefix) && !n.equals(prefix + "LASTCODE"))
                .map(n -> CodeBlock.of("$S", n))
                .toList();
        return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(names, ", "));
    }

    private static String firstLine(String text) {
        return text == null ? "" : text.strip().lines().findFirst().orElse("");
    }
}
