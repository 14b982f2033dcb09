package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.Map;
import java.util.Optional;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CType;

/** Maps the C types of a blueprint to {@link Carrier}s. */
final class TypeMapper {
    /** C basic types on LP64 Linux, for types a blueprint's type table does not list. */
    private static final Map<String, Integer> BASIC_SIZES = Map.ofEntries(
            Map.entry("char", 1), Map.entry("signed char", 1), Map.entry("unsigned char", 1),
            Map.entry("_Bool", 1),
            Map.entry("short", 2), Map.entry("unsigned short", 2),
            Map.entry("int", 4), Map.entry("unsigned int", 4), Map.entry("unsigned", 4),
            Map.entry("long", 8), Map.entry("unsigned long", 8),
            Map.entry("long long", 8), Map.entry("unsigned long long", 8));

    private final Blueprint blueprint;
    private final String packageName;
    private final boolean neutral;

    /** {@code neutral}: the bindings choose each handle's C carrier when the library is loaded. */
    TypeMapper(Blueprint blueprint, String packageName, boolean neutral) {
        this.blueprint = blueprint;
        this.packageName = packageName;
        this.neutral = neutral;
    }

    boolean neutral() {
        return neutral;
    }

    /** The carrier of a value of the C type spelled {@code spelling}. */
    Carrier carrier(String spelling) {
        return carrier(CDeclarationParser.parseType(spelling));
    }

    Carrier carrier(CType type) {
        return switch (type) {
            case CType.Pointer p -> new Carrier.Address();
            case CType.Array a -> new Carrier.Address();
            case CType.Function f -> new Carrier.Address();   // a function parameter decays to a pointer
            case CType.Named named -> named(named.name());
        };
    }

    /** Whether a value of the C type {@code spelling} points to a function (which MPI may call). */
    boolean isFunctionPointer(String spelling) {
        return switch (CDeclarationParser.parseType(spelling)) {
            case CType.Function f -> true;   // a function parameter decays to a pointer
            case CType.Pointer p -> isFunction(p.target());
            case CType.Named named -> isFunction(named) || blueprint.type(named.name())
                    .filter(t -> t.kind() == TypeKind.POINTER && t.definition() != null)
                    .map(t -> isFunctionPointer(t.definition()))
                    .orElse(false);
            case CType.Array a -> false;
        };
    }

    private boolean isFunction(CType type) {
        return type instanceof CType.Function || type instanceof CType.Named named
                && blueprint.type(named.name()).map(t -> t.kind() == TypeKind.FUNCTION).orElse(false);
    }

    /** The generated class of a handle type. */
    ClassName handleClass(String cName) {
        return ClassName.get(packageName, cName);
    }

    private Carrier named(String name) {
        if (name.equals("void")) {
            return new Carrier.Void();
        }
        Optional<TypeInfo> info = blueprint.type(name);
        if (info.isEmpty()) {
            Integer size = BASIC_SIZES.get(name);
            if (size != null) {
                return integer(size, name);
            }
            return switch (name) {
                case "float" -> new Carrier.Primitive(TypeName.FLOAT, "JAVA_FLOAT");
                case "double" -> new Carrier.Primitive(TypeName.DOUBLE, "JAVA_DOUBLE");
                default -> throw new UnsupportedTypeException("type " + name + " is not in the blueprint");
            };
        }
        TypeInfo type = info.get();
        return switch (type.kind()) {
            case INTEGER -> integer(type.size(), name);
            case FLOAT -> switch ((int) type.size()) {
                case 4 -> new Carrier.Primitive(TypeName.FLOAT, "JAVA_FLOAT");
                case 8 -> new Carrier.Primitive(TypeName.DOUBLE, "JAVA_DOUBLE");
                default -> throw new UnsupportedTypeException(name + " (" + type.size() + "-byte floating point)");
            };
            case VOID -> new Carrier.Void();
            case HANDLE -> new Carrier.Handle(handleClass(name), neutral ? Carrier.Handle.Form.CHOSEN_AT_RUN_TIME
                    : type.carrier() == TypeInfo.HandleCarrier.INTEGER ? Carrier.Handle.Form.INT : Carrier.Handle.Form.LONG);
            case POINTER, FUNCTION -> new Carrier.Address();
            case STRUCT, OPAQUE -> throw new UnsupportedTypeException(name + " passed by value");
        };
    }

    private static Carrier integer(long size, String name) {
        return switch ((int) size) {
            case 1 -> new Carrier.Primitive(TypeName.BYTE, "JAVA_BYTE");
            case 2 -> new Carrier.Primitive(TypeName.SHORT, "JAVA_SHORT");
            case 4 -> new Carrier.Primitive(TypeName.INT, "JAVA_INT");
            case 8 -> new Carrier.Primitive(TypeName.LONG, "JAVA_LONG");
            default -> throw new UnsupportedTypeException(name + " (" + size + "-byte integer)");
        };
    }

    /** A C type the Java generator cannot express; the declaration using it is skipped with this reason. */
    static final class UnsupportedTypeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnsupportedTypeException(String message) {
            super(message);
        }
    }
}
