package org.mpi4all;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;
import org.mpi4all.testkit.TestMpi;

/**
 * Sessions (MPI-4): a start of MPI without {@code MPI_Init}, its process sets, groups and communicators from
 * them; sessions beside the world model; info objects. Open MPI 4.1 has no sessions: there the programs check
 * the exception that says so.
 */
class SessionTest {
    /** Whether the implementation under test has sessions (all here but Open MPI 4.1): the test's knowledge. */
    private static final String EXPECTED = TestMpi.selectedName().equals("openmpi") ? "unsupported" : "supported";

    /** A process that starts MPI from a session only. Arguments: supported|unsupported, the number of ranks. */
    public static final class SessionsOnly {
        public static void main(String[] args) {
            Checks checks = new Checks();
            int ranks = Integer.parseInt(args[1]);
            if (args[0].equals("unsupported")) {
                checks.throwsWith("sessionUnsupported", UnsupportedOperationException.class,
                        "sessions are an MPI-4 feature that the MPI library", () -> Session.init(ThreadLevel.SINGLE));
                checks.exit();
                return;
            }
            Session session = Session.init(ThreadLevel.FUNNELED);
            Environment env = session.environment();
            checks.that("startedFromSession", env.startedFromSession() && env.threadLevel() == session.threadLevel()
                    && session.threadLevel().compareTo(ThreadLevel.FUNNELED) >= 0, env + " " + session);
            List<String> sets = session.processSets();
            checks.that("processSets", sets.contains("mpi://WORLD") && sets.contains("mpi://SELF"), sets.toString());
            try (Info world = session.processSetInfo("mpi://WORLD"); Info self = session.processSetInfo("mpi://SELF")) {
                checks.equal("processSetInfo", List.of(Optional.of(String.valueOf(ranks)), Optional.of("1")),
                        List.of(world.get("mpi_size"), self.get("mpi_size")));
            }
            try (Info used = session.info()) {
                checks.equal("sessionInfo", Optional.of("MPI_THREAD_" + session.threadLevel()), used.get("thread_level")
                        .map(level -> level.substring(level.indexOf("MPI_THREAD_"))));
            }
            int rank;
            try (Group group = session.group("mpi://WORLD"); Communicator comm = session.communicator(group, "org.mpi4all.test")) {
                rank = comm.rank();
                checks.equal("group", List.of(ranks, rank), List.of(group.size(), group.rank()));
                checks.equal("communicatorSize", ranks, comm.size());
                checks.equal("communicatorRanks", IntStream.range(0, ranks).toArray(), comm.allgather(new int[] {rank}));
                checks.equal("allreduce", ranks * (ranks + 1) / 2, comm.allreduce(rank + 1, Op.SUM));
                int[] fromLeft = comm.sendrecv(new int[] {rank * 10}, (rank + 1) % ranks, new int[1],
                        (rank + ranks - 1) % ranks);
                checks.equal("sendrecv", ((rank + ranks - 1) % ranks) * 10, fromLeft[0]);
            }
            try (Communicator self = session.communicator("mpi://SELF", "org.mpi4all.self")) {
                checks.equal("self", List.of(1, 0, rank), List.of(self.size(), self.rank(), self.allreduce(rank, Op.MAX)));
            }
            // a second session shares the environment, and closing it leaves the first usable
            Session second = Session.init(ThreadLevel.SINGLE, null, ErrorHandler.EXCEPTIONS);
            checks.that("secondSession", second.environment() == env, second.environment() + " vs " + env);
            second.close();
            try (Communicator again = session.communicator("mpi://WORLD", "org.mpi4all.again")) {
                checks.equal("afterSecondClosed", ranks, again.allreduce(1, Op.SUM));
            }
            checks.throwsWith("unknownProcessSet", IllegalArgumentException.class, "knows no process set \"mpi://NOWHERE\"",
                    () -> session.group("mpi://NOWHERE"));
            checks.throwsWith("emptyTag", IllegalArgumentException.class, "a tag has 1 to MPI_MAX_STRINGTAG_LEN",
                    () -> session.communicator("mpi://SELF", ""));
            checks.throwsWith("noWorld", IllegalStateException.class, "started from a Session, not MPI_Init", env::world);
            checks.throwsWith("noInit", IllegalStateException.class, "MPI was started from a Session",
                    () -> Environment.init(new String[0]));
            Group leftOpen = session.group("mpi://SELF");
            leftOpen.close();
            session.close();
            checks.that("environmentClosed", env.isClosed(), env.toString());
            checks.throwsWith("afterFinalize", IllegalStateException.class, "the session was finalized", session::processSets);
            checks.throwsWith("closeTwice", IllegalStateException.class, "the session was finalized", session::close);
            checks.throwsWith("noRestart", IllegalStateException.class, "cannot be initialized again",
                    () -> Session.init(ThreadLevel.SINGLE));
            checks.exit();
        }
    }

