package org.mpi4all.npb.ep;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * {@link NaturalLog} against a reference of its own: log x to 50 digits by Newton's method on exp (whose Taylor series
 * is summed in {@link BigDecimal}), a different route from the table's atanh series. The error allowed is Math.log's
 * specification, one ulp; the test also states the worst one found.
 */
class NaturalLogTest {
    private static final MathContext DIGITS = new MathContext(50);
    private static final SplittableRandom RANDOM = new SplittableRandom(20261128);

    @Test
    void isWithinOneUlpOnEpsArguments() {
        // EP's t1 = x1² + x2², uniform in the unit disc: (0, 1], mostly far from 0.
        assertWithinOneUlp(20_000, () -> {
            double x1 = 2 * RANDOM.nextDouble() - 1;
            double x2 = 2 * RANDOM.nextDouble() - 1;
            double t1 = x1 * x1 + x2 * x2;
            return t1 <= 1 && t1 > 0 ? t1 : 0.5;
        });
    }

    @Test
    void isWithinOneUlpNearOneWhereTheTableWouldCancel() {
        assertWithinOneUlp(5_000, () -> 1 + (RANDOM.nextDouble() - 0.5) * 0x1p-5);
        assertWithinOneUlp(2_000, () -> 1 + (RANDOM.nextDouble() - 0.5) * 0x1p-40);
        assertThat(NaturalLog.of(1.0)).isEqualTo(0.0);
        // log(1 + 2^-52) = 2^-52 - 2^-105 + ..., and 2^-52 - 2^-105 is the double just below 2^-52.
        assertThat(NaturalLog.of(Math.nextUp(1.0))).isEqualTo(Math.nextDown(Math.ulp(1.0)));
        assertThat(NaturalLog.of(Math.nextDown(1.0))).isEqualTo(-Math.ulp(1.0) / 2);
    }

    @Test
    void isWithinOneUlpOverEveryBinadeOfNormalDoubles() {
        assertWithinOneUlp(20_000, () -> Math.scalb(1 + RANDOM.nextDouble(), RANDOM.nextInt(-1022, 1024)));
    }

    @Test
    void leavesWhatIsNotAPositiveNormalDoubleToMathLog() {
        for (double x : new double[] {0.0, -0.0, -1.0, Double.MIN_VALUE, Double.MIN_NORMAL / 3, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NaN}) {
            assertThat(Double.compare(NaturalLog.of(x), Math.log(x))).as("log %s", x).isZero();
        }
        assertThat(NaturalLog.of(Double.MIN_NORMAL)).isEqualTo(-708.3964185322641);
    }

    private static void assertWithinOneUlp(int samples, DoubleSupplier arguments) {
        double worst = 0;
        double worstAt = Double.NaN;
        for (int n = 0; n < samples; n++) {
            double x = arguments.getAsDouble();
            BigDecimal exact = referenceLog(x);
            double ulp = Math.ulp(exact.doubleValue());
            double error = new BigDecimal(NaturalLog.of(x)).subtract(exact).abs().doubleValue() / ulp;
            if (error > worst) {
                worst = error;
                worstAt = x;
            }
        }
        assertThat(worst).as("the largest error in ulps, at %s", worstAt).isLessThan(1.0);
    }

    /** log x to 50 digits: Newton's method y += x·e^−y − 1 from Math.log's value, which is within one ulp. */
    private static BigDecimal referenceLog(double x) {
        BigDecimal value = new BigDecimal(x);
        BigDecimal y = new BigDecimal(Math.log(x));
        for (int i = 0; i < 3; i++) {
            y = y.add(value.multiply(exp(y.negate()), DIGITS).subtract(BigDecimal.ONE), DIGITS);
        }
        return y;
    }

    /** e^y to 50 digits: e^(y / 2^s) by its Taylor series, squared s times. */
    private static BigDecimal exp(BigDecimal y) {
        int halvings = Math.max(0, y.abs().toBigInteger().bitLength() + 8);
        BigDecimal reduced = y.divide(BigDecimal.valueOf(2).pow(halvings), DIGITS);
        BigDecimal term = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ONE;
        for (int n = 1; term.abs().compareTo(BigDecimal.ONE.movePointLeft(60)) > 0; n++) {
            term = term.multiply(reduced, DIGITS).divide(BigDecimal.valueOf(n), DIGITS);
            sum = sum.add(term, DIGITS);
        }
        for (int i = 0; i < halvings; i++) {
            sum = sum.multiply(sum, DIGITS);
        }
        return sum;
    }
}
