package org.mpi4all.npb.comm.ompijava;

import mpi.Comm;
import mpi.MPI;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.BackendUnavailableException;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Requests;

/**
 * Open MPI's own Java bindings (JNI, Open MPI 4.1), the reference of the MPI4All paper's Fig. 10, run under
 * Open MPI's mpirun with their classes ({@code scripts/ompi-java setup}) on the class path and
 * {@code -Djava.library.path} naming the directory of {@code libmpi_java.so}.
 */
public final class OmpiJavaBackend implements Backend {
    private OmpiJavaComm world;
    private int ranksOnThisNode;

    /** @throws BackendUnavailableException if Open MPI's Java classes or their native library are missing */
    public OmpiJavaBackend() {
        ClassLoader loader = OmpiJavaBackend.class.getClassLoader();
        try {
            // mpi.Constant is Open MPI's alone (MPJ Express has an mpi.MPI too); mpi.MPI loads libmpi_java.so.
            Class.forName("mpi.Constant", false, loader);
            Class.forName("mpi.MPI", true, loader);
        } catch (ClassNotFoundException e) {
            throw new BackendUnavailableException("Open MPI's Java classes are not on the class path (build them with"
                    + " scripts/ompi-java setup, then java -cp npb.jar:MPI_JAR org.mpi4all.npb.Main ...)", e);
        } catch (LinkageError e) {
            throw new BackendUnavailableException("Open MPI's Java bindings cannot load libmpi_java.so (run with"
                    + " -Djava.library.path=/usr/lib/x86_64-linux-gnu under Open MPI's mpirun): " + e, e);
        }
    }

    @Override
    public String name() {
        return "ompi-java";
    }

    @Override
    public String description() {
        return "Open MPI Java bindings (JNI)";
    }

    @Override
    public String[] init(String[] args) {
        return OmpiJavaComm.call("MPI.Init", () -> {
            String[] programArguments = MPI.Init(args);
            world = new OmpiJavaComm(MPI.COMM_WORLD);
            try (var node = new NodeComm(MPI.COMM_WORLD.splitType(Comm.TYPE_SHARED, world.rank(), MPI.INFO_NULL))) {
                ranksOnThisNode = node.comm().getSize();
            }
            return programArguments;
        });
    }

    /** A communicator freed when closed. */
    private record NodeComm(Comm comm) implements AutoCloseable {
        @Override
        public void close() throws mpi.MPIException {
            comm.free();
        }
    }

    @Override
    public OmpiJavaComm world() {
        return world;
    }

    @Override
    public double wtime() {
        return OmpiJavaComm.call("MPI.wtime", MPI::wtime);
    }

    @Override
    public MessageBuffer allocate(int length) {
        return new OmpiJavaBuffer(length);
    }

    @Override
    public Requests requests(int slots) {
        return new OmpiJavaRequests(slots);
    }

    @Override
    public int ranksInThisJvm() {
        return 1;
    }

    @Override
    public int ranksOnThisNode() {
        return ranksOnThisNode;
    }

    @Override
    public void abort(int status) {
        try {
            MPI.COMM_WORLD.abort(status);
        } catch (mpi.MPIException e) {
            // abort failed: ending this process is all that is left
        } finally {
            System.exit(status);
        }
    }

    @Override
    public void close() {
        OmpiJavaComm.call("MPI.Finalize", () -> {
            MPI.Finalize();
            return null;
        });
    }
}
