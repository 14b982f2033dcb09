package org.mpi4all.npb.sp;

import java.util.ArrayList;
import java.util.List;

/**
 * SP's fourth-order artificial dissipation: the five-point stencil (1, −4, 6, −4, 1) along an axis, replaced by
 * one-sided stencils on the two points next to each boundary of the grid. The reference writes each case out in
 * compute_rhs ({@code rhs.f}), exact_rhs and lhsx/lhsy/lhsz; here each case is a {@link Stencil} and a cell's
 * cases along an axis are its {@link Piece}s.
 */
final class Dissipation {

    /**
     * Coefficients of f at p − 2s ... p + 2s. {@link #apply} sums them in the reference's order (zero
     * coefficients add exact zeros), so results match the reference's hand-written cases bit for bit.
     */
    record Stencil(double m2, double m1, double c0, double p1, double p2) {
        double apply(double[] f, int p, int s) {
            return m2 * f[p - 2 * s] + m1 * f[p - s] + c0 * f[p] + p1 * f[p + s] + p2 * f[p + 2 * s];
        }

        /** The coefficient of f at p + (n − 2)s, n = 0 ... 4. */
        double coefficient(int n) {
            return switch (n) {
                case 0 -> m2;
                case 1 -> m1;
                case 2 -> c0;
                case 3 -> p1;
                case 4 -> p2;
                default -> throw new IndexOutOfBoundsException("a five-point stencil has no coefficient " + n);
            };
        }
    }

    /** At point 1 of a cell on the grid's lower boundary. */
    static final Stencil FIRST = new Stencil(0, 0, 5, -4, 1);
    /** At point 2 of a cell on the grid's lower boundary. */
    static final Stencil SECOND = new Stencil(0, -4, 6, -4, 1);
    static final Stencil INTERIOR = new Stencil(1, -4, 6, -4, 1);
    /** At point size−3 of a cell on the grid's upper boundary. */
    static final Stencil SECOND_LAST = new Stencil(1, -4, 6, -4, 0);
    /** At point size−2 of a cell on the grid's upper boundary. */
    static final Stencil LAST = new Stencil(1, -4, 5, 0, 0);

    /** The positions {@code from ... to} along an axis where {@code stencil} applies. */
    record Piece(int from, int to, Stencil stencil) {}

    private Dissipation() {}

    /** Where each stencil applies along an axis of {@code size} points, start and end as in {@link Cell}. */
    static Piece[] pieces(int size, int start, int end) {
        List<Piece> pieces = new ArrayList<>();
        if (start > 0) {
            pieces.add(new Piece(1, 1, FIRST));
            pieces.add(new Piece(2, 2, SECOND));
        }
        pieces.add(new Piece(3 * start, size - 3 * end - 1, INTERIOR));
        if (end > 0) {
            pieces.add(new Piece(size - 3, size - 3, SECOND_LAST));
            pieces.add(new Piece(size - 2, size - 2, LAST));
        }
        return pieces.toArray(new Piece[0]);
    }
}
