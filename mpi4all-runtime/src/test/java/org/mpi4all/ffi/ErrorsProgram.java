package org.mpi4all.ffi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.mpi4all.ffi.Mpi.MPI_INFO_NULL;
import static org.mpi4all.ffi.Mpi.MPI_INT;
import static org.mpi4all.ffi.Mpi.MPI_STATUS_IGNORE;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.mpi4all.ffi.RankProgram.Check;
import org.mpi4all.runtime.MpiException;

/**
 * The error path: MPI errors under {@code MPI_ERRORS_RETURN} (installed by the generated {@code MPI_Init} on the
 * predefined communicators and by the window constructors on every window; the default for files) become
 * {@link MpiException}s with the function, code, class and the implementation's message; Java error handlers
 * see the error; misuse Java can see (a null handle, memory of a closed arena) throws before MPI is called. Each
 * rank prints the error class names it saw ({@code seen.WHAT=NAME}). Its argument is a writable directory.
 */
final class ErrorsProgram {
    private ErrorsProgram() {}

    /** Runs {@code call}, expects an {@link MpiException} from {@code function}, and returns it. */
    private static MpiException mpiError(String what, String function, ThrowingCallable call) {
        List<MpiException> caught = new ArrayList<>();
        assertThatThrownBy(call).as(what).isInstanceOfSatisfying(MpiException.class, e -> {
            assertThat(e.function()).isEqualTo(function);
            assertThat(e.errorCode()).as("error code").isNotEqualTo(Mpi.MPI_SUCCESS);
            assertThat(e.errorString()).as("MPI_Error_string").isNotBlank();
            assertThat(e.getMessage()).startsWith(function + " failed: ").contains(e.errorString().strip());
            caught.add(e);
        });
        MpiException e = caught.getFirst();
        System.out.println("seen." + what + "=" + e.errorClassName());
        return e;
    }

    /** Expects an {@link MpiException} of class {@code errorClass} (named {@code errorClassName}) from {@code function}. */
    private static MpiException mpiError(String what, String function, int errorClass, String errorClassName,
                                         ThrowingCallable call) {
        MpiException e = mpiError(what, function, call);
        assertThat(e.errorClass()).as("error class of %s (%s)", what, e.getMessage()).isEqualTo(errorClass);
        assertThat(e.errorClassName()).isEqualTo(errorClassName);
        assertThat(e.getMessage()).contains(errorClassName);
        return e;
    }

    @Check
    static void invalidArgumentsOnACommunicatorThrowMpiExceptionsWithTheirClass(Rank r) {
        MemorySegment value = r.ints(1);
        mpiError("send_to_rank_size", "MPI_Send", Mpi.MPI_ERR_RANK, "MPI_ERR_RANK",
                () -> Mpi.MPI_Send(value, 1, MPI_INT, r.size, 0, r.world()));
        mpiError("recv_from_rank_size", "MPI_Recv", Mpi.MPI_ERR_RANK, "MPI_ERR_RANK",
                () -> Mpi.MPI_Recv(value, 1, MPI_INT, r.size + 3, 0, r.world(), MPI_STATUS_IGNORE));
        mpiError("negative_tag", "MPI_Send", Mpi.MPI_ERR_TAG, "MPI_ERR_TAG",
                () -> Mpi.MPI_Send(value, 1, MPI_INT, r.right(), -5, r.world()));
        mpiError("negative_count", "MPI_Send", Mpi.MPI_ERR_COUNT, "MPI_ERR_COUNT",
                () -> Mpi.MPI_Send(value, -1, MPI_INT, r.right(), 0, r.world()));
        mpiError("null_datatype", "MPI_Send", Mpi.MPI_ERR_TYPE, "MPI_ERR_TYPE",
                () -> Mpi.MPI_Send(value, 1, Mpi.MPI_DATATYPE_NULL, r.right(), 0, r.world()));
        mpiError("bcast_root_size", "MPI_Bcast", Mpi.MPI_ERR_ROOT, "MPI_ERR_ROOT",
                () -> Mpi.MPI_Bcast(value, 1, MPI_INT, r.size, r.world()));
        // The communicator still works.
        MemorySegment received = r.intsFilled(1, -1);
        Mpi.MPI_Sendrecv(r.ints(r.rank), 1, MPI_INT, r.right(), 1, received, 1, MPI_INT, r.left(), 1, r.world(), MPI_STATUS_IGNORE);
        assertThat(Rank.ints(received)).containsExactly(r.left());
    }

