package org.mpi4all.npb.sp;

/**
 * The three pentadiagonal left-hand sides of a cell along one direction ({@code SP/lhsx.f}, {@code lhsy.f},
 * {@code lhsz.f}): three factors of five diagonals 0 to 4, the coefficients of the unknowns at p − 2s ... p + 2s,
 * factor 0 for the equations moving with velocity u, 1 for u + c and 2 for u − c (c the speed of sound).
 *
 * <p>The reference fills factor 0, adds the dissipation to it in a second pass and derives factors 1 and 2 in
 * a third; here, along x, one pass per dissipation {@link Dissipation.Piece} does all three with the same
 * operations. Along y and z a point's neighbours are the same column of other rows, and each diagonal is a loop
 * of its own, which C2 vectorises. The outer diagonals (0 and 4 of each factor) are the dissipation's alone and
 * set once, by position ({@link Cell#diagonal0}): only diagonals 1 to 3 are built here.
 */
final class LeftHandSide {
    private final Constants c;
    private final Box box = new Box();
    private final Box.RowKernel[] eigenvalueBounds;
    private final Box.RowKernel[] diagonals;
    /** The dissipation added to diagonals 1 to 3 in the piece being filled (index 0 unused): its stencil times dt·dssp. */
    private final double[] dissipation = new double[4];

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
            for (int n = 1; n <= 3; n++) {
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
     * Along x: diagonals 1 to 3 of the velocity factor (its coefficients plus dissipation), and of the factors of
     * u + c and u − c from them.
     */
    private void diagonals(Direction d, Cell cell, int row, int from, int to) {
        double[] cv = cell.us[row];
        double[] rho = cell.rhoAlong[row];
        double[] speed = cell.speed[row];
        double[][] lhs = cell.lhs[row];
        double[] u1 = lhs[Cell.diagonal(0, 1)];
        double[] u2 = lhs[Cell.diagonal(0, 2)];
        double[] u3 = lhs[Cell.diagonal(0, 3)];
        double[] plus1 = lhs[Cell.diagonal(1, 1)];
        double[] plus2 = lhs[Cell.diagonal(1, 2)];
        double[] plus3 = lhs[Cell.diagonal(1, 3)];
        double[] minus1 = lhs[Cell.diagonal(2, 1)];
        double[] minus2 = lhs[Cell.diagonal(2, 2)];
        double[] minus3 = lhs[Cell.diagonal(2, 3)];
        double dtt1 = d.dtt1;
        double dtt2 = d.dtt2;
        double c2dtt1 = d.c2dtt1;
        double e1 = dissipation[1];
        double e2 = dissipation[2];
        double e3 = dissipation[3];
        for (int p = from; p < to; p++) {
            double l1 = -dtt2 * cv[p - 1] - dtt1 * rho[p - 1] + e1;
            double l2 = 1.0 + c2dtt1 * rho[p] + e2;
            double l3 = dtt2 * cv[p + 1] - dtt1 * rho[p + 1] + e3;
            u1[p] = l1;
            u2[p] = l2;
            u3[p] = l3;
            plus1[p] = l1 - dtt2 * speed[p - 1];
            plus2[p] = l2;
            plus3[p] = l3 + dtt2 * speed[p + 1];
            minus1[p] = l1 + dtt2 * speed[p - 1];
            minus2[p] = l2;
            minus3[p] = l3 - dtt2 * speed[p + 1];
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
        double[] u1 = lhs[Cell.diagonal(0, 1)];
        double[] u3 = lhs[Cell.diagonal(0, 3)];
        offDiagonal(u1, -dtt2, cell.velocity[d.axis][below], dtt1, cell.rhoAlong[below], dissipation[1], from, to);
        mainDiagonal(lhs[Cell.diagonal(0, 2)], lhs[Cell.diagonal(1, 2)], lhs[Cell.diagonal(2, 2)], d.c2dtt1,
                cell.rhoAlong[row], dissipation[2], from, to);
        offDiagonal(u3, dtt2, cell.velocity[d.axis][above], dtt1, cell.rhoAlong[above], dissipation[3], from, to);
        withSpeed(lhs[Cell.diagonal(1, 1)], lhs[Cell.diagonal(2, 1)], u1, -dtt2, speedm, from, to);
        withSpeed(lhs[Cell.diagonal(1, 3)], lhs[Cell.diagonal(2, 3)], u3, dtt2, speedp, from, to);
    }

    /** l = k·v − dtt1·ρ + e. */
    private static void offDiagonal(double[] l, double k, double[] v, double dtt1, double[] rho, double e, int from,
                                    int to) {
        for (int p = from; p < to; p++) {
            l[p] = k * v[p] - dtt1 * rho[p] + e;
        }
    }

    /** The main diagonal of all three factors: 1 + c2dtt1·ρ + e. */
    private static void mainDiagonal(double[] l, double[] plus, double[] minus, double c2dtt1, double[] rho, double e,
                                     int from, int to) {
        for (int p = from; p < to; p++) {
            l[p] = 1.0 + c2dtt1 * rho[p] + e;
            plus[p] = l[p];
            minus[p] = l[p];
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
