package org.mpi4all.npb.ep;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * The natural logarithm EP's polar method takes of every accepted pair, within one ulp like {@link Math#log} but
 * compiled into EP's loop. HotSpot's x86-64 {@code Math.log} is a stub from Intel's LIBM (SSE2, no fused
 * multiply-add) called out of the compiled loop: 5.5 ns a call on an AVX-512 Xeon, where glibc's {@code log}, which
 * NASA's Fortran calls, takes 3.7 (docs/benchmarks-journal.md, "EP on an AVX-512 Xeon"). This is plain Java, so C2
 * inlines it and overlaps it with the rest of the loop.
 *
 * <p>Tang's table-driven reduction, the method of glibc's {@code log}: x = 2<sup>k</sup>·z with z in [0.6875, 1.375),
 * whose leading mantissa bits pick one of 128 subintervals; with c<sub>i</sub> a double near 1 / (the subinterval's
 * centre), log x = k·ln 2 − log c<sub>i</sub> + log(1 + r), r = z·c<sub>i</sub> − 1 (one fused multiply-add, one
 * rounding, |r| &lt; 2<sup>−8</sup>), and log(1 + r) is its Taylor series to r<sup>7</sup> (the next term is below
 * 2<sup>−67</sup>, and no result of this path is smaller than 2<sup>−8</sup>). ln 2 and each log c<sub>i</sub> are
 * held as two doubles (computed at class initialisation to 40 digits), and the three leading terms are added
 * exactly, so the result carries one final rounding and errors below 2<sup>−60</sup> besides. Within
 * [1 − 2<sup>−8</sup>, 1 + 2<sup>−7</sup>), where the leading terms would cancel, log(1 + r) with r = x − 1 (exact)
 * is its series to r<sup>8</sup> instead. Zero, negative, subnormal, infinite and NaN arguments go to
 * {@link Math#log}; EP never passes them (its t1 is in (0, 1]).
 */
final class NaturalLog {
    private static final int TABLE_BITS = 7;
    private static final int SUBINTERVALS = 1 << TABLE_BITS;
    /** The bits of 0.6875, the lower end of z's range. */
    private static final long Z_LOW = Double.doubleToRawLongBits(0.6875);
    /** The bits of the smallest positive normal double, and the width of the normal positive doubles' bit range. */
    private static final long MIN_NORMAL = Double.doubleToRawLongBits(Double.MIN_NORMAL);
    private static final long NORMAL_RANGE = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY) - MIN_NORMAL;
    /** [1 − 2<sup>−8</sup>, 1 + 2<sup>−7</sup>): the two subintervals around 1 taken by the series in x − 1. */
    private static final long NEAR_ONE_LOW = Double.doubleToRawLongBits(1 - 0x1p-8);
    private static final long NEAR_ONE_RANGE = Double.doubleToRawLongBits(1 + 0x1p-7) - NEAR_ONE_LOW;

    private static final MathContext DIGITS = new MathContext(40);
    /** ln 2 with its 11 last bits cleared, so that k·ln 2 is exact for every exponent k; and the rest of ln 2. */
    private static final double LN2_HIGH;
    private static final double LN2_LOW;
    /** Per subinterval: c<sub>i</sub>, and −log c<sub>i</sub> as a double and the rest. */
    private static final double[] INVERSE_CENTRE = new double[SUBINTERVALS];
    private static final double[] LOG_CENTRE_HIGH = new double[SUBINTERVALS];
    private static final double[] LOG_CENTRE_LOW = new double[SUBINTERVALS];

    static {
        BigDecimal ln2 = exactLog(2.0);
        LN2_HIGH = Double.longBitsToDouble(Double.doubleToRawLongBits(ln2.doubleValue()) & ~0x7ffL);
        LN2_LOW = ln2.subtract(new BigDecimal(LN2_HIGH)).doubleValue();
        for (int i = 0; i < SUBINTERVALS; i++) {
            double low = Double.longBitsToDouble(Z_LOW + ((long) i << (52 - TABLE_BITS)));
            double high = Double.longBitsToDouble(Z_LOW + ((long) (i + 1) << (52 - TABLE_BITS)));
            INVERSE_CENTRE[i] = 2.0 / (low + high);
            BigDecimal logCentre = exactLog(INVERSE_CENTRE[i]).negate();
            LOG_CENTRE_HIGH[i] = logCentre.doubleValue();
            LOG_CENTRE_LOW[i] = logCentre.subtract(new BigDecimal(LOG_CENTRE_HIGH[i])).doubleValue();
        }
    }

    private NaturalLog() {}

    static double of(double x) {
        long bits = Double.doubleToRawLongBits(x);
        if (Long.compareUnsigned(bits - MIN_NORMAL, NORMAL_RANGE) >= 0) {
            return Math.log(x);
        }
        if (Long.compareUnsigned(bits - NEAR_ONE_LOW, NEAR_ONE_RANGE) < 0) {
            return log1pNearZero(x - 1.0);
        }
        long fromLow = bits - Z_LOW;
        int i = (int) (fromLow >>> (52 - TABLE_BITS)) & (SUBINTERVALS - 1);
        long k = fromLow >> 52;
        double z = Double.longBitsToDouble(bits - (k << 52));
        double r = Math.fma(z, INVERSE_CENTRE[i], -1.0);

        // k·ln 2 (exact) + log of the centre, then + r: each sum with its rounding error, both exact by Fast2Sum,
        // since |k·ln 2| >= 0.69 > |log of the centre| <= 0.38 when k != 0, and that is >= 0.0058 > |r| here.
        double kLn2 = k * LN2_HIGH;
        double sum = kLn2 + LOG_CENTRE_HIGH[i];
        double sumError = kLn2 - sum + LOG_CENTRE_HIGH[i];
        double high = sum + r;
        double highError = sum - high + r;
        double r2 = r * r;
        double series = r2 * Math.fma(r, Math.fma(r, Math.fma(r, Math.fma(r, Math.fma(r, 1.0 / 7, -1.0 / 6), 1.0 / 5),
                -1.0 / 4), 1.0 / 3), -0.5);
        return high + (highError + sumError + LOG_CENTRE_LOW[i] + k * LN2_LOW + series);
    }

    /** log(1 + r) for |r| <= 2<sup>−7</sup>, r exact: r plus its series' correction r² (−1/2 + r/3 − ... − r⁶/8). */
    private static double log1pNearZero(double r) {
        double correction = Math.fma(r, Math.fma(r, Math.fma(r, Math.fma(r, Math.fma(r, Math.fma(r, -1.0 / 8, 1.0 / 7),
                -1.0 / 6), 1.0 / 5), -1.0 / 4), 1.0 / 3), -0.5);
        return Math.fma(r * r, correction, r);
    }

    /** log v to 40 digits, for the tables: 2·atanh u with u = (v − 1) / (v + 1), whose series converges fast here. */
    private static BigDecimal exactLog(double v) {
        BigDecimal value = new BigDecimal(v);
        BigDecimal u = value.subtract(BigDecimal.ONE).divide(value.add(BigDecimal.ONE), DIGITS);
        BigDecimal u2 = u.multiply(u, DIGITS);
        BigDecimal power = u;
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal negligible = BigDecimal.ONE.movePointLeft(45);
        for (int n = 1; power.abs().compareTo(negligible) > 0; n += 2) {
            sum = sum.add(power.divide(BigDecimal.valueOf(n), DIGITS), DIGITS);
            power = power.multiply(u2, DIGITS);
        }
        return sum.add(sum, DIGITS);
    }
}
