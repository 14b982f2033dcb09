package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.CRC32;
import org.mpi4all.core.auxiliary.AuxLibrarySource;

/**
 * The loaded MPI library, the constants and layouts of its ABI, and the symbols the generated bindings link to.
 *
 * <p>The bindings come in two kinds. The default, implementation-neutral ones bind at run time: {@link #current()}
 * finds, loads and identifies the library ({@link MpiDiscovery}) and applies its ABI family's
 * {@link AbiProfile} (handle carriers, {@code MPI_Status}, constant values), or, for an ABI mpi4all carries no
 * profile of (or with the carried profiles withheld), the one {@link RuntimeProbe} probed and cached for it.
 * Bindings specialised at build time
 * for one implementation ({@code -Pgenerate -Dmpi=NAME}) call {@link #load(Target)} instead, which reads every
 * constant from the auxiliary library generated with them and refuses another library.
 *
 * <p>Loading does, in this order: keep UCX from taking over SIGSEGV (the JVM's own implicit null checks raise it;
 * UCX's handler would kill the process), load libmpi into the global symbol scope (Open MPI's plug-ins resolve
 * libmpi's symbols from there), and bind. Functions are resolved in the global scope, as a C program's are, so PMPI
 * tools interposed with {@code LD_PRELOAD} still see every call.
 */
public final class MpiLibrary {
    /** {@code -Dmpi4all.checkLibrary=false} lets specialised bindings run against another library than theirs. */
    public static final String CHECK_PROPERTY = "mpi4all.checkLibrary";
    /** Prefix of every symbol of the auxiliary library. */
    public static final String AUX_PREFIX = AuxLibrarySource.PREFIX;
    /** What an integer constant the loaded ABI does not define reads as (see {@link #defines}). */
    public static final int UNDEFINED = Integer.MIN_VALUE;

    /**
     * What specialised bindings were generated for, recorded by the generator.
     *
     * @param implementation the implementation's name ({@code openmpi})
     * @param library        the library the generator measured
     * @param libraryVersion what {@code MPI_Get_library_version} returned then
     * @param auxResource    the class-path resource holding the auxiliary library
     */
    public record Target(String implementation, String library, String libraryVersion, String auxResource) {}

    private static final long VERSION_CAPACITY = 1 << 16;

    private static MpiLibrary loaded;

    private final String libraryPath;
    private final String implementation;
    private final String libraryVersion;
    private final ConstantSource constants;

    private MpiLibrary(String libraryPath, String implementation, String libraryVersion, ConstantSource constants) {
        this.libraryPath = libraryPath;
        this.implementation = implementation;
        this.libraryVersion = libraryVersion;
        this.constants = constants;
    }

    /**
     * The MPI library of this process, found, loaded and bound on first use (implementation-neutral bindings), or
     * the one specialised bindings loaded.
     */
    public static synchronized MpiLibrary current() {
        if (loaded == null) {
            keepUcxOffJvmSignals();
            SignalOwnership.requireJvmHandlers("before mpi4all loaded the MPI library");
            MpiDiscovery.Loaded library = MpiDiscovery.load();
            String path = library.library();
            SignalOwnership.requireJvmHandlers("after mpi4all loaded " + path);
            SymbolLookup symbols = library.symbols();
            String version = library.libraryVersion();
            MpiDiscovery.Family family = library.identity().family();
            RuntimeProbe.Binding binding = AbiProfiles.withheld() ? RuntimeProbe.bind(path)
                    : family == MpiDiscovery.Family.UNKNOWN ? RuntimeProbe.bind(path, "its ABI is none of Open MPI's,"
                            + " MPICH's and the MPI-5 standard's (\"" + firstLine(version) + "\")")
                    : new RuntimeProbe.Binding(AbiProfiles.select(family, version, path), null);
            AuxSymbols aux = binding.auxSymbols() == null ? null : new AuxSymbols(binding.auxSymbols());
            loaded = new MpiLibrary(path, binding.profile().name(), version,
                    new ProfileConstants(binding.profile(), symbols, path, aux));
        }
        return loaded;
    }

