package mpi;

/**
 * A marker with the name of a package-private class of Open MPI's bindings (which holds their constants there).
 * Programs tell Open MPI's {@code mpi} package from MPJ Express's, which has an {@code mpi.MPI} too, by looking
 * it up ({@code Class.forName("mpi.Constant")}, as npb's Open MPI backend does); this package is Open MPI's API,
 * so it answers the same.
 */
final class Constant {
    private Constant() {
    }
}
