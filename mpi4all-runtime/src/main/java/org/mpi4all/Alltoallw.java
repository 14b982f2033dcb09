package org.mpi4all;

import static org.mpi4all.Shapes.narrow;

import java.util.Objects;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Datatype;

/**
 * The generalized all-to-all of {@link Communicator} and {@link TopologyCommunicator} (MPI-4.1 §6.8, 8.6):
 * {@code alltoallw} and {@code neighborAlltoallw}, blocking, nonblocking and persistent, whose every {@link Block}
 * has its own count, datatype and byte displacement. MPI cannot infer the receive side (the types arriving are the
 * sender's choice), so both buffers and both block lists are given; the buffers are of any kind {@link Message}
 * takes, counted in bytes.
 */
final class Alltoallw {
    private static final Issue.Names IALLTOALLW = Issue.Names.of("alltoallw");
    private static final Issue.Names INEIGHBOR_ALLTOALLW = Issue.Names.of("neighborAlltoallw");

    private Alltoallw() {}

    /**
     * The buffers of an {@code alltoallw} as MPI gets them: per block, counts, byte displacements and type handles;
     * and whether they need the large-count function ({@code MPI_Alltoallw_c} ...: a count, or a displacement of
     * {@code MPI_Alltoallw}, beyond an int; the neighbour form's displacements are {@code MPI_Aint}s anyway).
     */
    record Weighted<T>(Message in, Message sendCounts, Message sendDispls, Message sendTypes, Message out,
            Message recvCounts, Message recvDispls, Message recvTypes, T result, boolean large) {
        static <T> Weighted<T> of(Call call, boolean neighbours, Object send, Block[] sendBlocks, T recv,
                Block[] recvBlocks) {
            String operation = call.operation;
            Message in = call.message(send, null, 0, -1, Message.IN);
            // in and out: a staged copy goes back whole, so what lies between the blocks stays as it was
            Message out = call.message(recv, null, 0, -1, Message.INOUT);
            checkFits(operation, "sendBlocks", sendBlocks, in);
            checkFits(operation, "recvBlocks", recvBlocks, out);
            boolean intDispls = !neighbours;
            boolean large = beyondInt(sendBlocks, intDispls) || beyondInt(recvBlocks, intDispls);
            return new Weighted<>(in, counts(call, sendBlocks, large), displacements(call, sendBlocks, large
                    || !intDispls), types(call, sendBlocks), out, counts(call, recvBlocks, large),
                    displacements(call, recvBlocks, large || !intDispls), types(call, recvBlocks), recv, large);
        }
    }

    /** {@code alltoallw} ({@code neighbours} false) or {@code neighborAlltoallw}. */
    static <T> T alltoallw(Communicator c, boolean neighbours, Object send, Block[] sendBlocks, T recv,
            Block[] recvBlocks, int destinations, int sources) {
        String operation = neighbours ? "neighborAlltoallw" : "alltoallw";
        checkLengths(operation, neighbours, sendBlocks, destinations, recvBlocks, sources);
        MPI_Comm comm = c.collectiveHandle(operation, 0);
        try (Call call = Call.begin(c.environment, operation)) {
            Weighted<T> w = Weighted.of(call, neighbours, send, sendBlocks, recv, recvBlocks);
            Downcall.alltoallw(call.prepare(false), neighbours, w, comm);
            return call.finish(w.result());
        }
    }

    /** {@code ialltoallw} and {@code ineighborAlltoallw}, or their {@code Init} forms. */
    static <T, R extends AbstractRequest<T>> R ialltoallw(Communicator c, Issue issue, boolean neighbours, Object send,
            Block[] sendBlocks, T recv, Block[] recvBlocks, int destinations, int sources) {
        Issue.Names names = neighbours ? INEIGHBOR_ALLTOALLW : IALLTOALLW;
        String operation = issue.operation(names);
        checkLengths(operation, neighbours, sendBlocks, destinations, recvBlocks, sources);
        MPI_Comm comm = c.collectiveHandle(operation, 0);
        try (Call call = Call.begin(c.environment, operation)) {
            Weighted<T> w = Weighted.of(call, neighbours, send, sendBlocks, recv, recvBlocks);
            Downcall.startAlltoallw(issue, neighbours, w, comm, issue.request(call, names));
            return issue.issued(call, w.result());
        }
    }

    private static void checkLengths(String operation, boolean neighbours, Block[] sendBlocks, int destinations,
            Block[] recvBlocks, int sources) {
        checkLength(operation, "sendBlocks", sendBlocks, destinations, neighbours ? "destinations" : "processes");
        checkLength(operation, "recvBlocks", recvBlocks, sources, neighbours ? "sources" : "processes");
    }

    private static void checkLength(String operation, String what, Block[] blocks, int expected, String peers) {
        Objects.requireNonNull(blocks, () -> operation + ": " + what + " == null");
        if (blocks.length != expected) {
            throw new IllegalArgumentException(operation + ": " + what + " has " + blocks.length + " blocks for "
                    + expected + " " + peers);
        }
        for (int i = 0; i < blocks.length; i++) {
            if (blocks[i] == null) {
                throw new NullPointerException(operation + ": " + what + "[" + i + "] == null");
            }
        }
    }

    /** Checks that every block lies within the buffer {@code message}. */
    private static void checkFits(String operation, String what, Block[] blocks, Message message) {
        for (int i = 0; i < blocks.length; i++) {
            if (blocks[i].end() > message.bytes()) {
                throw new IllegalArgumentException(operation + ": " + what + "[" + i + "], " + blocks[i].count()
                        + " " + blocks[i].type() + " at byte " + blocks[i].displacement() + ", needs "
                        + blocks[i].end() + " bytes but " + Message.describe(message.carrier) + " holds "
                        + message.bytes());
            }
        }
    }

    /** Whether a count, or a displacement if MPI takes them as ints ({@code intDispls}), does not fit an int. */
    private static boolean beyondInt(Block[] blocks, boolean intDispls) {
        for (Block block : blocks) {
            if (block.count() > Integer.MAX_VALUE || (intDispls && block.displacement() > Integer.MAX_VALUE)) {
                return true;
            }
        }
        return false;
    }

    /** The counts: ints, or {@code MPI_Count}s for the large-count function. */
    private static Message counts(Call call, Block[] blocks, boolean large) {
        long[] counts = new long[blocks.length];
        for (int i = 0; i < blocks.length; i++) {
            counts[i] = blocks[i].count();
        }
        return large ? call.longs(counts) : call.ints(narrow(counts));
    }

    /** The byte displacements: {@code MPI_Aint}s if {@code wide}, else ints ({@code MPI_Alltoallw}'s). */
    private static Message displacements(Call call, Block[] blocks, boolean wide) {
        long[] displs = new long[blocks.length];
        for (int i = 0; i < blocks.length; i++) {
            displs[i] = blocks[i].displacement();
        }
        return wide ? call.longs(displs) : call.ints(narrow(displs));
    }

    /** The blocks' type handles, as an array of {@code MPI_Datatype}s: ints or longs, as the library's handles are. */
    private static Message types(Call call, Block[] blocks) {
        if (MPI_Datatype.LAYOUT.byteSize() == Integer.BYTES) {
            int[] handles = new int[blocks.length];
            for (int i = 0; i < blocks.length; i++) {
                handles[i] = (int) blocks[i].type().handle(call.environment).value();
            }
            return call.ints(handles);
        }
        long[] handles = new long[blocks.length];
        for (int i = 0; i < blocks.length; i++) {
            handles[i] = blocks[i].type().handle(call.environment).value();
        }
        return call.longs(handles);
    }
}
