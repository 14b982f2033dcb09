package org.mpi4all.ffi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mpi4all.ffi.Mpi.MPI_ANY_SOURCE;
import static org.mpi4all.ffi.Mpi.MPI_ANY_TAG;
import static org.mpi4all.ffi.Mpi.MPI_DOUBLE;
import static org.mpi4all.ffi.Mpi.MPI_INT;
import static org.mpi4all.ffi.Mpi.MPI_INT64_T;
import static org.mpi4all.ffi.Mpi.MPI_INT8_T;
import static org.mpi4all.ffi.Mpi.MPI_REQUEST_NULL;
import static org.mpi4all.ffi.Mpi.MPI_STATUSES_IGNORE;
import static org.mpi4all.ffi.Mpi.MPI_STATUS_IGNORE;
import static org.mpi4all.ffi.Mpi.MPI_SUCCESS;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.mpi4all.ffi.RankProgram.Check;
import org.mpi4all.runtime.MpiException;

/**
 * Point-to-point communication through the generated bindings: blocking, nonblocking, probing, matched and
 * persistent; statuses read through {@link MPI_Status}; heap arrays through {@link MpiCritical}. Every rank
 * talks to its neighbours on the ring of all ranks, so any number of ranks works.
 */
final class PointToPointProgram {
    /** A value no MPI call stores in a status field, to see whether one was written. */
    private static final int UNTOUCHED = -7777;

    private PointToPointProgram() {}

    /** {@code count} ints {@code base, base + 1, ...}. */
    private static int[] sequence(int base, int count) {
        return IntStream.range(0, count).map(i -> base + i).toArray();
    }

    @Check
    static void recvReportsSourceTagAndCountInTheStatus(Rank r) {
        int count = r.rank + 1;   // each rank sends a different number of ints
        MemorySegment send = r.ints(sequence(100 * r.rank, count));
        MemorySegment received = r.intsFilled(r.size, -1);
        MemorySegment status = r.status();
        MPI_Status.MPI_ERROR(status, UNTOUCHED);
        MPI_Request request = r.requestOut(p -> Mpi.MPI_Isend(send, count, MPI_INT, r.right(), 10 + r.rank, r.world(), p));

        Mpi.MPI_Recv(received, r.size, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, r.world(), status);
        Mpi.MPI_Wait(r.requestCell(request), MPI_STATUS_IGNORE);

        int expectedCount = r.left() + 1;
        assertThat(MPI_Status.MPI_SOURCE(status)).as("MPI_SOURCE").isEqualTo(r.left());
        assertThat(MPI_Status.MPI_TAG(status)).as("MPI_TAG").isEqualTo(10 + r.left());
        // The standard lets a call that returns one status leave MPI_ERROR alone (MPICH does, Open MPI sets it).
        assertThat(MPI_Status.MPI_ERROR(status)).as("MPI_ERROR").isIn(MPI_SUCCESS, UNTOUCHED);
        assertThat(r.intOut(p -> Mpi.MPI_Get_count(status, MPI_INT, p))).as("MPI_Get_count").isEqualTo(expectedCount);
        assertThat(r.intOut(p -> Mpi.MPI_Get_elements(status, MPI_INT, p))).as("MPI_Get_elements").isEqualTo(expectedCount);
        int bytes = expectedCount * Integer.BYTES;
        assertThat(r.intOut(p -> Mpi.MPI_Get_count(status, MPI_DOUBLE, p))).as("MPI_Get_count in doubles")
                .isEqualTo(bytes % Double.BYTES == 0 ? bytes / Double.BYTES : Mpi.MPI_UNDEFINED);
        int[] expected = new int[r.size];
        Arrays.fill(expected, -1);
        System.arraycopy(sequence(100 * r.left(), expectedCount), 0, expected, 0, expectedCount);
        assertThat(Rank.ints(received)).isEqualTo(expected);
    }

