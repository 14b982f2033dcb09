/** The probe: measures an installed MPI with its own compiler and writes its blueprint. */
module org.mpi4all.probe {
    requires transitive org.mpi4all.core;
    // Only the command line (ProbeCommand) uses picocli; the runtime, which probes at run time, goes without it.
    requires static info.picocli;

    exports org.mpi4all.probe;

    // picocli fills the command's options reflectively.
    opens org.mpi4all.probe to info.picocli;
}
