// This file is part of the mpi4all Go runtime, copied into every generated package.

package mpi

// #include <stdlib.h>
import "C"

// Exit ends the program with the given status as a C program ends, through C's exit: the handlers
// registered with atexit run, and C's buffered output is flushed. A Go program otherwise ends without
// them, and MPICH 4.1 and later disconnect from the process manager in such a handler: a rank that
// returns from main after MPI_Finalize looks crashed to mpiexec, which then kills the other ranks.
// End an MPI program with mpi.Exit after MPI_Finalize. As with os.Exit, deferred functions do not run.
func Exit(code int) {
	C.exit(C.int(code))
}
