package org.mpi4all.probe;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** What the measuring program printed. */
record Measurements(
        Map<String, Constant> constants,
        Map<String, Type> types,
        Map<String, Map<String, Field>> fields,
        Set<String> exported,
        String library,
        String libraryVersion) {

    /** A constant's value as the compiler evaluated it. */
    sealed interface Value {
        /** An integer, or a pointer's address as an integer. */
        record Integer(long value, boolean pointer) implements Value {}

        record Floating(double value) implements Value {}

        record Text(String value) implements Value {}
    }

    /**
     * @param cType    the basic C type {@code _Generic} found ({@code int}, {@code char *}), empty for other types
     * @param constant whether {@code __builtin_constant_p} holds: the value is the same in every process
     */
    record Constant(String cType, boolean constant, Value value) {}

    /** @param signed for integer types: whether {@code (T)-1 < 0}; null otherwise */
    record Type(long size, long align, Boolean signed) {}

    record Field(long offset, long size) {}

    Optional<Constant> constant(String name) {
        return Optional.ofNullable(constants.get(name));
    }

    Optional<Type> type(String name) {
        return Optional.ofNullable(types.get(name));
    }

    Map<String, Field> fieldsOf(String typeName) {
        return fields.getOrDefault(typeName, Map.of());
    }

    static final class Builder {
        private final Map<String, Constant> constants = new HashMap<>();
        private final Map<String, Type> types = new HashMap<>();
        private final Map<String, Map<String, Field>> fields = new HashMap<>();
        private final Set<String> exported = new HashSet<>();
        private String library;
        private String libraryVersion;

        void constant(String name, Constant constant) {
            constants.put(name, constant);
        }

        void type(String name, Type type) {
            types.put(name, type);
        }

        void field(String type, String field, Field measured) {
            fields.computeIfAbsent(type, t -> new HashMap<>()).put(field, measured);
        }

        void exported(String symbol) {
            exported.add(symbol);
        }

        void library(String path) {
            library = path;
        }

        void libraryVersion(String text) {
            libraryVersion = text;
        }

        Measurements build() {
            return new Measurements(Map.copyOf(constants), Map.copyOf(types), Map.copyOf(fields), Set.copyOf(exported),
                    library, libraryVersion);
        }
    }
}
