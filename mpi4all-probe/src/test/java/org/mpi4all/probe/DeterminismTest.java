package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;

/** Two probes of the same implementation write byte-identical blueprints, which read back equal. */
class DeterminismTest {

    @ParameterizedTest
    @ValueSource(strings = {"openmpi", "mpich"})
    void probingTwiceGivesTheSameJson(String name) {
        Subject subject = Subject.of(name);
        Blueprint again = Probe.run(new ProbeOptions(subject.wrapper(), name, subject.scratch("again"), null));
        String first = BlueprintJson.toJson(subject.blueprint());
        assertThat(BlueprintJson.toJson(again)).isEqualTo(first);
        assertThat(BlueprintJson.fromJson(first)).isEqualTo(subject.blueprint());
    }
}