    @Check
    static void waitallReportsEachRequestsErrorInItsStatus(Rank r) {
        // The first message is longer than its receive buffer (truncation), the second fits.
        MemorySegment longMessage = r.ints(1, 2, 3, 4);
        MemorySegment shortMessage = r.ints(5);
        MemorySegment sends = r.requests(2);
        Mpi.MPI_Isend(longMessage, 4, MPI_INT, r.right(), 1, r.world(), Rank.element(sends, MPI_Request.LAYOUT, 0));
        Mpi.MPI_Isend(shortMessage, 1, MPI_INT, r.right(), 2, r.world(), Rank.element(sends, MPI_Request.LAYOUT, 1));
        MemorySegment receives = r.requests(2);
        MemorySegment small = r.intsFilled(2, 0);
        MemorySegment single = r.intsFilled(1, 0);
        Mpi.MPI_Irecv(small, 2, MPI_INT, r.left(), 1, r.world(), Rank.element(receives, MPI_Request.LAYOUT, 0));
        Mpi.MPI_Irecv(single, 1, MPI_INT, r.left(), 2, r.world(), Rank.element(receives, MPI_Request.LAYOUT, 1));
        MemorySegment statuses = r.statuses(2);
        MPI_Status.MPI_ERROR(MPI_Status.get(statuses, 0), UNTOUCHED);
        MPI_Status.MPI_ERROR(MPI_Status.get(statuses, 1), UNTOUCHED);

        assertThatThrownBy(() -> Mpi.MPI_Waitall(2, receives, statuses))
                .isInstanceOfSatisfying(MpiException.class, e -> {
                    assertThat(e.function()).isEqualTo("MPI_Waitall");
                    assertThat(e.errorClass()).isEqualTo(Mpi.MPI_ERR_IN_STATUS);
                });
        int truncated = MPI_Status.MPI_ERROR(MPI_Status.get(statuses, 0));
        assertThat(r.intOut(p -> Mpi.MPI_Error_class(truncated, p))).as("error class in status 0")
                .isEqualTo(Mpi.MPI_ERR_TRUNCATE);
        assertThat(MPI_Status.MPI_ERROR(MPI_Status.get(statuses, 1))).as("MPI_ERROR of the receive that fitted")
                .isIn(MPI_SUCCESS, Mpi.MPI_ERR_PENDING);
        // Whatever was left pending completes normally.
        Mpi.MPI_Waitall(2, receives, MPI_STATUSES_IGNORE);
        Mpi.MPI_Waitall(2, sends, MPI_STATUSES_IGNORE);
        assertThat(Rank.ints(single)).containsExactly(5);
    }

    @Check
    static void sendrecvAndSendrecvReplaceShiftValuesAroundTheRing(Rank r) {
        MemorySegment send = r.ints(r.rank, r.rank * r.rank);
        MemorySegment received = r.intsFilled(2, -1);
        MemorySegment status = r.status();
        Mpi.MPI_Sendrecv(send, 2, MPI_INT, r.right(), 7, received, 2, MPI_INT, r.left(), 7, r.world(), status);
        assertThat(Rank.ints(received)).containsExactly(r.left(), r.left() * r.left());
        assertThat(MPI_Status.MPI_SOURCE(status)).isEqualTo(r.left());
        assertThat(MPI_Status.MPI_TAG(status)).isEqualTo(7);

        MemorySegment buffer = r.ints(7 * r.rank);
        Mpi.MPI_Sendrecv_replace(buffer, 1, MPI_INT, r.left(), 8, r.right(), 8, r.world(), MPI_STATUS_IGNORE);
        assertThat(Rank.ints(buffer)).containsExactly(7 * r.right());
    }

