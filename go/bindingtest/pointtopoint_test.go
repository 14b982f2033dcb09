package bindingtest

import (
	"testing"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["point-to-point"] = pointToPoint }

func TestPointToPoint(t *testing.T) { launch(t, "point-to-point") }

// pointToPoint sends around a ring, to the root from every rank, and without blocking, and checks the
// data and the statuses.
func pointToPoint(r *report.Report, rank, size int32) {
	right, left := (rank+1)%size, (rank+size-1)%size
	world := mpi.MPI_COMM_WORLD

	send := []int32{rank, rank * 10}
	received := make([]int32, 4)
	var status mpi.MPI_Status
	if succeeded(r, "sendrecv", mpi.MPI_Sendrecv(mpi.Slice(send), 2, mpi.MPI_INT, right, 7,
		mpi.Slice(received), 4, mpi.MPI_INT, left, 7, world, &status)) {
		r.Check("sendrecv-data", received[0] == left && received[1] == left*10, "received %v from %d", received[:2], left)
		r.Check("status-source-tag", status.MPI_SOURCE == left && status.MPI_TAG == 7,
			"status says source %d tag %d", status.MPI_SOURCE, status.MPI_TAG)
		var count int32
		succeeded(r, "get-count", mpi.MPI_Get_count(&status, mpi.MPI_INT, &count))
		r.Check("count", count == 2, "MPI_Get_count says %d", count)
	}

	// Every other rank sends its rank to the root, with its rank as the tag; the root takes them in any
	// order, on a communicator of their own so that no other message matches.
	var toRoot mpi.MPI_Comm
	succeeded(r, "dup", mpi.MPI_Comm_dup(world, &toRoot))
	if rank == 0 {
		seen := make(map[int32]bool)
		for i := int32(1); i < size; i++ {
			var value int32
			var any mpi.MPI_Status
			if succeeded(r, "recv-any", mpi.MPI_Recv(mpi.P(&value), 1, mpi.MPI_INT, mpi.MPI_ANY_SOURCE, mpi.MPI_ANY_TAG, toRoot, &any)) {
				r.Check("recv-any-status", any.MPI_SOURCE == value && any.MPI_TAG == value,
					"value %d came with source %d tag %d", value, any.MPI_SOURCE, any.MPI_TAG)
				seen[value] = true
			}
		}
		r.Check("recv-any-all", len(seen) == int(size)-1, "heard from %d of %d ranks", len(seen), size-1)
	} else {
		value := rank
		succeeded(r, "send-to-root", mpi.MPI_Send(mpi.P(&value), 1, mpi.MPI_INT, 0, rank, toRoot))
	}
	succeeded(r, "free-dup", mpi.MPI_Comm_free(&toRoot))

	// Nonblocking: the buffers stay referenced until MPI_Waitall, so the collector leaves them be.
	out := make([]float64, 1000)
	in := make([]float64, 1000)
	for i := range out {
		out[i] = float64(rank)*1000 + float64(i)
	}
	requests := make([]mpi.MPI_Request, 2)
	statuses := make([]mpi.MPI_Status, 2)
	succeeded(r, "irecv", mpi.MPI_Irecv(mpi.Slice(in), int32(len(in)), mpi.MPI_DOUBLE, left, 3, world, &requests[0]))
	succeeded(r, "isend", mpi.MPI_Isend(mpi.Slice(out), int32(len(out)), mpi.MPI_DOUBLE, right, 3, world, &requests[1]))
	if succeeded(r, "waitall", mpi.MPI_Waitall(2, &requests[0], &statuses[0])) {
		wrong := 0
		for i, v := range in {
			if v != float64(left)*1000+float64(i) {
				wrong++
			}
		}
		r.Check("nonblocking-data", wrong == 0, "%d of %d values wrong", wrong, len(in))
		r.Check("waitall-status", statuses[0].MPI_SOURCE == left && statuses[0].MPI_TAG == 3,
			"receive status says source %d tag %d", statuses[0].MPI_SOURCE, statuses[0].MPI_TAG)
		r.Check("requests-null", requests[0] == mpi.MPI_REQUEST_NULL && requests[1] == mpi.MPI_REQUEST_NULL,
			"completed requests are not MPI_REQUEST_NULL")
	}

	// A probed message tells its size before it is received.
	five := []int32{1, 2, 3, 4, 5}
	var request mpi.MPI_Request
	succeeded(r, "isend-five", mpi.MPI_Isend(mpi.Slice(five), 5, mpi.MPI_INT, right, 4, world, &request))
	var probed mpi.MPI_Status
	if succeeded(r, "probe", mpi.MPI_Probe(left, 4, world, &probed)) {
		var count int32
		mpi.MPI_Get_count(&probed, mpi.MPI_INT, &count)
		r.Check("probe-count", count == 5, "probe says %d elements", count)
		buffer := make([]int32, count)
		succeeded(r, "recv-probed", mpi.MPI_Recv(mpi.Slice(buffer), count, mpi.MPI_INT, left, 4, world, mpi.MPI_STATUS_IGNORE))
	}
	succeeded(r, "wait", mpi.MPI_Wait(&request, mpi.MPI_STATUS_IGNORE))

	var none mpi.MPI_Status
	if succeeded(r, "proc-null", mpi.MPI_Sendrecv(nil, 0, mpi.MPI_INT, mpi.MPI_PROC_NULL, 0,
		nil, 0, mpi.MPI_INT, mpi.MPI_PROC_NULL, 0, world, &none)) {
		r.Check("proc-null-status", none.MPI_SOURCE == mpi.MPI_PROC_NULL && none.MPI_TAG == mpi.MPI_ANY_TAG,
			"status says source %d tag %d", none.MPI_SOURCE, none.MPI_TAG)
	}
}
