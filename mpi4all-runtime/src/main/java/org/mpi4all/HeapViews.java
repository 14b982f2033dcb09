package org.mpi4all;

import java.lang.foreign.MemorySegment;

/**
 * The views of the last few small heap arrays a communicator's blocking short paths handed to a critical downcall
 * ({@code Reductions.reduction}, {@code PointToPoint.send} and {@code recv}): a loop that sends, receives or reduces
 * the same arrays gets each view made once, as a program of the generated layer makes it, and MPI gets it through
 * {@code MpiCritical}'s segment form. Before, the array went to {@code MpiCritical}'s array form, which makes the view
 * at each call: that form is too big for C2 to inline ("hot method too big"), and its views were allocated (75-147
 * bytes per operation) in many launches of the benchmarks, wherever its own compilation did not scalar-replace them
 * (docs/benchmarks-journal.md, "The high level's heap arrays through kept views").
 *
 * <p>A view depends on nothing but its array, whose class and length never change, so a kept one is right for as
 * long as the same array comes back. Threads may race here (a communicator may be shared at {@code SERIALIZED}): a
 * slot holds an immutable pair or nothing, so a reader sees a whole pair, and a lost store costs a view, not an
 * error. Only arrays of at most {@link #MAX_BYTES} are kept, so that a communicator keeps no large array reachable;
 * for a larger one a view per call costs nothing next to the transfer.
 */
final class HeapViews {
    /** The largest array, in bytes, whose view is kept. */
    private static final long MAX_BYTES = 64 * 1024;
    /** A ping-pong or a reduction uses two arrays, a halo exchange four. */
    private static final int SLOTS = 4;

    private record View(Object array, MemorySegment segment) {}

    private final View[] views = new View[SLOTS];
    /** The slot the next new view replaces. */
    private int next;

    /** {@return the view of {@code array}, a primitive array of {@code bytes}}, kept or made now. */
    MemorySegment of(Object array, long bytes) {
        for (View view : views) {
            if (view != null && view.array == array) {
                return view.segment;
            }
        }
        return made(array, bytes);
    }

    private MemorySegment made(Object array, long bytes) {
        MemorySegment segment = Message.arrayView(array);
        if (bytes <= MAX_BYTES) {
            int slot = next;
            views[slot] = new View(array, segment);
            next = (slot + 1) % SLOTS;
        }
        return segment;
    }
}
