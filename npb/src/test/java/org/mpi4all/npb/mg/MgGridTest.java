package org.mpi4all.npb.mg;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** MG's decomposition: process grid shape, the finest level's boxes tile the grid, neighbours agree, levels pack. */
class MgGridTest {

    @ParameterizedTest(name = "{0}^3 on {1} processes")
    @CsvSource({"32,1", "32,2", "32,4", "32,8", "32,64", "128,16", "256,4", "256,512"})
    void boxesTileTheGridAndNeighboursAgree(int n, int nprocs) {
        long interior = 0;
        MgGrid[] grids = new MgGrid[nprocs];
        for (int me = 0; me < nprocs; me++) {
            grids[me] = new MgGrid(n, nprocs, me);
        }
        MgGrid first = grids[0];
        assertThat((long) first.processes[0] * first.processes[1] * first.processes[2]).isEqualTo(nprocs);
        assertThat(first.processes[0]).isLessThanOrEqualTo(first.processes[1]);
        assertThat(first.processes[1]).isLessThanOrEqualTo(first.processes[2]);
        for (int me = 0; me < nprocs; me++) {
            MgGrid g = grids[me];
            int lt = g.lt;
            long points = 1;
            for (int ax = 0; ax < 3; ax++) {
                int along = g.end[ax] - g.start[ax] + 1;
                assertThat(g.size[ax][lt]).as("box of %d along %d", me, ax).isEqualTo(along + 2);
                points *= along;
                int up = g.neighbour[ax][MgGrid.UP][lt];
                assertThat(grids[up].neighbour[ax][MgGrid.DOWN][lt]).as("%d's upper neighbour along %d", me, ax).isEqualTo(me);
                assertThat(grids[up].start[ax]).isEqualTo(g.end[ax] % n + 1 + (g.end[ax] == n ? 1 : 0));
            }
            interior += points;
            assertThat(g.dead[lt]).isFalse();
            long packed = 0;
            for (int k = lt; k >= 1; k--) {
                assertThat(g.offset(k)).isEqualTo(packed);
                packed += g.points(k);
            }
            assertThat(g.allLevelsLength()).isEqualTo(packed);
        }
        assertThat(interior).isEqualTo((long) n * n * n);
    }

    @ParameterizedTest(name = "{0}^3 on {1} processes")
    @CsvSource({"32,16", "32,64", "256,512"})
    void aProcessWithoutPointsOnACoarseLevelIsDeadThereAndTakesPointsBack(int n, int nprocs) {
        boolean anyDead = false;
        for (int me = 0; me < nprocs; me++) {
            MgGrid g = new MgGrid(n, nprocs, me);
            for (int k = 1; k <= g.lt; k++) {
                boolean empty = g.size[0][k] == 2 || g.size[1][k] == 2 || g.size[2][k] == 2;
                assertThat(g.dead[k]).isEqualTo(empty);
                anyDead |= empty;
                if (k < g.lt && g.dead[k] && !g.dead[k + 1]) {
                    boolean takes = g.takeEx[0][k + 1] || g.takeEx[1][k + 1] || g.takeEx[2][k + 1];
                    assertThat(takes).as("process %d, alive again on level %d", me, k + 1).isTrue();
                }
            }
        }
        assertThat(anyDead).isTrue();
    }
}
