/* The pi of examples/.../highlevel/Pi.java in C. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int intervals = argc > 1 ? atoi(argv[1]) : 1000000;
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double width = 1.0 / intervals, local_sum = 0.0, sum;
    for (int i = rank + 1; i <= intervals; i += size) {
        double x = (i - 0.5) * width;
        local_sum += sqrt(1.0 - x * x);
    }
    MPI_Allreduce(&local_sum, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double pi = sum * width * 4;
    printf("pi=%.12f\nerror=%.3e\n", pi, fabs(pi - M_PI));
    MPI_Finalize();
    return 0;
}
