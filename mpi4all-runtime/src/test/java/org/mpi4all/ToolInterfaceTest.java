package org.mpi4all;

import static org.mpi4all.Checks.left;
import static org.mpi4all.Checks.right;
import static org.mpi4all.Checks.size;
import static org.mpi4all.Checks.world;
import static org.mpi4all.Param.tag;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.mpi4all.testkit.TestMpi;

/** MPI_T: control and performance variables and categories, listed, read, written; performance sessions; misuse. */
class ToolInterfaceTest {

    /** Arguments: a control variable each rank may write, and the unexpected-queue variable or "none". */
    public static final class Program {
        public static void main(String[] args) {
            String writable = args[0];
            String unexpected = args[1];
            Checks.run(args, ThreadLevel.SINGLE, (checks, env) -> {
                ToolInterface tools = ToolInterface.init(ThreadLevel.SINGLE);
                checks.section("control", () -> control(checks, tools, writable));
                checks.section("performance", () -> performance(checks, tools, unexpected));
                // initialisations nest: closing an inner one leaves the outer one usable
                ToolInterface inner = ToolInterface.init(ThreadLevel.SINGLE);
                inner.close();
                checks.that("nested", !tools.controlVariables().isEmpty(), "no control variables after the inner close");
                tools.close();
                checks.throwsWith("afterFinalize", IllegalStateException.class, "the tool interface was finalized",
                        tools::categories);
                checks.throwsWith("closeTwice", IllegalStateException.class, "the tool interface was finalized", tools::close);
            });
        }

        static void control(Checks checks, ToolInterface tools, String writableName) {
            List<ControlVariable> variables = tools.controlVariables();
            checks.that("listed", !variables.isEmpty() && variables.stream().allMatch(v -> !v.name().isEmpty()),
                    variables.size() + " control variables");
            // the same variables, in the same order, on every rank
            int[] counts = world.allgather(new int[] {variables.size()});
            checks.that("sameEverywhere", Arrays.stream(counts).allMatch(c -> c == variables.size()), Arrays.toString(counts));
            List<ToolInterface.Category> categories = tools.categories();
            int highestIndex = variables.get(variables.size() - 1).index();
            checks.that("categories", !categories.isEmpty() && categories.stream().allMatch(c -> !c.name().isEmpty()
                    && c.controlVariables().stream().allMatch(i -> i >= 0 && i <= highestIndex)), categories.size() + " categories");
            ControlVariable writable = tools.controlVariable(writableName).orElseThrow();
            checks.equal("describe", List.of(ToolInterface.ValueType.INT, ToolInterface.Binding.NO_OBJECT, 0L),
                    List.of(writable.type(), writable.binding(), writable.readLong()));
            writable.write(Checks.rank + 7);
            checks.equal("write", (long) Checks.rank + 7, writable.readLong());
            writable.write(0);
            checks.equal("writeBack", 0.0, writable.readDouble(null));
            checks.throwsWith("notAString", IllegalArgumentException.class, writableName + " holds INT, not a string",
                    () -> writable.readString(null));
            checks.throwsWith("doesNotFit", IllegalArgumentException.class, "does not fit " + writableName,
                    () -> writable.write(1L << 40));
            checks.throwsWith("noCommunicatorWanted", IllegalArgumentException.class, "is bound to no object",
                    () -> writable.readLong(world));
            // Open MPI makes most variables read-only after MPI_Init; MPICH 4.0 has none
            variables.stream().filter(v -> v.scope() == ControlVariable.Scope.READONLY
                    || v.scope() == ControlVariable.Scope.CONSTANT).findFirst().ifPresent(fixed -> checks.throwsWith(
                            "readOnly", IllegalStateException.class, "cannot be written (scope", () -> fixed.write(1)));
            checks.that("unknown", tools.controlVariable("no_such_variable").isEmpty(), "found no_such_variable");
        }

        static void performance(Checks checks, ToolInterface tools, String unexpectedName) {
            List<ToolInterface.PerformanceVariable> variables = tools.performanceVariables();
            if (unexpectedName.equals("none")) {
                checks.equal("performanceVariables", List.of(), variables);
                return;
            }
            ToolInterface.PerformanceVariable queue = tools.performanceVariable(unexpectedName).orElseThrow();
            checks.equal("describeQueue", List.of(ToolInterface.Binding.MPI_COMM, true, true),
                    List.of(queue.binding(), queue.readOnly(), queue.continuous()));
            try (PerformanceSession session = tools.openSession()) {
                checks.throwsWith("communicatorWanted", IllegalArgumentException.class, "is bound to a communicator",
                        () -> session.handle(queue));
                PerformanceSession.Handle handle = session.handle(queue, world);
                // each rank sends its right neighbour two messages; the second tells that the first arrived
                world.send(new int[] {1}, right, tag(1));
                world.send(new int[] {2}, right, tag(2));
                world.probe(left, tag(2));
                long queued = Arrays.stream(handle.readLongs()).sum();
                world.recv(new int[1], left, tag(1));
                world.recv(new int[1], left, tag(2));
                checks.equal("unexpectedQueue", List.of(size, 2L, 0L),
                        List.of(handle.count(), queued, Arrays.stream(handle.readLongs()).sum()));
                checks.throwsWith("continuous", IllegalStateException.class, "is continuous", handle::start);
                checks.throwsWith("readOnlyReset", IllegalStateException.class, "is read-only", handle::reset);
                checks.throwsWith("manyValues", IllegalArgumentException.class, "holds " + size + " values",
                        handle::readLong);
                session.close();
                checks.throwsWith("sessionClosed", IllegalStateException.class, "the performance session was closed",
                        handle::readLongs);
            } catch (IllegalStateException closedTwice) {
                checks.that("sessionClosedOnce", closedTwice.getMessage().contains("was closed"), closedTwice.toString());
            }
        }
    }

    @Test
    void variablesOnThreeRanks() {
        // The variables it writes and reads are named per implementation: those of Open MPI 4.1 and MPICH 4.0
        // (Intel MPI has no MPIR_CVAR_DIMS_VERBOSE, for one; the other implementations are not mapped yet).
        Assumptions.assumeTrue(Set.of("openmpi", "mpich").contains(TestMpi.selectedName()),
                "control and performance variables are mapped for Open MPI 4.1 and MPICH 4.0 only");
        boolean openMpi = TestMpi.selectedName().equals("openmpi");
        var result = Runs.run(Program.class, 3, openMpi ? "memchecker_base_verbose" : "MPIR_CVAR_DIMS_VERBOSE",
                openMpi ? "pml_ob1_unexpected_msgq_length" : "none");
        Runs.assertChecks(result, "listed", "sameEverywhere", "categories", "describe", "write", "writeBack", "notAString",
                "doesNotFit", "noCommunicatorWanted", "unknown", "nested", "afterFinalize", "closeTwice");
        if (openMpi) {
            Runs.assertChecks(result, "readOnly", "describeQueue", "communicatorWanted", "unexpectedQueue", "continuous",
                    "readOnlyReset", "manyValues", "sessionClosed", "sessionClosedOnce");
        } else {
            // Debian's MPICH 4.0 is built without performance variables
            Runs.assertChecks(result, "performanceVariables");
        }
    }
}
