package org.mpi4all.examples.highlevel;

import org.mpi4all.Communicator;
import org.mpi4all.Environment;
import org.mpi4all.Op;
import org.mpi4all.Session;
import org.mpi4all.ThreadLevel;

/**
 * A program that starts MPI from a session (MPI-4) rather than {@code MPI_Init}, as a library would that
 * must not own the process's MPI: it lists the process sets MPI offers, makes its own communicator of
 * {@code mpi://WORLD} under a tag of its own, and integrates pi on it. Where the MPI library has no
 * sessions (Open MPI 4.1) it says why and starts the classic way.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.highlevel.SessionStartup [intervals]}
 */
public final class SessionStartup {
    private SessionStartup() {}

    public static void main(String[] args) {
        long intervals = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        Session session;
        try {
            session = Session.init(ThreadLevel.SINGLE);
        } catch (UnsupportedOperationException noSessions) {
            System.out.println("start=MPI_Init");
            System.out.println("sessions=" + noSessions.getMessage());
            try (Environment env = Environment.init(args)) {
                integrate(env.world(), intervals);
            }
            return;
        }
        try (session; Communicator comm = session.communicator("mpi://WORLD", "org.mpi4all.examples.pi")) {
            System.out.println("start=session");
            System.out.println("processSets=" + session.processSets());
            integrate(comm, intervals);
        }
    }

    /** Pi as the integral of 4/(1+x²) over [0, 1], by the midpoint rule, the intervals dealt round the ranks. */
    private static void integrate(Communicator comm, long intervals) {
        double width = 1.0 / intervals;
        double sum = 0;
        for (long i = comm.rank(); i < intervals; i += comm.size()) {
            double x = (i + 0.5) * width;
            sum += 4 / (1 + x * x);
        }
        double pi = comm.allreduce(sum * width, Op.SUM);
        System.out.println("rank=" + comm.rank());
        System.out.println("size=" + comm.size());
        System.out.println("pi=" + pi);
    }
}
