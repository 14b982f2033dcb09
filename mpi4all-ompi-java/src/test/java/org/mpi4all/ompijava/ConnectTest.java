package org.mpi4all.ompijava;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.TestMpi;

/**
 * Two halves of one job joined through a port, as Open MPI's API allows: the port name is significant only at
 * the root, so the other ranks pass {@code null} (the suite's {@code collective_intercomm} programs do).
 */
class ConnectTest {

    public static final class Program {
        public static void main(String[] args) throws MPIException {
            RankChecks.run(args, Program::halvesJoinedThroughAPort);
        }

        static void halvesJoinedThroughAPort(RankChecks c) throws MPIException {
            boolean server = c.rank % 2 == 0;
            Intracomm half = MPI.COMM_WORLD.split(server ? 0 : 1, c.rank);
            boolean leader = half.getRank() == 0; // world rank 0 for the servers, 1 for the clients
            String port = null;
            if (server && leader) {
                port = Intracomm.openPort();
                char[] name = port.toCharArray();
                MPI.COMM_WORLD.send(new int[] {name.length}, 1, MPI.INT, 1, 1);
                MPI.COMM_WORLD.send(name, name.length, MPI.CHAR, 1, 1);
            } else if (leader) {
                int[] length = new int[1];
                MPI.COMM_WORLD.recv(length, 1, MPI.INT, 0, 1);
                char[] name = new char[length[0]];
                MPI.COMM_WORLD.recv(name, length[0], MPI.CHAR, 0, 1);
                port = new String(name);
            }
            Intercomm joined = server ? half.accept(port, 0) : half.connect(port, 0);
            c.equal("remoteSize", c.size / 2, joined.getRemoteSize());

            // The servers' root broadcasts to every client; each client checks it.
            int[] value = {server && leader ? 4242 : -1};
            int bcastRoot = server ? (leader ? MPI.ROOT : MPI.PROC_NULL) : 0;
            joined.bcast(value, 1, MPI.INT, bcastRoot);
            c.equal("bcastAcross", server && !leader ? -1 : 4242, value[0]);

            joined.disconnect();
            if (server && leader) {
                Intracomm.closePort(port);
            }
            half.free();
        }
    }

    @Test
    void halvesOfFourRanksConnectWithTheNameOnlyAtTheRoot() {
        String implementation = TestMpi.selectedName();
        Assumptions.assumeFalse(implementation.equals("mpich"),
                "MPICH 4.0 on UCX does not support ports (\"not supported with ucx netmod\")");
        Launch.run(Program.class, 4, "remoteSize", "bcastAcross");
    }
}
