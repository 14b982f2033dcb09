package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SequencedSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the MPI library at run time, loads it into the global symbol scope, tells which ABI it has, and refuses
 * a library that cannot join the launcher's job.
 *
 * <p>The library is found in this order, the first that applies winning:
 * <ol>
 *   <li>the user's choice: {@code -Dmpi4all.lib=PATH|SONAME} or {@code MPI4ALL_LIB};</li>
 *   <li>an MPI library already in the process (preloaded, or loaded by other native code): a second MPI
 *       in one process cannot work;</li>
 *   <li>the library beside the launcher: the launcher found among this process's ancestors is installed in a
 *       prefix whose {@code lib} directory holds its own MPI library;</li>
 *   <li>the usual names through the loader's search path, those of the launcher's lineage first.</li>
 * </ol>
 * The MPI-5 standard ABI's library ({@code libmpi_abi.so.1}) is taken beside a launcher whose installation carries
 * no library of the implementation's own ABI. Where it is installed beside that one (MPICH 5, Intel MPI), the own
 * one is the default: {@code -Dmpi4all.abi=openmpi|mpich|standard} (or {@code MPI4ALL_ABI}) narrows steps 3 and 4
 * to the named ABI's library.
 */
public final class MpiDiscovery {
    public static final String LIBRARY_PROPERTY = "mpi4all.lib";
    public static final String LIBRARY_VARIABLE = "MPI4ALL_LIB";
    public static final String ABI_PROPERTY = "mpi4all.abi";
    public static final String ABI_VARIABLE = "MPI4ALL_ABI";
    /** The {@code mpi4all.abi} value that has the loaded library probed instead of bound by a carried profile. */
    public static final String PROBE = "probe";

    /** The ABI families: what decides the handles, constants and {@code MPI_Status} layout the bindings use. */
    public enum Family {
        /** Open MPI 4.x and 5.x ({@code libmpi.so.40}): handles are addresses of exported symbols. */
        OPEN_MPI("openmpi", "libmpi.so.40"),
        /** MPICH 3.1+ and its derivatives (Intel MPI, MVAPICH, Cray MPICH): integer handles with fixed values. */
        MPICH("mpich", "libmpich.so.12", "libmpi.so.12"),
        /** The MPI-5 standard ABI ({@code libmpi_abi.so.1}): values fixed by the standard. */
        STANDARD_ABI("standard", "libmpi_abi.so.1"),
        /** None of the above: the bindings must be probed for it. */
        UNKNOWN("unknown");

        private final String abiName;
        private final List<String> libraryNames;

        Family(String abiName, String... libraryNames) {
            this.abiName = abiName;
            this.libraryNames = List.of(libraryNames);
        }

        /** The name {@code -Dmpi4all.abi} uses for it. */
        public String abiName() {
            return abiName;
        }

        /** The libraries of this ABI, by the names (sonames) programs link to. */
        public List<String> libraryNames() {
            return libraryNames;
        }
    }

    /**
     * Whose code a library is, whatever ABI it presents: what decides which launcher it can run under (MPICH 5's
     * standard-ABI library still needs Hydra).
     */
    public enum Lineage { OPEN_MPI, MPICH, UNKNOWN }

    /**
     * What a loaded library is.
     *
     * @param family  its ABI
     * @param lineage whose code it is
     * @param version the first line of its {@code MPI_Get_library_version} text
     */
    public record Identity(Family family, Lineage lineage, String version) {}

    /**
     * The library loaded, and why that one.
     *
     * @param library        the file loaded
     * @param how            the step that chose it, for messages ({@code "beside the launcher /usr/bin/orterun"})
     * @param identity       what it is
     * @param launcher       the launcher of this process
     * @param libraryVersion the whole text of its {@code MPI_Get_library_version}
     * @param symbols        its symbols (and its dependencies'), looked up in the library loaded
     */
    public record Loaded(String library, String how, Identity identity, MpiLauncher launcher, String libraryVersion,
                         SymbolLookup symbols) {}

