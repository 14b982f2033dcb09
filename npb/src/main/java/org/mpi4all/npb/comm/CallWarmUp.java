package org.mpi4all.npb.comm;

/**
 * Calls every operation the benchmarks use before any benchmark starts, the same way on every backend, so that
 * a library's one-off costs of its first calls are not paid inside a timed section.
 *
 * <p>Those costs are the JVM's, and differ by library. A downcall through FFM (mpi4all, and Open MPI's Java API
 * on mpi4all-ompi-java) is linked on its first call (a stub class generated with the class-file API), its method
 * handle's lambda form is customised at the 128th call from code not yet compiled (more generated classes), and
 * C2 then compiles the class-file API itself; a binding written in Java (MPJ Express, the Java half of Open MPI's
 * JNI bindings) is compiled by the JIT. Little CPU, but on a machine with as many ranks as cores the compiler
 * threads take a core from one rank while the others wait for it in MPI: CG.A on 2 ranks of 2 cores lost about
 * 0.3 s to it on mpi4all (docs/benchmarks-journal.md, "Issue 14 (2026-11-25)"). NPB's own untimed warm-up (one
 * iteration) makes too few calls.
 */
public final class CallWarmUp {
    /** More than the JDK's method handle customisation threshold (127 calls). */
    private static final int CALLS = 200;

    private CallWarmUp() {}

    /**
     * Makes {@value #CALLS} calls of each operation on a communicator of this rank alone, so that no rank waits
     * for another. Collective over {@code backend.world()} (the communicator is split from it).
     */
    public static void run(Backend backend) {
        Comm self = backend.world().split(backend.world().rank(), 0);
        double[] doubles = new double[1];
        int[] ints = new int[1];
        long[] longs = new long[1];
        double[] received = new double[1];
        MessageBuffer buffer = backend.allocate(1);
        MessageBuffer other = backend.allocate(1);
        Requests requests = backend.requests(2);
        for (int call = 0; call < CALLS; call++) {
            self.irecv(buffer, 0, 1, 0, 0, requests, 0);
            self.send(doubles, 0, 1, 0, 0);
            requests.waitFor(0);
            self.isend(buffer, 0, 1, 0, 0, requests, 0);
            self.irecv(other, 0, 1, 0, 0, requests, 1);
            requests.waitAll();
            self.barrier();
            self.bcast(doubles, 0, 1, 0);
            self.bcast(ints, 0, 1, 0);
            self.bcast(longs, 0, 1, 0);
            self.reduce(doubles, 0, received, 0, 1, Op.SUM, 0);
            self.allreduce(doubles, 0, received, 0, 1, Op.SUM);
            self.alltoall(doubles, 0, received, 0, 1);
            backend.wtime();
        }
    }
}
