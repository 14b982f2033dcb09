package bindingtest

import (
	"testing"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["callbacks"] = callbacks }

func TestCallbacks(t *testing.T) { launch(t, "callbacks") }

// callbacks reduces with user-defined operators: a C function, and a C function that calls Go.
func callbacks(r *report.Report, rank, size int32) {
	var maxAbsOp, productOp mpi.MPI_Op
	succeeded(r, "op-create-c", mpi.MPI_Op_create(maxAbs, 1, &maxAbsOp))
	succeeded(r, "op-create-go", mpi.MPI_Op_create(goProduct, 1, &productOp))

	// Odd ranks contribute negative values: the largest magnitude is that of the last rank.
	mine := []int32{rank, -rank}
	if rank%2 == 1 {
		mine[0], mine[1] = -rank, rank
	}
	largest := make([]int32, 2)
	if succeeded(r, "allreduce-c-op", mpi.MPI_Allreduce(mpi.Slice(mine), mpi.Slice(largest), 2, mpi.MPI_INT, maxAbsOp, mpi.MPI_COMM_WORLD)) {
		r.Check("c-op-result", largest[0] == size-1 && largest[1] == size-1, "reduced to %v", largest)
	}
	factors := []float64{float64(rank + 1), 2}
	products := make([]float64, 2)
	if succeeded(r, "allreduce-go-op", mpi.MPI_Allreduce(mpi.Slice(factors), mpi.Slice(products), 2, mpi.MPI_DOUBLE, productOp, mpi.MPI_COMM_WORLD)) {
		factorial, power := 1.0, 1.0
		for i := int32(1); i <= size; i++ {
			factorial *= float64(i)
			power *= 2
		}
		r.Check("go-op-result", products[0] == factorial && products[1] == power, "reduced to %v", products)
	}
	succeeded(r, "op-free", mpi.MPI_Op_free(&maxAbsOp))
	succeeded(r, "op-free-go", mpi.MPI_Op_free(&productOp))
}
