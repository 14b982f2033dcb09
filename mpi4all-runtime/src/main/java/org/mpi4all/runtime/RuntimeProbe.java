package org.mpi4all.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.probe.AuxLibrary;
import org.mpi4all.probe.CompilerWrapper;
import org.mpi4all.probe.Probe;
import org.mpi4all.probe.ProbeException;
import org.mpi4all.probe.ProbeOptions;

/**
 * Run-time binding generation: the ABI profile of a library mpi4all carries none for, made by probing the
 * implementation with its own C compiler wrapper, once, and kept in the user's {@link ProfileCache}.
 *
 * <p>The carried profiles cover the three ABI families. {@code -Dmpi4all.abi=probe} (or {@code MPI4ALL_ABI=probe},
 * {@link AbiProfiles#withheld()}) withholds them, for an implementation whose extensions a user wants, or to exercise
 * this path on a known one. The probe runs in this JVM ({@link Probe}), the blueprint becomes a profile with the same writer that made the carried
 * ones, and the auxiliary library is built for the values and function-like macros the profile gives as {@code aux}.
 * The cache key is the SHA-256 of the library's content (a rebuilt or upgraded MPI is probed again, a copy of the
 * same one elsewhere is not) combined with a checksum of the probe's own code (a new mpi4all may probe differently).
 */
final class RuntimeProbe {
    static final String MPICC_PROPERTY = "mpi4all.mpicc";
    static final String MPICC_VARIABLE = "MPI4ALL_MPICC";
    /** {@code -Dmpi4all.verbose=true}: one line on stderr saying whether the profile was probed or cached. */
    static final String VERBOSE_PROPERTY = "mpi4all.verbose";
    private static final String WITHHELD = "-D" + MpiDiscovery.ABI_PROPERTY + "=probe or " + MpiDiscovery.ABI_VARIABLE
            + "=probe withholds the profiles mpi4all carries";
    /** The code that turns a library into a profile: the probe and the blueprint model with its profile writer. */
    private static final List<Class<?>> PROBE_CODE = List.of(Probe.class, org.mpi4all.core.blueprint.AbiProfile.class);

    /**
     * How the bindings bind to the loaded library. (A record of its own class file: {@link MpiLibrary} names it
     * without loading this class, whose verification needs the probe's classes.)
     *
     * @param auxSymbols the auxiliary library built with a probed profile; null for a carried profile, which needs none
     */
    record Binding(AbiProfile profile, SymbolLookup auxSymbols) {}

    private RuntimeProbe() {}

    /** The profile of {@code library} with the carried ones withheld ({@link AbiProfiles#withheld()}). */
    static Binding bind(String library) {
        return bind(library, WITHHELD);
    }

    /**
     * The cached profile of {@code library}, probed first if the cache has none that verifies.
     *
     * @param why why no carried profile applies, for the error raised when probing is impossible
     */
    static Binding bind(String library, String why) {
        ProfileCache cache = ProfileCache.open();
        String libraryDigest = ProfileCache.sha256(Path.of(library));
        if (libraryDigest == null) {
            throw new UnsatisfiedLinkError("mpi4all cannot read the MPI library " + library + " to identify it");
        }
        String codeDigest = probeCodeChecksum();
        Map<String, String> identity = new LinkedHashMap<>();
        identity.put("library", library);
        identity.put("library-sha256", libraryDigest);
        identity.put("probe-code-sha256", codeDigest);
        String key = sha256(libraryDigest + "\n" + codeDigest).substring(0, 32);
        ProfileCache.Entry entry = cache.obtain(key, identity, directory -> probeInto(directory, library, why));
        if (verbose()) {
            System.err.println("mpi4all: " + (entry.probed() ? "probed " : "cached ") + "ABI profile of " + library
                    + " in " + entry.directory());
        }
        return new Binding(entry.profile(), SymbolLookup.libraryLookup(entry.auxLibrary(), Arena.global()));
    }

    /** Probes {@code library}'s implementation and writes its profile and auxiliary library into {@code directory}. */
    private static void probeInto(Path directory, String library, String why) {
        CompilerWrapper wrapper = wrapper(library, why);
        Consumer<String> log = verbose() ? line -> System.err.println("mpi4all probe: " + line) : null;
        try {
            Blueprint blueprint = Probe.run(new ProbeOptions(wrapper, null, null, log));
            // A wrapper of another implementation (Debian's /usr/bin/mpicc is whichever the alternatives chose)
            // would describe another ABI than the one loaded.
            if (!sameFile(blueprint.implementation().library(), library)) {
                throw new UnsatisfiedLinkError("mpi4all has no ABI profile for " + library + " (" + why + ") and the"
                        + " compiler wrapper " + wrapper + " builds against " + blueprint.implementation().library()
                        + ", not against it: set " + MPICC_VARIABLE + " to the mpicc of " + library + "'s implementation");
            }
            ProfileCache.writeAtomically(directory.resolve(ProfileCache.PROFILE),
                    org.mpi4all.core.blueprint.AbiProfile.write(blueprint));
            AuxLibrary.buildFile(blueprint, wrapper, directory.resolve(ProfileCache.AUX_LIBRARY));
        } catch (ProbeException e) {
            throw new UnsatisfiedLinkError("mpi4all has no ABI profile for " + library + " (" + why + ") and probing"
                    + " it with " + wrapper + " failed: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the ABI profile into " + directory + ": " + e.getMessage(), e);
        }
    }

