/* The sample sort of examples/.../highlevel/SampleSort.java in C (KaMPIng's Fig. 7). */
#include <mpi.h>
#include <stdio.h>
#include "workloads.h"

static int64_t *sort(int64_t *data, int *n, MPI_Comm comm, int rank, int size) {
    int k = sample_count(size);
    int64_t *local_samples = sample(data, *n, k, rank);
    int64_t *samples = malloc(k * size * sizeof(int64_t));
    MPI_Allgather(local_samples, k, MPI_INT64_T, samples, k, MPI_INT64_T, comm);
    qsort(samples, k * size, sizeof(int64_t), compare_int64);
    int64_t *splitters = malloc(size * sizeof(int64_t));
    for (int i = 0; i < size - 1; i++) splitters[i] = samples[k * (i + 1)];
    int *send_counts = calloc(size, sizeof(int)), *recv_counts = malloc(size * sizeof(int));
    int64_t *ordered = buckets(data, *n, splitters, size, send_counts);
    MPI_Alltoall(send_counts, 1, MPI_INT, recv_counts, 1, MPI_INT, comm);
    int *send_displs = calloc(size, sizeof(int)), *recv_displs = calloc(size, sizeof(int));
    for (int i = 1; i < size; i++) {
        send_displs[i] = send_displs[i - 1] + send_counts[i - 1];
        recv_displs[i] = recv_displs[i - 1] + recv_counts[i - 1];
    }
    *n = recv_displs[size - 1] + recv_counts[size - 1];
    int64_t *received = malloc((*n > 0 ? *n : 1) * sizeof(int64_t));
    MPI_Alltoallv(ordered, send_counts, send_displs, MPI_INT64_T, received, recv_counts, recv_displs, MPI_INT64_T,
                  comm);
    qsort(received, *n, sizeof(int64_t), compare_int64);
    free(local_samples);
    free(samples);
    free(splitters);
    free(send_counts);
    free(recv_counts);
    free(send_displs);
    free(recv_displs);
    free(ordered);
    free(data);
    return received;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000000, total = n;
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int64_t *data = random_data(rank, n);
    int64_t local_checksum = checksum(data, n), global_checksum, sorted_checksum;
    MPI_Allreduce(&local_checksum, &global_checksum, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);

    data = sort(data, &n, MPI_COMM_WORLD, rank, size);

    int64_t my_ends[3], count = n, elements;
    int64_t *all_ends = malloc(3 * size * sizeof(int64_t));
    ends(data, n, my_ends);
    MPI_Allgather(my_ends, 3, MPI_INT64_T, all_ends, 3, MPI_INT64_T, MPI_COMM_WORLD);
    int sorted = is_sorted(data, n), all_sorted;
    MPI_Allreduce(&sorted, &all_sorted, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    local_checksum = checksum(data, n);
    MPI_Allreduce(&local_checksum, &sorted_checksum, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&count, &elements, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    int verified = all_sorted && in_order(all_ends, size) && sorted_checksum == global_checksum
                   && elements == (int64_t) total * size;
    printf("sort.checksum=%lld\nverified=%s\n", (long long) global_checksum, verified ? "true" : "false");
    free(all_ends);
    free(data);
    MPI_Finalize();
    return 0;
}
