package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.lang.foreign.MemorySegment;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;

/**
 * Emits a constant as a {@code static final} field whose value is read once, when its {@link ConstantFamily} is
 * initialised (when a program first reads one of the family), from the ABI profile of the loaded library or the
 * auxiliary library's copy of it ({@code mpi4all_NAME}): the value the C macro denotes, never the address of
 * writable storage. Not compile-time constants, so the value in a compiled
 * program is always that of the library it runs with.
 */
final class ConstantField {
    /**
     * Integer constants the standard types {@code int} (MPI 4.1 Annex A.1.1; the MPI-5 ABI's constant table) but
     * some headers cast to a wider type: MPICH 5 and Intel MPI define {@code MPI_DISPLACEMENT_CURRENT} as
     * {@code ((MPI_Offset)-54278278)}, Open MPI and MPICH 4 as a plain int. They are {@code int} fields everywhere,
     * so that the Java surface does not depend on the implementation, read at the header's width and narrowed
     * (only when the measured value fits in an int).
     */
    static final Set<String> STANDARD_INT_CONSTANTS = Set.of("MPI_DISPLACEMENT_CURRENT");

    /**
     * Constants whose value a library may set only in {@code MPI_Init} (Intel MPI fills these Fortran sentinels
     * there; before, its variables hold NULL): read when called, by a method of their name, not once at class
     * initialisation.
     */
    static final Set<String> SET_AT_INIT = Set.of("MPI_F_STATUS_IGNORE", "MPI_F_STATUSES_IGNORE");

    private ConstantField() {}

    /** Whether {@code constant} is read when called, by a method of {@code Mpi} ({@link #method}), not into a field. */
    static boolean readWhenCalled(ConstantInfo constant) {
        return SET_AT_INIT.contains(constant.name()) && constant.kind() == ConstantKind.POINTER;
    }

    /**
     * The method of {@code Mpi} that reads {@code constant}, one of {@link #SET_AT_INIT}. {@code absent}: a standard
     * constant the header the bindings are specialised to lacks; it gets the value neutral bindings give a constant
     * the loaded library does not define.
     */
    static MethodSpec method(ConstantInfo constant, TypeMapper types, boolean absent) {
        // Neutral bindings read the library's variable through the profile (*MPI_F_STATUS_IGNORE); specialised ones
        // must not read the auxiliary library's copy, which its constructor made when it loaded, before MPI_Init.
        CodeBlock read = absent ? CodeBlock.of("return $T.NULL", MemorySegment.class)
                : !types.neutral() && constant.origin() == ConstantInfo.Origin.VARIABLE
                ? CodeBlock.of("return LIB.variableConstant($S)", constant.name())
                : CodeBlock.of("return LIB.addressConstant($S)", constant.name());
        return MethodSpec.methodBuilder(constant.name())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(MemorySegment.class)
                .addStatement(read)
                .addJavadoc("The constant {@code $L}, of C type {@code $L}, as the loaded MPI library holds it now: some\n"
                        + "libraries set it only in {@code MPI_Init} ({@code MemorySegment.NULL} where it is not defined).\n",
                        constant.name(), constant.type())
                .build();
    }

