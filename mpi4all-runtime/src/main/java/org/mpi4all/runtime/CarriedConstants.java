package org.mpi4all.runtime;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The constants of an ABI profile the bindings carry, as the generated {@link CarriedProfiles} spells them: a
 * {@code switch} on the name per profile, so that selecting a profile parses nothing and builds no table, and a
 * look-up costs what a map's would. An unmodifiable map over that {@code switch}; iterating it (tests, tools) lists
 * the names the generated code gives.
 */
abstract class CarriedConstants extends AbstractMap<String, String> {

    /** The profile's value of the constant {@code name}, as a profile line spells it; null where it has none. */
    abstract String value(String name);

    /** Every constant's name, in the profile's order. */
    abstract List<String> names();

    @Override
    public String get(Object key) {
        return key instanceof String name ? value(name) : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public Set<Map.Entry<String, String>> entrySet() {
        Map<String, String> all = new LinkedHashMap<>();
        for (String name : names()) {
            all.put(name, value(name));
        }
        return Collections.unmodifiableMap(all).entrySet();
    }
}
