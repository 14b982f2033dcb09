// This file is part of the mpi4all Go runtime, copied into every generated package.

package mpi

import "runtime"

// MPI_THREAD_FUNNELED, and in practice MPI_THREAD_SINGLE, let only the thread that initialised MPI call
// it, but Go moves goroutines between threads. Locking the main goroutine to the main thread while the
// program is initialised keeps every MPI call that main makes on one thread, the thread MPI expects.
func init() {
	runtime.LockOSThread()
}
