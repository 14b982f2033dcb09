/** Open MPI's Java API (package {@code mpi}) over mpi4all's generated bindings. */
module org.mpi4all.ompi {
    requires transitive org.mpi4all;

    exports mpi;
}
