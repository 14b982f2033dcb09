package org.mpi4all.npb.comm.mpj;

import java.util.Arrays;
import mpi.MPI;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.BackendUnavailableException;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Requests;

/**
 * MPJ Express 0.44 (the mpiJava 1.2 API), run with {@code scripts/mpj-express run}: its multicore device runs
 * every rank as a thread of one JVM, each rank with the program and MPJ's classes in a class loader of its
 * own.
 */
public final class MpjBackend implements Backend {
    /** MPJ's starter passes each rank "RANK SIZE DEVICE" before the program's arguments. */
    private static final int STARTER_ARGUMENTS = 3;
    private static final String MULTICORE_DEVICE = "smpdev";

    private MpjComm world;
    private boolean multicore;

    /** @throws BackendUnavailableException if MPJ Express' classes are not on the class path */
    public MpjBackend() {
        try {
            // mpjdev is MPJ Express' alone (Open MPI's Java bindings have an mpi.MPI too).
            Class.forName("mpjdev.MPJDev", false, MpjBackend.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new BackendUnavailableException("MPJ Express is not on the class path"
                    + " (launch with scripts/mpj-express run -np N -jar npb.jar ...)", e);
        }
    }

    @Override
    public String name() {
        return "mpj";
    }

    @Override
    public String description() {
        return "MPJ Express 0.44" + (multicore ? ", multicore device" : "");
    }

    @Override
    public String[] init(String[] args) {
        if (args.length < STARTER_ARGUMENTS || !args[0].matches("\\d+") || !args[1].matches("\\d+")) {
            throw new BackendUnavailableException("MPJ Express' starter did not launch this program"
                    + " (launch with scripts/mpj-express run -np N -jar npb.jar ...), arguments "
                    + Arrays.toString(args));
        }
        multicore = MULTICORE_DEVICE.equals(args[2]);
        String[] programArguments = MPI.Init(args);
        world = new MpjComm(MPI.COMM_WORLD);
        return programArguments;
    }

    @Override
    public Comm world() {
        return world;
    }

    @Override
    public double wtime() {
        // MPJ's MPI.Wtime() counts whole seconds (currentTimeMillis() / 1000): useless for timing a benchmark.
        return System.nanoTime() * 1.0e-9;
    }

    @Override
    public MessageBuffer allocate(int length) {
        return new MpjBuffer(length);
    }

    @Override
    public Requests requests(int slots) {
        return new MpjRequests(slots);
    }

    @Override
    public int ranksInThisJvm() {
        return multicore ? world.size() : 1;
    }

    @Override
    public int ranksOnThisNode() {
        // The multicore device runs every rank here; its cluster devices give no way to tell.
        return multicore ? world.size() : 1;
    }

    @Override
    public void abort(int status) {
        try {
            MPI.COMM_WORLD.Abort(status);
        } finally {
            // MPJ's Abort returns on the multicore device; ending the JVM ends every rank it holds.
            System.exit(status);
        }
    }

    @Override
    public void close() {
        MPI.Finalize();
    }
}
