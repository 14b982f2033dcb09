package org.mpi4all.ffi;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;
import org.mpi4all.testkit.RankResult;

/**
 * The JUnit side of a {@link RankProgram}: launches it on N ranks with the implementation's own launcher, then
 * turns each of its checks into a test that passes when every rank reported it {@code ok} (and is skipped when
 * the ranks skipped it, with their reason), plus one test that every rank exited cleanly.
 */
final class Conformance {
    static final Duration TIMEOUT = Duration.ofMinutes(3);

    private Conformance() {}

    static Stream<DynamicTest> run(Class<?> program, int ranks, String... args) {
        return tests(launch(List.of(), program, ranks, args), program);
    }

    /**
     * Runs {@code program}'s checks on {@code ranks} ranks, each rank's command line starting with {@code prefix}
     * (such as {@code env -u NAME}) before {@code java}.
     */
    static MpiRunResult launch(List<String> prefix, Class<?> program, int ranks, String... args) {
        List<String> line = new ArrayList<>(prefix);
        line.addAll(MpiRun.javaCommand());
        line.add(RankProgram.class.getName());
        line.add(program.getName());
        line.addAll(List.of(args));
        return MpiRun.command(line).ranks(ranks).timeout(TIMEOUT).run();
    }

    /** One test per check of {@code program}, passing when every rank of {@code result} reported it ok. */
    static Stream<DynamicTest> tests(MpiRunResult result, Class<?> program) {
        List<DynamicTest> tests = new ArrayList<>();
        for (Method check : RankProgram.checks(program)) {
            tests.add(DynamicTest.dynamicTest(sentence(check.getName()), () -> assertReported(result, check.getName())));
        }
        tests.add(DynamicTest.dynamicTest("every rank finalizes and exits 0", () -> {
            result.assertSucceeded();
            result.assertEachRank(r -> {
                if (r.value("finalized").isEmpty()) {
                    fail("did not reach MPI_Finalize");
                }
            });
        }));
        return tests.stream();
    }

    private static void assertReported(MpiRunResult result, String check) {
        List<String> skips = new ArrayList<>();
        for (RankResult rank : result.ranks()) {
            Optional<String> outcome = rank.value(RankProgram.PREFIX + check);
            if (outcome.isEmpty()) {
                fail("rank " + rank.rank() + " did not report " + check + " (the run stopped before it)\n" + result.report());
            }
            String value = outcome.get();
            if (value.startsWith(RankProgram.SKIPPED)) {
                skips.add(value.substring(RankProgram.SKIPPED.length()));
            } else if (!value.equals(RankProgram.OK)) {
                fail("rank " + rank.rank() + " of " + result.ranks().size() + ": " + value + "\n" + result.report());
            }
        }
        if (skips.size() == result.ranks().size()) {
            Assumptions.abort(skips.getFirst());
        }
        if (!skips.isEmpty()) {
            fail("skipped on some ranks only: " + skips);
        }
    }

    /** {@code recvFillsTheStatus} as "recv fills the status". */
    static String sentence(String camelCase) {
        return camelCase.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("([A-Z])([A-Z][a-z])", "$1 $2")
                .toLowerCase(Locale.ROOT);
    }
}
