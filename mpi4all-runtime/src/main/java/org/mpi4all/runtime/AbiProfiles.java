package org.mpi4all.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
        String firstLine = MpiLibrary.firstLine(libraryVersion);
        // Comparisons, not a switch: a switch on another class's enum loads a class of its own (its switch map).
        String profileFamily = family == MpiDiscovery.Family.OPEN_MPI ? "openmpi"
                : family == MpiDiscovery.Family.MPICH ? "mpich"
                : family == MpiDiscovery.Family.STANDARD_ABI ? "mpiabi" : "";
        // Loops rather than stream pipelines, at least on the common path (a profile of the very version): this runs in
        // a fresh JVM, where linking a lambda costs more than the loop.
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
        List<Listed> sameProduct = candidates.stream().filter(p -> firstWord(p.libraryVersion()).equals(product)).toList();
        List<Listed> pool = sameProduct.isEmpty() ? candidates : sameProduct;
        double wanted = version(firstLine);
        return pool.stream().min(Comparator.comparingDouble(p -> Math.abs(version(p.version()) - wanted)))
                .orElseThrow().load();
    }

    private static String firstWord(String text) {
        int space = text.indexOf(' ');
        return space < 0 ? text : text.substring(0, space);
    }

    /** The first major.minor in {@code text} as a number (4.1 -> 4.001), or 0. */
    private static double version(String text) {
        Matcher matcher = Pattern.compile("(\\d+)\\.(\\d+)").matcher(text);
        return matcher.find() ? Integer.parseInt(matcher.group(1)) + Integer.parseInt(matcher.group(2)) / 1000.0 : 0;
    }
}
