package org.mpi4all.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.util.List;

/**
 * What a program that loads UCX itself goes through: {@code SignalHandlersProgram [load=LIBUCS] [mpi4all]}.
 * {@code load=LIBUCS} loads UCX's {@code libucs} first, behind mpi4all's back, as a program using some other library
 * linked to UCX would; {@code mpi4all} then initialises MPI through mpi4all. Last come 1,000 NullPointerExceptions
 * raised by compiled code ({@link JvmTrapsProgram#nullPointerExceptionsFromCompiledCode}), and {@code MPI_Finalize}
 * if MPI was initialised. Prints {@code skipped} when there is no such library, else {@code sigsegv_handler} (the library whose function handles {@code SIGSEGV}
 * before mpi4all loads), then either {@code load_error} (mpi4all refused to load, and the program stops there
 * with status 0, so that every rank reports it) or {@code null_pointer_exceptions} and {@code finalized}.
 */
final class SignalHandlersProgram {
    static final String LOAD = "load=";
    static final String MPI4ALL = "mpi4all";

    private SignalHandlersProgram() {}

    public static void main(String[] args) {
        List<String> steps = List.of(args);
        for (String step : steps) {
            if (step.startsWith(LOAD)) {
                try {
                    SymbolLookup.libraryLookup(step.substring(LOAD.length()), Arena.global());
                } catch (IllegalArgumentException e) {
                    System.out.println("skipped=" + e.getMessage());
                    return;
                }
            }
        }
        System.out.println("sigsegv_handler=" + JvmTrapsProgram.sigsegvHandlerLibrary());
        System.out.flush();
        boolean mpi = steps.contains(MPI4ALL);
        if (mpi) {
            try {
                Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
            } catch (UnsatisfiedLinkError e) {   // thrown by Mpi's initialisation, which loads the library
                System.out.println("load_error=" + e.getMessage().replace('\n', ' '));
                return;
            }
        }
        System.out.println("null_pointer_exceptions=" + JvmTrapsProgram.nullPointerExceptionsFromCompiledCode());
        if (mpi) {
            Mpi.MPI_Barrier(Mpi.MPI_COMM_WORLD);
            Mpi.MPI_Finalize();
            System.out.println("finalized=true");
        }
    }
}
