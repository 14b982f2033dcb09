package org.mpi4all;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The names of the nonblocking and persistent forms of an operation ({@link Issue.Names}), which messages show and
 * which a library that lacks the persistent form's MPI function is refused by: no MPI needed.
 */
class IssueNamesTest {
    @ParameterizedTest
    @CsvSource({
        "allreduce, iallreduce, allreduceInit, MPI_Allreduce_init",
        "send, isend, sendInit, MPI_Send_init",
        "reduceScatter, ireduceScatter, reduceScatterInit, MPI_Reduce_scatter_init",
        "neighborAlltoallv, ineighborAlltoallv, neighborAlltoallvInit, MPI_Neighbor_alltoallv_init",
    })
    void namesOfEachForm(String operation, String now, String persistent, String function) {
        Issue.Names names = Issue.Names.of(operation);
        assertThat(names).isEqualTo(new Issue.Names(now, persistent, function));
        assertThat(Issue.NOW.operation(names)).isEqualTo(now);
        assertThat(Issue.PERSISTENT.operation(names)).isEqualTo(persistent);
    }
}