    @Check
    static void truncatedReceiveThrowsMpiErrTruncate(Rank r) {
        MemorySegment request = r.requests(1);
        Mpi.MPI_Isend(r.ints(1, 2, 3, 4), 4, MPI_INT, r.right(), 2, r.world(), request);
        MemorySegment tooSmall = r.intsFilled(2, -1);
        mpiError("truncated_receive", "MPI_Recv", Mpi.MPI_ERR_TRUNCATE, "MPI_ERR_TRUNCATE",
                () -> Mpi.MPI_Recv(tooSmall, 2, MPI_INT, r.left(), 2, r.world(), MPI_STATUS_IGNORE));
        Mpi.MPI_Wait(request, MPI_STATUS_IGNORE);
    }

    /**
     * What an MPI call does once a user-defined error handler returned is the implementation's choice: most return
     * the error code (an {@link MpiException}), MPICH 5 returns {@code MPI_SUCCESS} (the same C program shows it).
     */
    @Check
    static void javaErrorHandlerSeesTheCommunicatorAndTheErrorAndItsExceptionsSurface(Rank r) {
        MPI_Comm comm = r.commOut(p -> Mpi.MPI_Comm_dup(r.world(), p));
        List<String> seen = new ArrayList<>();
        List<Integer> codes = new ArrayList<>();
        MPI_Comm_errhandler_function record = (commPointer, codePointer) -> {
            MPI_Comm where = MPI_Comm.read(commPointer.reinterpret(MPI_Comm.LAYOUT.byteSize()));
            int code = codePointer.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0);
            seen.add(where.equals(comm) ? "comm" : "other " + where);
            codes.add(code);
        };
        MemorySegment handler = MPI_Errhandler.allocate(r.arena);
        Mpi.MPI_Comm_create_errhandler(MPI_Comm_errhandler_function.allocate(record, r.arena), handler);
        Mpi.MPI_Comm_set_errhandler(comm, MPI_Errhandler.read(handler));

        Throwable thrown = catchThrowable(() -> Mpi.MPI_Send(r.ints(1), 1, MPI_INT, r.size, 0, comm));
        assertThat(seen).as("handler calls").containsExactly("comm");
        assertThat(r.intOut(p -> Mpi.MPI_Error_class(codes.getFirst(), p))).isEqualTo(Mpi.MPI_ERR_RANK);
        System.out.println("seen.after_java_handler=" + (thrown == null ? "MPI_SUCCESS" : thrown.getClass().getSimpleName()));
        if (thrown != null) {
            assertThat(thrown).isInstanceOfSatisfying(MpiException.class, e -> {
                assertThat(e.errorCode()).isEqualTo(codes.getFirst());
                assertThat(e.errorClass()).isEqualTo(Mpi.MPI_ERR_RANK);
            });
        }

        // A handler that throws: its exception surfaces, as the cause of the MpiException or by itself.
        MemorySegment throwing = MPI_Errhandler.allocate(r.arena);
        Mpi.MPI_Comm_create_errhandler(MPI_Comm_errhandler_function.allocate((c, code) -> {
            throw new IllegalStateException("handler failed");
        }, r.arena), throwing);
        Mpi.MPI_Comm_set_errhandler(comm, MPI_Errhandler.read(throwing));
        Throwable failure = catchThrowable(() -> Mpi.MPI_Send(r.ints(1), 1, MPI_INT, r.size, 0, comm));
        Throwable handlerFailure = failure instanceof MpiException e ? e.getCause() : failure;
        assertThat(handlerFailure).isInstanceOf(IllegalStateException.class).hasMessage("handler failed");
        Mpi.MPI_Barrier(comm);   // nothing left pending

