package org.mpi4all.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The ABI profiles the neutral bindings carry (one per implementation the project probed, in the generated
 * {@link CarriedProfiles}, whose index says what selecting one needs), and the choice of one for a loaded library:
 * only that one is parsed.
 */
final class AbiProfiles {

    /**
     * A line of the index: a profile's name (its file is {@code NAME.profile}), family, version and first line of
     * {@code MPI_Get_library_version}, as its {@code implementation} line has them.
     */
    record Listed(String name, String family, String version, String libraryVersion) {
        static Listed parse(String line) {
            String[] fields = line.split("\t", -1);
            if (fields.length != 4) {
                throw new IllegalStateException("the index of the carried ABI profiles has a malformed line \"" + line + "\": the mpi4all jar is"
                        + " damaged");
            }
            return new Listed(fields[0], fields[1], fields[2], fields[3]);
        }

        AbiProfile load() {
            String text = CarriedProfiles.text(name);
            if (text == null) {
                throw new IllegalStateException("the ABI profile " + name + " is listed but not carried: the mpi4all jar"
                        + " is damaged");
            }
            return AbiProfile.parse(text, name + ".profile");
        }
    }

    private AbiProfiles() {}

    /**
     * Whether {@code -Dmpi4all.abi=probe} or {@code MPI4ALL_ABI=probe} withholds the carried profiles, so that the
     * loaded library is probed ({@link RuntimeProbe}).
     */
    static boolean withheld() {
        String abi = System.getProperty(MpiDiscovery.ABI_PROPERTY, System.getenv(MpiDiscovery.ABI_VARIABLE));
        return MpiDiscovery.PROBE.equalsIgnoreCase(abi == null ? "" : abi.strip());
    }

    /** The index of the profiles the jar carries, in its order. */
    static List<Listed> listed() {
        List<Listed> listed = new ArrayList<>();
        for (String line : CarriedProfiles.INDEX.split("\n")) {
            if (!line.isBlank()) {
                listed.add(Listed.parse(line));
            }
        }
        return listed;
    }

    /** The profiles the jar carries, in the index's order, all parsed. */
    static List<AbiProfile> all() {
        List<AbiProfile> all = new ArrayList<>();
        for (Listed listed : listed()) {
            all.add(listed.load());
        }
        return all;
    }

    /**
     * The profile for a library of {@code family} whose {@code MPI_Get_library_version} is {@code libraryVersion}:
     * the one measured on that very version if there is one, else the family's member of the same product (Intel MPI
     * or MPICH, by the first word of the version text) with the nearest version. Within a family the ABI is stable;
     * a nearer version knows more of the newer constants.
     */
    static AbiProfile select(MpiDiscovery.Family family, String libraryVersion, String library) {
        // As the index writes it: tabs made spaces (MPICH 4's is "MPICH Version:<TAB>4.0.2"). Compared as the library
        // gives it, MPICH's own profile was missed and found again by the nearest version, whose first use of a
        // stream, lambdas and a regular expression cost a fresh JVM some 10 ms of CPU.
        String firstLine = MpiLibrary.firstLine(libraryVersion).replace('\t', ' ');
        // Comparisons, not a switch: a switch on another class's enum loads a class of its own (its switch map).
        String profileFamily = family == MpiDiscovery.Family.OPEN_MPI ? "openmpi"
                : family == MpiDiscovery.Family.MPICH ? "mpich"
                : family == MpiDiscovery.Family.STANDARD_ABI ? "mpiabi" : "";
        // Loops rather than stream pipelines: this runs in a fresh JVM, where linking a lambda costs more than the loop.
        List<Listed> candidates = new ArrayList<>();
        for (Listed profile : listed()) {
            if (profile.family().equals(profileFamily)) {
                candidates.add(profile);
            }
        }
        if (candidates.isEmpty()) {
            throw new UnsatisfiedLinkError("mpi4all has no ABI profile for " + library + " (\"" + firstLine + "\")");
        }
        for (Listed profile : candidates) {
            if (profile.libraryVersion().equals(firstLine)) {
                return profile.load();
            }
        }
        String product = firstWord(firstLine);
        List<Listed> pool = new ArrayList<>();
        for (Listed profile : candidates) {
            if (firstWord(profile.libraryVersion()).equals(product)) {
                pool.add(profile);
            }
        }
        if (pool.isEmpty()) {
            pool = candidates;
        }
        double wanted = version(firstLine);
        Listed nearest = pool.getFirst();
        for (Listed profile : pool) {
            if (Math.abs(version(profile.version()) - wanted) < Math.abs(version(nearest.version()) - wanted)) {
                nearest = profile;
            }
        }
        return nearest.load();
    }

    private static String firstWord(String text) {
        int space = text.indexOf(' ');
        return space < 0 ? text : text.substring(0, space);
    }

    /** The first major.minor in {@code text} as a number (4.1 -> 4.001), or 0: digits, a dot, digits. */
    private static double version(String text) {
        for (int dot = text.indexOf('.'); dot >= 0; dot = text.indexOf('.', dot + 1)) {
            int start = dot;
            while (start > 0 && isDigit(text.charAt(start - 1))) {
                start--;
            }
            int end = dot + 1;
            while (end < text.length() && isDigit(text.charAt(end))) {
                end++;
            }
            if (start < dot && end > dot + 1) {
                return Integer.parseInt(text.substring(start, dot)) + Integer.parseInt(text.substring(dot + 1, end)) / 1000.0;
            }
        }
        return 0;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
