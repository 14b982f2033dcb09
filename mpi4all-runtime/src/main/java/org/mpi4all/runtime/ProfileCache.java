package org.mpi4all.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.mpi4all.core.auxiliary.AuxLibrarySource;

/**
 * The user's cache of ABI profiles probed at run time, with the auxiliary library built beside each:
 * {@code CACHE/profiles/KEY/{profile, libmpi4all_aux.so, manifest}} (and {@code CACHE/aux/}, the auxiliary libraries
 * that specialised jars carry, {@link #extracted}), where {@code CACHE} is {@code $MPI4ALL_CACHE},
 * else {@code $XDG_CACHE_HOME/mpi4all}, else {@code ~/.cache/mpi4all}, and {@code KEY} names one library content
 * probed by one version of the probe ({@link RuntimeProbe} computes it).
 *
 * <p>Every rank of a node may start at once with an empty cache; probing takes seconds and must happen once. So an
 * entry is looked up without a lock (the common case: it is there), and when it is missing or does not verify, the
 * rank takes an exclusive file lock on the entry, looks again (another rank may have built it meanwhile) and only
 * then builds it. Each file appears whole through a rename, and the manifest, which records the SHA-256 of the other
 * two, is written last: an entry without a valid manifest does not exist, and one whose files do not match it is
 * corrupt (a crash mid-write, a full disk, a hand edit) and is rebuilt.
 *
 * <p>The cache holds a shared library the JVM will load and a profile whose addresses and values the bindings
 * trust, so it must be the user's alone: directories are created {@code 0700}, files {@code 0600}, and a directory
 * another user owns or that group or others can write is refused, never used.
 */
final class ProfileCache {
    static final String CACHE_VARIABLE = "MPI4ALL_CACHE";
    static final String PROFILE = "profile";
    static final String AUX_LIBRARY = AuxLibrarySource.FILE_NAME;
    static final String MANIFEST = "manifest";
    private static final String LOCK = "lock";
    private static final String MANIFEST_HEADER = "mpi4all-profile-cache 1";
    private static final Set<PosixFilePermission> PRIVATE_DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> PRIVATE_FILE = PosixFilePermissions.fromString("rw-------");

    /**
     * A verified entry.
     *
     * @param probed whether this process built it (false: it was found in the cache)
     */
    record Entry(Path directory, AbiProfile profile, Path auxLibrary, boolean probed) {}

    private final Path profiles;

    private ProfileCache(Path profiles) {
        this.profiles = profiles;
    }

    /**
     * The user's cache, created if missing.
     *
     * @throws IllegalStateException naming the directory if it cannot be created, is not writable, or is not private
     */
    static ProfileCache open() {
        return new ProfileCache(privateDirectory(privateRoot(root()).resolve("profiles")));
    }

    /**
     * {@code root}, created {@code 0700} if missing, after checking that it is the user's alone and writable.
     *
     * @throws IllegalStateException naming the directory if it cannot be created, is not writable, or is not private
     */
    static Path privateRoot(Path root) {
        try {
            Files.createDirectories(root, PosixFilePermissions.asFileAttribute(PRIVATE_DIRECTORY));
            // The user may point MPI4ALL_CACHE at a link to a directory of theirs: judge what it points to.
            root = root.toRealPath();
        } catch (IOException e) {
            throw unwritable(root, e);
        }
        checkPrivate(root);
        if (!Files.isWritable(root)) {
            throw unwritable(root, new AccessDeniedException(root.toString()));
        }
        return root;
    }

