package org.mpi4all.npb.ft;

/**
 * FT's np1 × np2 array of processes and the layout it implies ({@code ft.f} subroutine {@code setup}): 1 × 1 is
 * the 0-D layout (no communication), 1 × np the 1-D layout (z-planes per process), anything else the 2-D
 * layout (pencils).
 *
 * @param np1 processes along the second array dimension
 * @param np2 processes along the third array dimension
 */
record ProcessGrid(int np1, int np2) {

    enum Layout {
        ZERO_D("0D"), ONE_D("1D"), TWO_D("2D");

        private final String label;

        Layout(String label) {
            this.label = label;
        }

        /** The name the reference prints: 0D, 1D or 2D. */
        String label() {
            return label;
        }
    }

    ProcessGrid {
        if (np1 < 1 || np2 < 1) {
            throw new IllegalArgumentException("a process grid needs positive sides, not " + np1 + " x " + np2);
        }
    }

    /** The reference's default for {@code processes}, a power of two: 1-D up to nz processes, 2-D beyond. */
    static ProcessGrid standard(int processes, int nz) {
        return processes <= nz ? new ProcessGrid(1, processes) : new ProcessGrid(nz, processes / nz);
    }

    int processes() {
        return np1 * np2;
    }

    Layout layout() {
        if (np1 == 1 && np2 == 1) {
            return Layout.ZERO_D;
        }
        return np1 == 1 ? Layout.ONE_D : Layout.TWO_D;
    }

    @Override
    public String toString() {
        return np1 + "x" + np2 + " (" + layout().label() + ")";
    }
}
