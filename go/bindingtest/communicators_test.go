package bindingtest

import (
	"testing"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["communicators"] = communicators }

func TestCommunicators(t *testing.T) { launch(t, "communicators") }

// communicators splits, duplicates and frees communicators and builds a periodic Cartesian ring.
func communicators(r *report.Report, rank, size int32) {
	var half mpi.MPI_Comm
	if succeeded(r, "split", mpi.MPI_Comm_split(mpi.MPI_COMM_WORLD, rank%2, rank, &half)) {
		var halfRank, halfSize, sum int32
		mpi.MPI_Comm_rank(half, &halfRank)
		mpi.MPI_Comm_size(half, &halfSize)
		r.Check("split-rank", halfRank == rank/2 && halfSize == (size+1-rank%2)/2, "rank %d of %d", halfRank, halfSize)
		if succeeded(r, "allreduce-half", mpi.MPI_Allreduce(mpi.P(&rank), mpi.P(&sum), 1, mpi.MPI_INT, mpi.MPI_SUM, half)) {
			want := int32(0)
			for i := rank % 2; i < size; i += 2 {
				want += i
			}
			r.Check("half-sum", sum == want, "sum %d, want %d", sum, want)
		}
		if succeeded(r, "comm-free", mpi.MPI_Comm_free(&half)) {
			r.Check("freed-is-null", half == mpi.MPI_COMM_NULL, "a freed communicator is not MPI_COMM_NULL")
		}
	}

	var duplicate mpi.MPI_Comm
	if succeeded(r, "dup", mpi.MPI_Comm_dup(mpi.MPI_COMM_WORLD, &duplicate)) {
		var result int32
		mpi.MPI_Comm_compare(mpi.MPI_COMM_WORLD, duplicate, &result)
		r.Check("dup-congruent", result == mpi.MPI_CONGRUENT, "MPI_Comm_compare says %d", result)
		r.Check("dup-distinct", duplicate != mpi.MPI_COMM_WORLD, "the duplicate is MPI_COMM_WORLD")
		mpi.MPI_Comm_free(&duplicate)
	}

	dims, periods := []int32{0}, []int32{1}
	succeeded(r, "dims-create", mpi.MPI_Dims_create(size, 1, &dims[0]))
	var ring mpi.MPI_Comm
	if succeeded(r, "cart-create", mpi.MPI_Cart_create(mpi.MPI_COMM_WORLD, 1, &dims[0], &periods[0], 0, &ring)) {
		var source, dest int32
		if succeeded(r, "cart-shift", mpi.MPI_Cart_shift(ring, 0, 1, &source, &dest)) {
			r.Check("cart-neighbours", source == (rank+size-1)%size && dest == (rank+1)%size, "source %d, dest %d", source, dest)
		}
		mpi.MPI_Comm_free(&ring)
	}
}
