/* The C twin of go/examples/pi: pi by the midpoint rule, the MPI4All paper's Fig. 8, checked on
 * every rank.
 *
 *   mpirun -np 4 pi [-n rectangles] */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

int main(int argc, char *argv[]) {
    long n = 1000000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-n") == 0) {
            n = atol(argv[i + 1]);
        }
    }
    MPI_Init(&argc, &argv);

    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    double h = 1.0 / (double)n; /* the width of each rectangle */
    double local_sum = 0.0, total_sum = 0.0;
    for (long i = rank + 1; i <= n; i += size) {
        double x = ((double)i - 0.5) * h; /* the midpoint of the rectangle */
        local_sum += sqrt(1.0 - x * x);    /* f(x) */
    }
    MPI_Reduce(&local_sum, &total_sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    double pi = total_sum * h * 4;

    /* Beyond Fig. 8: the root shares its estimate so that every rank checks it. */
    MPI_Bcast(&pi, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("# Estimated value of pi: %.17g\n", pi);
    }
    report_value("pi", pi);
    double bound = pow(h, 1.5);
    report_check("pi", fabs(pi - M_PI) < bound, "the estimate %.17g is %.3g from pi, more than %.3g", pi, pi - M_PI, bound);
    MPI_Finalize();
    return report_done();
}