    /**
     * The file {@code CACHE/aux/NAME/FILE} holding exactly {@code content} (a specialised jar's auxiliary library,
     * extracted to be loaded): written whole and private when it is missing or differs (a crash mid-write, a hand
     * edit), compared byte for byte otherwise, so that what the JVM loads is what the jar carries. {@code name}
     * tells the jar's builds apart; ranks starting at once each rename an identical copy into place.
     */
    static Path extracted(Path root, String name, String file, byte[] content) {
        Path directory = privateDirectory(privateDirectory(privateRoot(root).resolve("aux")).resolve(name));
        Path target = directory.resolve(file);
        try {
            if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
                    || !Arrays.equals(Files.readAllBytes(target), content)) {
                writeAtomically(target, content);
            }
        } catch (IOException e) {
            throw unwritable(directory, e);
        }
        return target;
    }

    /** {@code $MPI4ALL_CACHE}, else {@code $XDG_CACHE_HOME/mpi4all}, else {@code ~/.cache/mpi4all}. */
    static Path root() {
        String configured = System.getenv(CACHE_VARIABLE);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath();
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "mpi4all").toAbsolutePath();
        }
        return Path.of(System.getProperty("user.home"), ".cache", "mpi4all");
    }

    /** The directory of entry {@code key}. */
    Path directory(String key) {
        return profiles.resolve(key);
    }

    /**
     * The entry {@code key}, built by {@code build} when it is missing or corrupt. {@code build} receives the entry's
     * directory and must leave {@link #PROFILE} and {@link #AUX_LIBRARY} in it, each written whole or not at all;
     * {@code identity} (what was probed) goes into the manifest for whoever inspects the cache.
     */
    Entry obtain(String key, Map<String, String> identity, Consumer<Path> build) {
        Path directory = privateDirectory(directory(key));
        Verified found = verify(directory);
        if (found.entry() != null) {
            return found.entry();
        }
        try (FileChannel channel = FileChannel.open(directory.resolve(LOCK),
                Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PRIVATE_FILE));
             FileLock lock = channel.lock()) {
            // Another rank may have built the entry while this one waited for the lock.
            Verified again = verify(directory);
            if (again.entry() != null) {
                return again.entry();
            }
            if (again.corruption() != null) {
                System.err.println("mpi4all: the cached ABI profile " + directory + " is corrupt (" + again.corruption()
                        + "): discarding it and probing again");
            }
            Files.deleteIfExists(directory.resolve(MANIFEST));
            build.accept(directory);
            // The compiler writes the library (and the builder its C source, kept for inspection) as umask allows.
            try (Stream<Path> files = Files.list(directory)) {
                for (Path file : files.toList()) {
                    Files.setPosixFilePermissions(file, PRIVATE_FILE);
                }
            }
            writeManifest(directory, identity);
            Verified built = verify(directory);
            if (built.entry() == null) {
                throw new IllegalStateException("the ABI profile just written to " + directory + " does not verify: "
                        + built.corruption());
            }
            return new Entry(directory, built.entry().profile(), built.entry().auxLibrary(), true);
        } catch (IOException e) {
            throw unwritable(directory, e);
        }
    }

    /** An entry found whole, or why it is not: nothing ({@code corruption} null) if there is no manifest. */
    private record Verified(Entry entry, String corruption) {}

    private static Verified verify(Path directory) {
        Map<String, String> manifest;
        try {
            manifest = readFields(Files.readString(directory.resolve(MANIFEST), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return new Verified(null, null);
        } catch (IOException e) {
            return new Verified(null, "cannot read its manifest: " + e.getMessage());
        }
        if (manifest == null) {
            return new Verified(null, "its manifest is not one");
        }
        for (String file : new String[] {PROFILE, AUX_LIBRARY}) {
            String recorded = manifest.get(file + "-sha256");
            String actual = sha256(directory.resolve(file));
            if (recorded == null || !recorded.equals(actual)) {
                return new Verified(null, file + (actual == null ? " is missing" : " does not match its SHA-256"));
            }
        }
        try {
            AbiProfile profile = AbiProfile.parse(Files.readString(directory.resolve(PROFILE), StandardCharsets.UTF_8),
                    directory.resolve(PROFILE).toString());
            return new Verified(new Entry(directory, profile, directory.resolve(AUX_LIBRARY), false), null);
        } catch (IOException | IllegalArgumentException e) {
            return new Verified(null, e.getMessage());
        }
    }

    private static void writeManifest(Path directory, Map<String, String> identity) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>(identity);
        fields.put(PROFILE + "-sha256", sha256(directory.resolve(PROFILE)));
        fields.put(AUX_LIBRARY + "-sha256", sha256(directory.resolve(AUX_LIBRARY)));
        StringBuilder text = new StringBuilder(MANIFEST_HEADER).append('\n');
        fields.forEach((name, value) -> text.append(name).append('\t').append(value).append('\n'));
        writeAtomically(directory.resolve(MANIFEST), text.toString());
    }

    /** Writes {@code text} to a private temporary file beside {@code target}, then renames it over {@code target}. */
    static void writeAtomically(Path target, String text) throws IOException {
        writeAtomically(target, text.getBytes(StandardCharsets.UTF_8));
    }

    private static void writeAtomically(Path target, byte[] content) throws IOException {
        Path temporary = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp",
                PosixFilePermissions.asFileAttribute(PRIVATE_FILE));
        try {
            Files.write(temporary, content);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** The manifest's {@code name<TAB>value} lines, or null if its first line is not the header. */
    private static Map<String, String> readFields(String text) {
        if (!text.startsWith(MANIFEST_HEADER + "\n")) {
            return null;
        }
        Map<String, String> fields = new LinkedHashMap<>();
        text.lines().skip(1).map(line -> line.split("\t", 2)).filter(f -> f.length == 2)
                .forEach(f -> fields.put(f[0], f[1]));
        return fields;
    }

    /** The hex SHA-256 of {@code file}'s content, or null if it cannot be read. */
    static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = newSha256();
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            return null;
        }
    }

    static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError("every JDK has SHA-256", e);
        }
    }

    /** {@code directory}, created {@code 0700} if missing, after checking that it is the user's alone. */
    private static Path privateDirectory(Path directory) {
        try {
            Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(PRIVATE_DIRECTORY));
        } catch (FileAlreadyExistsException e) {
            // made by an earlier run or by another rank just now; checked below either way
        } catch (IOException e) {
            throw unwritable(directory, e);
        }
        checkPrivate(directory);
        return directory;
    }

    /**
     * Refuses a directory another user owns, or that group or others can write to: whoever can write there can put
     * code into this process. Links are refused below the root, since nothing but mpi4all writes there.
     */
    private static void checkPrivate(Path directory) {
        try {
            PosixFileAttributes attributes = Files.readAttributes(directory, PosixFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isDirectory()) {
                throw refused(directory, "it is not a directory");
            }
            int owner = (int) Files.getAttribute(directory, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int self = (int) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            if (owner != self) {
                throw refused(directory, "it belongs to another user (uid " + owner + ", not " + self + ")");
            }
            Set<PosixFilePermission> permissions = attributes.permissions();
            if (permissions.contains(PosixFilePermission.GROUP_WRITE)
                    || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
                throw refused(directory, "group or others can write to it ("
                        + PosixFilePermissions.toString(permissions) + ")");
            }
        } catch (IOException e) {
            throw unwritable(directory, e);
        }
    }

    private static IllegalStateException refused(Path directory, String why) {
        return new IllegalStateException("mpi4all refuses the cache directory " + directory + ": " + why
                + "; make it yours alone (chmod 700) or set " + CACHE_VARIABLE + " to a directory of your own");
    }

    private static IllegalStateException unwritable(Path directory, IOException cause) {
        return new IllegalStateException("mpi4all cannot write its cache directory " + directory + " ("
                + cause.getClass().getSimpleName() + ": " + cause.getMessage() + "): set " + CACHE_VARIABLE
                + " to a writable directory of your own", cause);
    }
}
