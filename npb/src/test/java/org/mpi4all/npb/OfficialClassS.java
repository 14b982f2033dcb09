package org.mpi4all.npb;

import java.util.Map;

/**
 * The official NPB 3.4 class S verification values (shared/npb/npb_verification.md), written here rather than
 * taken from the program, so that a wrong value in the program cannot make its own test pass.
 *
 * @param tolerance  the relative error NPB accepts
 * @param quantities quantity name, official value, quantity name, official value, ... as
 *                   {@link NpbOutput#assertVerified} takes them
 */
record OfficialClassS(double tolerance, Object... quantities) {

    static final Map<String, OfficialClassS> BY_BENCHMARK = Map.of(
            "EP", new OfficialClassS(1e-8, "sx", -3.247834652034740e+3, "sy", -6.958407078382297e+3),
            "CG", new OfficialClassS(1e-10, "zeta", 8.5971775078648),
            "MG", new OfficialClassS(1e-8, "rnm2", 0.5307707005734e-04),
            "FT", new OfficialClassS(1e-12,
                    "sum1.re", 5.546087004964e+02, "sum1.im", 4.845363331978e+02,
                    "sum2.re", 5.546385409189e+02, "sum2.im", 4.865304269511e+02,
                    "sum3.re", 5.546148406171e+02, "sum3.im", 4.883910722336e+02,
                    "sum4.re", 5.545423607415e+02, "sum4.im", 4.901273169046e+02,
                    "sum5.re", 5.544255039624e+02, "sum5.im", 4.917475857993e+02,
                    "sum6.re", 5.542683411902e+02, "sum6.im", 4.932597244941e+02),
            "SP", new OfficialClassS(1e-8,
                    "xcr1", 2.7470315451339479e-02, "xcr2", 1.0360746705285417e-02, "xcr3", 1.6235745065095532e-02,
                    "xcr4", 1.5840557224455615e-02, "xcr5", 3.4849040609362460e-02,
                    "xce1", 2.7289258557377227e-05, "xce2", 1.0364446640837285e-05, "xce3", 1.6154798287166471e-05,
                    "xce4", 1.5750704994480102e-05, "xce5", 3.4177666183390531e-05,
                    "dt", 1.5e-2));

    static OfficialClassS of(String benchmark) {
        return BY_BENCHMARK.get(benchmark);
    }

    /** Asserts that {@code output} reports a successful verification with these official values. */
    void assertVerifiedIn(NpbOutput output) {
        output.assertVerified(tolerance, quantities);
    }
}
