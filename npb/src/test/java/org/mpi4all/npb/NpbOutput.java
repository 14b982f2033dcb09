package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What a run of npb.jar printed on standard output, read the way a person reads the report. */
record NpbOutput(String text) {

    /** A verified value's row: computed, reference, relative error, tolerance. */
    record Verified(double computed, double reference, double relativeError, double tolerance) {}

    /** The value of the report line {@code " Label ... = value"}. */
    Optional<String> field(String label) {
        String prefix = String.format(" %-16s=", label);
        return text.lines().filter(l -> l.startsWith(prefix)).findFirst().map(l -> l.substring(prefix.length()).strip());
    }

    /** The rows of the "Verified values" table, by quantity. */
    Map<String, Verified> verifiedValues() {
        List<String> lines = text.lines().toList();
        int header = lines.indexOf(" Verified values:");
        Map<String, Verified> values = new LinkedHashMap<>();
        if (header < 0) {
            return values;
        }
        for (String line : lines.subList(header + 2, lines.size())) {
            String[] cells = line.strip().split("\\s+");
            if (cells.length < 5) {
                break;
            }
            values.put(cells[0], new Verified(Double.parseDouble(cells[1]), Double.parseDouble(cells[2]),
                    Double.parseDouble(cells[3]), Double.parseDouble(cells[4])));
        }
        return values;
    }

    /**
     * Asserts the run verified, and checks each printed value against the official NPB 3.4 value given here
     * (not trusting the program's own reference), within {@code tolerance}.
     *
     * @param official quantity, official value, quantity, official value, ...
     */
    void assertVerified(double tolerance, Object... official) {
        assertThat(field("Verification")).as(text).contains("SUCCESSFUL");
        Map<String, Verified> values = verifiedValues();
        assertThat(values).as(text).hasSize(official.length / 2);
        for (int i = 0; i < official.length; i += 2) {
            String quantity = (String) official[i];
            double expected = (Double) official[i + 1];
            assertThat(values).as(text).containsKey(quantity);
            Verified value = values.get(quantity);
            assertThat(value.reference()).as("%s reference", quantity).isEqualTo(expected);
            assertThat(value.computed()).as("%s computed", quantity)
                    .isCloseTo(expected, within(Math.abs(expected) * tolerance));
        }
    }
}
