/* The C twin of go/examples/halo3d: the Ember Halo3D pattern (after sstsimulator/ember's
 * mpi/halo3d/halo3d.c), with faces that carry values encoding sender and direction, and in their first
 * value the iteration, which every rank checks (the whole face in the last iteration), and the
 * computation between exchanges a busy wait, as in Go.
 *
 *   mpirun -np 8 halo3d [-pex 2 -pey 2 -pez 2] [-nx 10 -ny 10 -nz 10] [-iterations 100] [-vars 1] [-sleep 1000] */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report.h"

/* The six directions, as the sender sees them. */
enum { X_UP, X_DOWN, Y_UP, Y_DOWN, Z_UP, Z_DOWN };

/* What a rank exchanges with one neighbour. */
struct face {
    int neighbour; /* its rank, or -1 at the edge of the grid */
    int direction; /* the neighbour's direction from this rank */
    int tag;
    int length;
    double *send, *recv;
    int received;
    long wrong_values;
};

/* What sender puts at index i of the face it sends in direction at iteration: only the first value
 * changes with the iteration, so that a stale face is caught while the pattern stays as cheap as
 * Ember's; every value is an integer below 2^53, so exact in a double. */
static double value(int sender, int direction, int iteration, int i) {
    if (i > 0) {
        iteration = 0;
    }
    return (double)((((int64_t)sender * 6 + direction) * 1024 + iteration % 1024) * 65536 + i % 65536);
}

/* The direction in which a neighbour sends to this rank. */
static int opposite(int direction) {
    return direction ^ 1;
}

static int pex, pey, pez;

/* The rank at a position of the grid, -1 outside it. */
static int at(int x, int y, int z) {
    if (x < 0 || y < 0 || z < 0 || x >= pex || y >= pey || z >= pez) {
        return -1;
    }
    return (z * pey + y) * pex + x;
}

static struct face new_face(int neighbour, int direction, int tag, int points, int vars) {
    struct face f = {neighbour, direction, tag, points * vars, NULL, NULL, 0, 0};
    f.send = malloc(sizeof(double) * f.length);
    f.recv = malloc(sizeof(double) * f.length);
    return f;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char *argv[]) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    pex = size, pey = 1, pez = 1;
    int nx = 10, ny = 10, nz = 10, iterations = 100, vars = 1;
    long sleep = 1000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-pex") == 0) pex = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-pey") == 0) pey = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-pez") == 0) pez = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-nx") == 0) nx = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-ny") == 0) ny = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-nz") == 0) nz = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-iterations") == 0) iterations = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-vars") == 0) vars = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "-sleep") == 0) sleep = atol(argv[i + 1]);
    }
    if (!report_check("grid", pex * pey * pez == size, "%d x %d x %d ranks do not make %d", pex, pey, pez, size)) {
        MPI_Finalize();
        return report_done();
    }
    if (rank == 0) {
        printf("# MPI Nearest Neighbor Communication\n# Processor Grid: %d x %d x %d\n"
               "# Data Grid (per rank): %d x %d x %d\n# Iterations: %d\n# Variables: %d\n# Sleep: %ld\n",
               pex, pey, pez, nx, ny, nz, iterations, vars, sleep);
    }

    int x = rank % pex, y = rank % (pex * pey) / pex, z = rank / (pex * pey);
    /* The phases: faces exchanged together, then waited for together. */
    struct face phases[3][2] = {
        {new_face(at(x + 1, y, z), X_UP, 1000, ny * nz, vars), new_face(at(x - 1, y, z), X_DOWN, 1000, ny * nz, vars)},
        {new_face(at(x, y + 1, z), Y_UP, 2000, nx * nz, vars), new_face(at(x, y - 1, z), Y_DOWN, 2000, nx * nz, vars)},
        {new_face(at(x, y, z + 1), Z_UP, 4000, nx * ny, vars), new_face(at(x, y, z - 1), Z_DOWN, 4000, nx * ny, vars)},
    };
    MPI_Request requests[4];
    for (int p = 0; p < 3; p++) {
        for (int k = 0; k < 2; k++) {
            for (int i = 0; i < phases[p][k].length; i++) {
                phases[p][k].send[i] = value(rank, phases[p][k].direction, 0, i);
            }
        }
    }

    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (int iteration = 0; iteration < iterations; iteration++) {
        for (double begin = now(); now() - begin < sleep;) {
        }
        for (int p = 0; p < 3; p++) {
            int count = 0;
            for (int k = 0; k < 2; k++) {
                struct face *f = &phases[p][k];
                if (f->neighbour < 0) {
                    continue;
                }
                f->send[0] = value(rank, f->direction, iteration, 0);
                MPI_Irecv(f->recv, f->length, MPI_DOUBLE, f->neighbour, f->tag, MPI_COMM_WORLD, &requests[count]);
                MPI_Isend(f->send, f->length, MPI_DOUBLE, f->neighbour, f->tag, MPI_COMM_WORLD, &requests[count + 1]);
                count += 2;
            }
            MPI_Waitall(count, requests, MPI_STATUSES_IGNORE);
            for (int k = 0; k < 2; k++) {
                struct face *f = &phases[p][k];
                if (f->neighbour < 0) {
                    continue;
                }
                f->received++;
                int checked = iteration == iterations - 1 ? f->length : 1; /* the whole face in the last iteration */
                for (int i = 0; i < checked; i++) {
                    if (f->recv[i] != value(f->neighbour, opposite(f->direction), iteration, i)) {
                        f->wrong_values++;
                    }
                }
            }
        }
    }
    double elapsed = MPI_Wtime() - start, seconds;
    MPI_Allreduce(&elapsed, &seconds, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);

    long wrong = 0;
    double values = 0.0;
    for (int p = 0; p < 3; p++) {
        for (int k = 0; k < 2; k++) {
            struct face *f = &phases[p][k];
            if (f->neighbour >= 0) {
                char name[32];
                snprintf(name, sizeof name, "messages-%d", f->direction);
                report_check(name, f->received == iterations, "%d faces from rank %d, not %d", f->received, f->neighbour, iterations);
                wrong += f->wrong_values;
                values += (double)f->received * f->length;
            }
            free(f->send);
            free(f->recv);
        }
    }
    report_check("halo-values", wrong == 0, "%ld received values differ from what the neighbours sent", wrong);
    double received;
    MPI_Allreduce(&values, &received, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("# %lld values received in all, in %.6f s\n", (long long)received, seconds);
    }
    report_value("received", received);
    report_value("seconds", seconds);
    MPI_Finalize();
    return report_done();
}
