package org.mpi4all.npb.ft;

/**
 * Which part of the nx × ny × nz grid one process holds in each of FT's three stages ({@code ft.f} subroutine
 * {@code setup}): stage 0 is the x-y-z layout of the initial conditions and the checksums, stage 1 the layout
 * after the x-transforms, stage 2 the layout after the y-transforms, in which the time evolution happens.
 *
 * <p>A stage's local array has dimensions {@code dims(stage)}, the first varying fastest; the first is never
 * split, the second is split over the np1 rows of the process grid, the third over its np2 columns. Which grid
 * axis each dimension stands for depends on the layout:
 * <pre>
 *            0D     1D     2D
 *   stage 0  xyz    xyz    xyz
 *   stage 1  xyz    xyz    yxz
 *   stage 2  xyz    zxy    zxy
 * </pre>
 */
final class Decomposition {
    static final int X = 0;
    static final int Y = 1;
    static final int Z = 2;
    static final int STAGES = 3;

    private static final int[] XYZ = {X, Y, Z};
    private static final int[] YXZ = {Y, X, Z};
    private static final int[] ZXY = {Z, X, Y};

    private final ProcessGrid grid;
    private final int me1;
    private final int me2;
    private final int[][] axes;
    private final int[][] dims;

    /**
     * @param rank this process's rank: its row is rank / np2, its column rank mod np2
     */
    Decomposition(int nx, int ny, int nz, ProcessGrid grid, int rank) {
        this.grid = grid;
        this.me1 = rank / grid.np2();
        this.me2 = rank % grid.np2();
        this.axes = switch (grid.layout()) {
            case ZERO_D -> new int[][] {XYZ, XYZ, XYZ};
            case ONE_D -> new int[][] {XYZ, XYZ, ZXY};
            case TWO_D -> new int[][] {XYZ, YXZ, ZXY};
        };
        int[] sizes = {nx, ny, nz};
        int[] split = {1, grid.np1(), grid.np2()};
        dims = new int[STAGES][3];
        for (int stage = 0; stage < STAGES; stage++) {
            for (int d = 0; d < 3; d++) {
                int size = sizes[axes[stage][d]];
                if (size % split[d] != 0) {
                    throw new IllegalArgumentException("a grid of " + size + " points along axis "
                            + axes[stage][d] + " does not split over " + split[d] + " processes");
                }
                dims[stage][d] = size / split[d];
            }
        }
    }

    ProcessGrid grid() {
        return grid;
    }

    /** This process's row in the process grid (0 ... np1-1). */
    int me1() {
        return me1;
    }

    /** This process's column in the process grid (0 ... np2-1). */
    int me2() {
        return me2;
    }

    /** The length of dimension {@code d} (0, 1, 2) of the local array in {@code stage}. */
    int dim(int stage, int d) {
        return dims[stage][d];
    }

    /** The number of complex values this process holds (the same in every stage). */
    int localPoints() {
        return dims[0][0] * dims[0][1] * dims[0][2];
    }

    /** The grid axis ({@link #X}, {@link #Y}, {@link #Z}) that dimension {@code d} of the local array stands for in {@code stage}. */
    int axis(int stage, int d) {
        return axes[stage][d];
    }

    /** The first grid index along dimension {@code d} of the local array of {@code stage} (0-based). */
    int first(int stage, int d) {
        int coordinate = d == 0 ? 0 : d == 1 ? me1 : me2;
        return coordinate * dims[stage][d];
    }
}
