package org.mpi4all.npb;

import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Backends;

/**
 * A program whose rank 1 fails while rank 0 waits at a barrier, and aborts as npb.jar's launcher does: the
 * whole run must end at once with the abort's status.
 */
public final class AbortingRank {
    private AbortingRank() {}

    public static void main(String[] args) {
        Backend backend = Backends.create("mpj");
        backend.init(args);
        if (backend.world().rank() == 1) {
            backend.abort(Main.FAILED);
        }
        backend.world().barrier();
        System.out.println("rank " + backend.world().rank() + " passed the barrier");
    }
}
