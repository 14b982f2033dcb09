package bindingtest

/*
// Reduction operators for the callback scenario, as a program would write them: C functions, which
// need no mpi.h (MPI_Datatype * is passed like void *), one of them handing the work to Go.

void bindingtest_max_abs(void *in, void *inout, int *len, void *datatype) {
    const int *a = in;
    int *b = inout;
    for (int i = 0; i < *len; i++) {
        int x = a[i] < 0 ? -a[i] : a[i], y = b[i] < 0 ? -b[i] : b[i];
        b[i] = x > y ? x : y;
    }
}

void bindingtestGoProduct(void *, void *, int *);

void bindingtest_go_product(void *in, void *inout, int *len, void *datatype) {
    bindingtestGoProduct(in, inout, len);
}
*/
import "C"

import "mpi4all.org/go/mpi"

var (
	// maxAbs is the element-wise maximum of absolute values of MPI_INT.
	maxAbs = (*mpi.MPI_User_function)(C.bindingtest_max_abs)
	// goProduct is the element-wise product of MPI_DOUBLE, computed by bindingtestGoProduct in Go.
	goProduct = (*mpi.MPI_User_function)(C.bindingtest_go_product)
)
