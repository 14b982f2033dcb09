package org.mpi4all.npb.ft;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The blocked local transpose against element-by-element copying, across and within tile boundaries. */
class TransposesTest {

    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"1, 1", "5, 3", "32, 32", "33, 70", "64, 31"})
    void everyElementLandsWhereTheNaiveTransposePutsIt(int na, int nb) {
        // in(a, b) at inBase + a·inA + b·inB with padding between rows; out(b, a) at outBase + a·outA + b.
        int inA = 1;
        int inB = na + 2;
        int inBase = 3;
        int outA = nb + 1;
        int outBase = 2;
        double[] in = new double[2 * (inBase + nb * inB)];
        for (int i = 0; i < in.length; i++) {
            in[i] = i;
        }
        double[] out = new double[2 * (outBase + na * outA)];
        double[] expected = new double[out.length];
        for (int a = 0; a < na; a++) {
            for (int b = 0; b < nb; b++) {
                int from = 2 * (inBase + a * inA + b * inB);
                int to = 2 * (outBase + a * outA + b);
                expected[to] = in[from];
                expected[to + 1] = in[from + 1];
            }
        }
        Transposes.transpose(in, inBase, inA, inB, out, outBase, outA, na, nb);
        assertThat(out).containsExactly(expected);
    }
}
