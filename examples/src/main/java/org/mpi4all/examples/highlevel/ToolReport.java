package org.mpi4all.examples.highlevel;

import static org.mpi4all.Param.tag;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.mpi4all.Communicator;
import org.mpi4all.ControlVariable;
import org.mpi4all.Environment;
import org.mpi4all.PerformanceSession;
import org.mpi4all.ThreadLevel;
import org.mpi4all.ToolInterface;

/**
 * What MPI's tool interface (MPI_T) tells about a run: how many control and performance variables and
 * categories the implementation has, its eager limit (the largest message sent at once, a control
 * variable whose name each implementation chooses) and how many messages arrived before their receive
 * was posted (a performance variable, where the implementation has one). To have some, every rank but 0
 * sends rank 0 {@code messages} messages before rank 0 receives any: rank 0 counts them in its unexpected
 * queue, then receives them and counts again.
 * {@code mpirun -np 4 java -cp examples.jar org.mpi4all.examples.highlevel.ToolReport [messages]}
 */
public final class ToolReport {
    /** Eager limits as each implementation names them: Open MPI 4.1's and 5's shared-memory transport, MPICH 4's. */
    private static final List<String> EAGER_LIMITS = List.of("btl_vader_eager_limit", "btl_sm_eager_limit",
            "MPIR_CVAR_CH4_SHM_POSIX_IQUEUE_CELL_SIZE", "MPIR_CVAR_CH3_EAGER_MAX_MSG_SIZE");
    /** The length of the queue of unexpected messages, per peer: Open MPI's (MPICH's, where configured). */
    private static final List<String> UNEXPECTED_QUEUES = List.of("pml_ob1_unexpected_msgq_length",
            "unexpected_recvq_length");

    private ToolReport() {}

    public static void main(String[] args) {
        int messages = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        try (Environment env = Environment.init(args); ToolInterface tools = ToolInterface.init(ThreadLevel.SINGLE)) {
            Communicator world = env.world();
            System.out.println("variables=" + tools.controlVariables().size() + " control, "
                    + tools.performanceVariables().size() + " performance, " + tools.categories().size() + " categories");
            Optional<ControlVariable> eager = EAGER_LIMITS.stream().map(tools::controlVariable).flatMap(Optional::stream)
                    .findFirst();
            System.out.println("eager.variable=" + eager.map(ControlVariable::name).orElse("none"));
            System.out.println("eager.limit=" + eager.map(ControlVariable::readLong).map(String::valueOf).orElse("unknown"));
            Optional<ToolInterface.PerformanceVariable> unexpected = UNEXPECTED_QUEUES.stream()
                    .map(tools::performanceVariable).flatMap(Optional::stream).findFirst();
            if (unexpected.isEmpty()) {
                System.out.println("unexpected=unavailable: the implementation has no performance variable for it");
                return;
            }
            try (PerformanceSession session = tools.openSession()) {
                PerformanceSession.Handle queue = session.handle(unexpected.get(), world);
                if (world.rank() != 0) {
                    // the last message has a tag of its own: once rank 0 sees it, the ones before it have arrived
                    for (int i = 0; i < messages; i++) {
                        world.send(new int[] {i}, 0, tag(i < messages - 1 ? 1 : 2));
                    }
                } else {
                    for (int source = 1; source < world.size(); source++) {
                        world.probe(source, tag(2));
                    }
                }
                System.out.println("unexpected.variable=" + unexpected.get().name());
                System.out.println("unexpected.before=" + Arrays.stream(queue.readLongs()).sum());
                if (world.rank() == 0) {
                    for (int i = 0; i < (world.size() - 1) * messages; i++) {
                        world.recv(new int[1], Communicator.ANY_SOURCE);
                    }
                }
                System.out.println("unexpected.after=" + Arrays.stream(queue.readLongs()).sum());
            }
        }
    }
}
