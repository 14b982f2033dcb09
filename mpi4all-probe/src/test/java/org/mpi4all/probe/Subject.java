package org.mpi4all.probe;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.mpi.MpiImplementation;

/**
 * An installed MPI implementation under test, probed once per test JVM: the five {@code scripts/mpi}
 * implementations and the MPI-5 ABI face of MPICH 5 ({@code mpicc_abi}).
 */
record Subject(String name, CompilerWrapper wrapper, Path library, Probe.Result result, Path workDirectory) {

    static final String ABI = "mpich5-abi";
    private static final Map<String, Subject> PROBED = new ConcurrentHashMap<>();

    /** The names of every subject: the parameter source of the per-implementation tests. */
    static List<String> names() {
        return List.of("openmpi", "mpich", "intelmpi", "mpich5", "openmpi5", ABI);
    }

    static Subject of(String name) {
        return PROBED.computeIfAbsent(name, Subject::probe);
    }

    Blueprint blueprint() {
        return result.blueprint();
    }

    /** A scratch directory of this subject's own under {@code target/}. */
    Path scratch(String what) {
        try {
            return Files.createDirectories(workDirectory.resolveSibling(workDirectory.getFileName() + "-" + what));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Subject probe(String name) {
        MpiImplementation facts = facts(name.equals(ABI) ? "mpich5" : name);
        CompilerWrapper wrapper = CompilerWrapper.of(facts);
        if (name.equals(ABI)) {
            Path abiWrapper = facts.mpicc().resolveSibling("mpicc_abi");
            assumeTrue(Files.isExecutable(abiWrapper), "MPICH 5 has no mpicc_abi here");
            wrapper = CompilerWrapper.of(abiWrapper, facts.environment());
        }
        Path work = Path.of("target", "probe-work", name).toAbsolutePath();
        Probe.Result result = Probe.probe(new ProbeOptions(wrapper, name, work, null));
        return new Subject(name, WrapperFlags.inspect(wrapper, work).wrapper(),
                Path.of(result.blueprint().implementation().library()), result, work);
    }

    private static MpiImplementation facts(String name) {
        try {
            return MpiImplementation.facts(name);
        } catch (IllegalStateException e) {
            assumeTrue(false, name + " is not installed (scripts/mpi install " + name + "): " + e.getMessage());
            throw e;
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
