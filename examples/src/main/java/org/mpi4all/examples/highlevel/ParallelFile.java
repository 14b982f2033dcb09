package org.mpi4all.examples.highlevel;

import java.nio.file.Path;
import org.mpi4all.Communicator;
import org.mpi4all.Datatype;
import org.mpi4all.Environment;
import org.mpi4all.File;
import org.mpi4all.Op;

/**
 * A file written collectively and read back: each rank writes its block of a global array at its offset
 * (one collective {@code writeAtAll}), then the file is opened again and each rank reads its right
 * neighbour's block (one collective {@code readAtAll}) and checks it against the values that rank computed.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.highlevel.ParallelFile [doubles per rank] [directory]}
 */
public final class ParallelFile {
    private ParallelFile() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        try (Environment env = Environment.init(args)) {
            Communicator world = env.world();
            int rank = world.rank();
            long job = world.bcast(new long[] {ProcessHandle.current().pid()})[0];
            Path path = Path.of(args.length > 1 ? args[1] : System.getProperty("java.io.tmpdir"),
                    "mpi4all-parallel-file-" + job);
            double[] mine = new double[n];
            for (int i = 0; i < n; i++) {
                mine[i] = value((long) rank * n + i);
            }
            try (File file = File.open(world, path, File.Mode.CREATE, File.Mode.WRITE_ONLY)) {
                file.setView(0, Datatype.DOUBLE);
                file.writeAtAll((long) rank * n, mine);
            }
            try (File file = File.open(world, path, File.Mode.READ_ONLY, File.Mode.DELETE_ON_CLOSE)) {
                file.setView(0, Datatype.DOUBLE);
                int right = (rank + 1) % world.size();
                double[] theirs = file.readAtAll((long) right * n, new double[n]);
                boolean verified = true;
                for (int i = 0; i < n; i++) {
                    verified &= theirs[i] == value((long) right * n + i);
                }
                System.out.println("file.bytes=" + file.size());
                System.out.println("verified=" + world.allreduce(verified, Op.LAND));
            }
        }
    }

    /** The global array's element {@code i}. */
    private static double value(long i) {
        return Math.sin(i * 0.001) * 1000 + i;
    }
}
