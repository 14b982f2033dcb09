package org.mpi4all.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.mpi4all.core.blueprint.AbiProfile;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.BlueprintJson;
import org.mpi4all.core.mpi.MpiImplementation;

/**
 * The ABI profiles the neutral bindings carry are what the implementations really are: every installed
 * implementation is probed again and its profile (handle carriers, {@code MPI_Status}, every constant's value or
 * symbol, the macros standing for functions) compared line by line with the one made from its blueprint in the
 * repository's {@code abi/}. A difference fails with both lines; {@code scripts/abi-profiles} rewrites the blueprints.
 */
class AbiProfilesIT {
    @TestFactory
    List<DynamicTest> everyInstalledImplementationMatchesItsProfile() {
        Path abi = MpiImplementation.projectRoot().resolve("abi");
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : MpiImplementation.NAMES) {
            tests.add(DynamicTest.dynamicTest(name, () -> {
                MpiImplementation implementation;
                try {
                    implementation = MpiImplementation.facts(name);
                } catch (IllegalStateException e) {
                    org.junit.jupiter.api.Assumptions.abort(name + " is not installed: " + e.getMessage());
                    return;
                }
                Path kept = abi.resolve(name + ".json");
                assertThat(kept).as("the repository's blueprint of " + name).isRegularFile();
                Blueprint probed = Probe.run(new ProbeOptions(CompilerWrapper.of(implementation), name, null, null));
                List<String> expected = AbiProfile.write(BlueprintJson.read(kept)).lines().toList();
                List<String> actual = AbiProfile.write(probed).lines().toList();
                List<String> onlyKept = new ArrayList<>(expected);
                onlyKept.removeAll(actual);
                List<String> onlyProbed = new ArrayList<>(actual);
                onlyProbed.removeAll(expected);
                assertThat(onlyKept).as("profile lines of abi/%s.json that the installed %s no longer has"
                        + " (it has instead: %s)", name, name, onlyProbed).isEmpty();
                assertThat(onlyProbed).as("profile lines of the installed %s missing from abi/%s.json", name, name).isEmpty();
                assertThat(actual).anyMatch(l -> l.startsWith("constant\tMPI_COMM_WORLD\t"));
            }));
        }
        assertThat(Files.isDirectory(abi)).as(abi + " exists").isTrue();
        return tests;
    }
}
