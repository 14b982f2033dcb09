package org.mpi4all.core.blueprint;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.EnumFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes blueprints as JSON. Output is deterministic (entries sorted by name, fields in
 * declaration order, nulls and empty lists omitted) so that two blueprints diff cleanly, and a file is
 * written whole or not at all.
 */
public final class BlueprintJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .configure(EnumFeature.WRITE_ENUMS_TO_LOWERCASE, true)
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .serializationInclusion(JsonInclude.Include.NON_EMPTY)
            .build();

    private BlueprintJson() {}

    public static String toJson(Blueprint blueprint) {
        try {
            return MAPPER.writeValueAsString(blueprint) + "\n";
        } catch (JacksonException e) {
            throw new IllegalStateException("cannot serialise blueprint: " + e.getOriginalMessage(), e);
        }
    }

    public static Blueprint fromJson(String json) {
        Blueprint blueprint;
        try {
            blueprint = MAPPER.readValue(json, Blueprint.class);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not a blueprint: " + e.getOriginalMessage(), e);
        }
        if (blueprint.schema() != Blueprint.SCHEMA_VERSION) {
            throw new IllegalArgumentException("blueprint schema " + blueprint.schema()
                    + " is not supported (this mpi4all reads schema " + Blueprint.SCHEMA_VERSION + ")");
        }
        return blueprint;
    }

    public static Blueprint read(Path file) {
        try {
            return fromJson(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read blueprint " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes the blueprint through a temporary file in the same directory, so no partial file is left. */
    public static void write(Blueprint blueprint, Path file) throws IOException {
        String json = toJson(blueprint);
        Path dir = file.toAbsolutePath().getParent();
        Path temp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(temp, json);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
