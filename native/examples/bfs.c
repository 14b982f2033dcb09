/* The breadth-first search of examples/.../highlevel/Bfs.java in C: the frontier exchange is NBX. */
#include <mpi.h>
#include <stdio.h>
#include "workloads.h"

/* sends each owner its vertices and gathers every vertex sent here into received (one tag per level) */
static void exchange(list *by_owner, int size, MPI_Comm comm, int tag, list *received) {
    MPI_Request *requests = malloc(size * sizeof(MPI_Request)), barrier;
    int sends = 0, flag, count, barrier_started = 0;
    for (int owner = 0; owner < size; owner++) {
        if (by_owner[owner].size > 0) {
            MPI_Issend(by_owner[owner].values, by_owner[owner].size, MPI_INT64_T, owner, tag, comm, &requests[sends++]);
        }
    }
    received->size = 0;
    MPI_Status status;
    while (1) {
        MPI_Iprobe(MPI_ANY_SOURCE, tag, comm, &flag, &status);
        if (flag) {
            MPI_Get_count(&status, MPI_INT64_T, &count);
            int64_t *vertices = malloc((count > 0 ? count : 1) * sizeof(int64_t));
            MPI_Recv(vertices, count, MPI_INT64_T, status.MPI_SOURCE, tag, comm, MPI_STATUS_IGNORE);
            for (int i = 0; i < count; i++) add(received, vertices[i]);
            free(vertices);
        } else if (!barrier_started) {
            MPI_Testall(sends, requests, &flag, MPI_STATUSES_IGNORE);
            if (flag) {
                MPI_Ibarrier(comm, &barrier);
                barrier_started = 1;
            }
        } else {
            MPI_Test(&barrier, &flag, MPI_STATUS_IGNORE);
            if (flag) break;
        }
    }
    free(requests);
}

static int *bfs(MPI_Comm comm, int size, int per_rank, int64_t n, int64_t first) {
    int *distance = malloc(per_rank * sizeof(int));
    for (int i = 0; i < per_rank; i++) distance[i] = -1;
    list frontier = {0}, received = {0}, *by_owner = calloc(size, sizeof(list));
    if (first == 0) {
        add(&received, 0);
        visit(&received, distance, first, 0, &frontier);
    }
    for (int level = 1;; level++) {
        int active = frontier.size, total;
        MPI_Allreduce(&active, &total, 1, MPI_INT, MPI_SUM, comm);
        if (total == 0) break;
        for (int owner = 0; owner < size; owner++) by_owner[owner].size = 0;
        expand(&frontier, distance, first, per_rank, n, by_owner);
        exchange(by_owner, size, comm, level, &received);
        visit(&received, distance, first, level, &frontier);
    }
    for (int owner = 0; owner < size; owner++) free(by_owner[owner].values);
    free(by_owner);
    free(frontier.values);
    free(received.values);
    return distance;
}

int main(int argc, char **argv) {
    int per_rank = argc > 1 ? atoi(argv[1]) : 100000;
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int64_t n = (int64_t) per_rank * size, first = (int64_t) rank * per_rank;

    int *distance = bfs(MPI_COMM_WORLD, size, per_rank, n, first);

    int *reference = sequential_bfs(n);
    int same = memcmp(distance, reference + first, per_rank * sizeof(int)) == 0, all_same, deepest = 0, levels;
    for (int i = 0; i < per_rank; i++) if (distance[i] > deepest) deepest = distance[i];
    MPI_Allreduce(&deepest, &levels, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&same, &all_same, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    printf("bfs.levels=%d\nverified=%s\n", levels, all_same ? "true" : "false");
    free(distance);
    free(reference);
    MPI_Finalize();
    return 0;
}
