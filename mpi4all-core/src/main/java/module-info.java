/**
 * The blueprint (the probe's description of an MPI), C type handling, the MPI standard's data, the auxiliary library's
 * C source and the MPI implementations' facts: what the probe, the generators and the runtime share.
 */
module org.mpi4all.core {
    requires transitive com.fasterxml.jackson.databind;

    exports org.mpi4all.core.auxiliary;
    exports org.mpi4all.core.blueprint;
    exports org.mpi4all.core.c;
    exports org.mpi4all.core.mpi;
    exports org.mpi4all.core.standard;

    // Jackson builds the blueprint's records reflectively.
    opens org.mpi4all.core.blueprint to com.fasterxml.jackson.databind;
}
