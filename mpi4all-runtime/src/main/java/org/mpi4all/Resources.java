package org.mpi4all;

/**
 * What the high level holds in MPI and in native memory at one moment ({@link Environment#resources()}):
 * a leak shows as a count that keeps growing, or that is not back to zero once everything was freed. After
 * {@link Environment#close()}, record types and Java operators are freed; communicators and requests the
 * program left open are still counted (MPI_Finalize reclaims them), so a program that freed its own has
 * every count at zero.
 *
 * @param nativeBytes   native memory staged for nonblocking and persistent operations, in bytes
 * @param requests      MPI requests started and not yet completed (nonblocking), or not yet freed (persistent)
 * @param communicators communicators created (dup, split, create, topologies) and not yet freed
 * @param datatypes     MPI struct types committed for records; they live until the environment closes
 * @param operators     MPI operators created for Java operators; they live until the environment closes
 */
public record Resources(long nativeBytes, long requests, long communicators, long datatypes, long operators) {

    /** {@return whether nothing is held} */
    public boolean isEmpty() {
        return nativeBytes == 0 && requests == 0 && communicators == 0 && datatypes == 0 && operators == 0;
    }
}