        Mpi.MPI_Errhandler_free(handler);
        Mpi.MPI_Errhandler_free(throwing);
        Mpi.MPI_Comm_free(r.commCell(comm));
    }

    @Check
    static void windowErrorsThrowMpiExceptions(Rank r) {
        MemorySegment memory = r.intsFilled(2, 0);
        MPI_Win win = r.winOut(p -> Mpi.MPI_Win_create(memory, memory.byteSize(), Integer.BYTES, MPI_INFO_NULL, r.world(), p));
        Mpi.MPI_Win_fence(0, win);
        mpiError("put_to_rank_size", "MPI_Put", Mpi.MPI_ERR_RANK, "MPI_ERR_RANK",
                () -> Mpi.MPI_Put(r.ints(1), 1, MPI_INT, r.size, 0, 1, MPI_INT, win));
        Mpi.MPI_Win_fence(0, win);
        mpiError("unlock_without_lock", "MPI_Win_unlock", Mpi.MPI_ERR_RMA_SYNC, "MPI_ERR_RMA_SYNC",
                () -> Mpi.MPI_Win_unlock(r.right(), win));
        Mpi.MPI_Win_free(r.winCell(win));
    }

    @Check
    static void fileErrorsThrowMpiExceptions(Rank r) {
        Path directory = Path.of(r.args.getFirst(), "rank-" + r.rank);
        Path missing = directory.resolve("missing.dat");
        MemorySegment cell = MPI_File.allocate(r.arena);
        mpiError("open_missing_file", "MPI_File_open", Mpi.MPI_ERR_NO_SUCH_FILE, "MPI_ERR_NO_SUCH_FILE",
                () -> Mpi.MPI_File_open(Mpi.MPI_COMM_SELF, r.string(missing.toString()), Mpi.MPI_MODE_RDONLY, MPI_INFO_NULL, cell));

        Path readOnly = directory.resolve("read-only.dat");
        write(readOnly, new byte[16]);
        mpiError("open_read_write_only", "MPI_File_open", Mpi.MPI_ERR_AMODE, "MPI_ERR_AMODE",
                () -> Mpi.MPI_File_open(Mpi.MPI_COMM_SELF, r.string(readOnly.toString()),
                        Mpi.MPI_MODE_RDONLY | Mpi.MPI_MODE_WRONLY, MPI_INFO_NULL, cell));
        Mpi.MPI_File_open(Mpi.MPI_COMM_SELF, r.string(readOnly.toString()), Mpi.MPI_MODE_RDONLY, MPI_INFO_NULL, cell);
        MPI_File file = MPI_File.read(cell);
        MpiException write = mpiError("write_read_only_file", "MPI_File_write_at",
                () -> Mpi.MPI_File_write_at(file, 0, r.ints(1), 1, MPI_INT, MPI_STATUS_IGNORE));
        assertThat(write.errorClass()).as("the class of writing a read-only file (%s)", write.getMessage())
                .isIn(Mpi.MPI_ERR_READ_ONLY, Mpi.MPI_ERR_ACCESS, Mpi.MPI_ERR_AMODE);
        Mpi.MPI_File_close(cell);
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Check
    static void toolInterfaceErrorsCarryTheirOwnErrorNames(Rank r) {
        Mpi.MPI_T_init_thread(Mpi.MPI_THREAD_SINGLE, r.arena.allocate(JAVA_INT));
        int variables = r.intOut(Mpi::MPI_T_cvar_get_num);
        MemorySegment text = r.arena.allocate(256);
        MemorySegment length = r.ints(256);
        MemorySegment out = r.intsFilled(8, 0);
        assertThatThrownBy(() -> Mpi.MPI_T_cvar_get_info(variables, text, length, out, MPI_Datatype.allocate(r.arena),
                MPI_T_enum.allocate(r.arena), text, r.ints(256), out.asSlice(4), out.asSlice(8)))
                .as("a control variable index past the last")
                .isInstanceOfSatisfying(MpiException.class, e -> {
                    System.out.println("seen.cvar_index_past_last=" + e.errorClassName());
                    assertThat(e.function()).isEqualTo("MPI_T_cvar_get_info");
                    // Open MPI 4.1 says MPI_T_ERR_INVALID (the same C program shows it), the others _INVALID_INDEX.
                    String name = e.errorCode() == Mpi.MPI_T_ERR_INVALID ? "MPI_T_ERR_INVALID" : "MPI_T_ERR_INVALID_INDEX";
                    assertThat(e.errorCode()).isIn(Mpi.MPI_T_ERR_INVALID_INDEX, Mpi.MPI_T_ERR_INVALID);
                    assertThat(e.errorClassName()).isEqualTo(name);
                    assertThat(e.getMessage()).startsWith("MPI_T_cvar_get_info failed: " + name);
                });
        Mpi.MPI_T_finalize();
    }

    @Check
    static void nullHandlesAndUnusableMemoryThrowBeforeReachingMpi(Rank r) {
        MemorySegment out = r.arena.allocate(JAVA_INT);
        assertThatThrownBy(() -> Mpi.MPI_Comm_size(null, out)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Mpi.MPI_Send(r.ints(1), 1, null, r.right(), 0, r.world()))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> Mpi.MPI_Comm_size(r.world(), null)).isInstanceOf(NullPointerException.class);

        MemorySegment closed;
        try (Arena arena = Arena.ofConfined()) {
            closed = arena.allocate(JAVA_INT);
        }
        MemorySegment gone = closed;
        assertThatThrownBy(() -> Mpi.MPI_Comm_size(r.world(), gone))
                .as("memory of a closed arena").isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Mpi.MPI_Send(gone, 1, MPI_INT, r.right(), 0, r.world()))
                .isInstanceOf(IllegalStateException.class);

        MemorySegment otherThreads = CompletableFuture.supplyAsync(() -> Arena.ofConfined().allocate(JAVA_INT)).join();
        assertThatThrownBy(() -> Mpi.MPI_Comm_rank(r.world(), otherThreads))
                .as("memory confined to another thread").isInstanceOf(WrongThreadException.class);

        // MPI is untouched: the next calls work.
        assertThat(r.intOut(p -> Mpi.MPI_Comm_size(r.world(), p))).isEqualTo(r.size);
        Mpi.MPI_Barrier(r.world());
    }
}
