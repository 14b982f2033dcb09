package org.mpi4all.core.blueprint;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Objects;

/**
 * A named C type: a typedef the MPI headers declare, a C basic type, or a struct tag.
 *
 * @param name       the C name ({@code MPI_Comm}, {@code int}, {@code unsigned long}, {@code struct ompi_status_public_t})
 * @param kind       what the type is
 * @param definition for a typedef, the C type it names ({@code struct ompi_communicator_t *}); for a
 *                   macro standing for a type (Open MPI's {@code #define MPI_Fint int}) the expansion;
 *                   null for basic types and struct tags
 * @param canonical  the type with every typedef resolved ({@code int}, {@code struct ompi_communicator_t *})
 * @param size       {@code sizeof}, measured by the compiler; 0 for void, opaque and function types
 * @param align      {@code _Alignof}, measured by the compiler; 0 where size is 0
 * @param signed     for integers: whether the type is signed; null otherwise
 * @param carrier    for handles: how the value is carried; null otherwise
 * @param fields     for structs: every member with its offset, in declaration order; empty otherwise
 * @param signature  for function types: the signature; null otherwise
 */
public record TypeInfo(
        String name,
        TypeKind kind,
        String definition,
        String canonical,
        long size,
        long align,
        Boolean signed,
        HandleCarrier carrier,
        List<Field> fields,
        Signature signature) {

    /** How a handle type is represented in C. */
    public enum HandleCarrier {
        /** {@code typedef int MPI_Comm;} (the MPICH family). */
        INTEGER,
        /** {@code typedef struct ompi_communicator_t *MPI_Comm;} (Open MPI, the MPI-5 ABI). */
        POINTER
    }

    /**
     * A struct member.
     *
     * @param name   the member name ({@code MPI_SOURCE})
     * @param type   its C type spelling
     * @param offset {@code offsetof}, measured by the compiler
     * @param size   {@code sizeof} the member
     */
    public record Field(String name, String type, long offset, long size) {}

    public TypeInfo {
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(kind, "kind == null");
        fields = Names.copy(fields);
    }

    @JsonIgnore
    public boolean isHandle() {
        return kind == TypeKind.HANDLE;
    }
}
