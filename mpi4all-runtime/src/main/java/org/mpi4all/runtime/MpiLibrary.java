package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32;

/**
 * The loaded MPI library and the bindings' auxiliary library, and the symbols the generated bindings
 * link to.
 *
 * <p>Loading does, in this order: keep UCX from taking over SIGSEGV (the JVM's own implicit null checks
 * raise it; UCX's handler would kill the process), load libmpi into the global symbol scope (Open MPI's
 * plug-ins resolve libmpi's symbols from there), extract and load the auxiliary library shipped in the
 * jar, and check that the library is the implementation the bindings were generated for.
 *
 * <p>Functions are resolved in the global scope, as a C program's are, so PMPI tools interposed with
 * {@code LD_PRELOAD} still see every call.
 */
public final class MpiLibrary {
    /** Overrides the library to load: {@code -Dmpi4all.lib=/path/libmpi.so.40}, or this environment variable. */
    public static final String LIBRARY_PROPERTY = "mpi4all.lib";
    public static final String LIBRARY_VARIABLE = "MPI4ALL_LIB";
    /** {@code -Dmpi4all.checkLibrary=false} skips the check that the library is the one the bindings were generated for. */
    public static final String CHECK_PROPERTY = "mpi4all.checkLibrary";
    /** Prefix of every symbol of the auxiliary library. */
    public static final String AUX_PREFIX = "mpi4all_";

    /**
     * What the bindings were generated for, recorded by the generator.
     *
     * @param implementation the implementation's name ({@code openmpi})
     * @param library        the library the generator measured
     * @param libraryVersion what {@code MPI_Get_library_version} returned then
     * @param auxResource    the class-path resource holding the auxiliary library
     */
    public record Target(String implementation, String library, String libraryVersion, String auxResource) {}

    private static final long VERSION_CAPACITY = 1 << 16;

    private static MpiLibrary loaded;

    private final Target target;
    private final String libraryPath;
    /** libmpi's own symbols, for what must come from the library itself and not from a tool interposed on it. */
    private final SymbolLookup librarySymbols;
    private final SymbolLookup auxSymbols;

    private MpiLibrary(Target target, String libraryPath, SymbolLookup librarySymbols, SymbolLookup auxSymbols) {
        this.target = target;
        this.libraryPath = libraryPath;
        this.librarySymbols = librarySymbols;
        this.auxSymbols = auxSymbols;
    }

    /** Loads the libraries for {@code target}, once per process. */
    public static synchronized MpiLibrary load(Target target) {
        if (loaded != null) {
            return loaded;
        }
        keepUcxOffJvmSignals();
        String path = libraryPath(target);
        SignalOwnership.requireJvmHandlers("before mpi4all loaded " + path);
        LibC.dlopen(path, LibC.RTLD_NOW | LibC.RTLD_GLOBAL);
        SignalOwnership.requireJvmHandlers("after mpi4all loaded " + path);
        // Both lookups resolve through the JVM's own dlsym, without a downcall per symbol; the first finds the
        // library just loaded (dlopen of a loaded library returns it).
        MpiLibrary library = new MpiLibrary(target, path, SymbolLookup.libraryLookup(path, Arena.global()),
                SymbolLookup.libraryLookup(extractAuxLibrary(target.auxResource()), Arena.global()));
        if (!"false".equals(System.getProperty(CHECK_PROPERTY))) {
            library.checkVersion();
        }
        loaded = library;
        return library;
    }

    /** The file that was loaded. */
    public String libraryPath() {
        return libraryPath;
    }

    public Target target() {
        return target;
    }

    /** A downcall handle for the library function {@code name}, resolved in the global scope. */
    public MethodHandle downcall(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment address = LibC.dlsym(LibC.RTLD_DEFAULT, name);
        if (address.equals(MemorySegment.NULL)) {
            throw new UnsatisfiedLinkError(libraryPath + " has no function " + name);
        }
        return Linker.nativeLinker().downcallHandle(address, descriptor, options);
    }

    /** A downcall handle for the auxiliary library's wrapper of {@code name} (a macro or varargs function). */
    public MethodHandle auxDowncall(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        return Linker.nativeLinker().downcallHandle(auxSymbol(name, 0), descriptor, options);
    }

    public int intConstant(String name) {
        return auxSymbol(name, Integer.BYTES).get(JAVA_INT, 0);
    }

    public long longConstant(String name) {
        return auxSymbol(name, Long.BYTES).get(JAVA_LONG, 0);
    }

    public double doubleConstant(String name) {
        return auxSymbol(name, Double.BYTES).get(JAVA_DOUBLE, 0);
    }

