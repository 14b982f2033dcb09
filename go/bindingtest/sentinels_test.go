package bindingtest

import (
	"runtime"
	"testing"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["sentinels"] = sentinels }

func TestSentinels(t *testing.T) { launch(t, "sentinels") }

// sentinels checks that MPI_IN_PLACE, MPI_STATUS_IGNORE, MPI_STATUSES_IGNORE, MPI_BOTTOM and
// MPI_UNWEIGHTED mean to MPI what they mean in C, and that a program may keep them in variables: in C,
// MPI_STATUS_IGNORE (MPICH) and MPI_IN_PLACE (Open MPI) are small integers, which the Go runtime
// rejects in a pointer when it copies a goroutine's stack.
func sentinels(r *report.Report, rank, size int32) {
	world := mpi.MPI_COMM_WORLD

	sums := []float64{float64(rank + 1), 1}
	if succeeded(r, "allreduce-in-place", mpi.MPI_Allreduce(mpi.MPI_IN_PLACE, mpi.Slice(sums), 2, mpi.MPI_DOUBLE, mpi.MPI_SUM, world)) {
		r.Check("in-place-sums", sums[0] == float64(size*(size+1)/2) && sums[1] == float64(size), "sums are %v", sums)
	}

	gathered := make([]int32, size)
	gathered[rank] = rank * 3
	sendbuf := mpi.Slice(gathered[rank : rank+1])
	if rank == 0 {
		sendbuf = mpi.MPI_IN_PLACE
	}
	if succeeded(r, "gather-in-place", mpi.MPI_Gather(sendbuf, 1, mpi.MPI_INT, mpi.Slice(gathered), 1, mpi.MPI_INT, 0, world)) && rank == 0 {
		wrong := 0
		for i, v := range gathered {
			if v != int32(i)*3 {
				wrong++
			}
		}
		r.Check("gather-in-place-data", wrong == 0, "gathered %v", gathered)
	}

	// The sentinels live in variables while the stack grows and is copied, then are used.
	ignore, inPlace := mpi.MPI_STATUS_IGNORE, mpi.MPI_IN_PLACE
	r.Check("stack-grown", growStack(5000) == 5000, "growStack returned the wrong depth")
	runtime.GC()
	right, left := (rank+1)%size, (rank+size-1)%size
	var token int32
	if succeeded(r, "sendrecv-status-ignore", mpi.MPI_Sendrecv(mpi.P(&rank), 1, mpi.MPI_INT, right, 1,
		mpi.P(&token), 1, mpi.MPI_INT, left, 1, world, ignore)) {
		r.Check("status-ignore-data", token == left, "received %d", token)
	}
	count := []int32{1}
	if succeeded(r, "allreduce-kept-in-place", mpi.MPI_Allreduce(inPlace, mpi.Slice(count), 1, mpi.MPI_INT, mpi.MPI_SUM, world)) {
		r.Check("kept-in-place-sum", count[0] == size, "sum is %d", count[0])
	}

	requests := make([]mpi.MPI_Request, 2)
	var in int32
	mpi.MPI_Irecv(mpi.P(&in), 1, mpi.MPI_INT, left, 2, world, &requests[0])
	mpi.MPI_Isend(mpi.P(&rank), 1, mpi.MPI_INT, right, 2, world, &requests[1])
	if succeeded(r, "waitall-statuses-ignore", mpi.MPI_Waitall(2, &requests[0], mpi.MPI_STATUSES_IGNORE)) {
		r.Check("statuses-ignore-data", in == left, "received %d", in)
	}

	bottom(r, rank, size)
	unweighted(r, rank, size)
}

// bottom sends from MPI_BOTTOM with a datatype that holds the absolute address of the data.
func bottom(r *report.Report, rank, size int32) {
	values := []float64{float64(rank), float64(rank) + 0.25, float64(rank) + 0.5}
	var address mpi.MPI_Aint
	succeeded(r, "get-address", mpi.MPI_Get_address(mpi.Slice(values), &address))
	var absolute mpi.MPI_Datatype
	lengths := []int32{3}
	succeeded(r, "hindexed", mpi.MPI_Type_create_hindexed(1, &lengths[0], &address, mpi.MPI_DOUBLE, &absolute))
	succeeded(r, "commit", mpi.MPI_Type_commit(&absolute))
	received := make([]float64, 3)
	right, left := (rank+1)%size, (rank+size-1)%size
	if succeeded(r, "sendrecv-bottom", mpi.MPI_Sendrecv(mpi.MPI_BOTTOM, 1, absolute, right, 5,
		mpi.Slice(received), 3, mpi.MPI_DOUBLE, left, 5, mpi.MPI_COMM_WORLD, mpi.MPI_STATUS_IGNORE)) {
		l := float64(left)
		r.Check("bottom-data", received[0] == l && received[1] == l+0.25 && received[2] == l+0.5, "received %v", received)
	}
	runtime.KeepAlive(values) // MPI read it through its address alone
	succeeded(r, "type-free", mpi.MPI_Type_free(&absolute))
}

// unweighted builds a ring as a distributed graph without weights.
func unweighted(r *report.Report, rank, size int32) {
	sources, destinations := []int32{(rank + size - 1) % size}, []int32{(rank + 1) % size}
	var ring mpi.MPI_Comm
	if !succeeded(r, "dist-graph-unweighted", mpi.MPI_Dist_graph_create_adjacent(mpi.MPI_COMM_WORLD,
		1, &sources[0], mpi.MPI_UNWEIGHTED, 1, &destinations[0], mpi.MPI_UNWEIGHTED, mpi.MPI_INFO_NULL, 0, &ring)) {
		return
	}
	var indegree, outdegree, weighted int32
	if succeeded(r, "neighbors-count", mpi.MPI_Dist_graph_neighbors_count(ring, &indegree, &outdegree, &weighted)) {
		r.Check("unweighted-graph", indegree == 1 && outdegree == 1 && weighted == 0,
			"in %d, out %d, weighted %d", indegree, outdegree, weighted)
	}
	succeeded(r, "comm-free", mpi.MPI_Comm_free(&ring))
}

// growStack recurses through frames large enough to make the runtime grow, and so copy, the stack.
//
//go:noinline
func growStack(depth int) int {
	var frame [512]byte
	frame[depth%len(frame)] = 1
	if depth == 0 {
		return int(frame[0]) - 1
	}
	return growStack(depth-1) + int(frame[depth%len(frame)])
}
