package org.mpi4all.codegen.java;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.mpi4all.core.blueprint.AbiProfile;
import org.mpi4all.core.blueprint.Blueprint;

/**
 * Builds {@code org.mpi4all.runtime.CarriedProfiles}: the ABI profiles the bindings carry, each as the text
 * {@link AbiProfile#write} makes of its blueprint, and their index, in string constants. Every process that binds to
 * MPI selects one in a fresh JVM, which loads a class from the jar for much less than it reads a resource (a URL
 * connection to the jar, some 10 ms of CPU for the index and one profile); a string constant becomes a
 * {@code String} only when its code first runs, so only the selected profile's text is made.
 */
final class CarriedProfilesClass {
    static final String PACKAGE = "org.mpi4all.runtime";
    static final String NAME = "CarriedProfiles";
    /** The most bytes of (modified) UTF-8 a class file holds in one string constant. */
    private static final int CONSTANT_BYTES = 65_535;

    private CarriedProfilesClass() {}

    static TypeSpec build(List<Blueprint> carried) {
        StringBuilder index = new StringBuilder();
        CodeBlock.Builder texts = CodeBlock.builder().add("return switch (name) {\n$>");
        for (Blueprint blueprint : carried) {
            index.append(AbiProfile.indexEntry(blueprint)).append('\n');
            texts.add("case $S -> $L;\n", blueprint.implementation().name(), literal(AbiProfile.write(blueprint)));
        }
        texts.add("default -> null;\n$<};\n");
        return TypeSpec.classBuilder(NAME)
                .addModifiers(Modifier.FINAL)
                .addJavadoc("""
                        The ABI profiles these bindings carry, as text ({@code AbiProfile} parses it), in constants:
                        a fresh JVM loads a class faster than it reads a resource.
                        """)
                .addField(FieldSpec.builder(String.class, "INDEX", Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("One line per profile: its name, family, version and first line of"
                                + " {@code MPI_Get_library_version}, tab-separated.\n")
                        .initializer("$L", literal(index.toString()))
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(MethodSpec.methodBuilder("text")
                        .addModifiers(Modifier.STATIC)
                        .returns(String.class)
                        .addParameter(String.class, "name")
                        .addJavadoc("{@return the text of the profile {@code name}, or null if none is carried}\n")
                        .addCode(texts.build())
                        .build())
                .build();
    }

    /** {@code text} as one string literal, or as the concatenation of several where one would be too long. */
    private static CodeBlock literal(String text) {
        List<CodeBlock> parts = new ArrayList<>();
        int start = 0;
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int size = c >= 1 && c <= 0x7F ? 1 : c <= 0x7FF ? 2 : 3;
            // Never between the two halves of a surrogate pair (each literal must be valid text): the 3 bytes kept
            // free leave room for a second half.
            if (bytes + size > CONSTANT_BYTES - 3 && !Character.isLowSurrogate(c)) {
                parts.add(CodeBlock.of("$S", text.substring(start, i)));
                start = i;
                bytes = 0;
            }
            bytes += size;
        }
        parts.add(CodeBlock.of("$S", text.substring(start)));
        // A method call, not +: javac folds constants joined with + into one, which would be too long again.
        return parts.size() == 1 ? parts.getFirst()
                : CodeBlock.of("$T.join(\"\",$>\n$L)$<", String.class, CodeBlock.join(parts, ",\n"));
    }
}
