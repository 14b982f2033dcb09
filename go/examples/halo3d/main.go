// Command halo3d is the Ember Halo3D communication pattern (Sandia's Ember suite, which the MPI4All
// paper ports to Go): the ranks form a pex×pey×pez grid, each holds an nx×ny×nz block of vars
// variables, and in each iteration, after computing for -sleep nanoseconds, it exchanges the faces of
// its block with its neighbours along x, then y, then z, with nonblocking receives and sends and a
// wait for all of them. Unlike Ember, every face carries values that encode its sender and direction,
// and its first value the iteration: every rank checks that first value of each face it receives, and
// the whole face in the last iteration. Its C twin is native/go-twins/halo3d.c.
//
//	mpirun -np 8 halo3d [-pex 2 -pey 2 -pez 2] [-nx 10 -ny 10 -nz 10] [-iterations 100] [-vars 1] [-sleep 1000]
package main

import (
	"flag"
	"fmt"
	"time"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func check(err error) {
	if err != nil {
		panic(err)
	}
}

// The six directions, as the sender sees them.
const (
	xUp = iota
	xDown
	yUp
	yDown
	zUp
	zDown
)

// A face is what a rank exchanges with one neighbour.
type face struct {
	neighbour   int32 // its rank, or -1 at the edge of the grid
	direction   int   // the neighbour's direction from this rank
	tag         int32
	send, recv  []float64
	received    int
	wrongValues int
}

// value is what sender puts at index i of the face it sends in direction at iteration: only the first
// value changes with the iteration, so that a stale face is caught while the pattern stays as cheap as
// Ember's; every value is an integer below 2^53, so exact in a float64.
func value(sender int32, direction, iteration, i int) float64 {
	if i > 0 {
		iteration = 0
	}
	return float64(((int64(sender)*6+int64(direction))*1024+int64(iteration%1024))*65536 + int64(i%65536))
}

// opposite is the direction in which a neighbour sends to this rank.
func opposite(direction int) int {
	return direction ^ 1
}

func main() {
	var rank, size int32
	check(mpi.MPI_Init(nil, nil))
	check(mpi.MPI_Comm_rank(mpi.MPI_COMM_WORLD, &rank))
	check(mpi.MPI_Comm_size(mpi.MPI_COMM_WORLD, &size))

	pex := flag.Int("pex", int(size), "ranks along x")
	pey := flag.Int("pey", 1, "ranks along y")
	pez := flag.Int("pez", 1, "ranks along z")
	nx := flag.Int("nx", 10, "points along x in each rank's block")
	ny := flag.Int("ny", 10, "points along y in each rank's block")
	nz := flag.Int("nz", 10, "points along z in each rank's block")
	iterations := flag.Int("iterations", 100, "how many exchanges")
	vars := flag.Int("vars", 1, "variables per point")
	sleep := flag.Int64("sleep", 1000, "nanoseconds of computation before each exchange")
	flag.Parse()
	r := report.New()
	if !r.Check("grid", *pex**pey**pez == int(size), "%d x %d x %d ranks do not make %d", *pex, *pey, *pez, size) {
		check(mpi.MPI_Finalize())
		mpi.Exit(r.Done())
	}
	if rank == 0 {
		fmt.Printf("# MPI Nearest Neighbor Communication\n# Processor Grid: %d x %d x %d\n"+
			"# Data Grid (per rank): %d x %d x %d\n# Iterations: %d\n# Variables: %d\n# Sleep: %d\n",
			*pex, *pey, *pez, *nx, *ny, *nz, *iterations, *vars, *sleep)
	}

	// The position of this rank in the grid, and the rank at a position (-1 outside the grid).
	x, y, z := int(rank)%*pex, int(rank)%(*pex**pey) / *pex, int(rank)/(*pex**pey)
	at := func(x, y, z int) int32 {
		if x < 0 || y < 0 || z < 0 || x >= *pex || y >= *pey || z >= *pez {
			return -1
		}
		return int32((z**pey+y)**pex + x)
	}
	newFace := func(neighbour int32, direction int, tag int32, points int) *face {
		return &face{neighbour: neighbour, direction: direction, tag: tag,
			send: make([]float64, points**vars), recv: make([]float64, points**vars)}
	}
	// The phases: faces exchanged together, then waited for together.
	phases := [][]*face{
		{newFace(at(x+1, y, z), xUp, 1000, *ny**nz), newFace(at(x-1, y, z), xDown, 1000, *ny**nz)},
		{newFace(at(x, y+1, z), yUp, 2000, *nx**nz), newFace(at(x, y-1, z), yDown, 2000, *nx**nz)},
		{newFace(at(x, y, z+1), zUp, 4000, *nx**ny), newFace(at(x, y, z-1), zDown, 4000, *nx**ny)},
	}
	requests := make([]mpi.MPI_Request, 4)
	for _, phase := range phases {
		for _, f := range phase {
			for i := range f.send {
				f.send[i] = value(rank, f.direction, 0, i)
			}
		}
	}

	check(mpi.MPI_Barrier(mpi.MPI_COMM_WORLD))
	start := mpi.MPI_Wtime()
	for iteration := 0; iteration < *iterations; iteration++ {
		for begin := time.Now(); time.Since(begin) < time.Duration(*sleep); {
		}
		for _, phase := range phases {
			count := 0
			for _, f := range phase {
				if f.neighbour < 0 {
					continue
				}
				f.send[0] = value(rank, f.direction, iteration, 0)
				n := int32(len(f.recv))
				check(mpi.MPI_Irecv(mpi.Slice(f.recv), n, mpi.MPI_DOUBLE, f.neighbour, f.tag, mpi.MPI_COMM_WORLD, &requests[count]))
				check(mpi.MPI_Isend(mpi.Slice(f.send), n, mpi.MPI_DOUBLE, f.neighbour, f.tag, mpi.MPI_COMM_WORLD, &requests[count+1]))
				count += 2
			}
			check(mpi.MPI_Waitall(int32(count), &requests[0], mpi.MPI_STATUSES_IGNORE))
			for _, f := range phase {
				if f.neighbour < 0 {
					continue
				}
				f.received++
				checked := f.recv[:1] // the whole face in the last iteration
				if iteration == *iterations-1 {
					checked = f.recv
				}
				for i, v := range checked {
					if v != value(f.neighbour, opposite(f.direction), iteration, i) {
						f.wrongValues++
					}
				}
			}
		}
	}
	elapsed := mpi.MPI_Wtime() - start
	var seconds float64
	check(mpi.MPI_Allreduce(mpi.P(&elapsed), mpi.P(&seconds), 1, mpi.MPI_DOUBLE, mpi.MPI_MAX, mpi.MPI_COMM_WORLD))

	faces, wrong, values := 0, 0, 0.0
	for _, phase := range phases {
		for _, f := range phase {
			if f.neighbour >= 0 {
				faces++
				r.Check(fmt.Sprintf("messages-%d", f.direction), f.received == *iterations,
					"%d faces from rank %d, not %d", f.received, f.neighbour, *iterations)
				wrong += f.wrongValues
				values += float64(f.received * len(f.recv))
			}
		}
	}
	r.Check("halo-values", wrong == 0, "%d received values differ from what the neighbours sent", wrong)
	var received float64
	check(mpi.MPI_Allreduce(mpi.P(&values), mpi.P(&received), 1, mpi.MPI_DOUBLE, mpi.MPI_SUM, mpi.MPI_COMM_WORLD))
	if rank == 0 {
		fmt.Printf("# %d values received in all, in %.6f s\n", int64(received), seconds)
	}
	r.Value("received", received)
	r.Value("seconds", seconds)
	check(mpi.MPI_Finalize())
	mpi.Exit(r.Done())
}
