package org.mpi4all.npb;

/**
 * The NPB pseudorandom number generator: the linear congruential sequence
 * x<sub>k+1</sub> = a·x<sub>k</sub> mod 2<sup>46</sup>, whose numbers x·2<sup>-46</sup> every benchmark draws.
 * Seeds and multipliers are odd integers in (1, 2<sup>46</sup>), held in doubles as NPB holds them.
 *
 * <p>NPB 3.4 ships the generator twice with identical results: {@code common/randdp.f} computes the product
 * in double arithmetic by 23-bit halves, {@code common/randi8.f} (the build's default, {@code RAND = randi8})
 * in 64-bit integers, where the low 46 bits of the wrapped product are exactly a·x mod 2<sup>46</sup>. This
 * follows randi8: the same numbers bit for bit, without randdp's long chain of dependent conversions, which
 * costs several times more per number.
 *
 * <p>The Fortran {@code randlc(x, a)} updates its seed in place and returns x·2<sup>-46</sup>; here
 * {@link #nextSeed} returns the new seed and {@link #uniform} turns a seed into that number.
 */
public final class NpbRandom {
    private static final double R46 = 0x1p-46;
    private static final long MASK_46 = (1L << 46) - 1;

    private NpbRandom() {}

    /** The seed after {@code x}: a·x mod 2<sup>46</sup> ({@code randlc}'s update of its first argument). */
    public static double nextSeed(double x, double a) {
        return ((long) x * (long) a) & MASK_46;
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
        long seed = (long) x;
        long multiplier = (long) a;
        for (int i = offset; i < offset + n; i++) {
            seed = (seed * multiplier) & MASK_46;
            y[i] = R46 * seed;
        }
        return seed;
    }
}
