package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpi4all.ffi.RankProgram.Check;

/**
 * The JVM's own use of signals after {@code MPI_Init}: compiled Java code turns a null dereference into a
 * {@code SIGSEGV} that the JVM's handler makes a {@link NullPointerException}. UCX (under Debian's MPICH and Open
 * MPI, among others) installs its own {@code SIGSEGV} handler unless {@code UCX_ERROR_SIGNALS} is empty, and would
 * kill the process instead; the runtime empties it when the environment does not set it. Each rank reports what
 * the environment said at start ({@code ucx_error_signals_at_start}), what the native environment holds now,
 * which library's function handles {@code SIGSEGV} after {@code MPI_Init} ({@code sigsegv_handler}: the JVM's, or
 * UCX's {@code libucs}), and how many NullPointerExceptions it caught.
 */
final class JvmTrapsProgram {
    private static final int SIGSEGV = 11;

    private JvmTrapsProgram() {}

    static final class Box {
        int value = 1;
    }

    /** Compiled, once warm on non-null boxes, with an implicit null check: a SIGSEGV when {@code box} is null. */
    static int read(Box box) {
        return box.value;
    }

    private static String nativeEnvironment(String name) {
        Linker linker = Linker.nativeLinker();
        MethodHandle getenv = linker.downcallHandle(linker.defaultLookup().find("getenv").orElseThrow(),
                FunctionDescriptor.of(ADDRESS, ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = (MemorySegment) getenv.invokeExact(arena.allocateFrom(name));
            return value.equals(MemorySegment.NULL) ? "<unset>" : value.reinterpret(4096).getString(0);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** The process's environment when it started ({@code /proc/self/environ}, which {@code setenv} does not change). */
    private static String startEnvironment(String name) {
        try {
            String prefix = name + "=";
            for (String entry : Files.readString(Path.of("/proc/self/environ")).split("\0")) {
                if (entry.startsWith(prefix)) {
                    return entry.substring(prefix.length());
                }
            }
            return "<unset>";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shared object whose function handles {@code SIGSEGV} now ({@code sigaction}, then {@code dladdr}). */
    static String sigsegvHandlerLibrary() {
        Linker linker = Linker.nativeLinker();
        MethodHandle sigaction = linker.downcallHandle(linker.defaultLookup().find("sigaction").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
        MethodHandle dladdr = linker.downcallHandle(linker.defaultLookup().find("dladdr").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment action = arena.allocate(256);   // struct sigaction: the handler comes first
            MemorySegment info = arena.allocate(64);      // Dl_info: the file name comes first
            int rc = (int) sigaction.invokeExact(SIGSEGV, MemorySegment.NULL, action);
            MemorySegment handler = action.get(ADDRESS, 0);
            if (rc != 0 || handler.address() <= 1) {
                return "<none>";
            }
            int found = (int) dladdr.invokeExact(handler, info);
            return found == 0 ? "<unknown>" : info.get(ADDRESS, 0).reinterpret(4096).getString(0);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * Reads a field of a warm, compiled method's argument 1,000,000 times and of null 1,000 times, in ten rounds;
     * returns how many NullPointerExceptions came (each a SIGSEGV the JVM's handler turned into one).
     */
    static int nullPointerExceptionsFromCompiledCode() {
        Box box = new Box();
        long sum = 0;
        int caught = 0;
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < 100_000; i++) {
                sum += read(box);
            }
            for (int i = 0; i < 100; i++) {
                try {
                    sum += read(null);
                } catch (NullPointerException e) {
                    caught++;
                }
            }
        }
        assertThat(sum).isEqualTo(1_000_000);
        return caught;
    }

    @Check
    static void nullPointerExceptionsInHotCompiledCodeSurviveMpiInit(Rank r) {
        System.out.println("ucx_error_signals_at_start=" + startEnvironment("UCX_ERROR_SIGNALS"));
        System.out.println("ucx_error_signals_now=" + nativeEnvironment("UCX_ERROR_SIGNALS"));
        System.out.println("sigsegv_handler=" + sigsegvHandlerLibrary());
        System.out.flush();
        int caught = nullPointerExceptionsFromCompiledCode();
        System.out.println("null_pointer_exceptions=" + caught);
        assertThat(caught).isEqualTo(1000);
        Mpi.MPI_Barrier(r.world());   // MPI still works
    }
}
