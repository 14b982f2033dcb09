package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The generator against the sequence's definition, x<sub>k+1</sub> = a·x<sub>k</sub> mod 2<sup>46</sup>, computed
 * independently in exact integer arithmetic.
 */
class NpbRandomTest {
    private static final BigInteger MODULUS = BigInteger.ONE.shiftLeft(46);
    private static final double A = 1220703125.0;   // 5^13, the multiplier of every NPB benchmark

    private static long exactNext(long x, long a) {
        return BigInteger.valueOf(a).multiply(BigInteger.valueOf(x)).mod(MODULUS).longValueExact();
    }

    @Test
    void cgSequenceStartsWithTheValuesOfExactArithmetic() {
        // CG seeds with tran = 314159265; 5^13 · 314159265 mod 2^46 = 55909509111989, and so on.
        double seed = 314159265.0;
        long[] expectedSeeds = {55909509111989L, 61155031930969L, 45573031421645L};
        double[] expectedValues = {0.7945219111887383, 0.8690652738745399, 0.6476317284643329};
        for (int i = 0; i < expectedSeeds.length; i++) {
            seed = NpbRandom.nextSeed(seed, A);
            assertThat(seed).isEqualTo((double) expectedSeeds[i]);
            assertThat(NpbRandom.uniform(seed)).isEqualTo(expectedValues[i]);
        }
    }

    @Test
    void longSequencesFromTheBenchmarkSeedsMatchExactArithmetic() {
        for (long start : new long[] {314159265L, 271828183L, 1L}) {
            double seed = start;
            long exact = start;
            for (int k = 0; k < 200_000; k++) {
                seed = NpbRandom.nextSeed(seed, A);
                exact = exactNext(exact, (long) A);
                if (seed != exact) {
                    throw new AssertionError("step " + k + " from " + start + ": " + (long) seed + " != " + exact);
                }
            }
        }
    }

    @Test
    void anyOddSeedAndMultiplierBelow2To46MatchExactArithmetic() {
        SplittableRandom random = new SplittableRandom(46);
        for (int i = 0; i < 100_000; i++) {
            long x = random.nextLong(1L << 46) | 1;
            long a = random.nextLong(1L << 46) | 1;
            assertThat(NpbRandom.nextSeed(x, a)).as("x=%d a=%d", x, a).isEqualTo((double) exactNext(x, a));
        }
    }

    @Test
    void squaringASeedGivesThePowersEpAndMgUse() {
        // EP's batch multiplier: 5^13 squared 17 times = 5^(13 * 2^17) mod 2^46.
        double t = A;
        for (int i = 0; i < 17; i++) {
            t = NpbRandom.nextSeed(t, t);
        }
        BigInteger expected = BigInteger.valueOf((long) A).modPow(BigInteger.ONE.shiftLeft(17), MODULUS);
        assertThat(t).isEqualTo(expected.doubleValue());
    }

    @Test
    void fillWritesTheNextNumbersInPlaceAndReturnsTheLastSeed() {
        double[] y = new double[12];
        Arrays.fill(y, -1.0);
        double last = NpbRandom.fill(271828183.0, A, y, 2, 8);
        long exact = 271828183L;
        for (int i = 2; i < 10; i++) {
            exact = exactNext(exact, (long) A);
            assertThat(y[i]).isEqualTo(exact / Math.pow(2, 46));
            assertThat(y[i]).isStrictlyBetween(0.0, 1.0);
        }
        assertThat(last).isEqualTo((double) exact);
        assertThat(y[0]).isEqualTo(-1.0);
        assertThat(y[1]).isEqualTo(-1.0);
        assertThat(y[10]).isEqualTo(-1.0);
        assertThat(y[11]).isEqualTo(-1.0);
    }

    @Test
    void fillingNothingKeepsTheSeed() {
        assertThat(NpbRandom.fill(314159265.0, A, new double[0], 0, 0)).isEqualTo(314159265.0);
    }
}