    /** Sessions beside MPI_Init, communicators from groups of the world, info objects. Argument: supported|unsupported. */
    public static final class WithWorld {
        public static void main(String[] args) {
            boolean supported = args[0].equals("supported");
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                checks.section("info", () -> info(checks));
                try (Group evens = Checks.world.group().incl(IntStream.range(0, Checks.size).filter(r -> r % 2 == 0).toArray())) {
                    if (!supported) {
                        checks.throwsWith("fromGroupUnsupported", UnsupportedOperationException.class,
                                "MPI_Comm_create_from_group is an MPI-4 function", () -> Communicator.fromGroup(evens, "evens"));
                        checks.throwsWith("sessionUnsupported", UnsupportedOperationException.class,
                                "sessions are an MPI-4 feature", () -> Session.init(ThreadLevel.SINGLE));
                        return;
                    }
                    if (Checks.rank % 2 == 0) {
                        try (Communicator comm = Communicator.fromGroup(evens, "evens")) {
                            checks.equal("fromGroup", List.of((Checks.size + 1) / 2, Checks.rank / 2, IntStream.range(0,
                                    Checks.size).filter(r -> r % 2 == 0).sum()), List.of(comm.size(), comm.rank(),
                                    comm.allreduce(Checks.rank, Op.SUM)));
                        }
                    } else {
                        checks.that("fromGroup", evens.rank() == Communicator.UNDEFINED, "an odd rank in the evens");
                    }
                }
                try (Session session = Session.init(ThreadLevel.SINGLE);
                        Communicator comm = session.communicator("mpi://WORLD", "beside.world")) {
                    checks.that("besideWorld", session.environment() == env && !env.startedFromSession(), env.toString());
                    // the same processes as the world: MPI forbids comparing objects of different sessions, so by their world ranks
                    int[] worldRanks = comm.allgather(new int[] {Checks.rank});
                    java.util.Arrays.sort(worldRanks);
                    checks.equal("besideWorldComm", List.of(Checks.size, IntStream.range(0, Checks.size).boxed().toList()),
                            List.of(comm.size(), java.util.Arrays.stream(worldRanks).boxed().toList()));
                }
                checks.that("worldAfterSession", !env.isClosed() && Checks.world.allreduce(1, Op.SUM) == Checks.size,
                        env.toString());
            });
        }

        static void info(Checks checks) {
            try (Info info = Info.of(Map.of("rank", String.valueOf(Checks.rank)))) {
                info.set("colour", "blue").set("rank", "r" + Checks.rank);
                checks.equal("infoGet", List.of(Optional.of("r" + Checks.rank), Optional.of("blue"), Optional.empty()),
                        List.of(info.get("rank"), info.get("colour"), info.get("missing")));
                checks.equal("infoKeys", List.of("colour", "rank"), info.keys().stream().sorted().toList());
                try (Info copy = info.dup()) {
                    copy.delete("colour");
                    checks.equal("infoDup", List.of(Map.of("rank", "r" + Checks.rank), 2),
                            List.of(copy.toMap(), info.keys().size()));
                }
                checks.throwsWith("infoEmptyKey", IllegalArgumentException.class, "an info key has 1 to MPI_MAX_INFO_KEY",
                        () -> info.set("", "x"));
                checks.throwsWith("infoDeleteMissing", IllegalArgumentException.class, "has no key \"missing\"",
                        () -> info.delete("missing"));
            }
            Info closed = Info.create();
            closed.close();
            checks.throwsWith("infoAfterFree", IllegalStateException.class, "the info object was freed", closed::keys);
        }
    }

    /** Rank 1 of a session-started job throws while rank 0 waits for it in a receive. */
    public static final class FailingRank {
        public static void main(String[] args) {
            try (Session session = Session.init(ThreadLevel.SINGLE);
                    Communicator comm = session.communicator("mpi://WORLD", "failing")) {
                System.out.println("rank=" + comm.rank());
                System.out.println("size=" + comm.size());
                // rank 1 gives up only once rank 0 has printed: its abort must not race rank 0's output
                System.out.flush();
                comm.barrier();
                if (comm.rank() == 1) {
                    throw new IllegalStateException("rank 1 gives up");
                }
                comm.recv(new int[1], 1);
            }
        }
    }

    @Test
    void aFailingRankEndsASessionStartedJob() {
        Assumptions.assumeTrue(EXPECTED.equals("supported"), "no sessions in Open MPI 4.1");
        MpiRunResult run = MpiRun.java(FailingRank.class).ranks(2).timeout(Duration.ofSeconds(60)).run();
        run.assertEachRank(r -> assertThat(List.of(r.value("rank"), r.value("size"))).as(run.report())
                .containsExactly(Optional.of(String.valueOf(r.rank())), Optional.of("2")));
        assertThat(run.timedOut()).as(run.report()).isFalse();
        assertThat(run.succeeded()).as(run.report()).isFalse();
        assertThat(run.rank(1).stderr()).contains("mpi4all: rank 1 of 2 failed", "rank 1 gives up");
    }

    @Test
    void aSessionStartsMpiOnThreeRanks() {
        var result = Runs.run(SessionsOnly.class, 3, EXPECTED, "3");
        if (EXPECTED.equals("unsupported")) {
            Runs.assertChecks(result, "sessionUnsupported");
            result.assertEachRank(rank -> assertThat(rank.value("sessionUnsupported.message").orElseThrow())
                    .contains("Open MPI v4.1"));
        } else {
            Runs.assertChecks(result, "startedFromSession", "processSets", "processSetInfo", "sessionInfo", "group",
                    "communicatorSize", "communicatorRanks", "allreduce", "sendrecv", "self", "secondSession",
                    "afterSecondClosed", "unknownProcessSet", "emptyTag", "noWorld", "noInit", "environmentClosed",
                    "afterFinalize", "closeTwice", "noRestart");
        }
    }

    @Test
    void sessionsBesideTheWorldOnFourRanks() {
        var result = Runs.run(WithWorld.class, 4, EXPECTED);
        Runs.assertChecks(result, "infoGet", "infoKeys", "infoDup", "infoEmptyKey", "infoDeleteMissing", "infoAfterFree");
        if (EXPECTED.equals("unsupported")) {
            Runs.assertChecks(result, "fromGroupUnsupported", "sessionUnsupported");
        } else {
            Runs.assertChecks(result, "fromGroup", "besideWorld", "besideWorldComm", "worldAfterSession");
        }
    }
}
