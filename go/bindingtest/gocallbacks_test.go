package bindingtest

import (
	"errors"
	"strings"
	"testing"
	"unsafe"

	"mpi4all.org/go/internal/report"
	"mpi4all.org/go/mpi"
)

func init() { scenarios["go-callbacks"] = goCallbacks }

func TestGoCallbacks(t *testing.T) { launch(t, "go-callbacks") }

// goCallbacks has MPI call Go functions: a reduction operator, an error handler, and the copy and
// delete functions of an attribute.
func goCallbacks(r *report.Report, rank, size int32) {
	// Element-wise maximum of absolute values, in Go.
	wrongType := false
	maxAbs, releaseMaxAbs, err := mpi.NewMPI_User_function(func(in, inout unsafe.Pointer, length *int32, datatype *mpi.MPI_Datatype) {
		wrongType = wrongType || *datatype != mpi.MPI_DOUBLE
		a, b := unsafe.Slice((*float64)(in), *length), unsafe.Slice((*float64)(inout), *length)
		for i := range b {
			b[i] = max(abs(a[i]), abs(b[i]))
		}
	})
	var op mpi.MPI_Op
	if succeeded(r, "new-user-function", err) && succeeded(r, "op-create", mpi.MPI_Op_create(maxAbs, 1, &op)) {
		mine := []float64{float64(rank), -float64(rank) - 0.5}
		largest := make([]float64, 2)
		if succeeded(r, "allreduce-go-op", mpi.MPI_Allreduce(mpi.Slice(mine), mpi.Slice(largest), 2, mpi.MPI_DOUBLE, op, mpi.MPI_COMM_WORLD)) {
			r.Check("go-op-result", largest[0] == float64(size-1) && largest[1] == float64(size)-0.5, "reduced to %v", largest)
			r.Check("go-op-datatype", !wrongType, "the operator was given another datatype than MPI_DOUBLE")
		}
		mpi.MPI_Op_free(&op)
		releaseMaxAbs()
	}

	// An error handler that records what it was called with. What the failed call returns once a user's
	// handler has returned differs: the error code in most implementations, MPI_SUCCESS in MPICH 5.
	var handled []int32
	var handledOn mpi.MPI_Comm
	record, releaseRecord, err := mpi.NewMPI_Comm_errhandler_function(func(comm *mpi.MPI_Comm, code *int32) {
		handledOn = *comm
		handled = append(handled, *code)
	})
	var handler mpi.MPI_Errhandler
	var watched mpi.MPI_Comm
	if succeeded(r, "new-errhandler-function", err) &&
		succeeded(r, "create-errhandler", mpi.MPI_Comm_create_errhandler(record, &handler)) &&
		succeeded(r, "dup", mpi.MPI_Comm_dup(mpi.MPI_COMM_WORLD, &watched)) &&
		succeeded(r, "set-errhandler", mpi.MPI_Comm_set_errhandler(watched, handler)) {
		value := int32(1)
		sendErr := mpi.MPI_Send(mpi.P(&value), 1, mpi.MPI_INT, size, 0, watched)
		r.Check("handler-called", len(handled) == 1 && handledOn == watched, "the handler was called %d times", len(handled))
		if len(handled) == 1 {
			var class int32
			mpi.MPI_Error_class(handled[0], &class)
			r.Check("handler-class", class == mpi.MPI_ERR_RANK, "the handler got error class %d", class)
		}
		if isMpich5(r) {
			r.Check("success-after-handler", sendErr == nil, "MPI_Send returned %v", sendErr)
		} else {
			var e *mpi.Error
			r.Check("error-after-handler", errors.As(sendErr, &e) && e.Class == mpi.MPI_ERR_RANK, "MPI_Send returned %v", sendErr)
		}
		mpi.MPI_Errhandler_free(&handler)
		mpi.MPI_Comm_free(&watched)
		releaseRecord()
	}

	attributes(r)
}

