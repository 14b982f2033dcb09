package org.mpi4all.npb.ft;

import org.mpi4all.npb.NpbRandom;

/**
 * FT's initial conditions ({@code ft.f} subroutines {@code compute_initial_conditions} and {@code ipow46}): the
 * NPB random sequence from the seed 314159265, two numbers (real and imaginary part) per grid point in x-y-z
 * order, so every process jumps straight to the numbers of its own part of the grid.
 */
final class InitialConditions {
    static final double SEED = 314159265.0;
    static final double A = 1220703125.0;

    private InitialConditions() {}

    /** Fills {@code u}, in the stage-0 shape of {@code decomposition}, with this process's initial values. */
    static void fill(double[] u, Decomposition decomposition, int nx, int ny) {
        int lineCount = decomposition.dim(0, 1);
        int planes = decomposition.dim(0, 2);
        long firstLine = (long) decomposition.first(0, 2) * ny + decomposition.first(0, 1);
        double start = NpbRandom.nextSeed(SEED, power(A, 2 * nx, firstLine));
        double planeStep = power(A, 2 * nx, ny);
        int planeLength = 2 * nx * lineCount;
        for (int k = 0; k < planes; k++) {
            NpbRandom.fill(start, A, u, k * planeLength, planeLength);
            if (k != planes - 1) {
                start = NpbRandom.nextSeed(start, planeStep);
            }
        }
    }

    /**
     * a<sup>e1·e2</sup> mod 2<sup>46</sup> ({@code ipow46}): squares while the first factor is even, then
     * multiplies in the rest, so that the exponent never overflows.
     */
    static double power(double a, long e1, long e2) {
        if (e1 == 0 || e2 == 0) {
            return 1.0;
        }
        double q = a;
        double r = 1.0;
        long n = e1;
        while (n % 2 == 0) {
            q = NpbRandom.nextSeed(q, q);
            n /= 2;
        }
        n *= e2;
        while (n > 1) {
            if (n % 2 == 0) {
                q = NpbRandom.nextSeed(q, q);
                n /= 2;
            } else {
                r = NpbRandom.nextSeed(r, q);
                n--;
            }
        }
        return NpbRandom.nextSeed(r, q);
    }
}
