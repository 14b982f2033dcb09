/* The ring of examples/.../highlevel/Ring.java in C. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int size, rank, source, destination, periodic = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periodic, 0, &ring);
    MPI_Comm_rank(ring, &rank);
    MPI_Cart_shift(ring, 0, 1, &source, &destination);
    int token = rank, next;
    long sum = 0;
    for (int step = 0; step < size; step++) {
        sum += token;
        MPI_Sendrecv(&token, 1, MPI_INT, destination, 0, &next, 1, MPI_INT, source, 0, ring, MPI_STATUS_IGNORE);
        token = next;
    }
    printf("ring.sum=%ld\n", sum);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