    /** Loads the libraries for specialised bindings made for {@code target}, once per process. */
    public static synchronized MpiLibrary load(Target target) {
        if (loaded != null) {
            return loaded;
        }
        keepUcxOffJvmSignals();
        String path = libraryPath(target);
        SignalOwnership.requireJvmHandlers("before mpi4all loaded " + path);
        LibC.dlopen(path, LibC.RTLD_NOW | LibC.RTLD_GLOBAL);
        SignalOwnership.requireJvmHandlers("after mpi4all loaded " + path);
        // The lookup resolves through the JVM's own dlsym, without a downcall per symbol; it finds the library just
        // loaded (dlopen of a loaded library returns it).
        SymbolLookup symbols = SymbolLookup.libraryLookup(path, Arena.global());
        String version = libraryVersion(symbols, path);
        if (!"false".equals(System.getProperty(CHECK_PROPERTY)) && !firstLine(version).equals(firstLine(target.libraryVersion()))) {
            throw new UnsatisfiedLinkError("these mpi4all bindings were generated for " + target.implementation()
                    + " (\"" + firstLine(target.libraryVersion()) + "\") but " + path + " is \""
                    + firstLine(version) + "\": use the implementation-neutral mpi4all-runtime, which binds to any"
                    + " MPI, or load the library these were generated for with -D" + MpiDiscovery.LIBRARY_PROPERTY + "=PATH"
                    + " (-D" + CHECK_PROPERTY + "=false skips this check)");
        }
        AuxSymbols aux = new AuxSymbols(SymbolLookup.libraryLookup(extractAuxLibrary(target.auxResource()), Arena.global()));
        loaded = new MpiLibrary(path, target.implementation(), version, new AuxLibraryConstants(aux, target.implementation()));
        return loaded;
    }

    /** The file that was loaded. */
    public String libraryPath() {
        return libraryPath;
    }

    /** The implementation's name: its profile's ({@code openmpi}, {@code mpich}, {@code intelmpi}, {@code mpiabi}...). */
    public String implementation() {
        return implementation;
    }

    /** What {@code MPI_Get_library_version} says. */
    public String libraryVersion() {
        return libraryVersion;
    }

    /** The ABI profile neutral bindings applied; null for specialised bindings. */
    public AbiProfile profile() {
        return constants.profile();
    }

    /**
     * A downcall handle for the library function {@code name}, resolved in the global scope. For neutral bindings,
     * {@code descriptor} names its handle layouts after their C type ({@link #handleLayout}) and the handle returned
     * takes and returns those handles as Java {@code long}s whatever their C carrier. A function the library does
     * not export is computed in Java where the profile says it is a macro Java can compute ({@code MPI_Aint_add}),
     * and otherwise throws {@link UnsupportedOperationException} when called.
     */
    public MethodHandle downcall(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment address = LibC.dlsym(LibC.RTLD_DEFAULT, name);
        if (address.equals(MemorySegment.NULL)) {
            return constants.missingFunction(name, descriptor, libraryPath + " (" + firstLine(libraryVersion) + ")",
                    options);
        }
        return HandleCarriers.toJava(Linker.nativeLinker().downcallHandle(address, descriptor, options), descriptor);
    }

    /**
     * {@link #downcall} for a short nonblocking start whose first parameter is its buffer ({@code MPI_Isend}): linked
     * critical while {@link CriticalStarts} says it is safe, plain after.
     */
    public MethodHandle startDowncall(String name, FunctionDescriptor descriptor) {
        return CriticalStarts.whileSafe(downcall(name, descriptor, Linker.Option.critical(false)),
                downcall(name, descriptor));
    }

    /** A downcall handle for the auxiliary library's wrapper of {@code name} (a macro or varargs function). */
    public MethodHandle auxDowncall(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        return Linker.nativeLinker().downcallHandle(constants.auxFunction(name), descriptor, options);
    }

    /** The layout of a handle of C type {@code type} in this ABI, named after the type; see {@link #downcall}. */
    public ValueLayout handleLayout(String type) {
        return constants.handleLayout(type);
    }

    /** The layout of the struct {@code name} ({@code MPI_Status}) in this ABI. */
    public StructLayout structLayout(String name) {
        return constants.structLayout(name);
    }

    /** Whether the library exports the function {@code name}; calling one it does not throws {@link UnsupportedOperationException}. */
    public boolean provides(String name) {
        return !LibC.dlsym(LibC.RTLD_DEFAULT, name).equals(MemorySegment.NULL);
    }

    /** Whether the loaded implementation defines the constant {@code name}. */
    public boolean defines(String name) {
        return constants.defines(name);
    }

    /** The integer constant {@code name}; {@link #UNDEFINED} if the loaded implementation does not define it. */
    public int intConstant(String name) {
        return constants.intConstant(name);
    }

    /** The integer constant {@code name} of a 64-bit C type; {@link #UNDEFINED} if undefined. */
    public long longConstant(String name) {
        return constants.longConstant(name);
    }

    /** The value of the handle constant {@code name} of C type {@code type}; 0 (no valid handle) if undefined. */
    public long handleConstant(String name, String type) {
        return constants.handleConstant(name, type);
    }

