package org.mpi4all.npb;

import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Backends;

/** A program whose rank 0 waits at a barrier that rank 1 never reaches: a hung run, for the harness to kill. */
public final class HangingRank {
    private HangingRank() {}

    public static void main(String[] args) throws InterruptedException {
        Backend backend = Backends.create("mpj");
        backend.init(args);
        System.out.println("rank " + backend.world().rank() + " started");
        if (backend.world().rank() == 1) {
            Thread.sleep(Long.MAX_VALUE);
        }
        backend.world().barrier();
    }
}
