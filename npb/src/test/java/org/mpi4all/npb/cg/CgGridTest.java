package org.mpi4all.npb.cg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * CG's decomposition: every process grid partitions the rows and columns, the transpose exchange turns each
 * process's share of summed rows into exactly the columns its partner holds, and exchange partners agree.
 */
class CgGridTest {

    private static List<CgGrid> grids(int na, int nprocs) {
        List<CgGrid> grids = new ArrayList<>();
        for (int me = 0; me < nprocs; me++) {
            grids.add(new CgGrid(na, nprocs, me));
        }
        return grids;
    }

    @ParameterizedTest(name = "na={0} on {1} processes")
    @CsvSource({"1400,1", "1400,2", "1400,4", "1400,8", "1400,32", "1400,128", "7000,64", "14000,256",
            "75000,512", "1500000,1024"})
    void gridShapeAndBlocksPartitionTheMatrix(int na, int nprocs) {
        List<CgGrid> grids = grids(na, nprocs);
        CgGrid first = grids.get(0);
        assertThat(first.nprows * first.npcols).isEqualTo(nprocs);
        assertThat(first.npcols).isIn(first.nprows, 2 * first.nprows);
        for (int row = 0; row < first.nprows; row++) {
            int expectedFirst = row == 0 ? 1 : grids.get((row - 1) * first.npcols).lastRow + 1;
            for (int col = 0; col < first.npcols; col++) {
                CgGrid g = grids.get(row * first.npcols + col);
                assertThat(g.firstRow).as("first row of process row %d", row).isEqualTo(expectedFirst);
                int expectedFirstCol = col == 0 ? 1 : grids.get(row * first.npcols + col - 1).lastCol + 1;
                assertThat(g.firstCol).as("first column of process column %d", col).isEqualTo(expectedFirstCol);
            }
        }
        assertThat(grids.get(nprocs - 1).lastRow).isEqualTo(na);
        assertThat(grids.get(nprocs - 1).lastCol).isEqualTo(na);
    }

    @ParameterizedTest(name = "na={0} on {1} processes")
    @CsvSource({"1400,2", "1400,4", "1400,8", "1400,128", "7000,16", "75000,512", "1500000,1024"})
    void transposeSendsEachProcessExactlyTheColumnsItHolds(int na, int nprocs) {
        List<CgGrid> grids = grids(na, nprocs);
        for (int me = 0; me < nprocs; me++) {
            CgGrid g = grids.get(me);
            CgGrid partner = grids.get(g.exchangeRank);
            assertThat(partner.exchangeRank).as("partner of %d", me).isEqualTo(me);
            int firstSent = g.firstRow + g.sendStart;
            assertThat(firstSent).as("rows %d sends", me).isEqualTo(partner.firstCol);
            assertThat(firstSent + g.sendLength - 1).isEqualTo(partner.lastCol);
        }
    }

    @ParameterizedTest(name = "na={0} on {1} processes")
    @CsvSource({"1400,2", "1400,8", "1400,128", "7000,32", "75000,512"})
    void rowSumPartnersAreMutualAndInTheSameProcessRow(int na, int nprocs) {
        List<CgGrid> grids = grids(na, nprocs);
        for (int me = 0; me < nprocs; me++) {
            CgGrid g = grids.get(me);
            assertThat(g.l2npcols).isEqualTo(Integer.numberOfTrailingZeros(g.npcols));
            for (int i = 0; i < g.l2npcols; i++) {
                int partner = g.reduceExchangeRank[i];
                assertThat(partner / g.npcols).as("process row of %d's partner", me).isEqualTo(me / g.npcols);
                assertThat(grids.get(partner).reduceExchangeRank[i]).isEqualTo(me);
                // What a process sends in a step is what its partner expects to receive.
                assertThat(g.reduceSendLength[i]).isEqualTo(grids.get(partner).reduceReceiveLength[i]);
            }
        }
    }
}
