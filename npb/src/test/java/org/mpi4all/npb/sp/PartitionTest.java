package org.mpi4all.npb.sp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The multi-partition: every cell owned once, one cell per slab per process, neighbours where the solver looks. */
class PartitionTest {

    private static Partition[] all(int processes, int gridPoints) {
        Partition[] partitions = new Partition[processes];
        for (int rank = 0; rank < processes; rank++) {
            partitions[rank] = new Partition(processes, rank, new int[] {gridPoints, gridPoints, gridPoints});
        }
        return partitions;
    }

    /** The owner (rank, cell) of every cell position. */
    private static Map<List<Integer>, int[]> owners(Partition[] partitions) {
        Map<List<Integer>, int[]> owners = new HashMap<>();
        for (int rank = 0; rank < partitions.length; rank++) {
            for (int c = 0; c < partitions[rank].cellsPerAxis(); c++) {
                Partition p = partitions[rank];
                int[] previous = owners.put(List.of(p.coordinate(c, 0), p.coordinate(c, 1), p.coordinate(c, 2)),
                        new int[] {rank, c});
                assertThat(previous).as("cell owned twice").isNull();
            }
        }
        return owners;
    }

    @ParameterizedTest(name = "{0} processes")
    @CsvSource({"1", "4", "9", "16"})
    void everyCellHasOneOwnerAndBordersItsNeighboursCells(int processes) {
        Partition[] partitions = all(processes, 36);
        int p = partitions[0].cellsPerAxis();
        Map<List<Integer>, int[]> owners = owners(partitions);
        assertThat(owners).hasSize(p * p * p);
        for (int rank = 0; rank < processes; rank++) {
            Partition mine = partitions[rank];
            for (int axis = 0; axis < 3; axis++) {
                for (int position = 0; position < p; position++) {
                    assertThat(mine.coordinate(mine.slice(axis, position), axis)).isEqualTo(position);
                }
                for (int c = 0; c < p; c++) {
                    int[] next = {mine.coordinate(c, 0), mine.coordinate(c, 1), mine.coordinate(c, 2)};
                    if (next[axis] == p - 1) {
                        continue;
                    }
                    next[axis]++;
                    int[] owner = owners.get(List.of(next[0], next[1], next[2]));
                    assertThat(owner[0]).as("rank %d cell %d axis %d", rank, c, axis).isEqualTo(mine.successor(axis));
                    assertThat(partitions[owner[0]].predecessor(axis)).isEqualTo(rank);
                }
            }
        }
    }

    @Test
    void cellsSplitTheGridWithTheLargerCellsFirst() {
        Partition partition = new Partition(9, 4, new int[] {64, 64, 64});
        int[] sizes = new int[3];
        int[] lows = new int[3];
        for (int position = 0; position < 3; position++) {
            int c = partition.slice(0, position);
            sizes[position] = partition.size(c, 0);
            lows[position] = partition.low(c, 0);
        }
        assertThat(sizes).containsExactly(22, 21, 21);
        assertThat(lows).containsExactly(0, 22, 43);
        assertThat(Partition.maxCellSize(64, 3)).isEqualTo(22);
    }

    @Test
    void onlySquaresSplitIntoCells() {
        assertThatThrownBy(() -> Partition.cellsPerAxis(8)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Partition.cellsPerAxis(16)).isEqualTo(4);
    }
}
