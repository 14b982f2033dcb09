package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.mpi4all.ffi.Mpi.MPI_INT;
import static org.mpi4all.ffi.Mpi.MPI_STATUSES_IGNORE;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpi4all.ffi.RankProgram.Check;
import org.mpi4all.runtime.CriticalStarts;
import org.mpi4all.runtime.MpiException;

/**
 * The short nonblocking starts ({@code MPI_Isend}, {@code MPI_Irecv}) linked critical at {@code MPI_THREAD_SINGLE}
 * carry messages and return MPI's errors as before; a Java error handler ends the critical link before MPI can call
 * it from inside a start (an upcall during a critical call stops the JVM). Run on 2 ranks; the checks run in the
 * order of their names, so the critical one comes first.
 */
final class CriticalStartsProgram {
    /** More ints than a start takes through its critical link ({@code CriticalStarts}: 4096 bytes). */
    private static final int LONG_MESSAGE = 4096;

    private CriticalStartsProgram() {}

    @Check
    static void criticalStartsCarryShortAndLongMessagesAndReturnErrorsAtThreadSingle(Rank r) {
        assertThat(r.size).isEqualTo(2);
        assertThat(CriticalStarts.plainBecause()).isNull();
        assertThat(CriticalStarts.active()).isTrue();

        MemorySegment requests = r.requests(4);
        MemorySegment shortIn = r.intsFilled(2, -1);
        MemorySegment longIn = r.intsFilled(LONG_MESSAGE, -1);
        MemorySegment longOut = r.intsFilled(LONG_MESSAGE, 0);
        for (int i = 0; i < LONG_MESSAGE; i++) {
            longOut.setAtIndex(JAVA_INT, i, r.rank * LONG_MESSAGE + i);
        }
        Mpi.MPI_Irecv(shortIn, 2, MPI_INT, r.left(), 1, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 0));
        Mpi.MPI_Irecv(longIn, LONG_MESSAGE, MPI_INT, r.left(), 2, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 1));
        Mpi.MPI_Isend(r.ints(r.rank, 10 + r.rank), 2, MPI_INT, r.right(), 1, r.world(),
                Rank.element(requests, MPI_Request.LAYOUT, 2));
        Mpi.MPI_Isend(longOut, LONG_MESSAGE, MPI_INT, r.right(), 2, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 3));
        Mpi.MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);

        int peer = r.left();
        assertThat(Rank.ints(shortIn)).containsExactly(peer, 10 + peer);
        assertThat(longIn.getAtIndex(JAVA_INT, 0)).isEqualTo(peer * LONG_MESSAGE);
        assertThat(longIn.getAtIndex(JAVA_INT, LONG_MESSAGE - 1)).isEqualTo(peer * LONG_MESSAGE + LONG_MESSAGE - 1);

        // MPI_ERRORS_RETURN on the world: an invalid tag comes back as the error, through the critical link.
        Throwable badTag = catchThrowable(() -> Mpi.MPI_Isend(r.ints(1), 1, MPI_INT, r.right(), -5, r.world(),
                r.requests(1)));
        assertThat(badTag).isInstanceOfSatisfying(MpiException.class,
                e -> assertThat(e.errorClass()).isEqualTo(Mpi.MPI_ERR_TAG));
        assertThat(CriticalStarts.active()).isTrue();
    }

    /**
     * What an MPI call does once a user-defined error handler returned is the implementation's choice (most return
     * the error code, MPICH 5 returns {@code MPI_SUCCESS}, see {@code ErrorsProgram}): the handler's calls are what
     * count.
     */
    @Check
    static void javaErrorHandlerEndsTheCriticalStartsBeforeMpiCanCallIt(Rank r) {
        MPI_Comm comm = r.commOut(p -> Mpi.MPI_Comm_dup(r.world(), p));
        List<Integer> codes = new ArrayList<>();
        MPI_Comm_errhandler_function record = (commPointer, codePointer) ->
                codes.add(codePointer.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0));
        MemorySegment handler = MPI_Errhandler.allocate(r.arena);
        Mpi.MPI_Comm_create_errhandler(MPI_Comm_errhandler_function.allocate(record, r.arena), handler);
        assertThat(CriticalStarts.active()).isFalse();
        assertThat(CriticalStarts.plainBecause()).startsWith("MPI_Comm_create_errhandler gave MPI a function");
        Mpi.MPI_Comm_set_errhandler(comm, MPI_Errhandler.read(handler));

        Throwable send = catchThrowable(() -> Mpi.MPI_Isend(r.ints(1), 1, MPI_INT, r.size, 0, comm, r.requests(1)));
        Throwable receive = catchThrowable(() -> Mpi.MPI_Irecv(r.intsFilled(1, 0), 1, MPI_INT, r.size + 1, 0, comm,
                r.requests(1)));
        assertThat(codes).as("handler calls").hasSize(2);
        for (int code : codes) {
            assertThat(r.intOut(p -> Mpi.MPI_Error_class(code, p))).isEqualTo(Mpi.MPI_ERR_RANK);
        }
        for (Throwable thrown : Arrays.asList(send, receive)) {   // null where MPI returned MPI_SUCCESS
            if (thrown != null) {
                assertThat(thrown).isInstanceOfSatisfying(MpiException.class,
                        e -> assertThat(e.errorClass()).isEqualTo(Mpi.MPI_ERR_RANK));
            }
        }
        Mpi.MPI_Errhandler_free(handler);
        Mpi.MPI_Comm_free(r.commCell(comm));
    }
}
