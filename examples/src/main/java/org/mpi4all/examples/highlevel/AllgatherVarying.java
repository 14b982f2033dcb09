package org.mpi4all.examples.highlevel;

import java.util.Arrays;
import org.mpi4all.Communicator;
import org.mpi4all.Environment;

/**
 * Concatenates on every rank the arrays of all ranks, of different lengths (KaMPIng's vector
 * allgather): rank r holds r+1 numbers; {@code allgatherv} exchanges the counts itself.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.highlevel.AllgatherVarying}
 */
public final class AllgatherVarying {
    private AllgatherVarying() {}

    public static void main(String[] args) {
        try (Environment env = Environment.init(args)) {
            Communicator world = env.world();
            long[] mine = new long[world.rank() + 1];
            Arrays.setAll(mine, i -> world.rank() * 100L + i);

            long[] all = world.allgatherv(mine);

            System.out.println("allgatherv.length=" + all.length);
            System.out.println("allgatherv.sum=" + Arrays.stream(all).sum());
        }
    }
}
