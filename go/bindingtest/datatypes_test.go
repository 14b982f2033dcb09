package bindingtest

import (
	"testing"
	"unsafe"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["datatypes"] = datatypes }

func TestDatatypes(t *testing.T) { launch(t, "datatypes") }

// particle is sent with a struct datatype built from the addresses of its fields.
type particle struct {
	ID       int32
	Position [3]float64
}

// datatypes sends a matrix column with a vector type and a Go struct with a struct type.
func datatypes(r *report.Report, rank, size int32) {
	const n = 4
	var column mpi.MPI_Datatype
	succeeded(r, "type-vector", mpi.MPI_Type_vector(n, 1, n, mpi.MPI_DOUBLE, &column))
	succeeded(r, "type-commit", mpi.MPI_Type_commit(&column))
	var typeSize int32
	if succeeded(r, "type-size", mpi.MPI_Type_size(column, &typeSize)) {
		r.Check("type-size-value", typeSize == n*8, "size is %d", typeSize)
	}
	// The root sends column 1 of a 4x4 matrix; the others receive it as 4 contiguous doubles.
	matrix := make([]float64, n*n)
	for i := range matrix {
		matrix[i] = float64(i)
	}
	received := make([]float64, n)
	if rank == 0 {
		for dest := int32(1); dest < size; dest++ {
			succeeded(r, "send-column", mpi.MPI_Send(mpi.Slice(matrix[1:]), 1, column, dest, 0, mpi.MPI_COMM_WORLD))
		}
	} else if succeeded(r, "recv-column", mpi.MPI_Recv(mpi.Slice(received), n, mpi.MPI_DOUBLE, 0, 0, mpi.MPI_COMM_WORLD, mpi.MPI_STATUS_IGNORE)) {
		r.Check("column-data", received[0] == 1 && received[1] == 5 && received[2] == 9 && received[3] == 13, "received %v", received)
	}
	if succeeded(r, "type-free", mpi.MPI_Type_free(&column)) {
		r.Check("freed-is-null", column == mpi.MPI_DATATYPE_NULL, "a freed datatype is not MPI_DATATYPE_NULL")
	}

	var p particle
	var base, idAddress, positionAddress mpi.MPI_Aint
	mpi.MPI_Get_address(mpi.P(&p), &base)
	mpi.MPI_Get_address(mpi.P(&p.ID), &idAddress)
	mpi.MPI_Get_address(mpi.P(&p.Position), &positionAddress)
	lengths := []int32{1, 3}
	displacements := []mpi.MPI_Aint{mpi.MPI_Aint_diff(idAddress, base), mpi.MPI_Aint_diff(positionAddress, base)}
	r.Check("aint-diff", displacements[0] == mpi.MPI_Aint(unsafe.Offsetof(p.ID)) && displacements[1] == mpi.MPI_Aint(unsafe.Offsetof(p.Position)),
		"displacements %v", displacements)
	types := []mpi.MPI_Datatype{mpi.MPI_INT, mpi.MPI_DOUBLE}
	var structType mpi.MPI_Datatype
	succeeded(r, "type-create-struct", mpi.MPI_Type_create_struct(2, &lengths[0], &displacements[0], &types[0], &structType))
	succeeded(r, "struct-commit", mpi.MPI_Type_commit(&structType))
	var lb, extent mpi.MPI_Aint
	if succeeded(r, "get-extent", mpi.MPI_Type_get_extent(structType, &lb, &extent)) {
		r.Check("extent", lb == 0 && extent == mpi.MPI_Aint(unsafe.Sizeof(p)), "lb %d, extent %d", lb, extent)
	}
	if rank == 0 {
		p = particle{ID: 42, Position: [3]float64{1, 2, 3}}
	}
	if succeeded(r, "bcast-struct", mpi.MPI_Bcast(mpi.P(&p), 1, structType, 0, mpi.MPI_COMM_WORLD)) {
		r.Check("struct-data", p == particle{ID: 42, Position: [3]float64{1, 2, 3}}, "received %+v", p)
	}
	succeeded(r, "struct-free", mpi.MPI_Type_free(&structType))
}