    /** The floating-point constant {@code name}; NaN if undefined. */
    public double doubleConstant(String name) {
        return constants.doubleConstant(name);
    }

    /** The address a pointer constant holds (a sentinel such as {@code MPI_IN_PLACE}, a function); NULL if undefined. */
    public MemorySegment addressConstant(String name) {
        return constants.addressConstant(name);
    }

    /**
     * The pointer the MPI library's exported variable {@code name} holds now; NULL where the library exports no such
     * variable. For bindings specialised at build time, whose auxiliary library copied each variable when it loaded:
     * some libraries set a variable only in {@code MPI_Init} (Intel MPI's {@code MPI_F_STATUS_IGNORE}).
     */
    public MemorySegment variableConstant(String name) {
        MemorySegment variable = LibC.dlsym(LibC.RTLD_DEFAULT, name);
        return variable.equals(MemorySegment.NULL) ? MemorySegment.NULL
                : variable.reinterpret(ValueLayout.ADDRESS.byteSize()).get(ValueLayout.ADDRESS, 0);
    }

    /** The string constant {@code name}; null if undefined. */
    public String stringConstant(String name) {
        return constants.stringConstant(name);
    }

    /**
     * UCX installs a SIGSEGV handler when it loads unless told not to; the JVM needs that signal itself. Java's
     * copy of the environment is the one the process started with, which nothing has changed before the
     * bindings load.
     */
    private static void keepUcxOffJvmSignals() {
        if (System.getenv("UCX_ERROR_SIGNALS") == null) {
            LibC.putenv("UCX_ERROR_SIGNALS", "");
        }
    }

    private static String libraryPath(Target target) {
        String override = System.getProperty(MpiDiscovery.LIBRARY_PROPERTY, System.getenv(MpiDiscovery.LIBRARY_VARIABLE));
        if (override != null && !override.isBlank()) {
            if (!Files.isRegularFile(Path.of(override))) {
                throw new UnsatisfiedLinkError("the MPI library " + override + " given by -D" + MpiDiscovery.LIBRARY_PROPERTY
                        + " or " + MpiDiscovery.LIBRARY_VARIABLE + " does not exist");
            }
            return override;
        }
        Path generatedFor = Path.of(target.library());
        // Elsewhere than where the bindings were generated, let the loader search by the library's name.
        return Files.exists(generatedFor) ? generatedFor.toString() : generatedFor.getFileName().toString();
    }

    /** {@code MPI_Get_library_version}, callable before {@code MPI_Init}, from the library itself. */
    static String libraryVersion(SymbolLookup library, String path) {
        Optional<MemorySegment> found = library.find("MPI_Get_library_version");   // no lambda on the start-up path
        if (found.isEmpty()) {
            throw new UnsatisfiedLinkError(path + " has no function MPI_Get_library_version: it is not an MPI library");
        }
        MemorySegment function = found.get();
        try (Arena arena = Arena.ofConfined()) {
            // Room for any implementation's text (MPICH writes thousands of characters where Open MPI allows 256).
            MemorySegment text = arena.allocate(VERSION_CAPACITY);
            MemorySegment length = arena.allocate(JAVA_INT);
            int rc = LibC.callIntFunction(function, text, length);
            if (rc != 0) {
                throw new UnsatisfiedLinkError("MPI_Get_library_version failed with code " + rc + " in " + path);
            }
            return text.getString(0, StandardCharsets.UTF_8);
        }
    }

    public static String firstLine(String text) {
        String stripped = text.strip();
        int end = 0;
        while (end < stripped.length() && stripped.charAt(end) != '\n' && stripped.charAt(end) != '\r') {
            end++;
        }
        return stripped.substring(0, end).strip();
    }

    /**
     * Copies the auxiliary library out of the jar into a cache directory named by its digest, so that
     * concurrent ranks (each writes a temporary file, then renames it into place) and later runs share one copy.
     */
    private static Path extractAuxLibrary(String resource) {
        byte[] bytes;
        try (InputStream in = MpiLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError("the mpi4all auxiliary library " + resource
                        + " is not on the class path: the bindings jar is incomplete");
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + ": " + e.getMessage(), e);
        }
        return ProfileCache.extracted(ProfileCache.root(), checksum(bytes), Path.of(resource).getFileName().toString(),
                bytes);
    }

    /**
     * Names the cache directory of one build of the auxiliary library: not a security measure (the cache is the
     * user's own, and the file is compared with the jar's bytes before loading), so the cheapest checksum will do (a cryptographic digest costs a cold JVM about 15 ms).
     */
    private static String checksum(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return Long.toHexString(crc.getValue()) + "-" + bytes.length;
    }
}
