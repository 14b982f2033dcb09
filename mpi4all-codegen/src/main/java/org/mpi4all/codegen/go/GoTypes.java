package org.mpi4all.codegen.go;

import java.util.Map;
import java.util.Optional;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CType;

/**
 * Maps the C types of a blueprint to Go: the API type a Go programmer sees ({@code int32}, {@code MPI_Comm},
 * {@code *MPI_Status}), the type cgo gives the shim's C type ({@code C.int}, {@code *C.uintptr_t}), and the
 * {@link GoCarrier} joining them.
 */
final class GoTypes {
    /** An integer C basic type: its size and signedness, and cgo's name for it. */
    private record Basic(int size, boolean signed, String cgoName) {}

    /** C basic types on LP64 Linux, for the ones a blueprint's type table does not list. */
    private static final Map<String, Basic> BASIC = Map.ofEntries(
            Map.entry("char", new Basic(1, true, "C.char")),
            Map.entry("signed char", new Basic(1, true, "C.schar")),
            Map.entry("unsigned char", new Basic(1, false, "C.uchar")),
            Map.entry("short", new Basic(2, true, "C.short")),
            Map.entry("unsigned short", new Basic(2, false, "C.ushort")),
            Map.entry("int", new Basic(4, true, "C.int")),
            Map.entry("unsigned int", new Basic(4, false, "C.uint")),
            Map.entry("unsigned", new Basic(4, false, "C.uint")),
            Map.entry("long", new Basic(8, true, "C.long")),
            Map.entry("unsigned long", new Basic(8, false, "C.ulong")),
            Map.entry("long long", new Basic(8, true, "C.longlong")),
            Map.entry("unsigned long long", new Basic(8, false, "C.ulonglong")),
            Map.entry("size_t", new Basic(8, false, "C.size_t")),
            Map.entry("ptrdiff_t", new Basic(8, true, "C.ptrdiff_t")),
            Map.entry("uintptr_t", new Basic(8, false, "C.uintptr_t")));

    private static final String UNSAFE_POINTER = "unsafe.Pointer";

    private final Blueprint blueprint;
    private final StandIns standIns;

    GoTypes(Blueprint blueprint, StandIns standIns) {
        this.blueprint = blueprint;
        this.standIns = standIns;
    }

    /** Whether a C type name becomes a Go type of the same name: the MPI's own typedefs ({@code MPI_Comm}, not {@code int}). */
    static boolean isGoTypeName(String cName) {
        return (cName.startsWith("MPI_") || cName.startsWith("MPIX_")) && cName.matches("[A-Za-z_][A-Za-z0-9_]*");
    }

    /** How a parameter or result of the C type spelled {@code spelling} crosses between Go and MPI. */
    GoCarrier carrier(String spelling) {
        CType type = decay(CDeclarationParser.parseType(spelling).unqualified());
        return switch (type) {
            case CType.Pointer pointer -> pointer(pointer);
            case CType.Named named -> named(named);
            default -> throw new UnsupportedTypeException(spelling);
        };
    }

    /** The Go type of a value of C type {@code type} held in Go memory (a struct field, a constant). */
    String goType(CType type) {
        return switch (type) {
            case CType.Named named -> goNamed(named.name());
            case CType.Pointer pointer -> goPointer(pointer.target());
            case CType.Array array -> array.hasLength()
                    ? "[" + array.length() + "]" + goType(array.element())
                    : goPointer(array.element());
            case CType.Function function -> throw new UnsupportedTypeException(type.spelling() + " by value");
        };
    }

    /** How cgo spells the C type {@code type}. */
    String cgoType(CType type) {
        return switch (type) {
            case CType.Named named -> cgoNamed(named.name());
            case CType.Pointer pointer -> switch (pointer.target()) {
                case CType.Named named when named.isVoid() -> UNSAFE_POINTER;
                case CType.Function function -> "*[0]byte";
                default -> "*" + cgoType(pointer.target());
            };
            case CType.Array array -> array.hasLength()
                    ? "[" + array.length() + "]" + cgoType(array.element())
                    : "*" + cgoType(array.element());
            case CType.Function function -> throw new UnsupportedTypeException(type.spelling() + " by value");
        };
    }

    /** The blueprint's entry for a type name, if it has one. */
    private Optional<TypeInfo> info(String name) {
        return blueprint.type(name);
    }

    /** C adjusts a parameter of array or function type to a pointer; so does the shim. */
    private CType decay(CType type) {
        return switch (type) {
            case CType.Array array -> new CType.Pointer(array.element());
            case CType.Function function -> new CType.Pointer(function);
            case CType.Named named when info(named.name()).map(t -> t.kind() == TypeKind.FUNCTION).orElse(false) ->
                    new CType.Pointer(named);
            default -> type;
        };
    }

