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

    /**
     * The buffers of a gather of varying sizes: what is sent, the result it fills block by block, the counts and
     * displacements as MPI gets them, and whether they need the large-count function ({@link #large}).
     */
    record Gathered<T>(Message in, Message out, Message counts, Message displs, T result, boolean large) {
        /** A gatherv's or allgatherv's, whose own buffer MPI counts too. */
        static <T> Gathered<T> of(Call call, String operation, T send, Param[] params, int given, long[] counts,
                long[] displs) {
            return of(call, operation, send, params, given, counts, displs, true, false);
        }

        /** The receive side of an alltoallv, whose send buffer MPI does not count: large also if {@code sendLarge}. */
        static <T> Gathered<T> received(Call call, String operation, T send, Param[] params, int given,
                long[] counts, long[] displs, boolean sendLarge) {
            return of(call, operation, send, params, given, counts, displs, false, sendLarge);
        }

        private static <T> Gathered<T> of(Call call, String operation, T send, Param[] params, int given,
                long[] counts, long[] displs, boolean ownCounted, boolean large) {
            Message in = call.message(send, Param.type(params, given), 0, -1, Message.IN);
            long total = extent(counts, displs);
            T result = resultBuffer(operation, send, Param.value(params, given, RECV_BUF), in, total, false);
            Message out = call.message(result, in.type, 0, total, Message.OUT);
            large |= ownCounted && in.isLarge();
            if (fitInts(counts) && fitInts(displs)) {
                int[] intCounts = narrow(counts);
                int[] intDispls = narrow(displs);
                out.limitToBlocks(intCounts, intDispls);   // a staged result gets back only what MPI wrote
                if (!large) {
                    return new Gathered<>(in, out, call.ints(intCounts), call.ints(intDispls), result, false);
                }
            }
            // blocks beyond an int need a result of more elements: a native segment, never staged
            return new Gathered<>(in, out, call.longs(counts), call.longs(displs), result, true);
        }
    }

    /**
     * Whether a v-collective needs its large-count function ({@code MPI_Gatherv_c} ...): its own buffer, a count or
     * a displacement does not fit an int, so that MPI gets {@code MPI_Count} and {@code MPI_Aint} arrays.
     */
    static boolean large(Message own, long[] counts, long[] displs) {
        return own.isLarge() || !fitInts(counts) || !fitInts(displs);
    }

    /** Counts or displacements as given ({@code int[]} or {@code long[]}), as longs; null if not given. */
    static long[] longs(Object given) {
        return switch (given) {
            case null -> null;
            case long[] values -> values;
            case int[] values -> {
                long[] wide = new long[values.length];
                for (int i = 0; i < values.length; i++) {
                    wide[i] = values[i];
                }
                yield wide;
            }
            default -> throw new AssertionError(given.getClass());
        };
    }

    static boolean fitInts(long[] values) {
        for (long value : values) {
            if (value > Integer.MAX_VALUE) {
                return false;
            }
        }
        return true;
    }

    /** {@code values}, each known to fit an int, as ints. */
    static int[] narrow(long[] values) {
        int[] narrow = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            narrow[i] = (int) values[i];
        }
        return narrow;
    }

    /**
     * The receive displacements of {@code counts} (one per sender, {@code senders} of them): given, or
     * packed in rank order; counts and displacements are also copied to the out-parameters.
     */
    static long[] recvDisplacements(String operation, Param[] params, int given, long[] counts, int senders) {
        checkCounts(operation, "recvCounts", counts, senders);
        long[] displs = displacements(operation, "recvDispls", longs(Param.value(params, given, RECV_DISPLS)), counts);
        copyOut(operation, "recvCountsOut", Param.value(params, given, RECV_COUNTS_OUT), counts);
        copyOut(operation, "recvDisplsOut", Param.value(params, given, RECV_DISPLS_OUT), displs);
        return displs;
    }

    /** {@code given} displacements after checking them, or the exclusive prefix sum of {@code counts}. */
    static long[] displacements(String operation, String what, long[] given, long[] counts) {
        if (given != null) {
            checkCounts(operation, what, given, counts.length);
            return given;
        }
        long[] displs = new long[counts.length];
        long at = 0;
        for (int i = 0; i < counts.length; i++) {
            displs[i] = at;
            at += counts[i];
        }
        return displs;
    }

    /** The number of elements a buffer needs to hold blocks of {@code counts} at {@code displs}. */
    static long extent(long[] counts, long[] displs) {
        long extent = 0;
        for (int i = 0; i < counts.length; i++) {
            extent = Math.max(extent, displs[i] + counts[i]);
        }
        return extent;
    }

    static void checkCounts(String operation, String what, long[] counts, int expected) {
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
    static void checkFits(String operation, long[] counts, long[] displs, Message send) {
        long extent = extent(counts, displs);
        if (extent > send.elements()) {
            throw new IllegalArgumentException(operation + ": the send blocks need " + extent + " elements but "
                    + Message.describe(send.carrier) + " holds " + send.elements());
        }
    }

    /** Copies {@code values} to the out-parameter {@code out} ({@code int[]} or {@code long[]}), if given. */
    private static void copyOut(String operation, String what, Object out, long[] values) {
        if (out == null) {
            return;
        }
        int room = out instanceof int[] ints ? ints.length : ((long[]) out).length;
        if (room < values.length) {
            throw new IllegalArgumentException(operation + ": " + what + " has room for " + room + " entries, not "
                    + values.length);
        }
        if (out instanceof long[] longs) {
            System.arraycopy(values, 0, longs, 0, values.length);
        } else if (!fitInts(values)) {
            throw new IllegalArgumentException(operation + ": " + what + " cannot hold values beyond an int; give a"
                    + " long[]");
        } else {
            System.arraycopy(narrow(values), 0, out, 0, values.length);
        }
    }
}
