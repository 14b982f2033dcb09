package org.mpi4all;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mpi4all.Param.root;
import static org.mpi4all.Param.tag;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.mpi4all.runtime.MpiException;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;
import org.mpi4all.testkit.TestMpi;

/**
 * Dynamic processes: 2 parents spawn 2 children (one command, then two), which check their parent; values flow
 * both ways; the children connect to a port the parents accept on, found through the name service. The
 * children's checks travel to the parents, which print them as {@code child<rank>.<check>}. Debian's MPICH 4.0
 * (over UCX) can neither spawn nor open ports, and Intel MPI 2021 crashes in both: there each rank checks the
 * exceptions that say so. The MPICH 5.0 wheel spawns but opens no port (through the MPI-5 ABI it does).
 */
class DynamicProcessesTest {
    private static final int PARENTS = 2;
    private static final int CHILDREN = 2;
    /** The tag of the texts sent between the sides (port names, reports). */
    private static final int TEXT = 1;

    /** The parents. Prints {@code unsupported=...} where the MPI library cannot spawn. */
    public static final class Parents {
        public static void main(String[] args) {
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                int rank = Checks.rank;
                Communicator world = Checks.world;
                checks.equal("worldSize", PARENTS, world.size());
                checks.equal("noParent", Optional.empty(), env.parent());
                checks.section("misuse", () -> misuse(checks, world));
                String service = "mpi4all-test-" + world.bcast(new long[] {ProcessHandle.current().pid()})[0];
                Spawned spawned;
                try {
                    spawned = world.spawn(Command.java(CHILDREN, Child.class, "single", service));
                } catch (MpiException | UnsupportedOperationException e) {
                    Checks.value("unsupported", e.getClass().getSimpleName() + ": " + e.getMessage().lines().findFirst().orElse(""));
                    checks.that("unsupportedMessage", e.getMessage().contains("MPI_Comm_spawn"), e.getMessage());
                    checks.throwsWith("portUnsupported", e.getClass(), "MPI_Open_port", () -> Port.open(env));
                    checks.equal("worldAfterwards", PARENTS * (PARENTS + 1) / 2, world.allreduce(rank + 1, Op.SUM));
                    return;
                }
                checks.section("single", () -> single(checks, env, world, spawned, service));
                checks.section("multiple", () -> multiple(checks, world));
            });
        }

        static void misuse(Checks checks, Communicator world) {
            checks.throwsWith("noProcesses", IllegalArgumentException.class, "at least 1 process, not 0",
                    () -> Command.of(0, "/bin/true"));
            checks.throwsWith("rootOutside", IllegalArgumentException.class, "spawn: root 2 is not a rank of 2",
                    () -> world.spawn(Command.of(1, "/bin/true"), root(2)));
            checks.throwsWith("noCommand", IllegalArgumentException.class, "spawn: no command to start",
                    () -> world.spawn(List.of()));
            if (world.rank() == 0) {  // the root checks before MPI; another rank would wait in MPI_Comm_accept
                checks.throwsWith("acceptWithoutPort", IllegalArgumentException.class, "the root (rank 0) needs the port",
                        () -> world.accept(null));
                checks.throwsWith("connectWithoutName", IllegalArgumentException.class, "needs the name of the port",
                        () -> world.connect(""));
            }
        }

        static void single(Checks checks, Environment env, Communicator world, Spawned spawned, String service) {
            int rank = world.rank();
            Intercommunicator children = spawned.children();
            checks.equal("errorCodes", new int[CHILDREN], spawned.errorCodes());
            checks.that("allStarted", spawned.allStarted(), "not all started");
            checks.equal("sizes", List.of(PARENTS, rank, CHILDREN), List.of(children.size(), children.rank(),
                    children.remoteSize()));
            try (Group remote = children.remoteGroup()) {
                checks.equal("remoteGroup", CHILDREN, remote.size());
            }
            // values both ways: parent r and child r
            children.send(new int[] {100 + rank}, rank);
            checks.equal("fromChild", (100 + rank) * 10 + rank, children.recv(new int[1], rank)[0]);
            checks.throwsWith("interCollective", UnsupportedOperationException.class, "joins two groups",
                    () -> children.scan(new int[1], Op.SUM));
            checks.throwsWith("interSplit", UnsupportedOperationException.class, "joins two groups",
                    () -> children.split(0, rank));
            checks.throwsWith("interWindow", UnsupportedOperationException.class, "joins two groups",
                    () -> Window.allocate(children, 1, Datatype.INT));
            try (Communicator all = children.merge(false)) {
                checks.equal("merged", List.of(PARENTS + CHILDREN, rank, IntStream.range(0, PARENTS + CHILDREN).sum()),
                        List.of(all.size(), all.rank(), all.allreduce(all.rank(), Op.SUM)));
            }
            // a port the parents accept on and the children connect to, its name sent and published; MPICH 5.0's
            // wheel has none (its port names do not fit MPI_MAX_PORT_NAME): then the root tells everyone
            Port port = null;
            String failure = "";
            if (rank == 0) {
                try {
                    port = Port.open(env);
                    port.publish(service);
                } catch (MpiException e) {
                    failure = e.getMessage();
                }
            }
            boolean ports = world.bcast(new int[] {failure.isEmpty() ? 1 : 0})[0] == 1;
            if (rank == 0) {
                children.send((ports ? port.name() : "").getBytes(StandardCharsets.UTF_8), 0, tag(TEXT));
            }
            if (!ports) {
                if (rank == 0) {
                    Checks.value("noPorts", failure.lines().findFirst().orElse("") + " / " + failure.lines()
                            .reduce((first, second) -> second).orElse(""));
                }
            } else {
                Port server = port;
                try (Intercommunicator clients = world.accept(server, root(0))) {
                    checks.equal("accepted", List.of(PARENTS, rank, CHILDREN), List.of(clients.size(), clients.rank(),
                            clients.remoteSize()));
                    clients.send(new long[] {7L * rank}, rank);
                    checks.equal("fromClient", 7L * rank + 1, clients.recv(new long[1], rank)[0]);
                }
                if (rank == 0) {
                    server.close();
                    checks.throwsWith("portClosed", IllegalStateException.class, "was closed", server::name);
                    checks.equal("unpublished", Optional.empty(), Port.lookup(env, service));
                }
            }
            // the children's checks
            byte[] report = children.recv(byte[].class, rank, tag(TEXT));
            new String(report, StandardCharsets.UTF_8).lines().forEach(line -> System.out.println("child" + rank + "." + line));
            children.disconnect();
            checks.that("disconnected", children.isClosed(), children.toString());
        }

        static void multiple(Checks checks, Communicator world) {
            int rank = world.rank();
            Spawned spawned = world.spawn(List.of(Command.java(1, Child.class, "multiple", "first"),
                    Command.java(1, Child.class, "multiple", "second")), root(1));
            Intercommunicator children = spawned.children();
            checks.equal("multipleSizes", List.of(2, 2, true), List.of(spawned.errorCodes().length, children.remoteSize(),
                    spawned.allStarted()));
            children.send(new int[] {rank}, rank);
            String told = new String(children.recv(byte[].class, rank, tag(TEXT)), StandardCharsets.UTF_8);
            checks.equal("multipleArgs", "app " + rank + " " + (rank == 0 ? "first" : "second") + " from " + rank, told);
            children.disconnect();
        }
    }

    /**
     * A spawned process. Arguments: {@code single SERVICE} or {@code multiple WORD}. Its checks go to its parent
     * of the same rank (in the report or the reply), so the test sees them.
     */
    public static final class Child {
        public static void main(String[] args) {
            PrintStream out = System.out;
            ByteArrayOutputStream lines = new ByteArrayOutputStream();
            System.setOut(new PrintStream(lines, true, StandardCharsets.UTF_8));
            Checks checks = new Checks();
            try (Environment env = Environment.init(args)) {
                Intercommunicator parent = env.parent().orElseThrow();
                Communicator world = env.world();
                int rank = world.rank();
                if (args[0].equals("multiple")) {
                    int from = parent.recv(new int[1], rank)[0];
                    String told = "app " + world.appNum().orElse(-1) + " " + args[1] + " from " + from;
                    parent.send(told.getBytes(StandardCharsets.UTF_8), rank, tag(TEXT));
                    parent.disconnect();
                    return;
                }
                checks.equal("sizes", List.of(CHILDREN, rank, PARENTS, rank), List.of(world.size(), parent.rank(),
                        parent.remoteSize(), parent.rank()));
                checks.that("sameParent", env.parent().orElseThrow() == parent, "parent() gave another object");
                checks.equal("appNum", OptionalInt.of(0), world.appNum());
                int got = parent.recv(new int[1], rank)[0];
                checks.equal("fromParent", 100 + rank, got);
                parent.send(new int[] {got * 10 + rank}, rank);
                try (Communicator all = parent.merge(true)) {
                    checks.equal("merged", List.of(PARENTS + CHILDREN, PARENTS + rank), List.of(all.size(), all.rank()));
                    all.allreduce(all.rank(), Op.SUM);
                }
                String portName = rank == 0 ? new String(parent.recv(byte[].class, 0, tag(TEXT)), StandardCharsets.UTF_8) : null;
                boolean ports = world.bcast(new int[] {rank == 0 && !portName.isEmpty() ? 1 : 0})[0] == 1;
                if (ports && rank == 0) {
                    checks.equal("lookup", Optional.of(portName), Port.lookup(env, args[1]));
                }
                if (ports) {
                    try (Intercommunicator server = world.connect(portName, root(0))) {
                        checks.equal("connected", List.of(CHILDREN, rank, PARENTS), List.of(server.size(), server.rank(),
                                server.remoteSize()));
                        long value = server.recv(new long[1], rank)[0];
                        checks.equal("fromServer", 7L * rank, value);
                        server.send(new long[] {value + 1}, rank);
                    }
                }
                checks.throwsWith("interCollective", IllegalArgumentException.class, "name the root by its group",
                        () -> parent.bcast(new int[1]));
                parent.send(lines.toByteArray(), rank, tag(TEXT));
                parent.disconnect();
            } finally {
                System.setOut(out);
            }
            checks.exit();
        }
    }

    @Test
    void twoParentsSpawnTwoChildren() {
        MpiRunResult result = MpiRun.java(Parents.class).ranks(PARENTS).timeout(Duration.ofSeconds(240)).run();
        assertThat(result.timedOut()).as(result.report()).isFalse();
        result.assertSucceeded();
        Runs.assertChecks(result, "worldSize", "noParent", "noProcesses", "rootOutside", "noCommand");
        assertThat(result.rank(0).value("acceptWithoutPort")).contains("ok");
        // what the implementations here cannot do: MPICH 4.0 over UCX says so, Intel MPI 2021 would crash
        String mpi = TestMpi.selectedName();
        Optional<String> unsupported = result.rank(0).value("unsupported");
        assertThat(unsupported.isPresent()).as("spawn unsupported on " + mpi).isEqualTo(mpi.equals("mpich")
                || mpi.equals("intelmpi"));
        if (unsupported.isPresent()) {
            Runs.assertChecks(result, "unsupportedMessage", "portUnsupported", "worldAfterwards");
            String expected = mpi.equals("mpich") ? "not supported with ucx netmod" : "Intel MPI 2021 crashes";
            result.assertEachRank(rank -> assertThat(rank.value("portUnsupported.message").orElseThrow()).contains(expected));
            return;
        }
        Runs.assertChecks(result, "errorCodes", "allStarted", "sizes", "remoteGroup", "fromChild", "interCollective",
                "interSplit", "interWindow", "merged", "disconnected", "multipleSizes", "multipleArgs");
        result.assertEachRank(rank -> {
            for (String check : List.of("sizes", "sameParent", "appNum", "fromParent", "merged", "interCollective")) {
                assertThat(rank.value("child" + rank.rank() + "." + check)).as(check).contains("ok");
            }
        });
        Optional<String> noPorts = result.rank(0).value("noPorts");
        // MPICH 5.0's port names do not fit its MPI_MAX_PORT_NAME (256); the MPI-5 ABI's (1024) holds them
        if (mpi.equals("mpich5")) {
            assertThat(noPorts).as("MPICH 5.0's port names do not fit MPI_MAX_PORT_NAME")
                    .hasValueSatisfying(message -> assertThat(message).contains("MPI_Open_port failed", "no space for port_name tag"));
            return;
        }
        assertThat(noPorts).as("the ports of " + mpi).isEmpty();
        Runs.assertChecks(result, "accepted", "fromClient");
        assertThat(result.rank(0).value("unpublished")).contains("ok");
        assertThat(result.rank(0).value("portClosed")).contains("ok");
        result.assertEachRank(rank -> {
            for (String check : List.of("connected", "fromServer")) {
                assertThat(rank.value("child" + rank.rank() + "." + check)).as(check).contains("ok");
            }
        });
        assertThat(result.rank(0).value("child0.lookup")).contains("ok");
    }
}
