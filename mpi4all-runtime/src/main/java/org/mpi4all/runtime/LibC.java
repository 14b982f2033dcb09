package org.mpi4all.runtime;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The few C library functions the runtime needs: the dynamic loader (to load libmpi into the global
 * symbol scope, which {@link System#load} cannot do, and to resolve symbols the way a C program's
 * linker would, so that PMPI tools preloaded with {@code LD_PRELOAD} still intercept calls), the
 * process environment (read by native libraries such as UCX, not by Java), and the signal handlers in place.
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

    private static final class Putenv {
        static final MethodHandle HANDLE = libc("putenv", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    }

    /*
     * The C library's own sigaction, not the global scope's: with the JVM's signal-chaining library libjsig
     * preloaded, the global sigaction is libjsig's, which reports the handler it keeps aside for chaining rather
     * than the one installed.
     */
    private static final class Sigaction {
        static final MethodHandle HANDLE = libc("sigaction", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
    }

    private static final class Dladdr {
        static final MethodHandle HANDLE = libc("dladdr", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    }

    /** Room for glibc's {@code struct sigaction} (152 bytes on x86-64 and AArch64), whose first field is the handler. */
    private static final long SIGACTION_SIZE = 256;
    /** glibc's {@code Dl_info}: file name, base address, symbol name, symbol address. */
    private static final MemoryLayout DL_INFO = MemoryLayout.structLayout(
            ADDRESS.withName("dli_fname"), ADDRESS.withName("dli_fbase"),
            ADDRESS.withName("dli_sname"), ADDRESS.withName("dli_saddr"));

    private LibC() {}

    private static MethodHandle libc(String name, FunctionDescriptor descriptor) {
        MemorySegment address = LINKER.defaultLookup().find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("the C library has no " + name));
        return LINKER.downcallHandle(address, descriptor);
    }

    /** {@code dlopen(path, flags)}; throws with the loader's own explanation when it fails. */
    static MemorySegment dlopen(String path, int flags) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment handle = (MemorySegment) DLOPEN.invokeExact(arena.allocateFrom(path), flags);
            if (handle.equals(MemorySegment.NULL)) {
                throw new UnsatisfiedLinkError("cannot load " + path + ": " + dlerror());
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

    private static String dlerror() throws Throwable {
        String message = string((MemorySegment) Dlerror.HANDLE.invokeExact());
        return message == null ? "unknown error" : message;
    }

    /**
     * The function that handles {@code signal} now ({@code sa_handler} and {@code sa_sigaction} share the first
     * field of {@code struct sigaction}); its address is 0 for the default action and 1 when the signal is ignored.
     */
    static MemorySegment signalHandler(int signal) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment action = arena.allocate(SIGACTION_SIZE);
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

    /** The shared object that holds {@code address} ({@code dladdr}), or null when no loaded object does. */
    static SharedObject sharedObjectAt(MemorySegment address) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(DL_INFO);
            int found = (int) Dladdr.HANDLE.invokeExact(address, info);
            if (found == 0) {
                return null;
            }
            return new SharedObject(string(info.get(ADDRESS, DL_INFO.byteOffset(groupElement("dli_fname")))),
                    string(info.get(ADDRESS, DL_INFO.byteOffset(groupElement("dli_sname")))));
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
    }

    private static String string(MemorySegment text) {
        return text.equals(MemorySegment.NULL) ? null : text.reinterpret(4096).getString(0);
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
