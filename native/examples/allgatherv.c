/* The varying allgather of examples/.../highlevel/AllgatherVarying.java in C (KaMPIng's Fig. 2). */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int64_t *mine = malloc((rank + 1) * sizeof(int64_t));
    for (int i = 0; i <= rank; i++) mine[i] = rank * 100L + i;

    int *counts = malloc(size * sizeof(int)), *displs = malloc(size * sizeof(int));
    counts[rank] = rank + 1;
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, counts, 1, MPI_INT, MPI_COMM_WORLD);
    int total = 0;
    for (int r = 0; r < size; r++) {
        displs[r] = total;
        total += counts[r];
    }
    int64_t *all = malloc(total * sizeof(int64_t));
    MPI_Allgatherv(mine, rank + 1, MPI_INT64_T, all, counts, displs, MPI_INT64_T, MPI_COMM_WORLD);

    int64_t sum = 0;
    for (int i = 0; i < total; i++) sum += all[i];
    printf("allgatherv.length=%d\nallgatherv.sum=%lld\n", total, (long long) sum);
    free(mine);
    free(counts);
    free(displs);
    free(all);
    MPI_Finalize();
    return 0;
}
