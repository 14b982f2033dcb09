package bindingtest

import (
	"testing"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["auxiliary"] = auxiliary }

func TestAuxiliaryLibrary(t *testing.T) { launch(t, "auxiliary") }

// auxiliary calls what C offers as function-like macros in some implementations (MPI_Aint_add and
// MPI_Aint_diff in Open MPI 4.1, the handle conversions in MPICH) and the varargs MPI_Pcontrol.
func auxiliary(r *report.Report, rank, size int32) {
	r.Check("aint-add", mpi.MPI_Aint_add(1000, 24) == 1024, "MPI_Aint_add(1000, 24) is %d", mpi.MPI_Aint_add(1000, 24))
	r.Check("aint-diff", mpi.MPI_Aint_diff(1024, 1000) == 24, "MPI_Aint_diff(1024, 1000) is %d", mpi.MPI_Aint_diff(1024, 1000))
	succeeded(r, "pcontrol", mpi.MPI_Pcontrol(1))
	r.Check("comm-c2f-f2c", mpi.MPI_Comm_f2c(mpi.MPI_Comm_c2f(mpi.MPI_COMM_WORLD)) == mpi.MPI_COMM_WORLD,
		"MPI_COMM_WORLD does not survive a round trip through Fortran")
	r.Check("type-c2f-f2c", mpi.MPI_Type_f2c(mpi.MPI_Type_c2f(mpi.MPI_DOUBLE)) == mpi.MPI_DOUBLE,
		"MPI_DOUBLE does not survive a round trip through Fortran")
	var converted int32
	if succeeded(r, "size-of-converted", mpi.MPI_Comm_size(mpi.MPI_Comm_f2c(mpi.MPI_Comm_c2f(mpi.MPI_COMM_WORLD)), &converted)) {
		r.Check("converted-size", converted == size, "size %d", converted)
	}
}
