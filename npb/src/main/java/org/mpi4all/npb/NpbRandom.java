package org.mpi4all.npb;

/**
 * The NPB pseudorandom number generator (NPB 3.4 {@code common/randi8.f}, the variant NPB's make.def recommends;
 * {@code randdp.f} computes the same numbers more slowly): the linear congruential sequence
 * x<sub>k+1</sub> = a·x<sub>k</sub> mod 2<sup>46</sup>. The low 64 bits of a 64-bit product are exact, so
 * masking them to 46 bits gives every benchmark the reference's numbers bit for bit. Seeds and multipliers are
 * odd integers in (1, 2<sup>46</sup>) held in doubles, as the reference passes them.
 *
 * <p>The Fortran {@code randlc(x, a)} updates its seed in place and returns x·2<sup>-46</sup>; here
 * {@link #nextSeed} returns the new seed and {@link #uniform} turns a seed into that number.
 */
public final class NpbRandom {
    private static final double R46 = 0x1p-46;
    private static final long MASK46 = (1L << 46) - 1;

    private NpbRandom() {}

    /** The seed after {@code x}: a·x mod 2<sup>46</sup> ({@code randlc}'s update of its first argument). */
    public static double nextSeed(double x, double a) {
        return ((long) x * (long) a) & MASK46;
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
        long multiplier = (long) a;
        long seed = (long) x;
        for (int i = offset; i < offset + n; i++) {
            seed = (seed * multiplier) & MASK46;
            y[i] = R46 * seed;
        }
        return seed;
    }
}
