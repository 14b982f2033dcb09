package org.mpi4all.examples.highlevel;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static org.mpi4all.Param.type;

import java.lang.foreign.MemorySegment;
import org.mpi4all.Communicator;
import org.mpi4all.Datatype;
import org.mpi4all.Environment;
import org.mpi4all.Op;
import org.mpi4all.Window;

/**
 * A one-dimensional periodic three-point stencil whose halo cells are exchanged one-sidedly: each rank's
 * cells live in a window with a ghost cell at each end, and every step each rank puts its edge cells into
 * its neighbours' ghost cells between two fences. Each rank then checks its cells against the same
 * stencil computed serially over the whole domain (the same arithmetic, so equal to the bit).
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.highlevel.OneSidedHalo [cells per rank] [steps]}
 */
public final class OneSidedHalo {
    private OneSidedHalo() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        try (Environment env = Environment.init(args)) {
            Communicator world = env.world();
            int rank = world.rank();
            int size = world.size();
            int left = (rank + size - 1) % size;
            int right = (rank + 1) % size;
            double[] next = new double[n + 2];
            try (Window window = Window.allocate(world, n + 2, Datatype.DOUBLE)) {
                MemorySegment cells = window.memory();            // [ghost, n cells, ghost]
                for (int i = 1; i <= n; i++) {
                    cells.setAtIndex(JAVA_DOUBLE, i, initial(rank * n + i - 1));
                }
                for (int step = 0; step < steps; step++) {
                    window.fence();
                    window.put(cells.asSlice(JAVA_DOUBLE.byteSize(), JAVA_DOUBLE.byteSize()), left, n + 1,
                            type(Datatype.DOUBLE));
                    window.put(cells.asSlice(n * JAVA_DOUBLE.byteSize(), JAVA_DOUBLE.byteSize()), right, 0,
                            type(Datatype.DOUBLE));
                    window.fence();
                    for (int i = 1; i <= n; i++) {
                        next[i] = stencil(cells.getAtIndex(JAVA_DOUBLE, i - 1), cells.getAtIndex(JAVA_DOUBLE, i),
                                cells.getAtIndex(JAVA_DOUBLE, i + 1));
                    }
                    MemorySegment.copy(next, 1, cells, JAVA_DOUBLE, JAVA_DOUBLE.byteSize(), n);
                }
                double[] serial = serial(n * size, steps);
                boolean verified = true;
                double sum = 0;
                for (int i = 1; i <= n; i++) {
                    verified &= cells.getAtIndex(JAVA_DOUBLE, i) == serial[rank * n + i - 1];
                    sum += cells.getAtIndex(JAVA_DOUBLE, i);
                }
                window.fence();
                System.out.println("halo.sum=" + world.allreduce(sum, Op.SUM));
                System.out.println("verified=" + world.allreduce(verified, Op.LAND));
            }
        }
    }

    private static double initial(int cell) {
        return (cell * 37 % 101) / 100.0;
    }

    private static double stencil(double left, double centre, double right) {
        return (left + centre + right) / 3;
    }

    /** The same stencil over the whole periodic domain, on one process. */
    private static double[] serial(int cells, int steps) {
        double[] u = new double[cells];
        double[] next = new double[cells];
        for (int i = 0; i < cells; i++) {
            u[i] = initial(i);
        }
        for (int step = 0; step < steps; step++) {
            for (int i = 0; i < cells; i++) {
                next[i] = stencil(u[(i + cells - 1) % cells], u[i], u[(i + 1) % cells]);
            }
            double[] swap = u;
            u = next;
            next = swap;
        }
        return u;
    }
}
