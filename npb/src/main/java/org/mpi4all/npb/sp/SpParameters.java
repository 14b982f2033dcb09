package org.mpi4all.npb.sp;

import org.mpi4all.npb.NpbClass;

/**
 * SP's problem size, time step and official norms for one class (NPB 3.4 {@code sys/setparams.c} and
 * {@code SP/verify.f}).
 *
 * @param gridPoints  grid points along each axis (the grid is a cube)
 * @param niter       time steps
 * @param dt          the time step
 * @param dtReference the time step the official norms were computed with
 * @param xcrReference the official RMS norms of the residual, one per equation
 * @param xceReference the official RMS norms of the error
 */
record SpParameters(int gridPoints, int niter, double dt, double dtReference, double[] xcrReference,
                    double[] xceReference) {

    static SpParameters of(NpbClass npbClass) {
        return switch (npbClass) {
            case S -> new SpParameters(12, 100, 0.015, 1.5e-2, new double[] {
                    2.7470315451339479e-02, 1.0360746705285417e-02, 1.6235745065095532e-02,
                    1.5840557224455615e-02, 3.4849040609362460e-02}, new double[] {
                    2.7289258557377227e-05, 1.0364446640837285e-05, 1.6154798287166471e-05,
                    1.5750704994480102e-05, 3.4177666183390531e-05});
            case W -> new SpParameters(36, 400, 0.0015, 1.5e-3, new double[] {
                    0.1893253733584e-02, 0.1717075447775e-03, 0.2778153350936e-03,
                    0.2887475409984e-03, 0.3143611161242e-02}, new double[] {
                    0.7542088599534e-04, 0.6512852253086e-05, 0.1049092285688e-04,
                    0.1128838671535e-04, 0.1212845639773e-03});
            case A -> new SpParameters(64, 400, 0.0015, 1.5e-3, new double[] {
                    2.4799822399300195e0, 1.1276337964368832e0, 1.5028977888770491e0,
                    1.4217816211695179e0, 2.1292113035138280e0}, new double[] {
                    1.0900140297820550e-04, 3.7343951769282091e-05, 5.0092785406541633e-05,
                    4.7671093939528255e-05, 1.3621613399213001e-04});
            case B -> new SpParameters(102, 400, 0.001, 1.0e-3, new double[] {
                    0.6903293579998e+02, 0.3095134488084e+02, 0.4103336647017e+02,
                    0.3864769009604e+02, 0.5643482272596e+02}, new double[] {
                    0.9810006190188e-02, 0.1022827905670e-02, 0.1720597911692e-02,
                    0.1694479428231e-02, 0.1847456263981e-01});
            case C -> new SpParameters(162, 400, 0.00067, 0.67e-3, new double[] {
                    0.5881691581829e+03, 0.2454417603569e+03, 0.3293829191851e+03,
                    0.3081924971891e+03, 0.4597223799176e+03}, new double[] {
                    0.2598120500183e+00, 0.2590888922315e-01, 0.5132886416320e-01,
                    0.4806073419454e-01, 0.5483377491301e+00});
            case D -> new SpParameters(408, 500, 0.00030, 0.30e-3, new double[] {
                    0.1044696216887e+05, 0.3204427762578e+04, 0.4648680733032e+04,
                    0.4238923283697e+04, 0.7588412036136e+04}, new double[] {
                    0.5089471423669e+01, 0.5323514855894e+00, 0.1187051008971e+01,
                    0.1083734951938e+01, 0.1164108338568e+02});
            case E -> new SpParameters(1020, 500, 0.0001, 0.10e-3, new double[] {
                    0.6255387422609e+05, 0.1495317020012e+05, 0.2347595750586e+05,
                    0.2091099783534e+05, 0.4770412841218e+05}, new double[] {
                    0.6742735164909e+02, 0.5390656036938e+01, 0.1680647196477e+02,
                    0.1536963126457e+02, 0.1575330146156e+03});
        };
    }
}