    /** The field of {@code constant}, for its {@link ConstantFamily}'s interface; {@code absent} as for {@link #method}. */
    static FieldSpec build(ConstantInfo constant, TypeMapper types, boolean absent) {
        String name = constant.name();
        TypeName type;
        CodeBlock value;
        CodeBlock undefined;
        switch (constant.kind()) {
            case INTEGER -> {
                Carrier carrier = types.carrier(constant.type());
                if (!(carrier instanceof Carrier.Primitive primitive)) {
                    throw new TypeMapper.UnsupportedTypeException("integer constant of type " + constant.type());
                }
                if (STANDARD_INT_CONSTANTS.contains(name) && primitive.type().equals(TypeName.LONG) && fitsInInt(constant.value())) {
                    type = TypeName.INT;
                    value = CodeBlock.of("(int) LIB.longConstant($S)", name);
                } else {
                    type = primitive.type();
                    value = reader(type, name);
                }
                undefined = type.equals(TypeName.INT) || type.equals(TypeName.LONG)
                        ? CodeBlock.of("$T.UNDEFINED", RuntimeTypes.MPI_LIBRARY)
                        : CodeBlock.of("($T) $T.UNDEFINED", type, RuntimeTypes.MPI_LIBRARY);
            }
            case HANDLE -> {
                Carrier carrier = types.carrier(constant.type());
                if (!(carrier instanceof Carrier.Handle handle)) {
                    throw new TypeMapper.UnsupportedTypeException("handle constant of type " + constant.type());
                }
                CodeBlock read = switch (handle.form()) {
                    case INT -> CodeBlock.of("LIB.intConstant($S)", name);
                    case LONG -> CodeBlock.of("LIB.longConstant($S)", name);
                    case CHOSEN_AT_RUN_TIME -> CodeBlock.of("LIB.handleConstant($S, $S)", name, handle.type().simpleName());
                };
                type = handle.type();
                value = CodeBlock.of("new $T($L)", type, read);
                undefined = CodeBlock.of("new $T(0)", type);
            }
            case POINTER, FUNCTION -> {
                type = ClassName.get(MemorySegment.class);
                value = CodeBlock.of("LIB.addressConstant($S)", name);
                undefined = CodeBlock.of("$T.NULL", MemorySegment.class);
            }
            case STRING -> {
                type = ClassName.get(String.class);
                value = CodeBlock.of("LIB.stringConstant($S)", name);
                undefined = CodeBlock.of("null");
            }
            case FLOAT -> {
                type = TypeName.DOUBLE;
                value = CodeBlock.of("LIB.doubleConstant($S)", name);
                undefined = CodeBlock.of("$T.NaN", Double.class);
            }
            default -> throw new TypeMapper.UnsupportedTypeException("constant kind " + constant.kind());
        }
        CodeBlock javadoc = types.neutral() ? neutralJavadoc(constant)
                : absent ? CodeBlock.of("The constant {@code $L} of the MPI standard, which the header these bindings were generated\n"
                        + "from does not define: {@code $L} here, as neutral bindings read it from such a library.\n", name, undefined)
                : javadoc(constant);
        return field(type, name, absent ? undefined : value).addJavadoc(javadoc).build();
    }

    private static CodeBlock reader(TypeName type, String name) {
        if (type.equals(TypeName.LONG)) {
            return CodeBlock.of("LIB.longConstant($S)", name);
        }
        if (type.equals(TypeName.INT)) {
            return CodeBlock.of("LIB.intConstant($S)", name);
        }
        return CodeBlock.of("($T) LIB.intConstant($S)", type, name);
    }

    private static boolean fitsInInt(Long value) {
        return value != null && value == value.intValue();
    }

    private static FieldSpec.Builder field(TypeName type, String name, CodeBlock initializer) {
        return FieldSpec.builder(type, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL).initializer(initializer);
    }

    /** What a neutral constant is: its value is the loaded implementation's, read when its family is initialised. */
    private static CodeBlock neutralJavadoc(ConstantInfo constant) {
        String undefined = switch (constant.kind()) {
            case INTEGER -> "{@code MpiLibrary.UNDEFINED}";
            case HANDLE -> "a handle of value 0";
            case STRING -> "null";
            case FLOAT -> "NaN";
            default -> "{@code MemorySegment.NULL}";
        };
        return CodeBlock.of("""
                The constant {@code $L}, of C type {@code $L}, as the loaded MPI library defines it ($L where it does
                not: see {@code MpiLibrary.defines}).
                """, constant.name(), constant.type(), undefined);
    }

    private static CodeBlock javadoc(ConstantInfo constant) {
        String expression = constant.expression();
        boolean printable = expression != null && !expression.isBlank()
                && expression.chars().noneMatch(c -> c == '{' || c == '}' || c == '@') && !expression.contains("*/");
        String declaration = constant.origin() == ConstantInfo.Origin.ENUM
                ? "An enum constant"
                : printable ? "{@code #define " + constant.name() + " " + expression.strip() + "}" : "A macro";
        String value = constant.value() != null ? "; " + constant.value() + " in the library the bindings were generated from" : "";
        return CodeBlock.of("$L, of C type {@code $L}$L.\n", declaration, constant.type(), value);
    }
}
