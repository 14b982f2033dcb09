package org.mpi4all.codegen.go;

import org.mpi4all.core.c.CType;

/**
 * How one C value crosses between Go and MPI. A Go function calls a C shim through cgo, and the shim
 * calls MPI; so a value has three forms: its type in the Go API, the type of the shim's parameter (what
 * cgo passes), and the type MPI declares. The shim exists so that Go never holds a value a Go pointer
 * must not hold: a pointer handle travels as {@code uintptr_t}, and a sentinel such as
 * {@code (MPI_Status *)1} travels as the address of a stand-in (see {@link StandIns}).
 */
sealed interface GoCarrier {

    /** The Go API type: {@code int32}, {@code MPI_Comm}, {@code *MPI_Status}, {@code unsafe.Pointer}. */
    String goType();

    /** The C type of the shim's parameter or result. */
    CType shimType();

    /** How cgo spells {@link #shimType()}: the type of a Go function exported to C that takes it. */
    String cgoType();

    /** The Go expression that passes the API value {@code goValue} to the shim through cgo. */
    String toShim(String goValue);

    /** The Go expression that turns the shim's result {@code cgoValue} into the API value. */
    String fromShim(String cgoValue);

    /** The C expression, inside the shim, that passes the shim parameter {@code name} to MPI. */
    default String toMpi(String name) {
        return name;
    }

    /** The C expression, inside the shim, that turns MPI's result {@code call} into the shim's result. */
    default String fromMpi(String call) {
        return call;
    }

    /** The Go conversion of {@code value} to {@code type}; a pointer type needs parentheses. */
    static String conversion(String type, String value) {
        return type.startsWith("*") ? "(" + type + ")(" + value + ")" : type + "(" + value + ")";
    }

    /** An integer or floating-point value: the same bits in Go and in C. */
    record Scalar(String goType, String cgoType, CType shimType) implements GoCarrier {
        @Override
        public String toShim(String goValue) {
            return conversion(cgoType, goValue);
        }

        @Override
        public String fromShim(String cgoValue) {
            return conversion(goType, cgoValue);
        }
    }

    /**
     * An MPI handle: a Go struct whose one field holds the C value, an {@code int} in the MPICH family and
     * a {@code uintptr_t} where C makes it a pointer (so that a handle such as the MPI-5 ABI's
     * {@code (MPI_Comm)0x101} never sits in a Go pointer).
     *
     * @param mpiType the handle's C type ({@code MPI_Comm})
     */
    record Handle(String goType, CType mpiType, boolean pointerCarrier) implements GoCarrier {
        static final String UINTPTR_NAME = "uintptr_t";
        static final CType UINTPTR = new CType.Named(UINTPTR_NAME);

        @Override
        public CType shimType() {
            return pointerCarrier ? UINTPTR : mpiType;
        }

        @Override
        public String cgoType() {
            return "C." + shimType().spelling();
        }

        @Override
        public String toShim(String goValue) {
            return goValue + ".handle";
        }

        @Override
        public String fromShim(String cgoValue) {
            return goType + "{" + cgoValue + "}";
        }

        @Override
        public String toMpi(String name) {
            return pointerCarrier ? "(" + mpiType.spelling() + ")" + name : name;
        }

        @Override
        public String fromMpi(String call) {
            return pointerCarrier ? "(uintptr_t)" + call : call;
        }
    }

    /**
     * A C pointer or array. Go passes it with the shim's pointer type; the shim casts it back to MPI's type
     * where the two differ (a pointer to pointer handles is a {@code uintptr_t *} for the shim) and turns a
     * stand-in into the sentinel it stands for where one can be passed here.
     *
     * @param cgoType   how cgo spells {@code shimType} ({@code *C.int}, {@code unsafe.Pointer})
     * @param mpiType   the type MPI declares, arrays decayed to pointers
     * @param standIns  whether a stand-in for a sentinel can reach this parameter
     */
    record Pointer(String goType, String cgoType, CType shimType, CType mpiType, boolean standIns) implements GoCarrier {
        private static final String UNSAFE_POINTER = "unsafe.Pointer";

        @Override
        public String toShim(String goValue) {
            return convert(goValue, goType, cgoType);
        }

        @Override
        public String fromShim(String cgoValue) {
            return convert(cgoValue, cgoType, goType);
        }

        /** Converts between two Go pointer types: directly from or to {@code unsafe.Pointer}, else through it. */
        private static String convert(String value, String from, String to) {
            if (from.equals(to)) {
                return value;
            }
            if (from.equals(UNSAFE_POINTER) || to.equals(UNSAFE_POINTER)) {
                return conversion(to, value);
            }
            return conversion(to, UNSAFE_POINTER + "(" + value + ")");
        }

        @Override
        public String toMpi(String name) {
            if (standIns) {
                return "(" + mpiType.spelling() + ")" + StandIns.TRANSLATE + "(" + name + ")";
            }
            return shimType.equals(mpiType) ? name : "(" + mpiType.spelling() + ")" + name;
        }

        @Override
        public String fromMpi(String call) {
            return shimType.equals(mpiType) ? call : "(" + shimType.spelling() + ")" + call;
        }
    }

    /** C {@code void}, as a result. */
    record Void() implements GoCarrier {
        private static final CType VOID = new CType.Named("void");

        @Override
        public String goType() {
            return "";
        }

        @Override
        public CType shimType() {
            return VOID;
        }

        @Override
        public String cgoType() {
            return "";
        }

        @Override
        public String toShim(String goValue) {
            throw new UnsupportedOperationException("void is no parameter");
        }

        @Override
        public String fromShim(String cgoValue) {
            return cgoValue;
        }
    }
}
