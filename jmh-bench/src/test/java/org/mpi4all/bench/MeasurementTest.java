package org.mpi4all.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class MeasurementTest {

    @Test
    void medianIsTheMiddleValueOfAnOddCountWhateverTheOrder() {
        assertThat(Measurement.median(List.of(5.0, 1.0, 3.0))).isEqualTo(3.0);
        assertThat(Measurement.median(List.of(7.5))).isEqualTo(7.5);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(Measurement.median(List.of(4.0, 1.0, 2.0, 10.0))).isEqualTo(3.0);
        assertThat(Measurement.median(List.of(1.0, 2.0))).isEqualTo(1.5);
    }

    @Test
    void noValuesHaveNoMedian() {
        assertThatThrownBy(() -> Measurement.median(List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no values, so no median");
    }

    @Test
    void bestIsTheShortestIterationAndMedianTheMiddleOne() {
        Measurement m = Measurement.parse("c\tPingPong.roundTrip\t8\t1\t1000\t0.9,0.3,0.5");

        assertThat(m.best()).isEqualTo(0.3);
        assertThat(m.median()).isEqualTo(0.5);
    }
}
