package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import org.mpi4all.core.blueprint.AbiProfile;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.TypeInfo;

/**
 * Builds {@code org.mpi4all.runtime.CarriedProfiles}: the ABI profiles the bindings carry, each as Java code that
 * makes the runtime's {@code AbiProfile} directly (its constants a {@code switch} on the name), and their index.
 * Every process that binds to MPI selects one in a fresh JVM, which runs this code interpreted: parsing the
 * profile's text there cost 6-18 ms of CPU (a map entry per line), the code costs a class load. The values are what
 * {@link AbiProfile#write} writes for the same blueprint, so the profile data in the repository stays the contract.
 */
final class CarriedProfilesClass {
    static final String PACKAGE = "org.mpi4all.runtime";
    static final String NAME = "CarriedProfiles";
    private static final ClassName ABI_PROFILE = ClassName.get(PACKAGE, "AbiProfile");
    private static final ClassName CARRIED_CONSTANTS = ClassName.get(PACKAGE, "CarriedConstants");
    private static final ClassName FUNCTION_IDENTIFIERS = ClassName.get("", "FunctionIdentifiers");
    private static final ParameterizedTypeName NAME_LIST = ParameterizedTypeName.get(List.class, String.class);

    private CarriedProfilesClass() {}

    static TypeSpec build(List<Blueprint> carried) {
        StringBuilder index = new StringBuilder();
        CodeBlock.Builder profiles = CodeBlock.builder().add("return switch (name) {\n$>");
        TypeSpec.Builder type = TypeSpec.classBuilder(NAME)
                .addModifiers(Modifier.FINAL)
                .addJavadoc("""
                        The ABI profiles these bindings carry, each a class that makes its {@code AbiProfile} (no text
                        to parse at run time), and their index.
                        """);
        for (Blueprint blueprint : carried) {
            index.append(AbiProfile.indexEntry(blueprint)).append('\n');
            TypeSpec profile = profileClass(blueprint);
            profiles.add("case $S -> $N.profile();\n", blueprint.implementation().name(), profile);
            type.addType(profile);
        }
        profiles.add("default -> null;\n$<};\n");
        return type
                .addField(FieldSpec.builder(String.class, "INDEX", Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("One line per profile: its name, family, version and first line of"
                                + " {@code MPI_Get_library_version}, tab-separated.\n")
                        .initializer("$S", index.toString())
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(MethodSpec.methodBuilder("profile")
                        .addModifiers(Modifier.STATIC)
                        .returns(ABI_PROFILE)
                        .addParameter(String.class, "name")
                        .addJavadoc("{@return the profile {@code name}, or null if none is carried}\n")
                        .addCode(profiles.build())
                        .build())
                .build();
    }

    /**
     * The class of one profile: its {@code profile()} and its constants. MPICH's QMPI function identifiers (some 500
     * to 800 of its 900 to 1,150 constants) are a class of their own, which only their family's first read loads.
     */
    private static TypeSpec profileClass(Blueprint blueprint) {
        List<ConstantInfo> constants = new ArrayList<>();
        List<ConstantInfo> identifiers = new ArrayList<>();
        for (ConstantInfo constant : blueprint.constants()) {
            (ConstantFamily.isFunctionIdentifier(constant) ? identifiers : constants).add(constant);
        }
        // Every identifier's name ends in _T, so a name that does not is looked up no further.
        CodeBlock otherwise = identifiers.isEmpty() ? CodeBlock.of("null")
                : CodeBlock.of("name.endsWith(\"_T\") ? $T.value(name) : null", FUNCTION_IDENTIFIERS);
        CodeBlock names = identifiers.isEmpty() ? CodeBlock.of("return $L;\n", nameList(constants))
                : CodeBlock.builder()
                        .addStatement("$T names = new $T<>($L)", NAME_LIST, ArrayList.class, nameList(constants))
                        .addStatement("names.addAll($T.names())", FUNCTION_IDENTIFIERS)
                        .addStatement("return names")
                        .build();
        TypeSpec.Builder type = TypeSpec.classBuilder(className(blueprint.implementation().name()))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .superclass(CARRIED_CONSTANTS)
                .addJavadoc("The ABI profile of $L $L.\n", blueprint.implementation().name(),
                        blueprint.implementation().version())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(MethodSpec.methodBuilder("profile")
                        .addModifiers(Modifier.STATIC)
                        .returns(ABI_PROFILE)
                        .addStatement("return $L", newProfile(blueprint))
                        .build())
                .addMethod(valueMethod(constants, otherwise).addAnnotation(Override.class).build())
                .addMethod(MethodSpec.methodBuilder("names")
                        .addAnnotation(Override.class)
                        .returns(NAME_LIST)
                        .addCode(names)
                        .build());
        if (!identifiers.isEmpty()) {
            type.addType(TypeSpec.classBuilder(FUNCTION_IDENTIFIERS)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("The QMPI function identifiers ({@code MPI_SEND_T}, ...), which only"
                            + " {@code MpiFunctionIdentifiers} reads.\n")
                    .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                    .addMethod(valueMethod(identifiers, CodeBlock.of("null")).addModifiers(Modifier.STATIC).build())
                    .addMethod(MethodSpec.methodBuilder("names")
                            .addModifiers(Modifier.STATIC)
                            .returns(NAME_LIST)
                            .addStatement("return $L", nameList(identifiers))
                            .build())
                    .build());
        }
        return type.build();
    }

    /** {@code new AbiProfile(name, family, version, libraryVersion, intHandles, structs, constants, functions)}. */
    private static CodeBlock newProfile(Blueprint blueprint) {
        List<CodeBlock> arguments = new ArrayList<>();
        for (String field : AbiProfile.indexEntry(blueprint).split("\t", -1)) {
            arguments.add(CodeBlock.of("$S", field));
        }
        List<CodeBlock> handles = new ArrayList<>();
        for (TypeInfo type : blueprint.types()) {
            if (type.isHandle()) {
                handles.add(CodeBlock.of("$T.entry($S, $L)", Map.class, type.name(),
                        type.carrier() == TypeInfo.HandleCarrier.INTEGER));
            }
        }
        arguments.add(mapOf(handles));
        arguments.add(mapOf(blueprint.type("MPI_Status")
                .map(status -> List.of(CodeBlock.of("$T.entry($S, $L)", Map.class, status.name(), struct(status))))
                .orElse(List.of())));
        arguments.add(CodeBlock.of("new $T()", ClassName.get("", className(blueprint.implementation().name()))));
        List<CodeBlock> functions = new ArrayList<>();
        for (FunctionInfo function : blueprint.functions()) {
            if (!function.exported()) {
                functions.add(CodeBlock.of("$T.entry($S, $S)", Map.class, function.name(),
                        AbiProfile.missingFunction(blueprint, function.name())));
            }
        }
        arguments.add(mapOf(functions));
        return CodeBlock.of("new $T($>\n$L)$<", ABI_PROFILE, CodeBlock.join(arguments, ",\n"));
    }

    private static CodeBlock mapOf(List<CodeBlock> entries) {
        return entries.isEmpty() ? CodeBlock.of("$T.of()", Map.class)
                : CodeBlock.of("$T.ofEntries($>\n$L)$<", Map.class, CodeBlock.join(entries, ",\n"));
    }

    /**
     * {@code status}'s layout, with padding wherever the compiler put some: the fields as a struct line gives them
     * ({@link AbiProfile#fieldKind}), as the runtime reads such a line from a profile it probed.
     */
    private static CodeBlock struct(TypeInfo status) {
        List<CodeBlock> members = new ArrayList<>();
        long offset = 0;
        for (TypeInfo.Field field : status.fields()) {
            if (field.offset() > offset) {
                members.add(CodeBlock.of("$T.paddingLayout($L)", MemoryLayout.class, field.offset() - offset));
            }
            String kind = AbiProfile.fieldKind(field);
            CodeBlock layout = switch (kind) {
                case "int" -> CodeBlock.of("$T.JAVA_INT", ValueLayout.class);
                case "long" -> CodeBlock.of("$T.JAVA_LONG", ValueLayout.class);
                default -> CodeBlock.of("$T.sequenceLayout($L, $T.JAVA_BYTE)", MemoryLayout.class, field.size(),
                        ValueLayout.class);
            };
            members.add(CodeBlock.of("$L.withName($S)", layout, field.name()));
            offset = field.offset() + field.size();
        }
        if (status.size() > offset) {
            members.add(CodeBlock.of("$T.paddingLayout($L)", MemoryLayout.class, status.size() - offset));
        }
        return CodeBlock.of("$T.structLayout($>\n$L)$<", MemoryLayout.class, CodeBlock.join(members, ",\n"));
    }

    /** {@code String value(String name)}: a {@code switch} with a case per constant, {@code otherwise} for the rest. */
    private static MethodSpec.Builder valueMethod(List<ConstantInfo> constants, CodeBlock otherwise) {
        CodeBlock.Builder cases = CodeBlock.builder().add("return switch (name) {\n$>");
        for (ConstantInfo constant : constants) {
            cases.add("case $S -> $S;\n", constant.name(), AbiProfile.value(constant));
        }
        cases.add("default -> $L;\n$<};\n", otherwise);
        return MethodSpec.methodBuilder("value")
                .returns(String.class)
                .addParameter(String.class, "name")
                .addCode(cases.build());
    }

    private static CodeBlock nameList(List<ConstantInfo> constants) {
        List<CodeBlock> names = new ArrayList<>();
        for (ConstantInfo constant : constants) {
            names.add(CodeBlock.of("$S", constant.name()));
        }
        return CodeBlock.of("$T.of($>\n$L)$<", List.class, CodeBlock.join(names, ",\n"));
    }

    /** The Java class of profile {@code name}: {@code mpich5} is {@code Mpich5}. */
    private static String className(String name) {
        StringBuilder className = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            className.append(i == 0 ? Character.toUpperCase(c) : Character.isJavaIdentifierPart(c) ? c : '_');
        }
        return className.toString();
    }
}
