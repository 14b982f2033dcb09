package org.mpi4all.core.c;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** A file-scope declaration of a C header, as {@link CDeclarationParser} reads it from preprocessed text. */
public sealed interface CDeclaration {

    /** The declared name; null for an untagged struct, union or enum. */
    String name();

    /** Where the header declares it. */
    SourceLocation location();

    /**
     * A function prototype or definition ({@code int MPI_Send(const void *buf, ...);}).
     *
     * @param parameterNames one entry per parameter of {@code type}, null where the header gives no name
     * @param defined        whether the header gives a body (an inline function), which the parser skips
     * @param isStatic       whether it has internal linkage, so that no library can export it
     */
    record Function(String name, CType.Function type, List<String> parameterNames, boolean defined, boolean isStatic,
            SourceLocation location) implements CDeclaration {
        public Function {
            Objects.requireNonNull(name, "name == null");
            parameterNames = nullableCopy(parameterNames);
        }
    }

    /**
     * {@code typedef <type> name;}.
     *
     * @param parameterNames for a function type or a pointer to one: one entry per parameter, null where
     *                       the header gives no name; empty otherwise
     */
    record Typedef(String name, CType type, List<String> parameterNames, SourceLocation location) implements CDeclaration {
        public Typedef {
            Objects.requireNonNull(name, "name == null");
            Objects.requireNonNull(type, "type == null");
            parameterNames = nullableCopy(parameterNames);
        }
    }

    /** An object declaration ({@code extern int * const MPI_UNWEIGHTED;}). */
    record Variable(String name, CType type, boolean isExtern, SourceLocation location) implements CDeclaration {
        public Variable {
            Objects.requireNonNull(name, "name == null");
            Objects.requireNonNull(type, "type == null");
        }
    }

    /**
     * A struct or union with its members.
     *
     * @param name        the tag, null when the declaration has none
     * @param typedefName for an untagged one declared in a typedef ({@code typedef struct {...} MPI_Status;}),
     *                    the first name that typedef declares; null otherwise
     */
    record Struct(String name, boolean union, List<Field> fields, String typedefName, SourceLocation location)
            implements CDeclaration {
        public Struct {
            fields = List.copyOf(fields);
        }

        /** The type this declaration defines: {@code struct tag}, or {@code struct {...}} for an untagged one (see {@link CType#aggregate}). */
        public CType.Named type() {
            return CType.aggregate(union ? "union" : "struct", name);
        }

        /**
         * A member; {@code name} is null for an unnamed bit-field or an anonymous struct or union member.
         *
         * @param bitWidth the width of a bit-field, -1 otherwise
         */
        public record Field(String name, CType type, int bitWidth) {
            public Field {
                Objects.requireNonNull(type, "type == null");
            }
        }
    }

    /**
     * An enum with its constants.
     *
     * @param name        the tag, null when the declaration has none
     * @param typedefName like {@link Struct#typedefName()}
     */
    record Enum(String name, List<Enumerator> enumerators, String typedefName, SourceLocation location)
            implements CDeclaration {
        public Enum {
            enumerators = List.copyOf(enumerators);
        }

        /**
         * An enumeration constant.
         *
         * @param initializer the text of its value expression ({@code MPIR_T_PVAR_CLASS_FIRST}), null when
         *                    the value is implicit (one more than the previous constant's)
         */
        public record Enumerator(String name, String initializer, SourceLocation location) {
            public Enumerator {
                Objects.requireNonNull(name, "name == null");
            }
        }
    }

    /**
     * A macro that {@code cc -E -dD} kept, as the preprocessor prints it.
     *
     * @param parameters null for an object-like macro; the named parameters of a function-like one
     * @param variadic   whether a function-like macro takes {@code ...}
     * @param body       the replacement text with whitespace collapsed, empty for an empty macro
     */
    record Macro(String name, List<String> parameters, boolean variadic, String body, SourceLocation location)
            implements CDeclaration {
        public Macro {
            Objects.requireNonNull(name, "name == null");
            Objects.requireNonNull(body, "body == null");
            parameters = parameters == null ? null : List.copyOf(parameters);
        }

        public boolean isFunctionLike() {
            return parameters != null;
        }
    }

    /** An unmodifiable copy of a list that may hold nulls. */
    private static List<String> nullableCopy(List<String> names) {
        return names == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(names));
    }
}
