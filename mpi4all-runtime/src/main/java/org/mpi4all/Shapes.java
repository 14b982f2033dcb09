package org.mpi4all;

import static org.mpi4all.Param.Name.RECV_BUF;
import static org.mpi4all.Param.Name.RECV_COUNTS_OUT;
import static org.mpi4all.Param.Name.RECV_DISPLS;
import static org.mpi4all.Param.Name.RECV_DISPLS_OUT;

import java.lang.foreign.MemorySegment;

/**
 * The argument shapes of collective operations (mpi4py's {@code msgbuffer.pxi}: {@code for_gather},
 * {@code for_alltoall} ...): what a result buffer is, how a buffer divides into blocks, the counts and
 * displacements of the operations of varying sizes, each checked with a message that names the operation.
 * The operation families ({@link PointToPoint}, {@link Reductions}, {@link Collectives}) are written over them.
 */
final class Shapes {
    private Shapes() {}

    /**
     * The buffer a receiving operation returns: {@code recvBuf} if given (checked to be of the kind and
     * type of the data sent), {@code send} itself in place, or a new one of {@code count} elements.
     */
    @SuppressWarnings("unchecked")
    static <T> T resultBuffer(String operation, T send, Object recvBuf, Message sent, long count, boolean inPlace) {
        if (inPlace) {
            if (recvBuf != null) {
                throw new IllegalArgumentException(operation + ": inPlace and recvBuf exclude each other");
            }
            return send;
        }
        if (recvBuf == null) {
            if (count > Integer.MAX_VALUE && !(send instanceof MemorySegment)) {
                throw new IllegalArgumentException(operation + ": the result has " + count + " elements, more than a"
                        + " Java array or buffer holds; give a native segment as recvBuf");
            }
            return (T) Message.allocateLike(send, sent.type, count);
        }
        // The same class is the same kind: the common case skips kindOf's type switches.
        if (recvBuf.getClass() != send.getClass() && Message.kindOf(recvBuf) != Message.kindOf(send)) {
            throw new IllegalArgumentException(operation + ": recvBuf is " + Message.describe(recvBuf)
                    + ", not the kind of buffer sent, " + Message.describe(send));
        }
        return (T) recvBuf;
    }

    /** What a rooted operation returns where it receives nothing: the caller's recvBuf, untouched, or an empty buffer. */
    @SuppressWarnings("unchecked")
    static <T> T nonRootResult(String operation, T send, Object recvBuf, Message sent) {
        return recvBuf != null ? resultBuffer(operation, send, recvBuf, sent, 0, false)
                : (T) Message.allocateLike(send, sent.type, 0);
    }

    /** The size of each of {@code blocks} equal blocks of a buffer (one per process, or per neighbour). */
    static long blockOf(String operation, Message message, int blocks, String each) {
        long elements = message.elements();
        if (blocks == 0 ? elements != 0 : elements % blocks != 0) {
            throw new IllegalArgumentException(operation + ": " + elements + " elements do not divide into "
                    + blocks + " equal blocks, one per " + each);
        }
        return blocks == 0 ? 0 : elements / blocks;
    }

    /** Resolves a buffer outside a call, for its count and type (before counts are exchanged). */
    static Message countOf(Environment environment, String operation, Object buffer, Datatype typeParam) {
        return new Message().resolve(environment, operation, buffer, typeParam, 0, -1, Message.IN);
    }

    /** The buffers of a gather of varying sizes: what is sent, the result it fills block by block, the counts and displacements. */
    record Gathered<T>(Message in, Message out, Message counts, Message displs, T result) {
        static <T> Gathered<T> of(Call call, String operation, T send, Param[] params, int given, int[] counts,
                int[] displs) {
            Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            int total = extent(counts, displs);
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, total, false);
            Message out = call.message(result, in.type, 0, total, Message.OUT);
            out.limitToBlocks(counts, displs);
            return new Gathered<>(in, out, call.ints(counts), call.ints(displs), result);
        }
    }

    /**
     * The receive displacements of {@code counts} (one per sender, {@code senders} of them): given, or
     * packed in rank order; counts and displacements are also copied to the out-parameters.
     */
    static int[] recvDisplacements(String operation, Param[] params, int given, int[] counts, int senders) {
        checkCounts(operation, "recvCounts", counts, senders);
        int[] displs = displacements(operation, "recvDispls", (int[]) Param.value(params, given, RECV_DISPLS), counts);
        copyOut(operation, "recvCountsOut", (int[]) Param.value(params, given, RECV_COUNTS_OUT), counts);
        copyOut(operation, "recvDisplsOut", (int[]) Param.value(params, given, RECV_DISPLS_OUT), displs);
        return displs;
    }

    /** {@code given} displacements after checking them, or the exclusive prefix sum of {@code counts}. */
    static int[] displacements(String operation, String what, int[] given, int[] counts) {
        if (given != null) {
            checkCounts(operation, what, given, counts.length);
            return given;
        }
        int[] displs = new int[counts.length];
        long at = 0;
        for (int i = 0; i < counts.length; i++) {
            if (at > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(operation + ": the counts add up to more than MPI's int count");
            }
            displs[i] = (int) at;
            at += counts[i];
        }
        return displs;
    }

    /** The number of elements a buffer needs to hold blocks of {@code counts} at {@code displs}. */
    static int extent(int[] counts, int[] displs) {
        long extent = 0;
        for (int i = 0; i < counts.length; i++) {
            extent = Math.max(extent, (long) displs[i] + counts[i]);
        }
        if (extent > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the blocks end beyond MPI's int count: " + extent);
        }
        return (int) extent;
    }

    static void checkCounts(String operation, String what, int[] counts, int expected) {
        if (counts.length != expected) {
            throw new IllegalArgumentException(operation + ": " + what + " has " + counts.length + " entries for "
                    + expected + " processes");
        }
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException(operation + ": " + what + "[" + i + "] < 0: " + counts[i]);
            }
        }
    }

    /** Checks that the blocks of {@code counts} at {@code displs} lie within the send buffer. */
    static void checkFits(String operation, int[] counts, int[] displs, Message send) {
        int extent = extent(counts, displs);
        if (extent > send.elements()) {
            throw new IllegalArgumentException(operation + ": the send blocks need " + extent + " elements but "
                    + Message.describe(send.carrier) + " holds " + send.elements());
        }
    }

    private static void copyOut(String operation, String what, int[] out, int[] values) {
        if (out != null) {
            if (out.length < values.length) {
                throw new IllegalArgumentException(operation + ": " + what + " has room for " + out.length
                        + " entries, not " + values.length);
            }
            System.arraycopy(values, 0, out, 0, values.length);
        }
    }
}
