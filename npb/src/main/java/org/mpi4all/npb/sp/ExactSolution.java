package org.mpi4all.npb.sp;

/** The exact solution SP is built from ({@code SP/exact_solution.f}): a polynomial in ξ, η, ζ per equation. */
final class ExactSolution {
    private final double[][] ce;

    ExactSolution(Constants constants) {
        this.ce = constants.ce;
    }

    /** Puts the five exact values at (ξ, η, ζ) into {@code values}. */
    void at(double xi, double eta, double zeta, double[] values) {
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            double[] c = ce[m];
            values[m] = c[0]
                    + xi * (c[1] + xi * (c[4] + xi * (c[7] + xi * c[10])))
                    + eta * (c[2] + eta * (c[5] + eta * (c[8] + eta * c[11])))
                    + zeta * (c[3] + zeta * (c[6] + zeta * (c[9] + zeta * c[12])));
        }
    }
}
