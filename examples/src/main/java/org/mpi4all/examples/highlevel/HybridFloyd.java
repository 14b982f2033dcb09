package org.mpi4all.examples.highlevel;

import static org.mpi4all.Param.root;

import java.util.Arrays;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.function.IntConsumer;
import org.mpi4all.Communicator;
import org.mpi4all.Environment;
import org.mpi4all.Op;
import org.mpi4all.ThreadLevel;
import org.mpi4all.examples.Workloads;

/**
 * Floyd's all-pairs shortest paths in hybrid form, as Parallel Java's paper presents it: the rows of
 * the distance matrix are dealt out in blocks over the ranks, and within a rank a team of threads
 * updates the rows. In step k the rank that holds row k broadcasts it; MPI is called by one thread of
 * the team only, the one that initialised it ({@link ThreadLevel#FUNNELED}), while the others wait at
 * a barrier, like Parallel Java's single section.
 * {@code mpirun -np 2 java -cp examples.jar org.mpi4all.examples.highlevel.HybridFloyd [nodes] [threads per rank]}
 */
public final class HybridFloyd {
    private HybridFloyd() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : Runtime.getRuntime().availableProcessors();
        try (Environment env = Environment.init(args, ThreadLevel.FUNNELED)) {
            Communicator world = env.world();
            int first = Workloads.firstRow(world.rank(), n, world.size());
            int rows = Workloads.firstRow(world.rank() + 1, n, world.size()) - first;
            double[] d = Workloads.distanceRows(n, first, rows);

            floyd(world, d, n, first, rows, threads);

            double[] reference = Workloads.sequentialFloyd(n);
            boolean same = Arrays.equals(d, Arrays.copyOfRange(reference, first * n, (first + rows) * n));
            double finite = Arrays.stream(d).filter(Double::isFinite).sum();
            System.out.println("floyd.threads=" + threads);
            System.out.println("floyd.checksum=" + (long) world.allreduce(finite, Op.SUM));
            System.out.println("verified=" + world.allreduce(same, Op.LAND));
        }
    }

    static void floyd(Communicator world, double[] d, int n, int first, int rows, int threads) {
        double[] rowK = new double[n];
        CyclicBarrier step = new CyclicBarrier(threads);
        inTeam(threads, t -> {
            int from = rows * t / threads;
            int to = rows * (t + 1) / threads;
            for (int k = 0; k < n; k++) {
                if (t == 0) {
                    int owner = Workloads.ownerOfRow(k, n, world.size());
                    if (owner == world.rank()) {
                        System.arraycopy(d, (k - first) * n, rowK, 0, n);
                    }
                    world.bcast(rowK, root(owner));
                }
                await(step);
                for (int r = from; r < to; r++) {
                    for (int c = 0; c < n; c++) {
                        d[r * n + c] = Math.min(d[r * n + c], d[r * n + k] + rowK[c]);
                    }
                }
                await(step);
            }
        });
    }

    /** Runs {@code member} on {@code threads} threads, member 0 on this one (Parallel Java's parallel team). */
    static void inTeam(int threads, IntConsumer member) {
        Thread[] team = new Thread[threads - 1];
        for (int t = 1; t < threads; t++) {
            int id = t;
            team[t - 1] = Thread.ofPlatform().name("team-" + t).start(() -> member.accept(id));
        }
        member.accept(0);
        for (Thread thread : team) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the team", e);
            }
        }
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException("the team broke up", e);
        }
    }
}