    private GoCarrier named(CType.Named named) {
        String name = named.name();
        if (named.isVoid()) {
            return new GoCarrier.Void();
        }
        TypeInfo info = info(name).orElse(null);
        if (info != null && info.kind() == TypeKind.HANDLE) {
            return new GoCarrier.Handle(name, named, info.carrier() == TypeInfo.HandleCarrier.POINTER);
        }
        if (info != null && info.kind() == TypeKind.POINTER) {
            return new GoCarrier.Pointer(UNSAFE_POINTER, cgoNamed(name), named, named, false);
        }
        return new GoCarrier.Scalar(goNamed(name), cgoNamed(name), named);
    }

    private GoCarrier pointer(CType.Pointer pointer) {
        CType mpiType = new CType.Pointer(pointer.target());
        CType shimType = withHandlesAsIntegers(mpiType);
        return new GoCarrier.Pointer(goPointer(pointer.target()), cgoType(shimType), shimType, mpiType,
                standIns.canReach(pointer));
    }

    /** The Go type of a pointer to {@code target}: typed where Go has the target type, else {@code unsafe.Pointer}. */
    private String goPointer(CType target) {
        return switch (target) {
            case CType.Named named -> {
                TypeInfo info = info(named.name()).orElse(null);
                boolean untyped = named.isVoid()
                        || info != null && switch (info.kind()) {
                            case OPAQUE, POINTER, VOID -> true;
                            case FUNCTION, STRUCT -> !isGoTypeName(named.name());
                            default -> false;
                        };
                yield untyped ? UNSAFE_POINTER : "*" + goNamed(named.name());
            }
            case CType.Function function -> UNSAFE_POINTER;
            default -> "*" + goType(target);
        };
    }

    /** The Go type of a named C type. */
    private String goNamed(String name) {
        if (name.equals("char")) {
            return "byte";   // C strings are bytes to Go
        }
        TypeInfo info = info(name).orElse(null);
        if (info == null) {
            Basic basic = BASIC.get(name);
            if (basic != null) {
                return goInteger(basic.size(), basic.signed(), name);
            }
            return switch (name) {
                case "float" -> "float32";
                case "double" -> "float64";
                default -> throw new UnsupportedTypeException("type " + name + " is not in the blueprint");
            };
        }
        return switch (info.kind()) {
            case HANDLE, STRUCT, FUNCTION -> {
                if (!isGoTypeName(name)) {
                    throw new UnsupportedTypeException(name);
                }
                yield name;
            }
            case INTEGER, FLOAT -> isGoTypeName(name) ? name : goBasic(info);
            case VOID, OPAQUE, POINTER -> throw new UnsupportedTypeException(name + " by value");
        };
    }

    /** The Go integer or floating-point type of the same size (and signedness) as an arithmetic C type. */
    static String goBasic(TypeInfo info) {
        if (info.kind() == TypeKind.FLOAT) {
            return switch ((int) info.size()) {
                case 4 -> "float32";
                case 8 -> "float64";
                default -> throw new UnsupportedTypeException(info.name() + " (" + info.size() + "-byte floating point)");
            };
        }
        return goInteger(info.size(), !Boolean.FALSE.equals(info.signed()), info.name());
    }

    /** The Go integer type of a C integer type. */
    private static String goInteger(long size, boolean signed, String name) {
        String bits = switch ((int) size) {
            case 1 -> "8";
            case 2 -> "16";
            case 4 -> "32";
            case 8 -> "64";
            default -> throw new UnsupportedTypeException(name + " (" + size + "-byte integer)");
        };
        return (signed ? "int" : "uint") + bits;
    }

    private static String cgoNamed(String name) {
        Basic basic = BASIC.get(name);
        if (basic != null) {
            return basic.cgoName();
        }
        if (name.startsWith("struct ") || name.startsWith("enum ") || name.startsWith("union ")) {
            return "C." + name.replace(' ', '_');
        }
        return switch (name) {
            case "float" -> "C.float";
            case "double" -> "C.double";
            default -> {
                if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                    throw new UnsupportedTypeException("C type " + name);
                }
                yield "C." + name;
            }
        };
    }

    /** {@code type} with every pointer handle replaced by {@code uintptr_t}: what the shim takes for it. */
    private CType withHandlesAsIntegers(CType type) {
        return switch (type) {
            case CType.Named named -> info(named.name())
                    .filter(t -> t.kind() == TypeKind.HANDLE && t.carrier() == TypeInfo.HandleCarrier.POINTER)
                    .<CType>map(t -> new CType.Named(GoCarrier.Handle.UINTPTR_NAME, named.isConst()))
                    .orElse(named);
            case CType.Pointer pointer -> new CType.Pointer(withHandlesAsIntegers(pointer.target()), pointer.isConst());
            case CType.Array array -> new CType.Array(withHandlesAsIntegers(array.element()), array.length());
            case CType.Function function -> function;
        };
    }

    /** A C type the Go generator cannot express; the declaration using it is skipped with this reason. */
    static final class UnsupportedTypeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnsupportedTypeException(String message) {
            super(message);
        }
    }
}
