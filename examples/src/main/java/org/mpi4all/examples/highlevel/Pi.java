package org.mpi4all.examples.highlevel;

import org.mpi4all.Communicator;
import org.mpi4all.Environment;
import org.mpi4all.Op;

/**
 * Computes pi as four times the area under sqrt(1-x^2) on [0,1] with the midpoint rule, the intervals
 * dealt out round-robin over the ranks; every rank gets the sum.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.highlevel.Pi [intervals]}
 */
public final class Pi {
    private Pi() {}

    public static void main(String[] args) {
        int intervals = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        try (Environment env = Environment.init(args)) {
            Communicator world = env.world();
            double width = 1.0 / intervals;
            double localSum = 0.0;
            for (int i = world.rank() + 1; i <= intervals; i += world.size()) {
                double x = (i - 0.5) * width;
                localSum += Math.sqrt(1.0 - x * x);
            }
            double pi = world.allreduce(localSum, Op.SUM) * width * 4;
            System.out.println("pi=" + pi);
            System.out.println("error=" + Math.abs(pi - Math.PI));
        }
    }
}
