package org.mpi4all.npb.sp;

/**
 * The three pentadiagonal left-hand sides of a cell along one direction ({@code SP/lhsx.f}, {@code lhsy.f},
 * {@code lhsz.f}): diagonals 0 to 4 for the equations moving with velocity u, 5 to 9 for u + c and 10 to 14 for
 * u − c (c the speed of sound), each row the coefficients of the unknowns at p − 2s ... p + 2s.
 *
 * <p>The reference fills diagonals 0 to 4, adds the dissipation to them in a second pass and derives 5 to 14 in
 * a third; here, along x, one pass per dissipation {@link Dissipation.Piece} does all three with the same
 * operations. Along y and z a point's neighbours are the same column of other rows, and each diagonal is a loop
 * of its own, which C2 vectorises.
 */
final class LeftHandSide {
    private final Constants c;
    private final Box box = new Box();
    private final Box.RowKernel[] eigenvalueBounds;
    private final Box.RowKernel[] diagonals;
    /** The dissipation added to diagonals 0 to 4 in the piece being filled: its stencil times dt·dssp. */
    private final double[] dissipation = new double[5];

    LeftHandSide(Constants constants, Direction[] directions) {
        this.c = constants;
        eigenvalueBounds = new Box.RowKernel[directions.length];
        diagonals = new Box.RowKernel[directions.length];
        for (Direction d : directions) {
            eigenvalueBounds[d.axis] = (cell, row, from, to) -> eigenvalueBounds(d, cell, row, from, to);
            diagonals[d.axis] = d.axis == 0
                    ? (cell, row, from, to) -> diagonals(d, cell, row, from, to)
                    : (cell, row, from, to) -> diagonalsAcrossRows(d, cell, row, from, to);
        }
    }

    /** Builds the left-hand sides of {@code cell} along {@code axis} on its interior. */
    void build(Cell cell, int axis) {
        box.interiorOf(cell).along(axis, cell.firstInterior(axis) - 1, cell.lastInterior(axis) + 1)
                .forEachRow(cell, eigenvalueBounds[axis]);
        for (Dissipation.Piece piece : cell.dissipation[axis]) {
            for (int n = 0; n < 5; n++) {
                // The reference's comz1, comz4, comz5, comz6 (dt·dssp times 1, 4, 5, 6), with the stencil's sign.
                dissipation[n] = piece.stencil().coefficient(n) * c.comz1;
            }
            box.interiorOf(cell).along(axis, piece.from(), piece.to()).forEachRow(cell, diagonals[axis]);
        }
    }

    /** The reference's rhon/rhoq/rhos: the largest of the direction's four eigenvalue bounds, at every point. */
    private void eigenvalueBounds(Direction d, Cell cell, int row, int from, int to) {
        double[] rho = cell.rhoAlong[row];
        double[] rhoI = cell.rhoI[row];
        for (int p = from; p < to; p++) {
            double ru1 = c.c3c4 * rhoI[p];
            rho[p] = Math.max(Math.max(d.lhsMomentumD + c.con43 * ru1, d.lhsEnergyD + c.c1c5 * ru1),
                    Math.max(d.lhsMaxD + ru1, d.lhsMinD));
        }
    }

