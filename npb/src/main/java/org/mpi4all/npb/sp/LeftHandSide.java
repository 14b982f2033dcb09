package org.mpi4all.npb.sp;

/**
 * The three pentadiagonal left-hand sides of a cell along one direction ({@code SP/lhsx.f}, {@code lhsy.f},
 * {@code lhsz.f}): diagonals 0 to 4 for the equations moving with velocity u, 5 to 9 for u + c and 10 to 14 for
 * u − c (c the speed of sound), each row the coefficients of the unknowns at p − 2s ... p + 2s.
 *
 * <p>The reference fills diagonals 0 to 4, adds the dissipation to them in a second pass and derives 5 to 14 in
 * a third; here one pass per dissipation {@link Dissipation.Piece} does all three with the same operations.
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
            diagonals[d.axis] = (cell, row, from, to) -> diagonals(d, cell, row, from, to);
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
     * Diagonals 0 to 4 (the velocity factor plus dissipation), then 5 to 14 (the factors of u + c and u − c)
     * from them.
     */
    private void diagonals(Direction d, Cell cell, int row, int from, int to) {
        int s = cell.columnStep[d.axis];
        int below = row - cell.rowStep[d.axis];
        int above = row + cell.rowStep[d.axis];
        double[] cvm = cell.velocity[d.axis][below];
        double[] cvp = cell.velocity[d.axis][above];
        double[] rhom = cell.rhoAlong[below];
        double[] rho = cell.rhoAlong[row];
        double[] rhop = cell.rhoAlong[above];
        double[] speedm = cell.speed[below];
        double[] speedp = cell.speed[above];
        double[] lhs = cell.lhs[row];
        double dtt1 = d.dtt1;
        double dtt2 = d.dtt2;
        double c2dtt1 = d.c2dtt1;
        double e0 = dissipation[0];
        double e1 = dissipation[1];
        double e2 = dissipation[2];
        double e3 = dissipation[3];
        double e4 = dissipation[4];
        for (int p = from; p < to; p++) {
            // Diagonals 0 and 4 are zero but for the dissipation.
            double l0 = e0;
            double l1 = -dtt2 * cvm[p - s] - dtt1 * rhom[p - s] + e1;
            double l2 = 1.0 + c2dtt1 * rho[p] + e2;
            double l3 = dtt2 * cvp[p + s] - dtt1 * rhop[p + s] + e3;
            double l4 = e4;
            int q = Cell.DIAGONALS * p;
            lhs[q] = l0;
            lhs[q + 1] = l1;
            lhs[q + 2] = l2;
            lhs[q + 3] = l3;
            lhs[q + 4] = l4;
            lhs[q + 5] = l0;
            lhs[q + 6] = l1 - dtt2 * speedm[p - s];
            lhs[q + 7] = l2;
            lhs[q + 8] = l3 + dtt2 * speedp[p + s];
            lhs[q + 9] = l4;
            lhs[q + 10] = l0;
            lhs[q + 11] = l1 + dtt2 * speedm[p - s];
            lhs[q + 12] = l2;
            lhs[q + 13] = l3 - dtt2 * speedp[p + s];
            lhs[q + 14] = l4;
        }
    }
}
