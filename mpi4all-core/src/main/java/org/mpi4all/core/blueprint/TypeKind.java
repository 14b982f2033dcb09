package org.mpi4all.core.blueprint;

/** What a named C type is, as far as a generator needs to know. */
public enum TypeKind {
    /** A C integer type, enums included ({@code int}, {@code MPI_Aint}, {@code MPI_Count}, {@code size_t}). */
    INTEGER,
    /** {@code float}, {@code double}, {@code long double}. */
    FLOAT,
    /** {@code void}. */
    VOID,
    /**
     * An MPI object handle ({@code MPI_Comm}, {@code MPI_Datatype}, {@code MPI_T_enum} ...): an integer
     * in the MPICH family, a pointer to an opaque struct in Open MPI and the MPI-5 ABI; see
     * {@link TypeInfo#carrier()}.
     */
    HANDLE,
    /** Any other pointer typedef. */
    POINTER,
    /** A struct with a known layout ({@code MPI_Status}); see {@link TypeInfo#fields()}. */
    STRUCT,
    /** A struct or union whose layout the header does not give. */
    OPAQUE,
    /** A function type ({@code MPI_User_function}); see {@link TypeInfo#signature()}. */
    FUNCTION
}