// attributes copies an attribute with a Go copy function when its communicator is duplicated, and
// counts the calls of a Go delete function. The attribute value is C memory (MPI_Alloc_mem): MPI keeps
// it after the call, which cgo does not allow for Go memory.
func attributes(r *report.Report) {
	copies, deletes := 0, 0
	copyFn, releaseCopy, err := mpi.NewMPI_Comm_copy_attr_function(func(old mpi.MPI_Comm, keyval int32, extra, in, out unsafe.Pointer, flag *int32) int32 {
		copies++
		*(*unsafe.Pointer)(out) = in
		*flag = 1
		return mpi.MPI_SUCCESS
	})
	succeeded(r, "new-copy-function", err)
	deleteFn, releaseDelete, err := mpi.NewMPI_Comm_delete_attr_function(func(comm mpi.MPI_Comm, keyval int32, value, extra unsafe.Pointer) int32 {
		deletes++
		return mpi.MPI_SUCCESS
	})
	succeeded(r, "new-delete-function", err)
	defer releaseCopy()
	defer releaseDelete()

	var keyval int32
	succeeded(r, "create-keyval", mpi.MPI_Comm_create_keyval(copyFn, deleteFn, &keyval, nil))
	var memory unsafe.Pointer
	succeeded(r, "alloc-mem", mpi.MPI_Alloc_mem(8, mpi.MPI_INFO_NULL, unsafe.Pointer(&memory)))
	*(*int64)(memory) = 1234
	var original, copied mpi.MPI_Comm
	mpi.MPI_Comm_dup(mpi.MPI_COMM_WORLD, &original)
	succeeded(r, "set-attr", mpi.MPI_Comm_set_attr(original, keyval, memory))
	succeeded(r, "dup-with-attr", mpi.MPI_Comm_dup(original, &copied))
	var value unsafe.Pointer
	var flag int32
	if succeeded(r, "get-attr", mpi.MPI_Comm_get_attr(copied, keyval, unsafe.Pointer(&value), &flag)) {
		r.Check("attr-copied", copies == 1 && flag == 1 && value == memory && *(*int64)(value) == 1234,
			"%d copies, flag %d", copies, flag)
	}
	mpi.MPI_Comm_free(&copied)
	mpi.MPI_Comm_free(&original)
	r.Check("attr-deleted", deletes == 2, "the delete function ran %d times, not 2", deletes)
	mpi.MPI_Comm_free_keyval(&keyval)
	mpi.MPI_Free_mem(memory)
}

// isMpich5 tells whether the library is MPICH 5, by its version string ("MPICH Version: 5.0.2 ...").
func isMpich5(r *report.Report) bool {
	version := make([]byte, mpi.MPI_MAX_LIBRARY_VERSION_STRING)
	var length int32
	if !succeeded(r, "library-version", mpi.MPI_Get_library_version(&version[0], &length)) {
		return false
	}
	fields := strings.Fields(mpi.GoString(version))
	return len(fields) > 2 && fields[0] == "MPICH" && fields[1] == "Version:" && strings.HasPrefix(fields[2], "5.")
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestGoCallbackSlotsRunOut registers Go functions until the slots of their type are all taken.
func TestGoCallbackSlotsRunOut(t *testing.T) {
	var releases []func()
	defer func() {
		for _, release := range releases {
			release()
		}
	}()
	for {
		_, release, err := mpi.NewMPI_User_function(func(_, _ unsafe.Pointer, _ *int32, _ *mpi.MPI_Datatype) {})
		if err != nil {
			if len(releases) != 16 || !strings.Contains(err.Error(), "MPI_User_function") {
				t.Fatalf("after %d registrations: %v", len(releases), err)
			}
			break
		}
		releases = append(releases, release)
	}
	releases[3]()
	releases[3]() // twice frees nothing more
	_, release, err := mpi.NewMPI_User_function(func(_, _ unsafe.Pointer, _ *int32, _ *mpi.MPI_Datatype) {})
	if err != nil {
		t.Fatalf("a released slot was not reused: %v", err)
	}
	releases[3] = release
	if _, _, err := mpi.NewMPI_User_function(func(_, _ unsafe.Pointer, _ *int32, _ *mpi.MPI_Datatype) {}); err == nil {
		t.Fatal("a second release freed a slot")
	}
}
