package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.TypeInfo;

/**
 * Blueprint to Java: the generated low-level layer in {@value #PACKAGE}. One record per handle type, one
 * view class per struct, one functional interface per callback type, {@code Mpi} with every function and, through
 * the interfaces of their families, every constant, and {@code MpiCritical} with the heap-capable variants of the blocking buffer functions; in
 * {@value #INTERNAL_PACKAGE}, the library they are bound to and the functions the high level calls without the
 * checked mode; and the runtime's {@code CarriedProfiles}, the ABI profiles it carries.
 */
public final class JavaBindingsGenerator {
    public static final String PACKAGE = "org.mpi4all.ffi";
    /** The generated classes the runtime module uses and does not export. */
    public static final String INTERNAL_PACKAGE = PACKAGE + ".internal";
    /** Where the generated code expects the auxiliary library on the class path. */
    public static final String AUX_RESOURCE = "/org/mpi4all/ffi/libmpi4all_aux.so";

    /** A declaration the generator left out, and why. */
    public record Skip(String name, String reason) {}

    /** What a generation produced. */
    public record Result(List<JavaFile> files, List<Skip> skipped) {
        public void writeTo(Path sourceRoot) throws IOException {
            for (JavaFile file : files) {
                file.writeTo(sourceRoot);
            }
        }
    }

    private static final Pattern VALUE_LAYOUT_CONSTANT = Pattern.compile("\\bValueLayout\\.(ADDRESS|JAVA_[A-Z]+)\\b");

    private JavaBindingsGenerator() {}

    /** Bindings specialised to the one implementation {@code blueprint} describes, with its auxiliary library. */
    public static Result generate(Blueprint blueprint) {
        return generate(blueprint, false, Set.of(), List.of());
    }

    /**
     * Bindings specialised to {@code blueprint}, completed with every standard function and constant of
     * {@code profiles} its header lacks (the MPI-5 ABI has no {@code MPI_Comm_c2f}, Open MPI 4.1 no
     * {@code MPI_ERRORS_ABORT}): those functions throw {@link UnsupportedOperationException} when called, those
     * constants read as undefined. So a program written against the neutral bindings compiles against specialised
     * ones too.
     */
    public static Result generateCompleted(Blueprint blueprint, List<Blueprint> profiles) {
        Blueprint completed = NeutralBlueprint.complete(blueprint, NeutralBlueprint.merge(profiles));
        Set<String> declared = blueprint.constants().stream().map(ConstantInfo::name).collect(Collectors.toSet());
        Set<String> absent = completed.constants().stream().map(ConstantInfo::name)
                .filter(name -> !declared.contains(name)).collect(Collectors.toSet());
        return generate(completed, false, absent, profiles);
    }

    /**
     * Implementation-neutral bindings: every standard function and constant of {@code profiles} (blueprints of real
     * implementations), bound at run time to whichever library is loaded through the ABI profile of its family.
     */
    public static Result generateNeutral(List<Blueprint> profiles) {
        return generate(NeutralBlueprint.merge(profiles), true, Set.of(), profiles);
    }

    /** {@code carried}: the blueprints whose ABI profiles the runtime carries ({@link CarriedProfilesClass}). */
    private static Result generate(Blueprint blueprint, boolean neutral, Set<String> absentConstants,
                                   List<Blueprint> carried) {
        TypeMapper types = new TypeMapper(blueprint, PACKAGE, neutral);
        List<Skip> skipped = new ArrayList<>();
        List<TypeSpec> specs = new ArrayList<>();
        CallbackTypes callbacks = new CallbackTypes(PACKAGE, types);
        for (TypeInfo type : blueprint.types()) {
            if (!isGeneratedName(type.name())) {
                continue;
            }
            ClassName name = ClassName.get(PACKAGE, type.name());
            try {
                switch (type.kind()) {
                    case HANDLE -> specs.add(HandleClass.build(type, name, neutral));
                    case STRUCT -> specs.add(StructClass.build(type, name, types));
                    case FUNCTION -> specs.add(callbacks.add(type));
                    default -> { }
                }
            } catch (TypeMapper.UnsupportedTypeException e) {
                skipped.add(new Skip(type.name(), e.getMessage()));
            }
        }
        specs.add(callbacks.callbacksClass());
        checkNoFunctionShadowsAType(blueprint, specs);
        MpiClass mpi = new MpiClass(blueprint, types, PACKAGE, INTERNAL_PACKAGE, AUX_RESOURCE, absentConstants);
        MpiClass.Built built = mpi.build(skipped::add);
        specs.add(built.mpi());
        specs.add(mpi.buildCritical());
        List<TypeSpec> internal = new ArrayList<>(mpi.buildPrechecked());
        internal.add(built.library());

        String comment = neutral
                ? "Generated by mpi4all from the ABI profiles of " + blueprint.implementation().version() + ". Do not edit."
                : "Generated by mpi4all from the blueprint of " + blueprint.implementation().name() + ". Do not edit.";
        List<JavaFile> files = new ArrayList<>(specs.stream().map(spec -> javaFile(PACKAGE, spec, comment)).toList());
        internal.forEach(spec -> files.add(javaFile(INTERNAL_PACKAGE, spec, comment)));
        ClassName library = ClassName.get(INTERNAL_PACKAGE, MpiClass.LIBRARY_NAME);
        for (TypeSpec family : built.constantFamilies()) {
            // Their initialisers read LIB as Mpi's did.
            files.add(javaFile(PACKAGE, family, comment).toBuilder().addStaticImport(library, "LIB").build());
        }
        files.add(JavaFile.builder(CarriedProfilesClass.PACKAGE, CarriedProfilesClass.build(carried))
                .addFileComment(comment)
                .skipJavaLangImports(true)
                .indent("    ")
                .build());
        return new Result(List.copyOf(files), List.copyOf(skipped));
    }

    /** The source file of {@code spec} in {@code packageName}, with the value layouts it uses imported statically. */
    private static JavaFile javaFile(String packageName, TypeSpec spec, String comment) {
        JavaFile plain = JavaFile.builder(packageName, spec).build();
        Matcher used = VALUE_LAYOUT_CONSTANT.matcher(plain.toString());
        Set<String> constants = new TreeSet<>();
        while (used.find()) {
            constants.add(used.group(1));
        }
        JavaFile.Builder file = JavaFile.builder(packageName, spec)
                .addFileComment(comment)
                .skipJavaLangImports(true)
                .indent("    ");
        if (!constants.isEmpty()) {
            file.addStaticImport(ValueLayout.class, constants.toArray(String[]::new));
        }
        return file.build();
    }

    /** Only the MPI's own typedef names become classes (not {@code int}, not {@code struct ompi_status_public_t}). */
    private static boolean isGeneratedName(String cName) {
        return (cName.startsWith("MPI_") || cName.startsWith("MPIX_")) && cName.matches("[A-Za-z_][A-Za-z0-9_]*");
    }

    /** A function's holder class is named after it: it must not hide a generated type of the same name. */
    private static void checkNoFunctionShadowsAType(Blueprint blueprint, List<TypeSpec> types) {
        Set<String> typeNames = new HashSet<>();
        types.forEach(t -> typeNames.add(t.name()));
        for (FunctionInfo function : blueprint.functions()) {
            if (typeNames.contains(function.name())) {
                throw new IllegalArgumentException("function " + function.name() + " has the name of a type");
            }
        }
    }
}