    /**
     * Along x: diagonals 0 to 4 (the velocity factor plus dissipation), then 5 to 14 (the factors of u + c and
     * u − c) from them.
     */
    private void diagonals(Direction d, Cell cell, int row, int from, int to) {
        double[] cv = cell.us[row];
        double[] rho = cell.rhoAlong[row];
        double[] speed = cell.speed[row];
        double[][] lhs = cell.lhs[row];
        double dtt1 = d.dtt1;
        double dtt2 = d.dtt2;
        double c2dtt1 = d.c2dtt1;
        double e1 = dissipation[1];
        double e2 = dissipation[2];
        double e3 = dissipation[3];
        fillOuterDiagonals(lhs, from, to);
        for (int p = from; p < to; p++) {
            double l1 = -dtt2 * cv[p - 1] - dtt1 * rho[p - 1] + e1;
            double l2 = 1.0 + c2dtt1 * rho[p] + e2;
            double l3 = dtt2 * cv[p + 1] - dtt1 * rho[p + 1] + e3;
            lhs[1][p] = l1;
            lhs[2][p] = l2;
            lhs[3][p] = l3;
            lhs[6][p] = l1 - dtt2 * speed[p - 1];
            lhs[7][p] = l2;
            lhs[8][p] = l3 + dtt2 * speed[p + 1];
            lhs[11][p] = l1 + dtt2 * speed[p - 1];
            lhs[12][p] = l2;
            lhs[13][p] = l3 - dtt2 * speed[p + 1];
        }
    }

    /**
     * Diagonals 0 and 4 of every factor, zero but for the dissipation (in one loop: six calls of
     * {@code Arrays.fill} per row cost JFR's samples of all the other diagonals).
     */
    private void fillOuterDiagonals(double[][] lhs, int from, int to) {
        double e0 = dissipation[0];
        double e4 = dissipation[4];
        double[] l0 = lhs[0];
        double[] l4 = lhs[4];
        double[] l5 = lhs[5];
        double[] l9 = lhs[9];
        double[] l10 = lhs[10];
        double[] l14 = lhs[14];
        for (int p = from; p < to; p++) {
            l0[p] = e0;
            l5[p] = e0;
            l10[p] = e0;
            l4[p] = e4;
            l9[p] = e4;
            l14[p] = e4;
        }
    }

    /** {@link #diagonals} along y or z, a loop per diagonal (each value stored unrounded and read back). */
    private void diagonalsAcrossRows(Direction d, Cell cell, int row, int from, int to) {
        int below = row - cell.rowStep[d.axis];
        int above = row + cell.rowStep[d.axis];
        double[][] lhs = cell.lhs[row];
        double[] speedm = cell.speed[below];
        double[] speedp = cell.speed[above];
        double dtt1 = d.dtt1;
        double dtt2 = d.dtt2;
        fillOuterDiagonals(lhs, from, to);
        offDiagonal(lhs[1], -dtt2, cell.velocity[d.axis][below], dtt1, cell.rhoAlong[below], dissipation[1], from, to);
        mainDiagonal(lhs[2], lhs[7], lhs[12], d.c2dtt1, cell.rhoAlong[row], dissipation[2], from, to);
        offDiagonal(lhs[3], dtt2, cell.velocity[d.axis][above], dtt1, cell.rhoAlong[above], dissipation[3], from, to);
        withSpeed(lhs[6], lhs[11], lhs[1], -dtt2, speedm, from, to);
        withSpeed(lhs[8], lhs[13], lhs[3], dtt2, speedp, from, to);
    }

    /** l = k·v − dtt1·ρ + e. */
    private static void offDiagonal(double[] l, double k, double[] v, double dtt1, double[] rho, double e, int from,
                                    int to) {
        for (int p = from; p < to; p++) {
            l[p] = k * v[p] - dtt1 * rho[p] + e;
        }
    }

    /** The main diagonal of all three factors: 1 + c2dtt1·ρ + e. */
    private static void mainDiagonal(double[] l, double[] l5, double[] l10, double c2dtt1, double[] rho, double e,
                                     int from, int to) {
        for (int p = from; p < to; p++) {
            l[p] = 1.0 + c2dtt1 * rho[p] + e;
            l5[p] = l[p];
            l10[p] = l[p];
        }
    }

    /** The u + c and u − c factors' diagonal from the u factor's l: l + k·c and l − k·c. */
    private static void withSpeed(double[] plus, double[] minus, double[] l, double k, double[] speed, int from,
                                  int to) {
        for (int p = from; p < to; p++) {
            plus[p] = l[p] + k * speed[p];
            minus[p] = l[p] - k * speed[p];
        }
    }
}
