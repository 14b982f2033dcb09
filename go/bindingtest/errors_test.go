package bindingtest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["errors"] = errorScenario }

func TestErrors(t *testing.T) { launch(t, "errors") }

// errorScenario makes MPI calls fail and checks that each error comes back as an *Error with the
// right class and a message, and that the program goes on.
func errorScenario(r *report.Report, rank, size int32) {
	value := int32(1)
	expectClass(r, "invalid-rank", mpi.MPI_ERR_RANK, "MPI_Send",
		mpi.MPI_Send(mpi.P(&value), 1, mpi.MPI_INT, size, 0, mpi.MPI_COMM_WORLD))
	expectClass(r, "negative-count", mpi.MPI_ERR_COUNT, "MPI_Send",
		mpi.MPI_Send(mpi.P(&value), -1, mpi.MPI_INT, 0, 0, mpi.MPI_COMM_WORLD))
	var ignored int32
	expectClass(r, "null-communicator", mpi.MPI_ERR_COMM, "MPI_Comm_rank", mpi.MPI_Comm_rank(mpi.MPI_COMM_NULL, &ignored))
	r.Check("class-name", mpi.ErrorClassName(mpi.MPI_ERR_RANK) == "MPI_ERR_RANK", "%q", mpi.ErrorClassName(mpi.MPI_ERR_RANK))

	// A window gets MPI_ERRORS_RETURN when it is made, as the communicators did at MPI_Init.
	exposed := make([]int32, 4)
	var window mpi.MPI_Win
	if succeeded(r, "win-create", mpi.MPI_Win_create(mpi.Slice(exposed), 16, 4, mpi.MPI_INFO_NULL, mpi.MPI_COMM_WORLD, &window)) {
		succeeded(r, "fence-open", mpi.MPI_Win_fence(0, window))
		expectClass(r, "window-invalid-rank", mpi.MPI_ERR_RANK, "MPI_Put",
			mpi.MPI_Put(mpi.P(&value), 1, mpi.MPI_INT, size, 0, 1, mpi.MPI_INT, window))
		succeeded(r, "fence-close", mpi.MPI_Win_fence(0, window))
		succeeded(r, "win-free", mpi.MPI_Win_free(&window))
	}

	// cgo refuses memory holding Go pointers before MPI sees it.
	pointers := []*int32{&value}
	r.Check("go-pointers-refused", panicMessage(func() {
		mpi.MPI_Send(mpi.Slice(pointers), 1, mpi.MPI_AINT, 0, 0, mpi.MPI_COMM_WORLD)
	}), "passing a slice of Go pointers to MPI did not panic")

	succeeded(r, "still-working", mpi.MPI_Barrier(mpi.MPI_COMM_WORLD))
}

// expectClass checks that err is an *Error of the given class, from function, with a message.
func expectClass(r *report.Report, name string, class int32, function string, err error) {
	var mpiError *mpi.Error
	switch {
	case err == nil:
		r.Check(name, false, "no error")
	case !errors.As(err, &mpiError):
		r.Check(name, false, "%T is no *mpi.Error: %v", err, err)
	default:
		r.Check(name, mpiError.Class == class && mpiError.Function == function && mpiError.Code != 0 &&
			mpiError.Message != "" && strings.Contains(err.Error(), function),
			"want class %s from %s, got %s (class %d)", mpi.ErrorClassName(class), function, err, mpiError.Class)
	}
}

// panicMessage reports whether f panicked with cgo's message about Go pointers.
func panicMessage(f func()) (panicked bool) {
	defer func() {
		message := fmt.Sprint(recover())
		panicked = strings.Contains(message, "Go pointer")
	}()
	f()
	return false
}
