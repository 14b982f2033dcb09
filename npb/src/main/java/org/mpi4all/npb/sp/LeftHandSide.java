package org.mpi4all.npb.sp;

/**
 * The three pentadiagonal left-hand sides of a cell along one direction ({@code SP/lhsx.f}, {@code lhsy.f},
 * {@code lhsz.f}): diagonals 0 to 4 for the equations moving with velocity u, 5 to 9 for u + c and 10 to 14 for
 * u − c (c the speed of sound), each row the coefficients of the unknowns at p − 2s ... p + 2s.
 */
final class LeftHandSide {
    private final Constants c;
    private final Direction[] directions;
    private final Box box = new Box();
    private final Box.RowKernel[] eigenvalueBounds;
    private final Box.RowKernel[] firstFactor;
    private final Box.RowKernel[] otherFactors;

    LeftHandSide(Constants constants, Direction[] directions) {
        this.c = constants;
        this.directions = directions;
        eigenvalueBounds = new Box.RowKernel[directions.length];
        firstFactor = new Box.RowKernel[directions.length];
        otherFactors = new Box.RowKernel[directions.length];
        for (Direction d : directions) {
            eigenvalueBounds[d.axis] = (cell, first, last) -> eigenvalueBounds(d, cell, first, last);
            firstFactor[d.axis] = (cell, first, last) -> firstFactor(d, cell, first, last);
            otherFactors[d.axis] = (cell, first, last) -> otherFactors(d, cell, first, last);
        }
    }

    /** Builds the left-hand sides of {@code cell} along {@code axis} on its interior. */
    void build(Cell cell, int axis) {
        box.interiorOf(cell).along(axis, cell.firstInterior(axis) - 1, cell.lastInterior(axis) + 1)
                .forEachRow(cell, eigenvalueBounds[axis]);
        box.interiorOf(cell).forEachRow(cell, firstFactor[axis]);
        addDissipation(cell, axis);
        box.interiorOf(cell).forEachRow(cell, otherFactors[axis]);
    }

    /** The reference's rhon/rhoq/rhos: the largest of the direction's four eigenvalue bounds, at every point. */
    private void eigenvalueBounds(Direction d, Cell cell, int first, int last) {
        double[] rho = cell.rhoAlong;
        for (int p = first; p <= last; p++) {
            double ru1 = c.c3c4 * cell.rhoI[p];
            rho[p] = Math.max(Math.max(d.lhsMomentumD + c.con43 * ru1, d.lhsEnergyD + c.c1c5 * ru1),
                    Math.max(d.lhsMaxD + ru1, d.lhsMinD));
        }
    }

    /** Diagonals 0 to 4, the factor of the velocity eigenvalue, without dissipation. */
    private void firstFactor(Direction d, Cell cell, int first, int last) {
        int s = cell.stride[d.axis];
        double[] cv = cell.velocity[d.axis];
        double[] rho = cell.rhoAlong;
        double[][] lhs = cell.lhs;
        for (int p = first; p <= last; p++) {
            lhs[0][p] = 0.0;
            lhs[1][p] = -d.dtt2 * cv[p - s] - d.dtt1 * rho[p - s];
            lhs[2][p] = 1.0 + d.c2dtt1 * rho[p];
            lhs[3][p] = d.dtt2 * cv[p + s] - d.dtt1 * rho[p + s];
            lhs[4][p] = 0.0;
        }
    }

    /**
     * The fourth-order dissipation of the implicit operator: the same stencils as the explicit one
     * ({@link Dissipation}), times dt·dssp (the reference's comz1, comz4, comz5, comz6).
     */
    private void addDissipation(Cell cell, int axis) {
        for (Dissipation.Piece piece : cell.dissipation[axis]) {
            box.interiorOf(cell).along(axis, piece.from(), piece.to());
            for (int n = 0; n < 5; n++) {
                double term = piece.stencil().coefficient(n) * c.comz1;
                double[] diagonal = cell.lhs[n];
                for (int k = box.lo[2]; k <= box.hi[2]; k++) {
                    for (int j = box.lo[1]; j <= box.hi[1]; j++) {
                        int row = cell.index(0, j, k);
                        for (int i = box.lo[0]; i <= box.hi[0]; i++) {
                            diagonal[row + i] = diagonal[row + i] + term;
                        }
                    }
                }
            }
        }
    }

    /** Diagonals 5 to 14, the factors of the eigenvalues u + c and u − c, from diagonals 0 to 4. */
    private void otherFactors(Direction d, Cell cell, int first, int last) {
        int s = cell.stride[d.axis];
        double[] speed = cell.speed;
        double[][] lhs = cell.lhs;
        double dtt2 = d.dtt2;
        for (int p = first; p <= last; p++) {
            lhs[5][p] = lhs[0][p];
            lhs[6][p] = lhs[1][p] - dtt2 * speed[p - s];
            lhs[7][p] = lhs[2][p];
            lhs[8][p] = lhs[3][p] + dtt2 * speed[p + s];
            lhs[9][p] = lhs[4][p];
            lhs[10][p] = lhs[0][p];
            lhs[11][p] = lhs[1][p] + dtt2 * speed[p - s];
            lhs[12][p] = lhs[2][p];
            lhs[13][p] = lhs[3][p] - dtt2 * speed[p + s];
            lhs[14][p] = lhs[4][p];
        }
    }
}