    /**
     * The implementation's compiler wrapper: the one named by {@code -Dmpi4all.mpicc} or {@code MPI4ALL_MPICC},
     * else {@code PREFIX/bin/mpicc} for a library in {@code PREFIX/lib} or {@code PREFIX/lib/MULTIARCH} (the
     * implementation's own, whatever {@code PATH} says), else the first wrapper on {@code PATH}.
     */
    static CompilerWrapper wrapper(String library, String why) {
        String explicit = setting(MPICC_PROPERTY, MPICC_VARIABLE);
        if (explicit != null) {
            Path mpicc = Path.of(explicit);
            if (!Files.isRegularFile(mpicc) || !Files.isExecutable(mpicc)) {
                throw noCompiler(library, why, "the compiler wrapper " + explicit + " given by -D" + MPICC_PROPERTY
                        + " or " + MPICC_VARIABLE + " is not an executable file");
            }
            return CompilerWrapper.of(mpicc);
        }
        Path prefix = Path.of(library).toAbsolutePath().getParent();
        for (int level = 0; level < 2 && prefix.getParent() != null; level++) {
            prefix = prefix.getParent();
            Path mpicc = prefix.resolve("bin").resolve("mpicc");
            if (Files.isRegularFile(mpicc) && Files.isExecutable(mpicc)) {
                return CompilerWrapper.of(mpicc);
            }
        }
        try {
            return CompilerWrapper.findOnPath(System.getenv("PATH"));
        } catch (ProbeException e) {
            throw noCompiler(library, why, "there is no mpicc beside it nor on PATH");
        }
    }

    private static UnsatisfiedLinkError noCompiler(String library, String why, String problem) {
        return new UnsatisfiedLinkError("mpi4all has no ABI profile for " + library + " (" + why + ") and cannot"
                + " probe it: " + problem + "; set " + MPICC_VARIABLE + " to its implementation's mpicc, or install"
                + " the implementation's development package (mpicc and mpi.h)");
    }

    /**
     * A SHA-256 of the classes and resources of the probe and of the blueprint model, wherever they were loaded from
     * (a jar of their own, a shaded application jar, a build's class directory), so that an upgraded mpi4all probes
     * again but rebuilding an application that shades it does not.
     */
    static String probeCodeChecksum() {
        MessageDigest digest = ProfileCache.newSha256();
        for (Class<?> type : PROBE_CODE) {
            // org/mpi4all/probe/, org/mpi4all/core/: the module's whole code, not only the class's own package
            String prefix = String.join("/", List.of(type.getPackageName().split("\\.")).subList(0, 3)) + "/";
            Path location;
            try {
                location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
            } catch (URISyntaxException | NullPointerException e) {
                throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded from", e);
            }
            try {
                if (Files.isDirectory(location)) {
                    digestDirectory(digest, location, prefix);
                } else {
                    digestJar(digest, location, prefix);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + location + ": " + e.getMessage(), e);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void digestDirectory(MessageDigest digest, Path classes, String prefix) throws IOException {
        try (Stream<Path> files = Files.walk(classes.resolve(prefix))) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                digest.update(classes.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                digest.update(Files.readAllBytes(file));
            }
        }
    }

    private static void digestJar(MessageDigest digest, Path jar, String prefix) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : file.stream().filter(e -> !e.isDirectory() && e.getName().startsWith(prefix))
                    .sorted(Comparator.comparing(JarEntry::getName)).toList()) {
                digest.update(entry.getName().getBytes(StandardCharsets.UTF_8));
                try (InputStream in = file.getInputStream(entry)) {
                    digest.update(in.readAllBytes());
                }
            }
        }
    }

    private static boolean sameFile(String a, String b) {
        try {
            return Files.isSameFile(Path.of(a), Path.of(b));
        } catch (IOException e) {
            return false;
        }
    }

    private static String sha256(String text) {
        return HexFormat.of().formatHex(ProfileCache.newSha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static boolean verbose() {
        return "true".equals(System.getProperty(VERBOSE_PROPERTY));
    }

    /** A system property, else an environment variable; null if neither is set. */
    private static String setting(String property, String variable) {
        String value = System.getProperty(property, System.getenv(variable));
        return value == null || value.isBlank() ? null : value;
    }
}