    /** The address a pointer constant holds (a sentinel such as {@code MPI_IN_PLACE}, a handle, a function). */
    public MemorySegment addressConstant(String name) {
        return auxSymbol(name, ADDRESS.byteSize()).get(ADDRESS, 0);
    }

    public String stringConstant(String name) {
        MemorySegment text = addressConstant(name);
        return text.equals(MemorySegment.NULL) ? null : text.reinterpret(Integer.MAX_VALUE).getString(0);
    }

    private MemorySegment auxSymbol(String name, long size) {
        return auxSymbols.find(AUX_PREFIX + name)
                .orElseThrow(() -> new UnsatisfiedLinkError("the mpi4all auxiliary library has no symbol " + AUX_PREFIX
                        + name + ": it does not match these bindings; regenerate them"))
                .reinterpret(size);
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
        String override = System.getProperty(LIBRARY_PROPERTY, System.getenv(LIBRARY_VARIABLE));
        if (override != null && !override.isBlank()) {
            if (!Files.isRegularFile(Path.of(override))) {
                throw new UnsatisfiedLinkError("the MPI library " + override + " given by -D" + LIBRARY_PROPERTY
                        + " or " + LIBRARY_VARIABLE + " does not exist");
            }
            return override;
        }
        Path generatedFor = Path.of(target.library());
        // Elsewhere than where the bindings were generated, let the loader search by the library's name.
        return Files.exists(generatedFor) ? generatedFor.toString() : generatedFor.getFileName().toString();
    }

    private void checkVersion() {
        String actual = libraryVersion();
        if (!firstLine(actual).equals(firstLine(target.libraryVersion()))) {
            throw new UnsatisfiedLinkError("these mpi4all bindings were generated for " + target.implementation()
                    + " (\"" + firstLine(target.libraryVersion()) + "\") but " + libraryPath + " is \""
                    + firstLine(actual) + "\": regenerate them for this library (./mvnw -Pgenerate -Dmpi=NAME),"
                    + " or load the library they were generated for with -D" + LIBRARY_PROPERTY + "=PATH"
                    + " (-D" + CHECK_PROPERTY + "=false skips this check)");
        }
    }

    private String libraryVersion() {
        // Room for any implementation's text, not just the expected one's: the check exists for the case where
        // the library is another (MPICH writes thousands of characters where Open MPI allows 256).
        long capacity = Math.max(intConstant("MPI_MAX_LIBRARY_VERSION_STRING"), VERSION_CAPACITY);
        MemorySegment function = librarySymbols.find("MPI_Get_library_version")
                .orElseThrow(() -> new UnsatisfiedLinkError(libraryPath + " has no function MPI_Get_library_version:"
                        + " it is not an MPI library"));
        MethodHandle getVersion = Linker.nativeLinker().downcallHandle(function,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(capacity);
            MemorySegment length = arena.allocate(JAVA_INT);
            int rc = (int) getVersion.invokeExact(text, length);
            if (rc != 0) {
                throw new UnsatisfiedLinkError("MPI_Get_library_version failed with code " + rc + " in " + libraryPath);
            }
            return text.getString(0);
        } catch (UnsatisfiedLinkError e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
    }

    private static String firstLine(String text) {
        return text.strip().lines().findFirst().orElse("").strip();
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
        String digest = checksum(bytes);
        String fileName = Path.of(resource).getFileName().toString();
        IOException lastFailure = null;
        for (Path cache : cacheDirectories()) {
            Path target = cache.resolve(digest).resolve(fileName);
            try {
                if (Files.isRegularFile(target) && Files.size(target) == bytes.length) {
                    return target;
                }
                Files.createDirectories(target.getParent());
                Path temp = Files.createTempFile(target.getParent(), fileName, ".tmp");
                Files.write(temp, bytes);
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                return target;
            } catch (IOException e) {
                lastFailure = e;
            }
        }
        throw new UncheckedIOException("cannot extract the mpi4all auxiliary library to "
                + cacheDirectories()[0] + " or the temporary directory", lastFailure);
    }

    private static Path[] cacheDirectories() {
        String configured = System.getenv("MPI4ALL_CACHE");
        Path home = configured != null && !configured.isBlank()
                ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".cache", "mpi4all");
        return new Path[] {home.resolve("aux"), Path.of(System.getProperty("java.io.tmpdir"), "mpi4all-aux")};
    }

    /**
     * Names the cache directory of one build of the auxiliary library: not a security measure (the cache is the
     * user's own), so the cheapest checksum will do (a cryptographic digest costs a cold JVM about 15 ms).
     */
    private static String checksum(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return Long.toHexString(crc.getValue()) + "-" + bytes.length;
    }
}
