package org.mpi4all.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.mpi4all.examples.Pi;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/** The paper's pi program on the generated bindings, on 4 ranks of the implementation the build targets. */
class PiExampleIT {
    private static final Pattern RESULT = Pattern.compile("pi is approximately (\\S+) .* on (\\d+) ranks");

    @Test
    void fourRanksComputePi() {
        MpiRunResult run = MpiRun.java(Pi.class, "2000000").ranks(4).run().assertSucceeded();

        Matcher result = RESULT.matcher(run.rank(0).stdout());
        assertThat(result.find()).as(run.rank(0).stdout()).isTrue();
        assertThat(Double.parseDouble(result.group(1))).isCloseTo(Math.PI, within(1e-9));
        assertThat(result.group(2)).isEqualTo("4");
        for (int rank = 1; rank < 4; rank++) {
            assertThat(run.rank(rank).stdout()).as("only rank 0 prints").isEmpty();
        }
    }
}
