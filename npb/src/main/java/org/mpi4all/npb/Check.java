package org.mpi4all.npb;

/**
 * One verified quantity: the value a run computed, the official NPB 3.4 value, and the largest relative error
 * the benchmark allows.
 *
 * @param quantity  the quantity's name, e.g. {@code zeta}
 * @param computed  what this run computed
 * @param reference the official value
 * @param tolerance the largest relative error that passes
 */
public record Check(String quantity, double computed, double reference, double tolerance) {

    /** |computed − reference| / |reference|. */
    public double relativeError() {
        return Math.abs((computed - reference) / reference);
    }

    /** Whether the relative error is a number no larger than the tolerance. */
    public boolean passed() {
        double error = relativeError();
        return !Double.isNaN(error) && error <= tolerance;
    }
}
