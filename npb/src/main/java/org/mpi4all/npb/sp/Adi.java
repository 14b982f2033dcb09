package org.mpi4all.npb.sp;

import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;

/**
 * One process's part of SP: its cells, and the alternating-direction implicit time step over them
 * ({@code SP/adi.f}): copy_faces and compute_rhs, txinvr, the x, y and z solves, add.
 */
final class Adi {
    private final Partition partition;
    private final Cell[] cells;
    private final Initialization initialization;
    private final ExactRhs exactRhs;
    private final RightHandSide rightHandSide;
    private final BlockDiagonal blockDiagonal;
    private final FaceExchange faceExchange;
    private final LineSolver lineSolver;
    private final Norms norms;
    private final Comm setupComm;
    private final Box box = new Box();
    private final Box.RowKernel add = Adi::add;

    /**
     * Allocates this process's cells and buffers; collective over {@code world} (duplicates it for the face
     * exchange and the solves, as the reference's comm_rhs and comm_solve).
     */
    Adi(SpParameters parameters, Comm world, Backend backend) {
        int n = parameters.gridPoints();
        int[] gridPoints = {n, n, n};
        partition = new Partition(world.size(), world.rank(), gridPoints);
        int[] extent = extent(n, partition.cellsPerAxis());
        Constants constants = new Constants(gridPoints, parameters.dt());
        cells = new Cell[partition.cellsPerAxis()];
        for (int c = 0; c < cells.length; c++) {
            cells[c] = new Cell(partition, c, extent, constants.dtdssp);
        }
        Direction[] directions = Direction.all(constants);
        ExactSolution exact = new ExactSolution(constants);
        initialization = new Initialization(constants, exact);
        exactRhs = new ExactRhs(constants, directions, exact, extent[0] - 2 * Cell.GHOSTS);
        rightHandSide = new RightHandSide(constants, directions, extent[0]);
        blockDiagonal = new BlockDiagonal(constants);
        norms = new Norms(constants, exact, gridPoints);
        setupComm = world;
        int bufferLength = bufferLength(extent, cells);
        MessageBuffer out = backend.allocate(bufferLength);
        MessageBuffer in = backend.allocate(bufferLength);
        faceExchange = new FaceExchange(world.dup(), partition, cells, out, in, backend);
        lineSolver = new LineSolver(world.dup(), partition, cells, new LeftHandSide(constants, directions),
                blockDiagonal, out, in, backend, extent);
    }

    /** The points each cell field holds along every axis: the largest cell and two ghost layers on each side. */
    static int[] extent(int gridPoints, int cellsPerAxis) {
        int points = Partition.maxCellSize(gridPoints, cellsPerAxis) + 2 * Cell.GHOSTS;
        return new int[] {points, points, points};
    }

    static int bufferLength(int[] extent, Cell[] cells) {
        return Math.max(FaceExchange.bufferLength(cells), LineSolver.bufferLength(extent));
    }

    /** initialize, lhsinit and exact_rhs. */
    void setUp() {
        initialization.initializeU(cells, partition);
        for (Cell cell : cells) {
            Initialization.initializeLhs(cell);
            exactRhs.compute(cell);
        }
    }

    /** Resets u to the initial state (after the untimed warm-up step). */
    void resetU() {
        initialization.initializeU(cells, partition);
    }

    /** One time step; collective. */
    void step() {
        copyFacesAndComputeRhs();
        for (Cell cell : cells) {
            blockDiagonal.beforeSolves(cell);
        }
        for (int axis = 0; axis < 3; axis++) {
            lineSolver.solve(axis);
        }
        for (Cell cell : cells) {
            box.interiorOf(cell).forEachRow(cell, add);
        }
    }

    /** copy_faces, which the reference ends with compute_rhs; a single process has no faces to copy. */
    private void copyFacesAndComputeRhs() {
        if (partition.cellsPerAxis() > 1) {
            faceExchange.exchange();
        }
        for (Cell cell : cells) {
            rightHandSide.compute(cell);
        }
    }

    /** add: u += rhs on the interior. */
    private static void add(Cell cell, int row, int from, int to) {
        for (int m = 0; m < Cell.EQUATIONS; m++) {
            double[] u = cell.u[m][row];
            double[] r = cell.rhs[m][row];
            for (int p = from; p < to; p++) {
                u[p] = u[p] + r[p];
            }
        }
    }

    /** error_norm: the RMS norms of u − exact solution, per equation; collective. */
    double[] errorNorms() {
        return norms.error(cells, setupComm);
    }

    /** rhs_norm after a fresh copy_faces and compute_rhs: the RMS norms of the residual; collective. */
    double[] residualNorms() {
        copyFacesAndComputeRhs();
        return norms.residual(cells, setupComm);
    }
}
