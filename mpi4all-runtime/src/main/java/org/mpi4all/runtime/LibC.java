package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The few C library functions the runtime needs: the dynamic loader (to load libmpi into the global
 * symbol scope, which {@link System#load} cannot do, and to resolve symbols the way a C program's
 * linker would, so that PMPI tools preloaded with {@code LD_PRELOAD} still intercept calls) and the
 * process environment (read by native libraries such as UCX, not by Java), and the signal handlers in place
 * ({@link SignalOwnership}). {@code dladdr} names the file a
 * loaded symbol comes from: how an MPI library already in the process, or the C library's own directory, is found.
 *
 * <p>Every call goes through one downcall handle of one shape, {@code long f(long, long, long)} ({@link #call}), the
 * functions of MPI that identify a library too: a fresh JVM spends about 10 ms of CPU on each downcall shape it has
 * not linked before, and loading MPI called eight functions of six shapes. On the 64-bit Linux ABIs the runtime
 * supports (x86-64 and AArch64, whose values the {@code RTLD_} constants are), each integer or pointer argument
 * travels in a 64-bit register of its own, of which an {@code int} parameter reads the lower half; a function reads
 * no register beyond its parameters; and an {@code int} result is the lower half of the result register. So each
 * function is called with its arguments widened to {@code long} (unused ones 0) and its {@code int} result
 * narrowed, which is exactly what a C caller's registers hold.
 */
final class LibC {
    /** glibc's {@code RTLD_NOW}, {@code RTLD_GLOBAL} and {@code RTLD_DEFAULT} (Linux on x86-64 and AArch64). */
    static final int RTLD_NOW = 0x2;
    static final int RTLD_GLOBAL = 0x100;
    static final MemorySegment RTLD_DEFAULT = MemorySegment.NULL;

    private static final Linker LINKER = Linker.nativeLinker();
    /** {@code long f(long, long, long)}, the function's address first: see the class comment. */
    private static final MethodHandle CALL = LINKER.downcallHandle(
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));

    private static final MemorySegment DLOPEN = libc("dlopen");
    private static final MemorySegment DLSYM = libc("dlsym");
    private static final MemorySegment DLERROR = libc("dlerror");
    private static final MemorySegment DLADDR = libc("dladdr");
    /*
     * The C library's own sigaction, not the global scope's: with the JVM's signal-chaining library libjsig
     * preloaded, the global sigaction is libjsig's, which reports the handler it keeps aside for chaining rather
     * than the one installed.
     */
    private static final MemorySegment SIGACTION = libc("sigaction");
    private static final MemorySegment PUTENV = libc("putenv");

    /** Room for glibc's {@code struct sigaction} (152 bytes on x86-64 and AArch64), whose first field is the handler. */
    private static final long SIGACTION_SIZE = 256;
    /** glibc's {@code Dl_info}: the file name, its load address, the nearest symbol's name and address. */
    private static final int DL_INFO_WORDS = 4;
    /**
     * Where {@code sigaction} and {@code dladdr} write their answers, allocated once and used under this class's lock:
     * the signal check's calls, the first of the runtime's in a fresh JVM, need no arena of their own.
     */
    private static final MemorySegment ANSWER = Arena.global().allocate(SIGACTION_SIZE);

    private LibC() {}

    private static MemorySegment libc(String name) {
        // No lambda (orElseThrow's supplier): linking one costs a fresh JVM about a millisecond.
        Optional<MemorySegment> function = LINKER.defaultLookup().find(name);
        if (function.isEmpty()) {
            throw new UnsatisfiedLinkError("the C library has no " + name);
        }
        return function.get();
    }

    /** Calls {@code function} with up to three integer or pointer arguments (see the class comment). */
    private static long call(MemorySegment function, long first, long second, long third) {
        try {
            return (long) CALL.invokeExact(function, first, second, third);
        } catch (Throwable t) {
            throw new AssertionError("should not reach here", t);
        }
    }

    /**
     * Calls the C function {@code int function(void *, void *)} (MPI's {@code MPI_Get_library_version} and
     * {@code MPI_Abi_get_version}, among others) through the one downcall shape.
     */
    static int callIntFunction(MemorySegment function, MemorySegment first, MemorySegment second) {
        return (int) call(function, first.address(), second.address(), 0);
    }

    /** {@code dlopen(path, flags)}; throws with the loader's own explanation when it fails. */
    static MemorySegment dlopen(String path, int flags) {
        try (Arena arena = Arena.ofConfined()) {
            long handle = call(DLOPEN, arena.allocateFrom(path).address(), flags, 0);
            if (handle == 0) {
                throw new UnsatisfiedLinkError("cannot load " + path + ": " + dlerror());
            }
            return MemorySegment.ofAddress(handle);
        }
    }

    /** {@code dlsym(handle, name)}, or {@link MemorySegment#NULL} when there is no such symbol. */
    static MemorySegment dlsym(MemorySegment handle, String name) {
        try (Arena arena = Arena.ofConfined()) {
            return MemorySegment.ofAddress(call(DLSYM, handle.address(), arena.allocateFrom(name).address(), 0));
        }
    }

    /**
     * The symbols of the library loaded as {@code handle} and of its dependencies, as {@code dlsym} finds them: what
     * {@link SymbolLookup#libraryLookup} gives for a library loaded already, without loading it a second time
     * through the JDK's own library loader (some milliseconds of CPU in a fresh JVM).
     */
    static SymbolLookup symbolsOf(MemorySegment handle) {
        return new LibrarySymbols(handle);
    }

    private record LibrarySymbols(MemorySegment handle) implements SymbolLookup {
        @Override
        public Optional<MemorySegment> find(String name) {
            MemorySegment address = dlsym(handle, name);
            return address.equals(MemorySegment.NULL) ? Optional.empty() : Optional.of(address);
        }
    }

    /**
     * The file of the loaded object that holds {@code address} ({@code dladdr}'s {@code dli_fname}: the path the
     * loader opened), or empty when no loaded object holds it.
     */
    static Optional<String> fileOf(MemorySegment address) {
        SharedObject object = sharedObjectAt(address.address());
        return object == null || object.file() == null || object.file().isEmpty() ? Optional.empty()
                : Optional.of(object.file());
    }

    /**
     * The address of the function that handles {@code signal} now ({@code sa_handler} and {@code sa_sigaction} share
     * the first field of {@code struct sigaction}): 0 for the default action, 1 when the signal is ignored.
     */
    static synchronized long signalHandler(int signal) {
        if ((int) call(SIGACTION, signal, 0, ANSWER.address()) != 0) {
            throw new IllegalStateException("sigaction(" + signal + ") failed");
        }
        return words(1)[0];
    }

    /** A loaded shared object and the symbol nearest below an address in it (null when it has none). */
    record SharedObject(String file, String symbol) {}

    /** The shared object that holds {@code address} ({@code dladdr}'s file and symbol), or null when none does. */
    static synchronized SharedObject sharedObjectAt(long address) {
        if ((int) call(DLADDR, address, ANSWER.address(), 0) == 0) {
            return null;
        }
        long[] info = words(DL_INFO_WORDS);
        return new SharedObject(string(MemorySegment.ofAddress(info[0])), string(MemorySegment.ofAddress(info[2])));
    }

    /**
     * The first {@code count} 64-bit words of {@link #ANSWER}, pointers among them (what they are on these ABIs),
     * copied out: reading them with {@code get(JAVA_LONG)} or {@code get(ADDRESS)} would first make that layout's var
     * handle (0.6-0.7 ms of a fresh JVM's CPU for {@code JAVA_LONG}'s, measured); the copy takes the path
     * {@code getString} takes anyway.
     */
    private static long[] words(int count) {
        long[] words = new long[count];
        MemorySegment.copy(ANSWER, JAVA_LONG, 0, words, 0, count);
        return words;
    }

    private static String string(MemorySegment text) {
        return text.equals(MemorySegment.NULL) ? null : text.reinterpret(4096).getString(0);
    }

    /** The C library's {@code dlopen}: a symbol that {@link #fileOf} places in the C library itself. */
    static MemorySegment aLibcFunction() {
        return DLOPEN;
    }

    private static String dlerror() {
        long message = call(DLERROR, 0, 0, 0);
        return message == 0 ? "unknown error" : string(MemorySegment.ofAddress(message));
    }

    /**
     * Sets {@code name} in the native environment, which native libraries read (Java's view is a copy). The
     * string becomes part of the environment ({@code putenv} keeps the pointer), so it is never freed.
     */
    static void putenv(String name, String value) {
        if ((int) call(PUTENV, Arena.global().allocateFrom(name.concat("=").concat(value)).address(), 0, 0) != 0) {
            throw new IllegalStateException("putenv(" + name + ") failed");
        }
    }
}
