// Command pi estimates π as the integral of 4·sqrt(1-x²) over [0, 1] by the midpoint rule, split
// among the ranks: the program of the MPI4All paper's Fig. 8, checked on every rank. Its C twin is
// native/go-twins/pi.c.
//
//	mpirun -np 4 pi [-n rectangles]
package main

import (
	"flag"
	"fmt"
	"math"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func check(err error) {
	if err != nil {
		panic(err)
	}
}

func main() {
	n := flag.Int("n", 1000000, "the number of rectangles")
	flag.Parse()
	check(mpi.MPI_Init(nil, nil))

	var rank, size int32
	check(mpi.MPI_Comm_rank(mpi.MPI_COMM_WORLD, &rank))
	check(mpi.MPI_Comm_size(mpi.MPI_COMM_WORLD, &size))

	h := 1.0 / float64(*n) // the width of each rectangle
	localSum, totalSum := 0.0, 0.0
	for i := int(rank) + 1; i <= *n; i += int(size) {
		x := (float64(i) - 0.5) * h      // the midpoint of the rectangle
		localSum += math.Sqrt(1.0 - x*x) // f(x)
	}
	check(mpi.MPI_Reduce(mpi.P(&localSum), mpi.P(&totalSum), 1, mpi.MPI_DOUBLE, mpi.MPI_SUM, 0, mpi.MPI_COMM_WORLD))
	pi := totalSum * h * 4

	// Beyond Fig. 8: the root shares its estimate so that every rank checks it. The midpoint rule's
	// error for this integrand, whose slope is infinite at 1, stays below h^1.5.
	check(mpi.MPI_Bcast(mpi.P(&pi), 1, mpi.MPI_DOUBLE, 0, mpi.MPI_COMM_WORLD))
	if rank == 0 {
		fmt.Println("# Estimated value of pi:", pi)
	}
	r := report.New()
	r.Value("pi", pi)
	bound := math.Pow(h, 1.5)
	r.Check("pi", math.Abs(pi-math.Pi) < bound, "the estimate %.17g is %.3g from pi, more than %.3g", pi, pi-math.Pi, bound)
	check(mpi.MPI_Finalize())
	mpi.Exit(r.Done())
}
