package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * How one C value crosses into Java: the type the generated API shows, the layout the downcall passes,
 * and the conversions between the two. The API type never depends on the implementation (an
 * {@code MPI_Comm} is an {@code MPI_Comm} record whether C passes an int or a pointer); only the layout
 * and the conversions do.
 */
sealed interface Carrier {
    ClassName VALUE_LAYOUT = ClassName.get(ValueLayout.class);

    /** The Java type of the value in the generated API. */
    TypeName apiType();

    /** The {@code ValueLayout} constant the function descriptor uses, e.g. {@code JAVA_INT}. */
    String layoutName();

    /** The {@code layoutName} expression. */
    default CodeBlock layout() {
        return CodeBlock.of("$T." + layoutName(), VALUE_LAYOUT);
    }

    /** The Java type the downcall handle takes or returns. */
    TypeName nativeType();

    /** Converts the API value {@code expression} to what the downcall takes. */
    default CodeBlock toNative(CodeBlock expression) {
        return expression;
    }

    /** Converts what the downcall returned ({@code expression}) to the API value. */
    default CodeBlock fromNative(CodeBlock expression) {
        return expression;
    }

    /** A C arithmetic value carried as the Java primitive of the same size. */
    record Primitive(TypeName type, String layoutName) implements Carrier {
        @Override
        public TypeName apiType() {
            return type;
        }

        @Override
        public TypeName nativeType() {
            return type;
        }
    }

    /** Any C pointer or array: a {@link MemorySegment}. */
    record Address() implements Carrier {
        @Override
        public TypeName apiType() {
            return ClassName.get(MemorySegment.class);
        }

        @Override
        public String layoutName() {
            return "ADDRESS";
        }

        @Override
        public TypeName nativeType() {
            return apiType();
        }
    }

    /**
     * An MPI handle: a generated record holding a {@code long}. Specialised bindings pass it to C as an {@code int}
     * (the MPICH family) or as a pointer-sized integer (Open MPI, the MPI-5 ABI; identical to a pointer in the C
     * calling conventions of the platforms the JDK's linker supports). Neutral bindings always pass the
     * {@code long}: the handle class's {@code LAYOUT}, chosen when the library is loaded, tells the runtime which C
     * carrier to convert it to.
     */
    record Handle(ClassName type, Form form) implements Carrier {
        /** How a handle is carried to C. */
        enum Form { INT, LONG, CHOSEN_AT_RUN_TIME }

        @Override
        public TypeName apiType() {
            return type;
        }

        @Override
        public String layoutName() {
            return form == Form.INT ? "JAVA_INT" : "JAVA_LONG";
        }

        @Override
        public CodeBlock layout() {
            return form == Form.CHOSEN_AT_RUN_TIME ? CodeBlock.of("$T.LAYOUT", type) : Carrier.super.layout();
        }

        @Override
        public TypeName nativeType() {
            return form == Form.INT ? TypeName.INT : TypeName.LONG;
        }

        @Override
        public CodeBlock toNative(CodeBlock expression) {
            return form == Form.INT ? CodeBlock.of("(int) $L.value()", expression) : CodeBlock.of("$L.value()", expression);
        }

        @Override
        public CodeBlock fromNative(CodeBlock expression) {
            return CodeBlock.of("new $T($L)", type, expression);
        }
    }

    /** C {@code void}, as a return type. */
    record Void() implements Carrier {
        @Override
        public TypeName apiType() {
            return TypeName.VOID;
        }

        @Override
        public String layoutName() {
            throw new UnsupportedOperationException("void has no layout");
        }

        @Override
        public TypeName nativeType() {
            return TypeName.VOID;
        }
    }
}
