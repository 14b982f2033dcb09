package org.mpi4all.npb;

import java.util.Arrays;
import java.util.Locale;

/** The NPB problem classes the launcher accepts, smallest first. */
public enum NpbClass {
    S, W, A, B, C, D, E;

    /**
     * The class called {@code name}, in either case.
     *
     * @throws UsageException if there is none
     */
    public static NpbClass parse(String name) {
        for (NpbClass npbClass : values()) {
            if (npbClass.name().equals(name.toUpperCase(Locale.ROOT))) {
                return npbClass;
            }
        }
        throw new UsageException("unknown class '" + name + "' (choose one of "
                + String.join(", ", Arrays.stream(values()).map(Enum::name).toList()) + ")");
    }
}
