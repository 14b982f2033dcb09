package bindingtest

import (
	"os"
	"strconv"
	"testing"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["environment"] = environment }

func TestEnvironment(t *testing.T) { launch(t, "environment") }

// environment checks what MPI says about itself and the run, and that MPI_Init installed
// MPI_ERRORS_RETURN.
func environment(r *report.Report, rank, size int32) {
	launched, _ := strconv.Atoi(os.Getenv(ranksVariable))
	r.Check("size", int(size) == launched, "MPI_COMM_WORLD has %d ranks, the test launched %d", size, launched)
	r.Check("rank", 0 <= rank && rank < size, "rank %d of %d", rank, size)

	var initialized int32
	if succeeded(r, "initialized", mpi.MPI_Initialized(&initialized)) {
		r.Check("initialized-flag", initialized == 1, "MPI_Initialized says %d", initialized)
	}
	var major, minor int32
	if succeeded(r, "version", mpi.MPI_Get_version(&major, &minor)) {
		r.Check("version-constants", major == mpi.MPI_VERSION && minor == mpi.MPI_SUBVERSION,
			"MPI_Get_version says %d.%d, the constants %d.%d", major, minor, mpi.MPI_VERSION, mpi.MPI_SUBVERSION)
	}
	var length int32
	name := make([]byte, mpi.MPI_MAX_PROCESSOR_NAME)
	if succeeded(r, "processor-name", mpi.MPI_Get_processor_name(&name[0], &length)) {
		r.Check("processor-name-text", length > 0 && mpi.GoString(name) == string(name[:length]),
			"%d bytes: %q", length, name[:max(length, 0)])
	}
	version := make([]byte, mpi.MPI_MAX_LIBRARY_VERSION_STRING)
	if succeeded(r, "library-version", mpi.MPI_Get_library_version(&version[0], &length)) {
		r.Check("library-version-text", length > 0, "empty")
	}

	var handler mpi.MPI_Errhandler
	if succeeded(r, "get-errhandler", mpi.MPI_Comm_get_errhandler(mpi.MPI_COMM_WORLD, &handler)) {
		r.Check("errors-return-installed", handler == mpi.MPI_ERRORS_RETURN, "MPI_COMM_WORLD's handler is %v", handler)
		succeeded(r, "errhandler-free", mpi.MPI_Errhandler_free(&handler))
	}
	var result int32
	if succeeded(r, "compare", mpi.MPI_Comm_compare(mpi.MPI_COMM_WORLD, mpi.MPI_COMM_WORLD, &result)) {
		r.Check("compare-ident", result == mpi.MPI_IDENT, "MPI_Comm_compare says %d", result)
	}
	start := mpi.MPI_Wtime()
	for mpi.MPI_Wtime() == start {
	}
	r.Check("wtick", mpi.MPI_Wtick() > 0, "MPI_Wtick is %g", mpi.MPI_Wtick())
}
