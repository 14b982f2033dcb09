package bindingtest

import (
	"slices"
	"testing"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["collectives"] = collectives }

func TestCollectives(t *testing.T) { launch(t, "collectives") }

// collectives checks the results of the common collective operations on every rank.
func collectives(r *report.Report, rank, size int32) {
	world := mpi.MPI_COMM_WORLD
	succeeded(r, "barrier", mpi.MPI_Barrier(world))

	data := []float64{0, 0, 0}
	if rank == 0 {
		data = []float64{1.5, 2.5, 3.5}
	}
	if succeeded(r, "bcast", mpi.MPI_Bcast(mpi.Slice(data), 3, mpi.MPI_DOUBLE, 0, world)) {
		r.Check("bcast-data", slices.Equal(data, []float64{1.5, 2.5, 3.5}), "received %v", data)
	}

	mine, total := int64(rank+1), int64(-1)
	if succeeded(r, "reduce", mpi.MPI_Reduce(mpi.P(&mine), mpi.P(&total), 1, mpi.MPI_INT64_T, mpi.MPI_SUM, 0, world)) && rank == 0 {
		r.Check("reduce-sum", total == int64(size)*int64(size+1)/2, "sum is %d", total)
	}
	var largest int32
	if succeeded(r, "allreduce-max", mpi.MPI_Allreduce(mpi.P(&rank), mpi.P(&largest), 1, mpi.MPI_INT, mpi.MPI_MAX, world)) {
		r.Check("allreduce-max-value", largest == size-1, "maximum rank is %d", largest)
	}

	ranks := make([]int32, size)
	if succeeded(r, "allgather", mpi.MPI_Allgather(mpi.P(&rank), 1, mpi.MPI_INT, mpi.Slice(ranks), 1, mpi.MPI_INT, world)) {
		r.Check("allgather-data", slices.Equal(ranks, sequence(size)), "gathered %v", ranks)
	}

	var piece int32 = -1
	if succeeded(r, "scatter", mpi.MPI_Scatter(mpi.Slice(sequence(size)), 1, mpi.MPI_INT, mpi.P(&piece), 1, mpi.MPI_INT, 0, world)) {
		r.Check("scatter-data", piece == rank, "received %d", piece)
	}

	// Rank i sends i*100+j to rank j.
	out, in := make([]int32, size), make([]int32, size)
	for j := range out {
		out[j] = rank*100 + int32(j)
	}
	if succeeded(r, "alltoall", mpi.MPI_Alltoall(mpi.Slice(out), 1, mpi.MPI_INT, mpi.Slice(in), 1, mpi.MPI_INT, world)) {
		wrong := 0
		for i, v := range in {
			if v != int32(i)*100+rank {
				wrong++
			}
		}
		r.Check("alltoall-data", wrong == 0, "received %v", in)
	}

	var prefix int32
	if succeeded(r, "scan", mpi.MPI_Scan(mpi.P(&rank), mpi.P(&prefix), 1, mpi.MPI_INT, mpi.MPI_SUM, world)) {
		r.Check("scan-value", prefix == rank*(rank+1)/2, "prefix sum is %d", prefix)
	}

	// Every rank contributes 1 to each element; each receives its own element.
	ones := make([]int32, size)
	for i := range ones {
		ones[i] = 1
	}
	var mineOfSum int32
	if succeeded(r, "reduce-scatter", mpi.MPI_Reduce_scatter_block(mpi.Slice(ones), mpi.P(&mineOfSum), 1, mpi.MPI_INT, mpi.MPI_SUM, world)) {
		r.Check("reduce-scatter-value", mineOfSum == size, "received %d", mineOfSum)
	}
}

// sequence returns 0, 1, ..., n-1.
func sequence(n int32) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i)
	}
	return s
}
