/** The blueprint (the probe's description of an MPI), C type handling and the MPI implementations' facts. */
module org.mpi4all.core {
    requires transitive com.fasterxml.jackson.databind;

    exports org.mpi4all.core.blueprint;
    exports org.mpi4all.core.c;
    exports org.mpi4all.core.mpi;

    // Jackson builds the blueprint's records reflectively.
    opens org.mpi4all.core.blueprint to com.fasterxml.jackson.databind;
}
