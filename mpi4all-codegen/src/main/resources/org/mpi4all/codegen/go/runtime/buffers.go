// This file is part of the mpi4all Go runtime, copied into every generated package.

package mpi

import "unsafe"

// P returns the address of *v as the void * of an MPI function:
//
//	mpi.MPI_Reduce(mpi.P(&local), mpi.P(&total), 1, mpi.MPI_DOUBLE, mpi.MPI_SUM, 0, mpi.MPI_COMM_WORLD)
//
// *v must not contain Go pointers: cgo forbids passing such memory to C, and the Go runtime panics
// when it is passed.
func P[T any](v *T) unsafe.Pointer {
	return unsafe.Pointer(v)
}

// Slice returns the address of the first element of s as the void * of an MPI function (nil for a
// nil slice): the elements themselves, not the slice header. They must not contain Go pointers.
func Slice[T any](s []T) unsafe.Pointer {
	return unsafe.Pointer(unsafe.SliceData(s))
}

// CString returns s as a NUL-terminated C string in Go memory, for a const char * parameter. It needs no
// freeing; C must not keep it after the call.
func CString(s string) *byte {
	text := make([]byte, len(s)+1)
	copy(text, s)
	return &text[0]
}

// GoString returns the C string MPI wrote into b: the bytes before the first NUL, or all of b.
func GoString(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
