/**
 * mpi4all: MPI for Java. The high level ({@code org.mpi4all}), the generated bindings of every MPI function and
 * constant ({@code org.mpi4all.ffi}) and the run-time binding to the MPI library found ({@code org.mpi4all.runtime}:
 * its exceptions, handles and library; its other public classes serve the generated layer). Run with
 * {@code --enable-native-access=org.mpi4all}.
 */
module org.mpi4all {
    // An MPI without an ABI profile is probed at run time.
    requires org.mpi4all.probe;

    exports org.mpi4all;
    exports org.mpi4all.ffi;
    exports org.mpi4all.runtime;
    // Not org.mpi4all.ffi.internal (generated): the library the generated layer is bound to, and the functions the high
    // level calls without the checked mode, having checked their arguments itself.
}
