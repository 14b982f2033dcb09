package org.mpi4all.core.standard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the MPI standard (4.1 and 5.0, from the MPI Forum's machine-readable apis.json and the MPI-5 ABI
 * table) says about procedures, callbacks and constants. The resource {@code mpi-standard.json} is derived
 * from those files by {@code mpi4all-core/src/build/derive-mpi-standard.py}. The probe names parameters and tells
 * error codes by it; the Java generator derives the checked mode's argument checks from its parameter kinds.
 */
public final class StandardApi {
    private static final String RESOURCE = "mpi-standard.json";

    /**
     * A standard parameter: its name, {@code in}/{@code out}/{@code inout}, its array length or null, its description
     * or "", its kind ({@code BUFFER}, {@code POLYXFER_NUM_ELEM_NNI}, {@code DATATYPE}, ...), whether MPI keeps it after
     * the call returns ({@code asynchronous}: nonblocking and persistent buffers, windows, attached buffers) and
     * whether it is significant at the root alone.
     */
    public record Parameter(String name, String direction, String length, String description, String kind,
                            boolean asynchronous, boolean rootOnly) {}

    /**
     * A standard procedure or callback type.
     *
     * @param returns    the standard's return kind: {@code ERROR_CODE}, {@code ERROR_CLASS}, {@code NOTHING}, ...
     * @param largeCount whether the standard also defines {@code NAME_c} with MPI_Count parameters
     * @param cTypes     the ISO C return and parameter types when all parameters are scalars passed by value
     *                   ({@code MPI_Aint_add}: {@code MPI_Aint, MPI_Aint, MPI_Aint}); empty otherwise
     */
    public record Procedure(String name, String returns, boolean largeCount, List<Parameter> parameters, List<String> cTypes) {
        /** Whether the {@code int} it returns is an error code or class to check. */
        public boolean returnsErrorCode() {
            return returns.equals("ERROR_CODE") || returns.equals("ERROR_CLASS");
        }
    }

    /**
     * A constant of the standard's ABI table.
     *
     * @param abiValue its value in the MPI-5 ABI when that is an integer, null otherwise
     */
    public record Constant(String type, Long abiValue) {}

    private final Map<String, Procedure> procedures;
    private final Map<String, Constant> constants;

    private StandardApi(Map<String, Procedure> procedures, Map<String, Constant> constants) {
        this.procedures = procedures;
        this.constants = constants;
    }

    private static final class Holder {
        static final StandardApi INSTANCE = load();
    }

    public static StandardApi get() {
        return Holder.INSTANCE;
    }

    /** The standard's procedure or callback {@code name}; {@code NAME_c} finds the large-count variant of NAME. */
    public Optional<Procedure> procedure(String name) {
        Procedure procedure = procedures.get(name);
        if (procedure != null) {
            return Optional.of(procedure);
        }
        if (name.endsWith("_c")) {
            Procedure base = procedures.get(name.substring(0, name.length() - 2));
            if (base != null && base.largeCount()) {
                return Optional.of(base);
            }
        }
        return Optional.empty();
    }

    /** The C type the standard gives constant {@code name} ({@code MPI_Comm_copy_attr_function *}). */
    public Optional<String> constantType(String name) {
        return Optional.ofNullable(constants.get(name)).map(Constant::type);
    }

    /** Every constant of the standard's ABI table, by name. */
    public Map<String, Constant> constants() {
        return constants;
    }

    private static StandardApi load() {
        try (InputStream in = StandardApi.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + RESOURCE + " is missing from mpi4all-core");
            }
            JsonNode root = new ObjectMapper().readTree(in);
            Map<String, Procedure> procedures = new HashMap<>();
            root.get("procedures").properties().forEach(entry -> {
                JsonNode node = entry.getValue();
                List<Parameter> parameters = new ArrayList<>();
                for (JsonNode p : node.get("parameters")) {
                    List<String> flags = new ArrayList<>();
                    p.get(5).forEach(flag -> flags.add(flag.asText()));
                    parameters.add(new Parameter(p.get(0).asText(), p.get(1).asText(), length(p.get(2)), p.get(3).asText(),
                            p.get(4).asText(), flags.contains("asynchronous"), flags.contains("root_only")));
                }
                List<String> cTypes = new ArrayList<>();
                if (node.has("c")) {
                    node.get("c").forEach(t -> cTypes.add(t.asText()));
                }
                procedures.put(entry.getKey(), new Procedure(entry.getKey(), node.get("returns").asText(),
                        node.get("largeCount").asBoolean(), List.copyOf(parameters), List.copyOf(cTypes)));
            });
            Map<String, Constant> constants = new HashMap<>();
            root.get("constants").properties().forEach(entry -> {
                JsonNode value = entry.getValue().get(1);
                constants.put(entry.getKey(), new Constant(entry.getValue().get(0).asText(),
                        value.isIntegralNumber() ? value.asLong() : null));
            });
            return new StandardApi(Map.copyOf(procedures), Map.copyOf(constants));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** A length as the blueprint writes it: an expression, {@code *}, or the dimensions joined by {@code ", "}. */
    private static String length(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isArray()) {
            List<String> dimensions = new ArrayList<>();
            node.forEach(d -> dimensions.add(d.asText()));
            return String.join(", ", dimensions);
        }
        return node.asText().isEmpty() ? null : node.asText();
    }
}