    @Check
    static void isendIrecvCompleteThroughTestWaitWaitanyAndWaitall(Rank r) {
        MemorySegment fromLeft = r.intsFilled(3, -1);
        MemorySegment fromRight = r.intsFilled(3, -1);
        MemorySegment toRight = r.ints(sequence(10 * r.rank, 3));
        MemorySegment toLeft = r.ints(sequence(-10 * r.rank, 3));
        MemorySegment requests = r.requests(4);
        Mpi.MPI_Irecv(fromLeft, 3, MPI_INT, r.left(), 1, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 0));
        Mpi.MPI_Irecv(fromRight, 3, MPI_INT, r.right(), 2, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 1));
        Mpi.MPI_Isend(toRight, 3, MPI_INT, r.right(), 1, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 2));
        Mpi.MPI_Isend(toLeft, 3, MPI_INT, r.left(), 2, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 3));
        for (int i = 0; i < 4; i++) {
            assertThat(MPI_Request.read(requests, i)).as("request %d after posting", i).isNotEqualTo(MPI_REQUEST_NULL);
        }

        MemorySegment status = r.status();
        MemorySegment first = Rank.element(requests, MPI_Request.LAYOUT, 0);
        while (!r.flagOut(flag -> Mpi.MPI_Test(first, flag, status))) {
            Thread.onSpinWait();
        }
        assertThat(MPI_Status.MPI_SOURCE(status)).isEqualTo(r.left());
        assertThat(MPI_Request.read(requests, 0)).as("a completed request is freed").isEqualTo(MPI_REQUEST_NULL);

        Mpi.MPI_Wait(Rank.element(requests, MPI_Request.LAYOUT, 1), status);
        assertThat(MPI_Status.MPI_SOURCE(status)).isEqualTo(r.right());
        assertThat(MPI_Status.MPI_TAG(status)).isEqualTo(2);

        int index = r.intOut(p -> Mpi.MPI_Waitany(4, requests, p, MPI_STATUS_IGNORE));
        assertThat(index).as("MPI_Waitany picks one of the sends").isIn(2, 3);
        MemorySegment statuses = r.statuses(4);
        Mpi.MPI_Waitall(4, requests, statuses);   // two of them are MPI_REQUEST_NULL by now
        for (int i = 0; i < 4; i++) {
            assertThat(MPI_Request.read(requests, i)).isEqualTo(MPI_REQUEST_NULL);
        }
        assertThat(Rank.ints(fromLeft)).containsExactly(sequence(10 * r.left(), 3));
        assertThat(Rank.ints(fromRight)).containsExactly(sequence(-10 * r.right(), 3));
        assertThat(r.intOut(p -> Mpi.MPI_Testall(4, requests, p, MPI_STATUSES_IGNORE))).as("testall of null requests")
                .isEqualTo(1);
    }

    @Check
    static void probeAndIprobeDescribeAMessageBeforeItIsReceived(Rank r) {
        int count = r.rank + 2;
        MemorySegment message = r.ints(sequence(r.rank, count));
        MemorySegment again = r.ints(sequence(1000 + r.rank, count));
        MemorySegment requests = r.requests(2);
        Mpi.MPI_Isend(message, count, MPI_INT, r.right(), 30 + r.rank, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 0));
        Mpi.MPI_Isend(again, count, MPI_INT, r.right(), 40, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 1));

        MemorySegment status = r.status();
        Mpi.MPI_Probe(MPI_ANY_SOURCE, 30 + r.left(), r.world(), status);
        assertThat(MPI_Status.MPI_SOURCE(status)).isEqualTo(r.left());
        assertThat(MPI_Status.MPI_TAG(status)).isEqualTo(30 + r.left());
        int probed = r.intOut(p -> Mpi.MPI_Get_count(status, MPI_INT, p));
        assertThat(probed).isEqualTo(r.left() + 2);
        MemorySegment buffer = r.intsFilled(probed, -1);
        Mpi.MPI_Recv(buffer, probed, MPI_INT, MPI_Status.MPI_SOURCE(status), MPI_Status.MPI_TAG(status), r.world(),
                MPI_STATUS_IGNORE);
        assertThat(Rank.ints(buffer)).containsExactly(sequence(r.left(), probed));

        MemorySegment second = r.status();
        while (!r.flagOut(flag -> Mpi.MPI_Iprobe(r.left(), 40, r.world(), flag, second))) {
            Thread.onSpinWait();
        }
        int secondCount = r.intOut(p -> Mpi.MPI_Get_count(second, MPI_INT, p));
        assertThat(secondCount).isEqualTo(r.left() + 2);
        MemorySegment secondBuffer = r.intsFilled(secondCount, -1);
        Mpi.MPI_Recv(secondBuffer, secondCount, MPI_INT, r.left(), 40, r.world(), MPI_STATUS_IGNORE);
        assertThat(Rank.ints(secondBuffer)).containsExactly(sequence(1000 + r.left(), secondCount));
        Mpi.MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    }

    @Check
    static void mprobeAndImprobeHandTheMatchedMessageToMrecvAndImrecv(Rank r) {
        MemorySegment requests = r.requests(3);
        MemorySegment first = r.ints(sequence(50 * r.rank, 2));
        MemorySegment second = r.ints(sequence(60 * r.rank, 3));
        Mpi.MPI_Isend(first, 2, MPI_INT, r.right(), 50, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 0));
        Mpi.MPI_Isend(second, 3, MPI_INT, r.right(), 60, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 1));

        MemorySegment message = MPI_Message.allocate(r.arena);
        MemorySegment status = r.status();
        Mpi.MPI_Mprobe(r.left(), 50, r.world(), message, status);
        assertThat(MPI_Message.read(message)).isNotEqualTo(Mpi.MPI_MESSAGE_NULL);
        assertThat(r.intOut(p -> Mpi.MPI_Get_count(status, MPI_INT, p))).isEqualTo(2);
        MemorySegment buffer = r.intsFilled(2, -1);
        Mpi.MPI_Mrecv(buffer, 2, MPI_INT, message, MPI_STATUS_IGNORE);
        assertThat(MPI_Message.read(message)).as("MPI_Mrecv consumes the message").isEqualTo(Mpi.MPI_MESSAGE_NULL);
        assertThat(Rank.ints(buffer)).containsExactly(sequence(50 * r.left(), 2));

        while (!r.flagOut(flag -> Mpi.MPI_Improbe(r.left(), 60, r.world(), flag, message, status))) {
            Thread.onSpinWait();
        }
        MemorySegment secondBuffer = r.intsFilled(3, -1);
        Mpi.MPI_Imrecv(secondBuffer, 3, MPI_INT, message, Rank.element(requests, MPI_Request.LAYOUT, 2));
        assertThat(MPI_Message.read(message)).isEqualTo(Mpi.MPI_MESSAGE_NULL);
        Mpi.MPI_Waitall(3, requests, MPI_STATUSES_IGNORE);
        assertThat(Rank.ints(secondBuffer)).containsExactly(sequence(60 * r.left(), 3));
    }

    @Check
    static void persistentRequestsCanBeStartedAgainAndAgain(Rank r) {
        MemorySegment send = r.intsFilled(2, 0);
        MemorySegment received = r.intsFilled(2, -1);
        MemorySegment requests = r.requests(2);
        MemorySegment sendRequest = Rank.element(requests, MPI_Request.LAYOUT, 0);
        MemorySegment receiveRequest = Rank.element(requests, MPI_Request.LAYOUT, 1);
        Mpi.MPI_Send_init(send, 2, MPI_INT, r.right(), 60, r.world(), sendRequest);
        Mpi.MPI_Recv_init(received, 2, MPI_INT, r.left(), 60, r.world(), receiveRequest);
        MemorySegment statuses = r.statuses(2);
        for (int round = 0; round < 3; round++) {
            send.copyFrom(r.ints(10 * r.rank + round, -round));
            Mpi.MPI_Startall(2, requests);
            Mpi.MPI_Waitall(2, requests, statuses);
            assertThat(Rank.ints(received)).as("round %d", round).containsExactly(10 * r.left() + round, -round);
            assertThat(MPI_Status.MPI_SOURCE(MPI_Status.get(statuses, 1))).isEqualTo(r.left());
            assertThat(MPI_Request.read(requests, 0)).as("an inactive persistent request stays allocated")
                    .isNotEqualTo(MPI_REQUEST_NULL);
        }
        send.copyFrom(r.ints(-1, -2));
        Mpi.MPI_Start(receiveRequest);
        Mpi.MPI_Start(sendRequest);
        Mpi.MPI_Wait(receiveRequest, MPI_STATUS_IGNORE);
        Mpi.MPI_Wait(sendRequest, MPI_STATUS_IGNORE);
        assertThat(Rank.ints(received)).containsExactly(-1, -2);
        Mpi.MPI_Request_free(sendRequest);
        Mpi.MPI_Request_free(receiveRequest);
        assertThat(MPI_Request.read(requests, 0)).isEqualTo(MPI_REQUEST_NULL);
        assertThat(MPI_Request.read(requests, 1)).isEqualTo(MPI_REQUEST_NULL);
    }

    @Check
    static void heapArraysPassThroughMpiCriticalButNotThroughMpi(Rank r) {
        int[] send = {r.rank, 2 * r.rank, 3 * r.rank};
        int[] received = new int[3];
        MpiCritical.MPI_Sendrecv(MemorySegment.ofArray(send), 3, MPI_INT, r.right(), 9,
                MemorySegment.ofArray(received), 3, MPI_INT, r.left(), 9, r.world(), MPI_STATUS_IGNORE);
        assertThat(received).containsExactly(r.left(), 2 * r.left(), 3 * r.left());

        double[] sum = new double[1];
        MpiCritical.MPI_Allreduce(MemorySegment.ofArray(new double[] {r.rank + 0.5}), MemorySegment.ofArray(sum), 1,
                MPI_DOUBLE, Mpi.MPI_SUM, r.world());
        assertThat(sum[0]).isEqualTo(Rank.triangle(r.size) + 0.5 * r.size);

        assertThatThrownBy(() -> Mpi.MPI_Send(MemorySegment.ofArray(send), 3, MPI_INT, r.right(), 9, r.world()))
                .as("the plain binding refuses heap memory before calling MPI")
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Check
    static void mpiCriticalTakesArraysAndByteOffsetsAndViewsThemItself(Rank r) {
        long[] send = {-1, r.rank, 2L * r.rank};
        long[] received = {-1, -1, -1, -1};
        MpiCritical.MPI_Sendrecv(send, Long.BYTES, 2, MPI_INT64_T, r.right(), 10,
                received, 2 * Long.BYTES, 2, MPI_INT64_T, r.left(), 10, r.world(), MPI_STATUS_IGNORE);
        assertThat(received).containsExactly(-1, -1, r.left(), 2L * r.left());

        double[] values = {r.rank + 0.5};
        MpiCritical.MPI_Allreduce(Mpi.MPI_IN_PLACE, 0, values, 0, 1, MPI_DOUBLE, Mpi.MPI_SUM, r.world());
        assertThat(values[0]).isEqualTo(Rank.triangle(r.size) + 0.5 * r.size);

        // A segment is taken as it is (sliced at the offset); anything but an array or a segment is refused.
        byte[] bytes = r.rank == 0 ? new byte[] {9, 1, 2, 3} : new byte[4];
        MpiCritical.MPI_Bcast(MemorySegment.ofArray(bytes), 1, 3, MPI_INT8_T, 0, r.world());
        assertThat(bytes).containsExactly(r.rank == 0 ? 9 : 0, 1, 2, 3);
        assertThatThrownBy(() -> MpiCritical.MPI_Send("text", 0, 1, MPI_INT8_T, r.right(), 10, r.world()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("MPI_Send: argument bufArray is a java.lang.String; a buffer is a primitive array or a"
                        + " MemorySegment");
    }

    @Check
    static void statusIgnoreAndStatusesIgnoreLeaveEveryConstantIntact(Rank r) {
        Constants.assertNativeStorageMatchesFields();
        Constants.assertPointerConstantsAreTheValuesTheMacrosDenote();
        Constants.assertConstantsSetAtInitAreTheLibrarysNow();

        // Every kind of call that takes a status or an array of statuses, given the sentinels instead.
        MemorySegment value = r.ints(r.rank);
        MemorySegment received = r.intsFilled(1, -1);
        Mpi.MPI_Sendrecv(value, 1, MPI_INT, r.right(), 70, received, 1, MPI_INT, r.left(), 70, r.world(), MPI_STATUS_IGNORE);
        assertThat(Rank.ints(received)).containsExactly(r.left());

        MemorySegment requests = r.requests(4);
        for (int round = 0; round < 2; round++) {
            Mpi.MPI_Isend(value, 1, MPI_INT, r.right(), 71, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 0));
            Mpi.MPI_Probe(r.left(), 71, r.world(), MPI_STATUS_IGNORE);
            while (!r.flagOut(flag -> Mpi.MPI_Iprobe(r.left(), 71, r.world(), flag, MPI_STATUS_IGNORE))) {
                Thread.onSpinWait();
            }
            Mpi.MPI_Recv(received, 1, MPI_INT, r.left(), 71, r.world(), MPI_STATUS_IGNORE);
            Mpi.MPI_Wait(Rank.element(requests, MPI_Request.LAYOUT, 0), MPI_STATUS_IGNORE);

            MemorySegment message = MPI_Message.allocate(r.arena);
            Mpi.MPI_Isend(value, 1, MPI_INT, r.right(), 72, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 0));
            Mpi.MPI_Mprobe(r.left(), 72, r.world(), message, MPI_STATUS_IGNORE);
            Mpi.MPI_Mrecv(received, 1, MPI_INT, message, MPI_STATUS_IGNORE);
            MemorySegment first = Rank.element(requests, MPI_Request.LAYOUT, 0);
            while (!r.flagOut(flag -> Mpi.MPI_Test(first, flag, MPI_STATUS_IGNORE))) {
                Thread.onSpinWait();
            }

            MemorySegment many = r.intsFilled(2, -1);
            Mpi.MPI_Irecv(many, 1, MPI_INT, r.left(), 73, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 0));
            Mpi.MPI_Irecv(many.asSlice(4), 1, MPI_INT, r.left(), 74, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 1));
            Mpi.MPI_Isend(value, 1, MPI_INT, r.right(), 73, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 2));
            Mpi.MPI_Isend(value, 1, MPI_INT, r.right(), 74, r.world(), Rank.element(requests, MPI_Request.LAYOUT, 3));
            if (round == 0) {
                Mpi.MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
            } else {
                while (!r.flagOut(flag -> Mpi.MPI_Testall(4, requests, flag, MPI_STATUSES_IGNORE))) {
                    Thread.onSpinWait();
                }
            }
            assertThat(Rank.ints(many)).containsExactly(r.left(), r.left());
        }

        Constants.assertNativeStorageMatchesFields();
        Constants.assertPredefinedHandlesStillWork(r);
    }
}