    /** The user's explicit choices; either may be null. */
    record Choice(String library, String libraryFrom, Family abi, String abiFrom) {
        static Choice fromSystem() {
            String library = setting(LIBRARY_PROPERTY, LIBRARY_VARIABLE);
            String abi = setting(ABI_PROPERTY, ABI_VARIABLE);
            // "probe" is no ABI to look for: it withholds the carried profiles once the library is found (AbiProfiles).
            boolean named = abi != null && !abi.equalsIgnoreCase(PROBE);
            return new Choice(library, from(LIBRARY_PROPERTY, LIBRARY_VARIABLE),
                    named ? family(abi, from(ABI_PROPERTY, ABI_VARIABLE)) : null, from(ABI_PROPERTY, ABI_VARIABLE));
        }

        private static String setting(String property, String variable) {
            String value = System.getProperty(property, System.getenv(variable));
            return value == null || value.isBlank() ? null : value.strip();
        }

        private static String from(String property, String variable) {
            return System.getProperty(property) != null ? "-D" + property : variable;
        }

        static Family family(String abiName, String from) {
            return Stream.of(Family.OPEN_MPI, Family.MPICH, Family.STANDARD_ABI)
                    .filter(f -> f.abiName().equals(abiName.toLowerCase(Locale.ROOT)))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(from + "=" + abiName
                            + " is not an MPI ABI: choose openmpi, mpich or standard (or probe)"));
        }
    }

    /** A library chosen by one of the steps before it is loaded: a path, or a name for the loader to search. */
    record Located(String library, String how) {}

    /** MPICH's version text runs to thousands of characters; Open MPI allows 256: room for any. */
    private static final long VERSION_CAPACITY = 1 << 16;
    /** How the lineage shows in the version text of MPICH and its derivatives (Cray's says "CRAY MPICH"). */
    private static final List<String> MPICH_VERSION_MARKERS = List.of("MPICH", "Intel(R) MPI", "MVAPICH");
    /** Exported by Open MPI's library only: its predefined communicators are these objects. */
    private static final String OPEN_MPI_SYMBOL = "ompi_mpi_comm_world";
    /** Exported by every MPICH-derived library seen (MPICH 4 and 5, both of their ABIs, Intel MPI). */
    private static final String MPICH_SYMBOL = "MPIR_Err_create_code";

    private MpiDiscovery() {}

    /** Finds, loads and identifies the MPI library of this process, refusing one its launcher cannot run. */
    public static Loaded load() {
        return load(Choice.fromSystem(), MpiLauncher.current());
    }

    static Loaded load(Choice choice, MpiLauncher launcher) {
        // Plain ifs rather than Optional.or chains: this runs once per process, in a fresh JVM, where linking each
        // lambda costs more than the step itself.
        Optional<Located> inProcess = alreadyLoaded();
        Optional<Located> found = chosen(choice);
        if (found.isEmpty()) {
            found = inProcess;
        }
        if (found.isEmpty()) {
            found = besideLauncher(launcher, choice);
        }
        Located located = found.isPresent() ? found.get() : onLoaderPath(namesInOrder(launcher, choice));
        SymbolLookup symbols = LibC.symbolsOf(LibC.dlopen(located.library(), LibC.RTLD_NOW | LibC.RTLD_GLOBAL));
        Optional<MemorySegment> versionFunction = symbols.find("MPI_Get_library_version");
        if (versionFunction.isEmpty()) {
            throw new UnsatisfiedLinkError(located.library() + " (" + located.how() + ") is not an MPI library:"
                    + " it has no MPI_Get_library_version");
        }
        String file = LibC.fileOf(versionFunction.get()).orElse(located.library());
        checkAlone(inProcess, file, located.how());
        String version = libraryVersion(versionFunction.get());
        Identity identity = identify(symbols, firstLine(version));
        checkAbi(choice, identity, file);
        checkLauncher(launcher, identity, file, located.how());
        return new Loaded(file, located.how(), identity, launcher, version, symbols);
    }

    /** Step 1: the user's word; a wheel's linker script stands for the library it names. */
    static Optional<Located> chosen(Choice choice) {
        if (choice.library() == null) {
            return Optional.empty();
        }
        String how = "given by " + choice.libraryFrom() + "=" + choice.library();
        if (!choice.library().contains("/")) {
            return Optional.of(new Located(choice.library(), how));
        }
        Path path = Path.of(choice.library());
        if (!Files.isRegularFile(path)) {
            throw new UnsatisfiedLinkError("the MPI library " + path + " given by " + choice.libraryFrom()
                    + " does not exist");
        }
        return Optional.of(new Located(realLibrary(path).toString(), how));
    }

    /**
     * Step 2: a library that defines {@code PMPI_Init} in the process. The PMPI name, because a profiling tool
     * preloaded before the library defines {@code MPI_Init} itself.
     */
    static Optional<Located> alreadyLoaded() {
        MemorySegment init = LibC.dlsym(LibC.RTLD_DEFAULT, "PMPI_Init");
        Optional<String> file = init.equals(MemorySegment.NULL) ? Optional.empty() : LibC.fileOf(init);
        return file.isEmpty() ? Optional.empty() : Optional.of(new Located(file.get(), "already loaded in the process"));
    }

    /**
     * Step 3: the launcher's own library, in its installation prefix; only for a launcher of one lineage (Slurm's
     * prefix holds no MPI library). Its own ABI's library first; an installation that carries only the standard
     * ABI's library gives that one.
     */
    static Optional<Located> besideLauncher(MpiLauncher launcher, Choice choice) {
        Optional<Family> ownFamily = familyOf(launcher.kind().lineage());
        if (launcher.prefix().isEmpty() || ownFamily.isEmpty()) {
            return Optional.empty();
        }
        List<Family> families = choice.abi() != null ? List.of(choice.abi())
                : List.of(ownFamily.get(), Family.STANDARD_ABI);
        for (Family family : families) {
            for (Path directory : libraryDirectories(launcher.prefix().get())) {
                for (String name : family.libraryNames()) {
                    Path candidate = directory.resolve(name);
                    if (Files.isRegularFile(candidate)) {
                        return Optional.of(new Located(candidate.toString(),
                                "beside the launcher " + launcher.executable().orElseThrow()));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Where a prefix keeps its libraries: {@code lib} (MPICH, Open MPI, the wheels, Intel MPI 2021.11+),
     * {@code lib64} (Red Hat's builds), {@code lib/<multiarch>} (Debian's, whose launchers are in {@code /usr/bin}),
     * {@code lib/release} (Intel MPI before 2021.11).
     */
    static List<Path> libraryDirectories(Path prefix) {
        List<Path> directories = new ArrayList<>(List.of(prefix.resolve("lib"), prefix.resolve("lib64")));
        String tuple = multiarch();
        if (tuple != null) {
            directories.add(prefix.resolve("lib").resolve(tuple));
        }
        directories.add(prefix.resolve("lib").resolve("release"));
        return directories;
    }

    /**
     * Debian's multiarch tuple ({@code x86_64-linux-gnu}), read from where the C library itself lives rather than
     * from a table of architectures; null on systems without multiarch directories.
     */
    private static String multiarch() {
        Optional<String> libc = LibC.fileOf(LibC.aLibcFunction());
        Path directory = libc.isEmpty() ? null : Path.of(libc.get()).getParent();
        Path name = directory == null ? null : directory.getFileName();
        return name != null && name.toString().contains("-linux-") ? name.toString() : null;
    }

    /** Step 4: the first of {@code names} the loader finds (and loads: it is the one used). */
    static Located onLoaderPath(List<String> names) {
        List<String> failures = new ArrayList<>();
        for (String name : names) {
            try {
                LibC.dlopen(name, LibC.RTLD_NOW | LibC.RTLD_GLOBAL);
                return new Located(name, "found by the loader as " + name);
            } catch (UnsatisfiedLinkError e) {
                failures.add(e.getMessage());
            }
        }
        throw new UnsatisfiedLinkError("no MPI library found (" + String.join("; ", failures) + "): install one, put"
                + " its lib directory in LD_LIBRARY_PATH, or name it with -D" + LIBRARY_PROPERTY + "=PATH or "
                + LIBRARY_VARIABLE);
    }

    /** The usual names: only the chosen ABI's; else the launcher's lineage first, then every family's. */
    static List<String> namesInOrder(MpiLauncher launcher, Choice choice) {
        if (choice.abi() != null) {
            return choice.abi().libraryNames();
        }
        SequencedSet<String> names = new LinkedHashSet<>();
        Optional<Family> own = familyOf(launcher.kind().lineage());
        if (own.isPresent()) {
            names.addAll(own.get().libraryNames());
        }
        for (Family family : List.of(Family.OPEN_MPI, Family.MPICH, Family.STANDARD_ABI)) {
            names.addAll(family.libraryNames());
        }
        return List.copyOf(names);
    }

    /** The ABI a lineage's libraries have by default, when the standard ABI's is installed beside them. */
    private static Optional<Family> familyOf(Lineage lineage) {
        return switch (lineage) {
            case OPEN_MPI -> Optional.of(Family.OPEN_MPI);
            case MPICH -> Optional.of(Family.MPICH);
            case UNKNOWN -> Optional.empty();
        };
    }

    /**
     * What the library of {@code symbols} is, by mpi4py's rule: {@code MPI_Abi_get_version} giving a major
     * version above 0 means the standard ABI (MPICH 5's and Intel MPI's own-ABI libraries give -1); an exported
     * {@code ompi_mpi_comm_world} means Open MPI's; a library of MPICH's lineage otherwise has MPICH's. All of it
     * is callable before {@code MPI_Init}.
     */
    static Identity identify(SymbolLookup symbols, String version) {
        Lineage lineage = lineage(symbols, version);
        Family family;
        if (standardAbiMajor(symbols) > 0) {
            family = Family.STANDARD_ABI;
        } else if (symbols.find(OPEN_MPI_SYMBOL).isPresent()) {
            family = Family.OPEN_MPI;
        } else {
            family = lineage == Lineage.MPICH ? Family.MPICH : Family.UNKNOWN;
        }
        return new Identity(family, lineage, version);
    }

    private static Lineage lineage(SymbolLookup symbols, String version) {
        if (version.startsWith("Open MPI")) {
            return Lineage.OPEN_MPI;
        }
        for (String marker : MPICH_VERSION_MARKERS) {
            if (version.contains(marker)) {
                return Lineage.MPICH;
            }
        }
        // A rebranded build keeps its code's exported internals.
        if (symbols.find(OPEN_MPI_SYMBOL).isPresent()) {
            return Lineage.OPEN_MPI;
        }
        return symbols.find(MPICH_SYMBOL).isPresent() ? Lineage.MPICH : Lineage.UNKNOWN;
    }

    private static int standardAbiMajor(SymbolLookup symbols) {
        Optional<MemorySegment> function = symbols.find("MPI_Abi_get_version");
        if (function.isEmpty()) {
            return 0;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment major = arena.allocate(JAVA_INT);
            MemorySegment minor = arena.allocate(JAVA_INT);
            int rc = LibC.callIntFunction(function.get(), major, minor);
            return rc == 0 ? major.get(JAVA_INT, 0) : 0;
        }
    }

    /** What {@code MPI_Get_library_version} (at {@code function}) says, callable before {@code MPI_Init}; "" if it fails. */
    private static String libraryVersion(MemorySegment function) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(VERSION_CAPACITY);
            MemorySegment length = arena.allocate(JAVA_INT);
            int rc = LibC.callIntFunction(function, text, length);
            return rc == 0 ? text.getString(0, StandardCharsets.UTF_8) : "";
        }
    }

    /** A library chosen while another is already in the process: two MPI libraries cannot share one. */
    private static void checkAlone(Optional<Located> inProcess, String library, String how) {
        if (inProcess.isPresent() && !sameFile(inProcess.get().library(), library)) {
            throw new UnsatisfiedLinkError("the MPI library " + library + " (" + how + ") cannot be used: "
                    + inProcess.get().library() + " is already loaded in this process (LD_PRELOAD, or other native"
                    + " code), and two MPI libraries cannot share one; choose that one, or do not load it");
        }
    }

    private static boolean sameFile(String one, String other) {
        try {
            return Files.isSameFile(Path.of(one), Path.of(other));
        } catch (IOException e) {
            return one.equals(other);
        }
    }

    /** The user named an ABI: a library of another one would get the wrong constants and handles. */
    private static void checkAbi(Choice choice, Identity identity, String library) {
        if (choice.abi() != null && identity.family() != choice.abi()) {
            throw new UnsatisfiedLinkError(choice.abiFrom() + "=" + choice.abi().abiName() + " names the "
                    + choice.abi().abiName() + " ABI, but the MPI library " + library + " (\"" + identity.version()
                    + "\") has the " + identity.family().abiName() + " ABI: name its library with -D"
                    + LIBRARY_PROPERTY + "=PATH, or drop " + choice.abiFrom());
        }
    }

    /**
     * A library that cannot talk to its launcher does not fail at {@code MPI_Init}: each rank runs alone, and the
     * program goes wrong later. Refuse it here, with one line naming both and the fixes. Unknown launchers and
     * libraries, and launchers that take either lineage (Slurm, other PMIx servers), are not refused.
     */
    static void checkLauncher(MpiLauncher launcher, Identity identity, String library, String how) {
        Lineage expected = launcher.kind().lineage();
        if (expected == Lineage.UNKNOWN || identity.lineage() == Lineage.UNKNOWN || expected == identity.lineage()) {
            return;
        }
        String ownLibrary = besideLauncher(launcher, new Choice(null, null, null, null))
                .map(Located::library)
                .orElse("PATH (a library of " + launcher.kind().description() + ")");
        throw new UnsatisfiedLinkError("mpi4all: " + launcher.describe() + " cannot run the MPI library " + library
                + " (\"" + identity.version() + "\", " + how + "): every rank would run alone. Start the program with"
                + " that library's own launcher, or choose -D" + LIBRARY_PROPERTY + "=" + ownLibrary);
    }

    /** A wheel's {@code libmpi.so} is a linker script naming the real library beside it: load that one. */
    static Path realLibrary(Path library) {
        try {
            byte[] start;
            // A FileInputStream, which the JVM has loaded already, rather than Files.newInputStream and its channels.
            try (FileInputStream in = new FileInputStream(library.toFile())) {
                start = in.readNBytes(256);
            }
            if (start.length >= 4 && start[0] == 0x7f && start[1] == 'E' && start[2] == 'L' && start[3] == 'F') {
                return library;   // a library, as nearly always: no pattern to compile (a millisecond in a fresh JVM)
            }
            // What a wheel's libmpi.so says instead of being the library: INPUT(libmpi.so.12).
            Pattern linkerScriptInput = Pattern.compile("INPUT\\s*\\(\\s*([^\\s)]+)");
            Matcher input = linkerScriptInput.matcher(new String(start, StandardCharsets.ISO_8859_1));
            return input.find() ? library.resolveSibling(Path.of(input.group(1)).getFileName()) : library;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the MPI library " + library + ": " + e.getMessage(), e);
        }
    }

    /**
     * The first line, its runs of blanks made one space (MPICH's is {@code "MPICH Version:\t4.0.2"}). By hand, not with
     * a regular expression: compiling one costs a fresh JVM more than the whole text takes to scan.
     */
    static String firstLine(String text) {
        StringBuilder line = new StringBuilder();
        boolean blank = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c == '\n' || c == '\r') && !line.isEmpty()) {
                break;
            }
            if (Character.isWhitespace(c)) {
                blank = !line.isEmpty();
            } else {
                if (blank) {
                    line.append(' ');
                    blank = false;
                }
                line.append(c);
            }
        }
        return line.toString();
    }
}
