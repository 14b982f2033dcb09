package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The few C library functions the runtime needs: the dynamic loader (to load libmpi into the global
 * symbol scope, which {@link System#load} cannot do, and to resolve symbols the way a C program's
 * linker would, so that PMPI tools preloaded with {@code LD_PRELOAD} still intercept calls) and the
 * process environment (read by native libraries such as UCX, not by Java), and the signal handlers in place
 * ({@link SignalOwnership}). {@code dladdr} names the file a
 * loaded symbol comes from: how an MPI library already in the process, or the C library's own directory, is found.
 */
final class LibC {
    /** glibc's {@code RTLD_NOW}, {@code RTLD_GLOBAL} and {@code RTLD_DEFAULT} (Linux on x86-64 and AArch64). */
    static final int RTLD_NOW = 0x2;
    static final int RTLD_GLOBAL = 0x100;
    static final MemorySegment RTLD_DEFAULT = MemorySegment.NULL;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle DLOPEN = libc("dlopen", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));

    /*
     * The other functions' handles are created on first use, each in a holder class: a cold JVM spends about
     * 10 ms on every downcall signature it has not linked before, and loading the bindings needs none of them
     * (symbols of libmpi and of the auxiliary library are found through SymbolLookup; the environment is
     * changed with putenv, whose signature MPI_Initialized shares).
     */
    private static final class Dlsym {
        static final MethodHandle HANDLE = libc("dlsym", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
    }

    private static final class Dlerror {
        static final MethodHandle HANDLE = libc("dlerror", FunctionDescriptor.of(ADDRESS));
    }

    /*
     * The C library's own sigaction, not the global scope's: with the JVM's signal-chaining library libjsig
     * preloaded, the global sigaction is libjsig's, which reports the handler it keeps aside for chaining rather
     * than the one installed.
     */
    private static final class Sigaction {
        static final MethodHandle HANDLE = libc("sigaction", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
        /** Room for glibc's {@code struct sigaction} (152 bytes on x86-64 and AArch64), whose first field is the handler. */
        static final long SIZE = 256;
    }

    private static final class Dladdr {
        static final MethodHandle HANDLE = libc("dladdr", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        /** glibc's {@code Dl_info}: the file name, its load address, the nearest symbol's name and address. */
        static final long INFO_SIZE = 4 * ADDRESS.byteSize();
    }

    private static final class Putenv {
        static final MethodHandle HANDLE = libc("putenv", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    private LibC() {}

    private static MethodHandle libc(String name, FunctionDescriptor descriptor) {
        MemorySegment address = LINKER.defaultLookup().find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("the C library has no " + name));
        return LINKER.downcallHandle(address, descriptor);
    }

    /** {@code dlopen(path, flags)}; throws with the loader's own explanation when it fails. */
    static MemorySegment dlopen(String path, int flags) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocateFrom(path);
            MemorySegment handle = (MemorySegment) DLOPEN.invokeExact(name, flags);
            if (handle.equals(MemorySegment.NULL)) {
                // Linking dlerror on first use runs the JVM's own dlsym, which clears the loader's message: link it
                // first, then try again to read why the library does not load.
                MethodHandle dlerror = Dlerror.HANDLE;
                handle = (MemorySegment) DLOPEN.invokeExact(name, flags);
                if (handle.equals(MemorySegment.NULL)) {
                    throw new UnsatisfiedLinkError("cannot load " + path + ": " + dlerror(dlerror));
                }
            }
            return handle;
        } catch (UnsatisfiedLinkError e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
    }

    /** {@code dlsym(handle, name)}, or {@link MemorySegment#NULL} when there is no such symbol. */
    static MemorySegment dlsym(MemorySegment handle, String name) {
        try (Arena arena = Arena.ofConfined()) {
            return (MemorySegment) Dlsym.HANDLE.invokeExact(handle, arena.allocateFrom(name));
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
    }

    /**
     * The file of the loaded object that holds {@code address} ({@code dladdr}'s {@code dli_fname}: the path the
     * loader opened), or empty when no loaded object holds it.
     */
    static Optional<String> fileOf(MemorySegment address) {
        return Optional.ofNullable(sharedObjectAt(address)).map(SharedObject::file).filter(file -> !file.isEmpty());
    }

    /**
     * The function that handles {@code signal} now ({@code sa_handler} and {@code sa_sigaction} share the first
     * field of {@code struct sigaction}); its address is 0 for the default action and 1 when the signal is ignored.
     */
    static MemorySegment signalHandler(int signal) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment action = arena.allocate(Sigaction.SIZE);
            int rc = (int) Sigaction.HANDLE.invokeExact(signal, MemorySegment.NULL, action);
            if (rc != 0) {
                throw new IllegalStateException("sigaction(" + signal + ") failed");
            }
            return action.get(ADDRESS, 0);
        } catch (IllegalStateException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
    }

    /** A loaded shared object and the symbol nearest below an address in it (null when it has none). */
    record SharedObject(String file, String symbol) {}

    /** The shared object that holds {@code address} ({@code dladdr}'s file and symbol), or null when none does. */
    static SharedObject sharedObjectAt(MemorySegment address) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(Dladdr.INFO_SIZE);
            if ((int) Dladdr.HANDLE.invokeExact(address, info) == 0) {
                return null;
            }
            return new SharedObject(string(info.get(ADDRESS, 0)), string(info.get(ADDRESS, 2 * ADDRESS.byteSize())));
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
    }

    private static String string(MemorySegment text) {
        return text.equals(MemorySegment.NULL) ? null : text.reinterpret(4096).getString(0);
    }

    /** The C library's {@code dlopen}: a symbol that {@link #fileOf} places in the C library itself. */
    static MemorySegment aLibcFunction() {
        return LINKER.defaultLookup().find("dlopen").orElseThrow();
    }

    private static String dlerror(MethodHandle dlerror) throws Throwable {
        MemorySegment message = (MemorySegment) dlerror.invokeExact();
        return message.equals(MemorySegment.NULL) ? "unknown error" : message.reinterpret(4096).getString(0);
    }

    /**
     * Sets {@code name} in the native environment, which native libraries read (Java's view is a copy). The
     * string becomes part of the environment ({@code putenv} keeps the pointer), so it is never freed.
     */
    static void putenv(String name, String value) {
        try {
            int rc = (int) Putenv.HANDLE.invokeExact(Arena.global().allocateFrom(name.concat("=").concat(value)));
            if (rc != 0) {
                throw new IllegalStateException("putenv(" + name + ") failed");
            }
        } catch (IllegalStateException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
    }
}
