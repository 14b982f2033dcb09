// Command jacobi solves Laplace's equation on the unit square by Jacobi iteration, the application the
// MPI4All paper measures, scaled to a 2-D grid with halo exchange: the n×n interior points are split
// into blocks of rows, one block per rank, and before each sweep every rank sends its first and last
// rows to the ranks above and below (nonblocking) and receives their rows into its halo. The boundary
// holds 1+xy+x²-y², a harmonic quadratic, which the 5-point stencil reproduces exactly: with -verify
// the converged solution is checked against it. Its C twin is native/go-twins/jacobi.c.
//
//	mpirun -np 4 jacobi [-n points] [-iterations max] [-tolerance change] [-verify]
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
	n := flag.Int("n", 1024, "the interior points along each side")
	maxIterations := flag.Int("iterations", 1000, "the most sweeps to make")
	tolerance := flag.Float64("tolerance", 1e-6, "stop when no point changes more than this in a sweep (0: never)")
	verify := flag.Bool("verify", false, "require convergence and compare with the exact solution 1+xy+x²-y²")
	flag.Parse()
	check(mpi.MPI_Init(nil, nil))
	world := mpi.MPI_COMM_WORLD
	var rank, size int32
	check(mpi.MPI_Comm_rank(world, &rank))
	check(mpi.MPI_Comm_size(world, &size))
	r := report.New()

	// Rows first..first+rows-1 of the interior are this rank's; row 0 and row rows+1 of its block are halo.
	rows := *n / int(size)
	first := int(rank)*rows + min(int(rank), *n%int(size)) + 1
	if int(rank) < *n%int(size) {
		rows++
	}
	localRows, allRows := int32(rows), int32(0)
	check(mpi.MPI_Allreduce(mpi.P(&localRows), mpi.P(&allRows), 1, mpi.MPI_INT, mpi.MPI_SUM, world))
	r.Check("partition", rows > 0 && int(allRows) == *n, "%d rows here, %d in all for %d", rows, allRows, *n)

	width := *n + 2
	u, next := make([]float64, (rows+2)*width), make([]float64, (rows+2)*width)
	spacing := 1.0 / float64(*n+1)
	exact := func(row, column int) float64 {
		x, y := float64(column)*spacing, float64(row)*spacing
		return 1 + x*y + x*x - y*y
	}
	for i := 0; i < rows+2; i++ {
		row := first - 1 + i
		for j := 0; j < width; j++ {
			if row == 0 || row == *n+1 || j == 0 || j == width-1 {
				u[i*width+j] = exact(row, j)
				next[i*width+j] = u[i*width+j]
			}
		}
	}

	up, down := rank-1, rank+1
	if rank == 0 {
		up = mpi.MPI_PROC_NULL
	}
	if rank == size-1 {
		down = mpi.MPI_PROC_NULL
	}
	requests := make([]mpi.MPI_Request, 4)
	exchange := func(u []float64) {
		w := int32(width)
		check(mpi.MPI_Irecv(mpi.Slice(u[:width]), w, mpi.MPI_DOUBLE, up, 1, world, &requests[0]))
		check(mpi.MPI_Irecv(mpi.Slice(u[(rows+1)*width:]), w, mpi.MPI_DOUBLE, down, 0, world, &requests[1]))
		check(mpi.MPI_Isend(mpi.Slice(u[width:2*width]), w, mpi.MPI_DOUBLE, up, 0, world, &requests[2]))
		check(mpi.MPI_Isend(mpi.Slice(u[rows*width:(rows+1)*width]), w, mpi.MPI_DOUBLE, down, 1, world, &requests[3]))
		check(mpi.MPI_Waitall(4, &requests[0], mpi.MPI_STATUSES_IGNORE))
	}

	check(mpi.MPI_Barrier(world))
	start := mpi.MPI_Wtime()
	iterations, change, monotone := 0, math.Inf(1), true
	for iterations < *maxIterations && change >= *tolerance {
		exchange(u)
		localChange := 0.0
		for i := 1; i <= rows; i++ {
			above, row, below := u[(i-1)*width:i*width], u[i*width:(i+1)*width], u[(i+1)*width:(i+2)*width]
			out := next[i*width : (i+1)*width]
			for j := 1; j < width-1; j++ {
				v := 0.25 * (above[j] + below[j] + row[j-1] + row[j+1])
				if d := math.Abs(v - row[j]); d > localChange {
					localChange = d
				}
				out[j] = v
			}
		}
		u, next = next, u
		previous := change
		check(mpi.MPI_Allreduce(mpi.P(&localChange), mpi.P(&change), 1, mpi.MPI_DOUBLE, mpi.MPI_MAX, world))
		monotone = monotone && change <= previous
		iterations++
	}
	elapsed := mpi.MPI_Wtime() - start
	var seconds float64
	check(mpi.MPI_Allreduce(mpi.P(&elapsed), mpi.P(&seconds), 1, mpi.MPI_DOUBLE, mpi.MPI_MAX, world))

	localSum, localError := 0.0, 0.0
	for i := 1; i <= rows; i++ {
		for j := 1; j < width-1; j++ {
			localSum += u[i*width+j]
			localError = max(localError, math.Abs(u[i*width+j]-exact(first-1+i, j)))
		}
	}
	var checksum float64
	check(mpi.MPI_Allreduce(mpi.P(&localSum), mpi.P(&checksum), 1, mpi.MPI_DOUBLE, mpi.MPI_SUM, world))

	// A Jacobi sweep is an average of neighbours, so the largest change can only shrink.
	r.Check("monotone", monotone, "the largest change grew between two sweeps")
	if *verify {
		r.Check("converged", change < *tolerance, "the largest change is still %g after %d sweeps", change, iterations)
		// The error of an iterate whose last change is c is about c/(1-ρ), with 1/(1-ρ) = 2(n+1)²/π²
		// for this grid; allow (n+1)² times the tolerance.
		bound := *tolerance * float64((*n+1)*(*n+1))
		r.Check("solution", localError < bound, "rows %d-%d are %g from the solution, more than %g",
			first, first+rows-1, localError, bound)
		var largestError float64
		check(mpi.MPI_Allreduce(mpi.P(&localError), mpi.P(&largestError), 1, mpi.MPI_DOUBLE, mpi.MPI_MAX, world))
		r.Value("error", largestError)
	}
	if rank == 0 {
		fmt.Printf("# Jacobi on %dx%d points, %d ranks: %d sweeps in %.3f s, largest change %g\n",
			*n, *n, size, iterations, seconds, change)
	}
	r.Value("iterations", float64(iterations))
	r.Value("change", change)
	r.Value("checksum", checksum)
	r.Value("seconds", seconds)
	check(mpi.MPI_Finalize())
	mpi.Exit(r.Done())
}
