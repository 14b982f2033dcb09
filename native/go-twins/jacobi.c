/* The C twin of go/examples/jacobi: Laplace's equation on the unit square by Jacobi iteration, blocks
 * of rows per rank, halo rows exchanged with nonblocking receives and sends before each sweep.
 *
 *   mpirun -np 4 jacobi [-n points] [-iterations max] [-tolerance change] [-verify] */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static double spacing;

/* The solution: 1+xy+x²-y², a harmonic quadratic, which the boundary holds. */
static double exact(int row, int column) {
    double x = column * spacing, y = row * spacing;
    return 1 + x * y + x * x - y * y;
}

int main(int argc, char *argv[]) {
    int n = 1024, max_iterations = 1000, verify = 0;
    double tolerance = 1e-6;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-verify") == 0) {
            verify = 1;
        } else if (i + 1 < argc && strcmp(argv[i], "-n") == 0) {
            n = atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "-iterations") == 0) {
            max_iterations = atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "-tolerance") == 0) {
            tolerance = atof(argv[++i]);
        }
    }
    MPI_Init(&argc, &argv);
    MPI_Comm world = MPI_COMM_WORLD;
    int rank, size;
    MPI_Comm_rank(world, &rank);
    MPI_Comm_size(world, &size);

    /* Rows first..first+rows-1 of the interior are this rank's; row 0 and row rows+1 of its block are halo. */
    int rows = n / size;
    int first = rank * rows + (rank < n % size ? rank : n % size) + 1;
    if (rank < n % size) {
        rows++;
    }
    int all_rows;
    MPI_Allreduce(&rows, &all_rows, 1, MPI_INT, MPI_SUM, world);
    report_check("partition", rows > 0 && all_rows == n, "%d rows here, %d in all for %d", rows, all_rows, n);

    int width = n + 2;
    double *u = calloc((size_t)(rows + 2) * width, sizeof(double));
    double *next = calloc((size_t)(rows + 2) * width, sizeof(double));
    spacing = 1.0 / (n + 1);
    for (int i = 0; i < rows + 2; i++) {
        int row = first - 1 + i;
        for (int j = 0; j < width; j++) {
            if (row == 0 || row == n + 1 || j == 0 || j == width - 1) {
                u[i * width + j] = exact(row, j);
                next[i * width + j] = u[i * width + j];
            }
        }
    }

    int up = rank == 0 ? MPI_PROC_NULL : rank - 1;
    int down = rank == size - 1 ? MPI_PROC_NULL : rank + 1;
    MPI_Request requests[4];

    MPI_Barrier(world);
    double start = MPI_Wtime();
    int iterations = 0, monotone = 1;
    double change = INFINITY;
    while (iterations < max_iterations && change >= tolerance) {
        MPI_Irecv(u, width, MPI_DOUBLE, up, 1, world, &requests[0]);
        MPI_Irecv(u + (size_t)(rows + 1) * width, width, MPI_DOUBLE, down, 0, world, &requests[1]);
        MPI_Isend(u + width, width, MPI_DOUBLE, up, 0, world, &requests[2]);
        MPI_Isend(u + (size_t)rows * width, width, MPI_DOUBLE, down, 1, world, &requests[3]);
        MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);

        double local_change = 0.0;
        for (int i = 1; i <= rows; i++) {
            const double *above = u + (size_t)(i - 1) * width, *row = u + (size_t)i * width, *below = u + (size_t)(i + 1) * width;
            double *out = next + (size_t)i * width;
            for (int j = 1; j < width - 1; j++) {
                double v = 0.25 * (above[j] + below[j] + row[j - 1] + row[j + 1]);
                double d = fabs(v - row[j]);
                if (d > local_change) {
                    local_change = d;
                }
                out[j] = v;
            }
        }
        double *swap = u;
        u = next;
        next = swap;
        double previous = change;
        MPI_Allreduce(&local_change, &change, 1, MPI_DOUBLE, MPI_MAX, world);
        monotone = monotone && change <= previous;
        iterations++;
    }
    double elapsed = MPI_Wtime() - start, seconds;
    MPI_Allreduce(&elapsed, &seconds, 1, MPI_DOUBLE, MPI_MAX, world);

    double local_sum = 0.0, local_error = 0.0;
    for (int i = 1; i <= rows; i++) {
        for (int j = 1; j < width - 1; j++) {
            local_sum += u[i * width + j];
            local_error = fmax(local_error, fabs(u[i * width + j] - exact(first - 1 + i, j)));
        }
    }
    double checksum;
    MPI_Allreduce(&local_sum, &checksum, 1, MPI_DOUBLE, MPI_SUM, world);

    /* A Jacobi sweep is an average of neighbours, so the largest change can only shrink. */
    report_check("monotone", monotone, "the largest change grew between two sweeps");
    if (verify) {
        report_check("converged", change < tolerance, "the largest change is still %g after %d sweeps", change, iterations);
        double bound = tolerance * (double)((n + 1) * (n + 1));
        report_check("solution", local_error < bound, "rows %d-%d are %g from the solution, more than %g",
                     first, first + rows - 1, local_error, bound);
        double largest_error;
        MPI_Allreduce(&local_error, &largest_error, 1, MPI_DOUBLE, MPI_MAX, world);
        report_value("error", largest_error);
    }
    if (rank == 0) {
        printf("# Jacobi on %dx%d points, %d ranks: %d sweeps in %.3f s, largest change %g\n",
               n, n, size, iterations, seconds, change);
    }
    report_value("iterations", iterations);
    report_value("change", change);
    report_value("checksum", checksum);
    report_value("seconds", seconds);
    free(u);
    free(next);
    MPI_Finalize();
    return report_done();
}
