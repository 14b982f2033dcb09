package org.mpi4all.npb;

/**
 * The NPB pseudorandom number generator (NPB 3.4 {@code common/randdp.f}): the linear congruential sequence
 * x<sub>k+1</sub> = a·x<sub>k</sub> mod 2<sup>46</sup>, computed in double arithmetic by splitting the
 * operands into 23-bit halves, exactly as the reference does, so that every benchmark sees the reference's
 * numbers bit for bit. Seeds and multipliers are odd integers in (1, 2<sup>46</sup>) held in doubles.
 *
 * <p>The Fortran {@code randlc(x, a)} updates its seed in place and returns x·2<sup>-46</sup>; here
 * {@link #nextSeed} returns the new seed and {@link #uniform} turns a seed into that number.
 */
public final class NpbRandom {
    private static final double R23 = 0x1p-23;
    private static final double R46 = R23 * R23;
    private static final double T23 = 0x1p23;
    private static final double T46 = T23 * T23;

    private NpbRandom() {}

    /** The seed after {@code x}: a·x mod 2<sup>46</sup> ({@code randlc}'s update of its first argument). */
    public static double nextSeed(double x, double a) {
        // a = 2^23·a1 + a2 and x = 2^23·x1 + x2; then z = a1·x2 + a2·x1 (mod 2^23), x' = 2^23·z + a2·x2 (mod 2^46).
        double a1 = (long) (R23 * a);
        double a2 = a - T23 * a1;
        return multiply(x, a1, a2);
    }

    /** The uniform number in (0, 1) a seed stands for ({@code randlc}'s result): x·2<sup>-46</sup>. */
    public static double uniform(double seed) {
        return R46 * seed;
    }

    /**
     * {@code vranlc}: puts the {@code n} uniform numbers that follow seed {@code x} into
     * {@code y[offset .. offset+n)} and returns the last seed, from which the sequence continues.
     */
    public static double fill(double x, double a, double[] y, int offset, int n) {
        double a1 = (long) (R23 * a);
        double a2 = a - T23 * a1;
        double seed = x;
        for (int i = offset; i < offset + n; i++) {
            seed = multiply(seed, a1, a2);
            y[i] = R46 * seed;
        }
        return seed;
    }

    private static double multiply(double x, double a1, double a2) {
        double x1 = (long) (R23 * x);
        double x2 = x - T23 * x1;
        double t1 = a1 * x2 + a2 * x1;
        double t2 = (long) (R23 * t1);
        double z = t1 - T23 * t2;
        double t3 = T23 * z + a2 * x2;
        double t4 = (long) (R46 * t3);
        return t3 - T46 * t4;
    }
}
