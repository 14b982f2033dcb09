package org.mpi4all.examples.highlevel;

import org.mpi4all.CartesianCommunicator;
import org.mpi4all.Environment;

/**
 * Passes every rank's number once around a ring, so that each rank adds up all of them: a periodic
 * one-dimensional Cartesian communicator gives the neighbours, {@code sendrecv} moves the numbers.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.highlevel.Ring}
 */
public final class Ring {
    private Ring() {}

    public static void main(String[] args) {
        try (Environment env = Environment.init(args);
                CartesianCommunicator ring = env.world().createCartesian(
                        new int[] {env.world().size()}, new boolean[] {true}, false)) {
            CartesianCommunicator.Shift next = ring.shift(0, 1);
            int[] token = {ring.rank()};
            long sum = 0;
            for (int step = 0; step < ring.size(); step++) {
                sum += token[0];
                token = ring.sendrecv(token, next.destination(), new int[1], next.source());
            }
            System.out.println("ring.sum=" + sum);
        }
    }
}
