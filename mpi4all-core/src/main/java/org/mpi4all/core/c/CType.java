package org.mpi4all.core.c;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A C type as the MPI headers use it: a named type, a pointer, an array or a function. Blueprints store
 * types by their canonical {@linkplain #spelling() spelling} ({@code const void *}, {@code int [][3]},
 * {@code int (*)(MPI_Comm, int)}); {@link CDeclarationParser#parseType(String)} reads it back.
 */
public sealed interface CType {

    /** The canonical spelling of this type as a C abstract declarator. */
    default String spelling() {
        return spell("");
    }

    /** Spells this type around {@code declarator}, the part of a declarator already spelled. */
    String spell(String declarator);

    /** Whether this is {@code void} (unqualified or not). */
    default boolean isVoid() {
        return this instanceof Named named && named.name().equals("void");
    }

    /** This type without a top-level {@code const}. */
    CType unqualified();

    /**
     * This type with a top-level {@code const}, as an object that cannot be written is declared: an array's elements
     * are {@code const}; a function type cannot be qualified and stays as it is.
     */
    default CType withConst() {
        return switch (this) {
            case Named named -> new Named(named.name(), true);
            case Pointer pointer -> new Pointer(pointer.target(), true);
            case Array array -> new Array(array.element().withConst(), array.length());
            case Function function -> function;
        };
    }

    /** The spelling of an aggregate type without a tag, declared in place ({@code typedef struct {...} X;}). */
    String ANONYMOUS_BODY = "{...}";

    /**
     * The named type of a struct, union or enum: {@code struct ompi_status_public_t}, or {@code struct {...}}
     * when it has no tag.
     */
    static Named aggregate(String keyword, String tag) {
        return new Named(keyword + " " + (tag == null ? ANONYMOUS_BODY : tag));
    }

    /**
     * A type known by name: a basic type ({@code int}, {@code unsigned long long}, {@code void}), a
     * typedef name ({@code MPI_Comm}) or a tag ({@code struct ompi_status_public_t}).
     */
    record Named(String name, boolean isConst) implements CType {
        public Named {
            Objects.requireNonNull(name, "name == null");
        }

        public Named(String name) {
            this(name, false);
        }

        @Override
        public String spell(String declarator) {
            String base = isConst ? "const " + name : name;
            return declarator.isEmpty() ? base : base + " " + declarator;
        }

        @Override
        public CType unqualified() {
            return new Named(name, false);
        }

        /** Whether this names a struct, union or enum ({@code struct MPI_Status}) rather than a basic or typedef name. */
        public boolean isAggregate() {
            return name.startsWith("struct ") || name.startsWith("union ") || name.startsWith("enum ");
        }
    }

    /** A pointer to {@code target}; {@code isConst} qualifies the pointer itself ({@code int * const}). */
    record Pointer(CType target, boolean isConst) implements CType {
        public Pointer {
            Objects.requireNonNull(target, "target == null");
        }

        public Pointer(CType target) {
            this(target, false);
        }

        @Override
        public String spell(String declarator) {
            String star = isConst ? "* const" : "*";
            String inner = declarator.isEmpty() ? star : isConst ? star + " " + declarator : star + declarator;
            if (target instanceof Array || target instanceof Function) {
                inner = "(" + inner + ")";
            }
            return target.spell(inner);
        }

        @Override
        public CType unqualified() {
            return new Pointer(target, false);
        }
    }

    /** An array of {@code element}; {@code length} is negative when the declaration leaves it out ({@code []}). */
    record Array(CType element, long length) implements CType {
        public Array {
            Objects.requireNonNull(element, "element == null");
        }

        public boolean hasLength() {
            return length >= 0;
        }

        @Override
        public String spell(String declarator) {
            return element.spell(declarator + "[" + (hasLength() ? Long.toString(length) : "") + "]");
        }

        @Override
        public CType unqualified() {
            return this;
        }
    }

    /** A function type; a function pointer is a {@link Pointer} to one. */
    record Function(CType returns, List<CType> parameters, boolean varargs) implements CType {
        public Function {
            Objects.requireNonNull(returns, "returns == null");
            parameters = List.copyOf(parameters);
        }

        @Override
        public String spell(String declarator) {
            String params = parameters.isEmpty() && !varargs
                    ? "void"
                    : parameters.stream().map(CType::spelling).collect(Collectors.joining(", "))
                            + (varargs ? (parameters.isEmpty() ? "..." : ", ...") : "");
            return returns.spell(declarator + "(" + params + ")");
        }

        @Override
        public CType unqualified() {
            return this;
        }
    }
}
